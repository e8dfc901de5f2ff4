//! The panic banner in headless Chromium: plain DOM with role="alert", a Reload and a Copy
//! details button, the bug report's details without the key the panic message quoted, in the
//! saved language, and only one banner however often it is shown.

use careergraph::session::bug_report;
use careergraph::ui::{install_panic_hook, show_panic_banner, BANNER_ID};
use wasm_bindgen_test::*;

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn remove_banner() {
    if let Some(old) = document().get_element_by_id(BANNER_ID) {
        old.remove();
    }
}

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
fn the_banner_offers_reload_and_details_without_the_key() {
    storage().remove_item("careergraph.settings.v1").unwrap();
    remove_banner();
    // The app's hook, installed as `start` does; the test runner's own is put back at the end.
    let runner_hook = std::panic::take_hook();
    install_panic_hook();
    let message = "called `Result::unwrap()` on an `Err` value: request with Bearer sk-test-e2e-FAKE0123456789 \
                   and x-goog-api-key AIzaSyFAKE_0000000000000000000";
    show_panic_banner(&bug_report(message, Some("src/ui/review/mod.rs:42:7")));

    let banner = document()
        .get_element_by_id(BANNER_ID)
        .expect("banner shown");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    let text = banner.text_content().unwrap_or_default();
    assert!(text.contains("Something broke"), "{text}");
    assert!(text.contains("drafts and saved runs are kept"), "{text}");
    assert!(text.contains("src/ui/review/mod.rs:42:7"), "{text}");
    assert!(!text.contains("sk-test-e2e"), "the key is gone: {text}");
    assert!(!text.contains("AIzaSy"), "the key is gone: {text}");
    let buttons = banner.query_selector_all("button").unwrap();
    let labels: Vec<String> = (0..buttons.length())
        .filter_map(|i| buttons.get(i)?.text_content())
        .collect();
    assert_eq!(labels, ["Reload", "Copy details"]);

    // Shown again (a second panic): still one banner.
    show_panic_banner("another sk-test-e2e-again");
    let all = document()
        .query_selector_all("[role=alert]#panic-banner")
        .unwrap();
    assert_eq!(all.length(), 1);
    remove_banner();
    std::panic::set_hook(runner_hook);
}

#[wasm_bindgen_test]
fn the_banner_speaks_the_saved_language() {
    storage()
        .set_item("careergraph.settings.v1", r#"{"language":"zh"}"#)
        .unwrap();
    remove_banner();
    show_panic_banner("boom sk-ant-api03-FAKEFAKE");
    let banner = document()
        .get_element_by_id(BANNER_ID)
        .expect("banner shown");
    let text = banner.text_content().unwrap_or_default();
    assert!(text.contains("重新加载"), "{text}");
    assert!(text.contains("复制详情"), "{text}");
    assert!(!text.contains("sk-ant"), "{text}");
    storage().remove_item("careergraph.settings.v1").unwrap();
    remove_banner();
}
