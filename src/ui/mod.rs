//! The Leptos app (wasm32 only). It drives workflows through the same public API as the JS package.

mod app;
mod components;
mod download;
mod hiring;
mod i18n;
mod keys;
mod navigator;
mod pages;
mod pdf_text;
mod review;
mod run;
mod settings;
mod storage;
mod tailor;

use wasm_bindgen::prelude::*;

pub use app::App;
pub use pages::WORKFLOWS_WITH_PAGES;

/// Mounts the app when the page asks for it (`<body data-careergraph-app>`), so hosts that embed
/// the package, and the wasm-bindgen test pages, get the library without the app taking over.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    let wants_app = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .is_some_and(|body| body.has_attribute("data-careergraph-app"));
    if wants_app {
        leptos::mount::mount_to_body(App);
    }
}
