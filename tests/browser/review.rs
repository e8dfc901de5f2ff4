//! Browser check of the resume review: the demo model runs the whole workflow in the page, with
//! streamed deltas, and input-dependent scores.

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{EventSink, RunConfig, StreamEvent};
use careergraph::workflows::resume_review::{
    self, demo_model, initial_state, ReviewInput, ReviewSettings,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn demo_review_runs_in_the_browser() {
    let settings = ReviewSettings::default();
    let graph = resume_review::graph(Rc::new(demo_model()), settings.clone())
        .compile()
        .unwrap();
    let deltas = Rc::new(RefCell::new(0usize));
    let counter = deltas.clone();
    let sink = EventSink::new(move |event| {
        if let StreamEvent::Custom { payload, .. } = event {
            if payload["type"] == "delta" {
                *counter.borrow_mut() += 1;
            }
        }
    });
    let input = ReviewInput::new(SAMPLE_RESUME, SAMPLE_TARGET_ROLE);
    let state = graph
        .invoke(
            initial_state(&input, &settings),
            &RunConfig::default().with_events(sink),
        )
        .await
        .unwrap()
        .into_state();
    assert!((0.0..=10.0).contains(&state.final_score));
    assert_eq!(state.current_feedback.len(), 3);
    assert!(state.portfolio_advice.is_some());
    assert!(*deltas.borrow() > 10);

    let weak = ReviewInput::new("Worked on stuff.", SAMPLE_TARGET_ROLE);
    let weak_state = graph
        .invoke(initial_state(&weak, &settings), &RunConfig::default())
        .await
        .unwrap()
        .into_state();
    assert!(weak_state.feedback_history[0][0].score < state.feedback_history[0][0].score);
}
