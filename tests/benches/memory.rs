//! Peak memory of 100-round seed-000 runs (native): max RSS (`VmHWM` in /proc/self/status) after
//! one run and after 20 more, without and then with the in-memory checkpointer. If state grew
//! beyond the declared history, the peak would climb with every run; it should stay flat without
//! the checkpointer, and grow only by the checkpoints the saver keeps with it.
//! `cargo bench --bench memory` prints one JSON line for `run.py`.

use careergraph::graph::RunConfig;
use futures::executor::block_on;

#[allow(dead_code)] // each bench uses only part of the shared module.
mod graphs;

/// Max resident set size so far, in KiB (Linux only; 0 elsewhere).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Runs `graph` `runs` times (each on its own thread id) and returns the final state's size.
fn run(
    graph: &careergraph::graph::CompiledGraph<graphs::Bench>,
    first: usize,
    runs: usize,
) -> usize {
    let mut feedback = 0;
    for i in first..first + runs {
        let config = RunConfig::thread(format!("m{i}")).with_recursion_limit(10_000);
        let input = graphs::BenchUpdate::default().max_rounds(100u32);
        feedback = block_on(graph.invoke(input, &config))
            .unwrap()
            .into_state()
            .feedback
            .len();
    }
    feedback
}

fn main() {
    let baseline = peak_kib();
    let plain = graphs::seed_000(false);
    assert_eq!(run(&plain, 0, 1), 300);
    let one = peak_kib();
    run(&plain, 1, 20);
    let twenty_one = peak_kib();
    let saved = graphs::seed_000(true);
    run(&saved, 0, 1);
    let saver_one = peak_kib();
    run(&saved, 1, 20);
    let saver_twenty_one = peak_kib();
    println!(
        r#"{{"figure":"memory","baseline_kib":{baseline},"one_run_kib":{one},"runs_21_kib":{twenty_one},"saver_one_run_kib":{saver_one},"saver_runs_21_kib":{saver_twenty_one}}}"#
    );
}
