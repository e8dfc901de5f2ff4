//! `career_navigator` through the session path (what the app and the JS API call): input checks,
//! a demo run answered with `AnyRun::resume` to the end, the diagram.

use crate::native_transport;
use crate::run_support::any_run;

use std::rc::Rc;

use careergraph::graph::EventSink;
use careergraph::session::{
    build_model, mermaid, workflow, AnyRun, ErrorCode, ProviderConfig, Runtime,
};
use futures::executor::block_on;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

fn demo() -> Rc<dyn careergraph::llm::ChatModel> {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap()
}

fn start(input: Value) -> Result<AnyRun, careergraph::session::SessionError> {
    let model = demo();
    any_run("career_navigator", input, &Runtime::new(model))
}

#[test]
fn registry_and_diagram_know_the_navigator() {
    let info = workflow("career_navigator").expect("listed");
    assert_eq!(info.input_schema["required"], json!(["goal"]));
    let diagram = mermaid("career_navigator").unwrap();
    for node in [
        "coordinator",
        "user_profiler",
        "job_analyzer",
        "final_confirmation",
    ] {
        assert!(diagram.contains(node), "{node}");
    }
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    let error = start(json!({"goal": "  "})).err().unwrap();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(
        error.message.contains("career goal is empty"),
        "{}",
        error.message
    );
    let error = start(json!({"goal": "PM", "startDate": "next monday"}))
        .err()
        .unwrap();
    assert!(error.message.contains("YYYY-MM-DD"), "{}", error.message);
    let error = start(json!({"goal": "PM", "profile": {"salary": 1}}))
        .err()
        .unwrap();
    assert!(error.message.contains("salary"), "{}", error.message);
}

#[test]
fn a_demo_run_pauses_for_ratings_and_the_plan_and_finishes() {
    let input = json!({
        "goal": "Not sure yet, maybe something closer to product",
        "profile": {"currentPosition": "Backend engineer", "yearsExperience": 6, "skills": ["Go", " ", "SQL"]},
        "language": "en", "maxIterations": 2, "startDate": "2026-03-02", "sessionId": "page-1"
    });
    let run = start(input).unwrap();
    let step = block_on(run.start(EventSink::new(|_| {}))).unwrap();
    assert_eq!(step["status"], "interrupted");
    assert_eq!(step["interrupts"][0]["payload"]["type"], "satisfaction");
    assert_eq!(step["state"]["session_id"], "page-1");
    assert_eq!(step["state"]["start_date"], "2026-03-02");
    assert_eq!(
        step["state"]["user_profile"]["skills"],
        json!(["Go", "SQL"])
    );
    assert!(step["state"]["system_metrics"]["last_updated"]
        .as_str()
        .unwrap()
        .starts_with("20"));

    let answer =
        |value: Value| block_on(run.resume(value, EventSink::new(|_| {})).unwrap()).unwrap();
    let step = answer(json!({"level": 2, "feedback": "Focus on AI product roles"}));
    let report = &step["interrupts"][0]["payload"]["report"];
    assert_eq!(report["recommended_career"], "Technical product manager");
    assert!(report["iteration_summary"]
        .as_str()
        .unwrap()
        .contains("AI product roles"));
    let step = answer(json!({"level": "very_satisfied"}));
    assert_eq!(step["interrupts"][0]["payload"]["type"], "confirm_plan");
    let done = answer(json!({"confirm": true}));
    assert_eq!(done["status"], "done");
    assert_eq!(done["state"]["plan_confirmed"], true);
    assert_eq!(done["state"]["current_stage"], "completed");
    assert!(run
        .resume(json!({"confirm": true}), EventSink::new(|_| {}))
        .is_err());
}
