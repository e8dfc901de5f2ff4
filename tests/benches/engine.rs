//! Engine overhead with instant nodes: microseconds per superstep (median of batched samples after
//! a warm-up; see `graphs.rs`). `cargo bench --bench engine` prints a readable list;
//! `cargo bench --bench engine -- --json` prints one JSON line per figure for `run.py`.

use std::time::Instant;

use futures::executor::block_on;

#[allow(dead_code)] // each bench uses only part of the shared module.
mod graphs;

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let origin = Instant::now();
    let now_us = || origin.elapsed().as_secs_f64() * 1e6;
    if !json {
        println!(
            "median of {} batched samples after a warm-up of ≥ {} runs and ≥ {} ms, instant nodes",
            graphs::SAMPLES,
            graphs::WARM_UP,
            graphs::WARM_UP_US / 1000.0
        );
    }
    let mut over = Vec::new();
    for saver in [false, true] {
        let mut per_superstep = std::collections::BTreeMap::new();
        for scenario in graphs::scenarios(saver) {
            let (us, last) = block_on(graphs::measure(&scenario, &now_us));
            per_superstep.insert(scenario.id, us / scenario.supersteps as f64);
            if json {
                println!(
                    "{}",
                    graphs::result_json("native", &scenario, saver, us, &last)
                );
            } else {
                let label = if saver {
                    "memory checkpointer"
                } else {
                    "no checkpointer"
                };
                println!(
                    "{:<12} {label:<20} {:>5} supersteps {us:>10.1} µs/run {:>8.2} µs/superstep",
                    scenario.id,
                    scenario.supersteps,
                    us / scenario.supersteps as f64
                );
            }
        }
        let (line, ok) = graphs::growth_json(
            "native",
            saver,
            per_superstep["seed000_3"],
            per_superstep["seed000_100"],
        );
        println!("{line}");
        if !ok {
            over.push(line);
        }
    }
    let stored = block_on(async {
        (
            graphs::stored_bytes(3).await,
            graphs::stored_bytes(100).await,
        )
    });
    println!("{}", graphs::bytes_json("native", stored.0, stored.1));
    if !over.is_empty() {
        eprintln!(
            "FAILED: seed-000's µs/superstep at 100 rounds is over {} × its 3-round figure: {over:?}",
            graphs::MAX_GROWTH
        );
        // Under `run.py` (--json) the driver fails the bench after printing its table.
        if !json {
            std::process::exit(1);
        }
    }
}
