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

    // The drawer is built the first time it opens (a lazily loaded chunk in the split
    // app), so before that it is absent or hidden.
    let closed =
        query("[data-testid=settings-drawer]").is_none_or(|drawer| drawer.has_attribute("hidden"));
    assert!(closed, "settings start closed");
    let open = open_settings().await;
    let drawer = query("[data-testid=settings-drawer]").unwrap();
    assert!(
        !drawer.has_attribute("hidden"),
        "the settings button opens the drawer"
    );
    assert_eq!(open.get_attribute("aria-expanded").as_deref(), Some("true"));

    // Every workflow's agents that ask the model, each with a model field of its own.
    for (workflow, agents) in careergraph::workflows::model_agents() {
        assert!(!agents.is_empty(), "{} asks the model", workflow.id);
        for agent in agents {
            let field = format!("[data-testid=agent-model-{}-{}]", workflow.id, agent.node);
            assert!(query(&field).is_some(), "{field} in the drawer");
        }
    }
}

/// Clicks Settings and waits for the drawer (built the first time it opens: a lazily loaded
/// chunk in the split app). Returns the Settings button.
async fn open_settings() -> web_sys::HtmlElement {
    let open: web_sys::HtmlElement = query("[data-testid=open-settings]")
        .unwrap()
        .dyn_into()
        .unwrap();
    open.click();
    for _ in 0..50 {
        next_frame().await;
        if query("[data-testid=settings-drawer]").is_some() {
            return open;
        }
        gloo_timers::future::TimeoutFuture::new(10).await;
    }
    panic!("the settings button opens the drawer");
}

/// Per-agent models saved before they were per workflow (keyed by node alone) were the review's:
/// they show under the review's agents.
#[wasm_bindgen_test]
async fn per_agent_models_saved_by_node_alone_are_the_review_s() {
    crate::clear_storage();
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage
        .set_item(
            "careergraph.settings.v1",
            r#"{"agent_models": {"recruiter": "model-a"}}"#,
        )
        .unwrap();
    crate::mount_app();
    next_frame().await;
    open_settings().await;
    let field: web_sys::HtmlInputElement =
        query("[data-testid=agent-model-resume_review-recruiter]")
            .expect("the review's recruiter has a model field")
            .dyn_into()
            .unwrap();
    // The drawer sets its fields' values a moment after it is built.
    for _ in 0..50 {
        if field.value() == "model-a" {
            break;
        }
        next_frame().await;
    }
    assert_eq!(field.value(), "model-a");
    crate::clear_storage();
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
