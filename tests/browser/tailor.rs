//! Browser check of resume tailoring: the demo model runs the workflow in the page, checkpointed
//! in memory, paused by a question and the review and resumed with answers.

use std::rc::Rc;

use careergraph::graph::{MemorySaver, Resume, RunConfig};
use careergraph::workflows::resume_tailoring::{
    self, demo_model, initial_state, HumanDecision, TailorInput, TailorSettings,
};
use serde_json::json;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn demo_tailoring_runs_in_the_browser_with_questions_and_review() {
    let settings = TailorSettings::default();
    let graph = resume_tailoring::graph(Rc::new(demo_model()), settings.clone())
        .unwrap()
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("browser").with_recursion_limit(settings.recursion_limit());
    let input = TailorInput::new(
        "# Ann\n## Skills\nDocker, Python\n",
        "Requirements:\n- Python, Docker and k8s\n",
    );
    let paused = graph
        .invoke(initial_state(&input, &settings), &config)
        .await
        .unwrap();
    assert_eq!(paused.interrupts()[0].payload["missing_item"], "Kubernetes");
    let review = graph
        .resume(&config, Resume::value(json!("Ran our services on k8s")))
        .await
        .unwrap();
    assert_eq!(review.interrupts()[0].payload["type"], "review");
    let state = graph
        .resume(&config, Resume::value(json!({"decision": "approve"})))
        .await
        .unwrap()
        .into_state();
    assert_eq!(state.human_decision, Some(HumanDecision::Approved));
    assert!(state.master_resume.contains("Ran our services on k8s"));
    assert_eq!(state.ats_score, 100);
}
