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
    for saver in [false, true] {
        for scenario in graphs::scenarios(saver) {
            let (us, last) = block_on(graphs::measure(&scenario, &now_us));
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
    }
}
