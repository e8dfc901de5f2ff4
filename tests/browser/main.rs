//! Every browser test (`wasm_bindgen_test`, headless Chromium) in ONE test binary, a module per
//! subject. Each test binary links the whole crate to wasm and gets its own browser session, so
//! nine binaries cost minutes of `make test` that one does not.
//!
//! wasm-bindgen-test 0.3 runs a binary's tests one at a time (its CONCURRENCY is 1) in ONE page,
//! in no order a test may count on: what a test leaves in the page, the next one sees. So:
//! IndexedDB tests name their own databases (`store::db_name`), tests that mount the app start
//! from `mount_app` (storage cleared, the earlier tests' apps removed), tests that change the
//! saved settings or the panic hook put them back, and mock scripts are per-test rules matched on
//! their own model/role with the mock reset by the test that scripts it.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

// The session's one way in, in one call (as tests/native/ has it).
#[path = "../run_support/mod.rs"]
mod run_support;

mod api;
mod batch;
mod graph;
mod llm;
mod panic;
mod review;
mod store;
mod tailor;
mod tailor_ui;
mod ui;

/// Marks the element each mounted app lives in, so the next test can remove it.
const APP_ROOT: &str = "data-test-app-root";

/// Clears localStorage and sessionStorage (drafts, settings, keys, the picked workflow) as a
/// fresh browser profile would have them. Call before setting what the test needs, then mount.
pub fn clear_storage() {
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    window.session_storage().unwrap().unwrap().clear().unwrap();
}

/// Mounts the app in a new element of the body, after removing the apps earlier tests mounted
/// (their DOM goes; their reactive owners stay alive but have nothing left to act on), so
/// `query_selector` finds this test's app only. The runner's own output elements are kept.
pub fn mount_app() {
    let document = web_sys::window().unwrap().document().unwrap();
    let old = document
        .query_selector_all(&format!("[{APP_ROOT}]"))
        .unwrap();
    for i in 0..old.length() {
        if let Some(node) = old.get(i) {
            node.dyn_into::<web_sys::Element>().unwrap().remove();
        }
    }
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().dyn_into().unwrap();
    root.set_attribute(APP_ROOT, "").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    leptos::mount::mount_to(root, careergraph::ui::App).forget();
}
