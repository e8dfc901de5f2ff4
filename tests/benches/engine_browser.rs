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
    for saver in [false, true] {
        for scenario in graphs::scenarios(saver) {
            let (us, last) = graphs::measure(&scenario, &now_us).await;
            console_log!(
                "BENCH {}",
                graphs::result_json("wasm_browser", &scenario, saver, us, &last)
            );
        }
    }
}
