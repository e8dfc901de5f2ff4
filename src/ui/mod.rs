//! The Leptos app (wasm32 only). It drives workflows through the same public API as the JS package.

mod app;
mod components;
mod download;
mod draft_review;
mod i18n;
mod keys;
mod pages;
mod panic;
mod pdf_text;
mod run;
mod settings;
mod storage;
mod streamed_text;

// One page folder per workflow, named as its folder under src/workflows/ (the list
// `for_each_workflow!` finds each page as `crate::ui::<module>::Page`).
pub mod batch_screening;
mod career_navigator;
mod cover_letter;
mod hiring;
mod resume_review;
mod resume_tailoring;

use wasm_bindgen::prelude::*;

pub use app::App;
pub use pages::WORKFLOWS_WITH_PAGES;
pub use panic::{install_panic_hook, show_panic_banner, BANNER_ID};

/// Mounts the app when the page asks for it (`<body data-careergraph-app>`), so hosts that embed
/// the package, and the wasm-bindgen test pages, get the library without the app taking over.
#[wasm_bindgen(start)]
pub fn start() {
    // Console as before, plus a banner: with `panic = "abort"` the page is dead after a panic.
    install_panic_hook();
    let wants_app = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .is_some_and(|body| body.has_attribute("data-careergraph-app"));
    if wants_app {
        leptos::mount::mount_to_body(App);
    }
}
