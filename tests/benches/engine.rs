//! Engine overhead with instant nodes: microseconds per superstep (median of batched samples after
//! a warm-up; see `graphs.rs`). `cargo bench --bench engine` prints a readable list;
//! `cargo bench --bench engine -- --json` prints one JSON line per figure for `run.py`.
//! The growth check (the review graph's µs/superstep at 100 rounds ÷ at 3 rounds, at most
//! `MAX_GROWTH`) samples the two in alternating pairs on the thread's CPU clock and compares
//! their fastest samples (see `graphs::measure_growth`); it exits 1 over the limit.

use std::time::Instant;

use futures::executor::block_on;

#[allow(dead_code)] // each bench uses only part of the shared module.
mod graphs;

/// CPU time of this thread, in µs: unlike the wall clock it stands still while the OS runs
/// other processes, so the growth check's pairs compare the two runs' own work even on a busy
/// machine (2 cores shared with builds and test suites). `CLOCK_THREAD_CPUTIME_ID`, from the C
/// library std already links (the crate forbids `unsafe`; this bench is a crate of its own).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_us() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid `struct timespec` (two 64-bit fields on 64-bit Linux) that
    // clock_gettime only writes.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| time.seconds as f64 * 1e6 + time.nanoseconds as f64 / 1e3)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_us() -> Option<f64> {
    None
}

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
        // Its own pair of graphs, measured in alternation (see `measure_growth`).
        let (short, long) = (
            graphs::seed_scenario("seed000_3", 3, saver),
            graphs::seed_scenario("seed000_100", 100, saver),
        );
        // Thread CPU time where there is one, else the wall clock.
        let clock = if thread_cpu_us().is_some() {
            "thread_cpu"
        } else {
            "wall"
        };
        let cpu_us = || thread_cpu_us().unwrap_or_else(now_us);
        let growth = block_on(graphs::measure_growth(&short, &long, &cpu_us));
        let (line, ok) = graphs::growth_json("native", saver, clock, &growth);
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
