//! The app shell, mounted in headless Chromium: the form a user lands on is there and usable.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn query(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()?
}

async fn next_frame() {
    // Leptos applies effects in microtasks; a zero-delay promise lets them run.
    let promise = js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL);
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn shell_renders_form_prefilled_with_sample_resume() {
    crate::clear_storage();
    crate::mount_app();
    next_frame().await;

    let title = query("h1")
        .expect("header title")
        .text_content()
        .unwrap_or_default();
    assert_eq!(title, "careergraph");

    let resume: web_sys::HtmlTextAreaElement = query("[data-testid=resume]")
        .expect("resume text area")
        .dyn_into()
        .unwrap();
    assert!(
        resume.value().contains("Experience"),
        "resume is pre-filled with the sample"
    );

    let options = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .query_selector_all("[data-testid=workflow] option")
        .unwrap();
    assert_eq!(
        options.length() as usize,
        careergraph::ui::WORKFLOWS_WITH_PAGES.len(),
        "every workflow with a page is offered"
    );

    // The drawer is built the first time it opens (issue 17: a lazily loaded chunk in the split
    // app), so before that it is absent or hidden.
    let closed =
        query("[data-testid=settings-drawer]").is_none_or(|drawer| drawer.has_attribute("hidden"));
    assert!(closed, "settings start closed");
    let open: web_sys::HtmlElement = query("[data-testid=open-settings]")
        .unwrap()
        .dyn_into()
        .unwrap();
    open.click();
    let mut drawer = None;
    for _ in 0..50 {
        next_frame().await;
        drawer = query("[data-testid=settings-drawer]");
        if drawer.is_some() {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(10).await;
    }
    let drawer = drawer.expect("the settings button opens the drawer");
    assert!(
        !drawer.has_attribute("hidden"),
        "the settings button opens the drawer"
    );
    assert_eq!(open.get_attribute("aria-expanded").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn demo_run_fills_three_cards_and_a_final_score() {
    crate::clear_storage();
    crate::mount_app();
    next_frame().await;
    let run: web_sys::HtmlElement = query("[data-testid=run]")
        .expect("Run button")
        .dyn_into()
        .unwrap();
    run.click();
    // The demo answers without a network; give the run a bounded number of frames to finish.
    for _ in 0..200 {
        if query("[data-testid=final-score]").is_some() {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(10).await;
    }
    let score = query("[data-testid=final-score]")
        .expect("a final score")
        .text_content()
        .unwrap_or_default();
    let value: f64 = score.parse().expect("a number");
    assert!((0.0..=10.0).contains(&value));
    for critic in ["recruiter", "tech_writer", "copywriter"] {
        let card = query(&format!(
            "[data-testid=card-{critic}] [data-testid=card-score]"
        ));
        assert!(card.is_some(), "{critic} card shows a score");
    }
}
