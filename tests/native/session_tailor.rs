//! `resume_tailoring` through the session path (what the app and the JS API call): start on the
//! demo provider, answer the interrupts with `AnyRun::resume`, get the final state.

use crate::native_transport;
use crate::run_support::any_run;

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{build_model, workflow, ErrorCode, ProviderConfig, Runtime};
use futures::executor::block_on;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

const JD: &str = "Requirements:\n- Python and Docker\n- Redis\n";
const RESUME: &str = "# Ann\n## Skills\nDocker, Python\n";

fn demo() -> Rc<dyn careergraph::llm::ChatModel> {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap()
}

fn recorder() -> (EventSink, Rc<RefCell<Vec<StreamEvent>>>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink_seen = seen.clone();
    (
        EventSink::new(move |event| sink_seen.borrow_mut().push(event)),
        seen,
    )
}

#[test]
fn registry_lists_tailoring_with_its_input_schema() {
    let info = workflow("resume_tailoring").expect("listed");
    assert_eq!(
        info.input_schema["required"],
        json!(["resume", "jobDescription"])
    );
}

#[test]
fn tailoring_pauses_for_a_question_and_the_review_and_finishes_on_answers() {
    let model = demo();
    let (sink, _) = recorder();
    let input = json!({"resume": RESUME, "jobDescription": JD, "userId": "u1", "jobId": "j1"});
    let run = any_run("resume_tailoring", input, &Runtime::new(model)).unwrap();
    assert!(run.mermaid().contains("human_review"));
    let thread = run.thread_id().expect("interactive");
    let step = block_on(run.start(sink)).unwrap();
    assert_eq!(step["status"], "interrupted");
    assert_eq!(step["threadId"], thread.as_str());
    assert_eq!(step["interrupts"][0]["payload"]["type"], "question");
    assert_eq!(step["interrupts"][0]["payload"]["missing_item"], "Redis");
    assert_eq!(step["interrupts"][0]["path"], json!(["info_collection"]));

    let (sink, seen) = recorder();
    let answer = json!({"action": "answer", "answer": "Cached sessions in Redis"});
    let step = block_on(run.resume(answer, sink).unwrap()).unwrap();
    assert_eq!(step["status"], "interrupted");
    assert_eq!(step["interrupts"][0]["payload"]["type"], "review");
    assert_eq!(step["interrupts"][0]["payload"]["ats_score"], 100);
    assert!(!seen.borrow().is_empty(), "the resumed part reports events");

    let (sink, _) = recorder();
    let done = block_on(run.resume(json!({"decision": "approve"}), sink).unwrap()).unwrap();
    assert_eq!(done["status"], "done");
    let state: &Value = &done["state"];
    assert_eq!(state["human_decision"], "approved");
    assert_eq!(state["master_resume_updated"], true);
    assert!(state["master_resume"]
        .as_str()
        .unwrap()
        .contains("Cached sessions in Redis"));
    assert!(state["tailored_resume"].as_str().unwrap().contains("Redis"));
    assert_eq!(state["user_id"], "u1");

    // A finished run takes no more answers.
    let (sink, _) = recorder();
    let err = run
        .resume(json!({"decision": "approve"}), sink)
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}

#[test]
fn a_cancelled_paused_run_takes_no_answers_and_handles_stay_send_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<careergraph::session::AnyRun>();
    let model = demo();
    let (sink, _) = recorder();
    let input = json!({"resume": RESUME, "jobDescription": JD, "maxQuestions": 0});
    let run = any_run("resume_tailoring", input, &Runtime::new(model)).unwrap();
    let step = block_on(run.start(sink)).unwrap();
    assert_eq!(
        step["interrupts"][0]["payload"]["type"], "review",
        "no questions allowed"
    );
    run.cancel();
    let (sink, _) = recorder();
    let err = run
        .resume(json!({"decision": "approve"}), sink)
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}

#[test]
fn tailoring_input_is_checked_and_one_shot_runs_take_no_answers() {
    let model = demo();
    let err = any_run(
        "resume_tailoring",
        json!({"resume": RESUME}),
        &Runtime::new(model.clone()),
    )
    .err()
    .unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);

    let (sink, _) = recorder();
    let review = any_run(
        "resume_review",
        json!({"resume": RESUME, "targetRole": "Backend engineer"}),
        &Runtime::new(model),
    )
    .unwrap();
    // Every workflow is checkpointed under a thread (so it can be reopened after a reload)...
    assert!(review
        .thread_id()
        .is_some_and(|id| id.starts_with("review-")));
    // ...and a one-shot run, once finished, takes no answers.
    let done = block_on(review.start(sink)).unwrap();
    assert_eq!(done["status"], "done");
    let (sink, _) = recorder();
    let err = review.resume(json!("x"), sink).err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}
