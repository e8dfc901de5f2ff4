#![cfg(target_arch = "wasm32")]
//! Engine overhead in headless Chromium: the graphs of `graphs.rs`, measured with
//! `performance.now()`. Not a test suite (not in `tests/browser/`, so `make test` skips it); run by
//! `run.py` as `cargo test --release --target wasm32-unknown-unknown --test engine_browser`.
//! Prints one `BENCH {json}` line per figure through the console.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[allow(dead_code)] // each bench uses only part of the shared module.
#[path = "graphs.rs"]
mod graphs;

wasm_bindgen_test_configure!(run_in_browser);

/// `performance.now()` in µs, through js-sys so the crate needs no extra web-sys feature.
fn now_us() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
    let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into())
        .unwrap()
        .unchecked_into();
    now.call0(&performance).unwrap().as_f64().unwrap() * 1000.0
}

#[wasm_bindgen_test]
async fn engine_overhead_in_browser() {
    let mut over = Vec::new();
    for saver in [false, true] {
        for scenario in graphs::scenarios(saver) {
            let (us, last) = graphs::measure(&scenario, &now_us).await;
            console_log!(
                "BENCH {}",
                graphs::result_json("wasm_browser", &scenario, saver, us, &last)
            );
        }
        // Its own pair of graphs, measured in alternation (see `measure_growth`).
        let (short, long) = (
            graphs::seed_scenario("seed000_3", 3, saver),
            graphs::seed_scenario("seed000_100", 100, saver),
        );
        let growth = graphs::measure_growth(&short, &long, &now_us).await;
        let (line, ok) = graphs::growth_json("wasm_browser", saver, "wall", &growth);
        console_log!("BENCH {line}");
        if !ok {
            over.push(line);
        }
    }
    // The bytes the IndexedDB saver would write: one JSON record per checkpoint.
    let stored = (
        graphs::stored_bytes(3).await,
        graphs::stored_bytes(100).await,
    );
    console_log!(
        "BENCH {}",
        graphs::bytes_json("wasm_browser", stored.0, stored.1)
    );
    // `run.py` fails the bench over the limit, after printing its table.
    if !over.is_empty() {
        console_log!(
            "seed-000's µs/superstep at 100 rounds is over {} × its 3-round figure: {over:?}",
            graphs::MAX_GROWTH
        );
    }
}
