//! The tailoring page mounted in headless Chromium with the offline demo: the live ATS panel, a
//! question dialog that takes focus, the review dialog after the answer, and the result.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

const WORKFLOW_KEY: &str = "careergraph.draft.workflow";

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn query(selector: &str) -> Option<web_sys::Element> {
    document().query_selector(selector).ok()?
}

fn html(selector: &str) -> web_sys::HtmlElement {
    query(selector)
        .unwrap_or_else(|| panic!("{selector} is on the page"))
        .dyn_into()
        .unwrap()
}

fn text(selector: &str) -> String {
    query(selector)
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

/// Waits (bounded) until `selector` is on the page.
async fn wait_for(selector: &str) -> web_sys::Element {
    for _ in 0..300 {
        if let Some(element) = query(selector) {
            return element;
        }
        gloo_timers::future::TimeoutFuture::new(10).await;
    }
    panic!("{selector} never appeared");
}

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
async fn demo_tailoring_asks_then_reviews_then_finishes() {
    // The picker opens the saved workflow: start on the tailoring page.
    crate::clear_storage();
    local_storage()
        .set_item(WORKFLOW_KEY, "resume_tailoring")
        .unwrap();
    crate::mount_app();
    wait_for("[data-testid=tailor-form]").await;

    // The sample job asks for skills the sample resume lacks: the ATS panel says so before a run.
    assert!(text("[data-testid=ats-missing]").contains("Redis"));
    let score: u32 = text("[data-testid=ats-score]").trim().parse().unwrap();
    assert!(score < 100, "the sample is not a perfect match: {score}");

    html("[data-testid=run]").click();
    let dialog = wait_for("[data-testid=question-dialog]").await;
    assert_eq!(dialog.get_attribute("role").as_deref(), Some("dialog"));
    assert_eq!(dialog.get_attribute("aria-modal").as_deref(), Some("true"));
    let title = document()
        .get_element_by_id(&dialog.get_attribute("aria-labelledby").unwrap())
        .and_then(|t| t.text_content())
        .unwrap_or_default();
    assert!(title.starts_with("Question 1 / "), "{title}");
    wait_for("#question-answer:focus").await;
    assert_eq!(
        query("[data-testid=node-info_collection]")
            .and_then(|n| n.get_attribute("data-status"))
            .as_deref(),
        Some("waiting")
    );

    // The run waiting here is listed as live here, with no Continue: that would be a second copy
    // of its calls.
    let entry = wait_for("[data-testid=run-entry][data-live=true]").await;
    let open = entry
        .query_selector("[data-testid=run-open]")
        .unwrap()
        .expect("an open button");
    assert!(open.has_attribute("hidden"), "no Continue for the live run");

    // Stop the conversation: the remaining questions are not asked, the review comes next.
    html("[data-testid=question-stop]").click();
    wait_for("[data-testid=review-dialog]").await;
    assert!(query("[data-testid=question-dialog]").is_none());
    assert!(text("[data-testid=review-countdown]").contains("10:00"));
    html("[data-testid=review-approve]").click();

    wait_for("[data-testid=tailor-result]").await;
    assert_eq!(text("[data-testid=tailor-phase]"), "Tailoring finished.");
    assert!(text("[data-testid=tailor-warnings]").contains("stopped the questions early"));
    assert!(!text("[data-testid=tailored-resume]").is_empty());
    // The run is listed (and saved) even when Run was clicked before the saved runs were read:
    // with the apps earlier tests left in this page, that read is slow enough to come after.
    wait_for("[data-testid=run-entry][data-status=done][data-live=false]").await;
    local_storage().remove_item(WORKFLOW_KEY).unwrap();
}
