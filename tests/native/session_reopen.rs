//! Interactive runs across a reload, through the session path: a tailoring run checkpoints into
//! a shared saver, the page "reloads" (the in-page registry forgets the run), `AnyRun::reopen`
//! rebuilds it from the same input, and answering it ends in exactly the state of a run that
//! never reloaded.

use crate::native_transport;
use crate::run_support::any_run;

use std::rc::Rc;

use careergraph::graph::{Checkpointer, EventSink, GraphError, MemorySaver};
use careergraph::llm::{CancelToken, ChatModel};
use careergraph::session::{build_model, AnyRun, ErrorCode, ProviderConfig, Runtime, SessionError};
use futures::executor::block_on;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

const JD: &str = "Requirements:\n- Python and Docker\n- Redis\n";
const RESUME: &str = "# Ann\n## Skills\nDocker, Python\n";

fn input() -> Value {
    json!({"resume": RESUME, "jobDescription": JD, "userId": "u1", "jobId": "j1"})
}

fn question_answer() -> Value {
    json!({"action": "answer", "answer": "Cached sessions in Redis"})
}

fn approve() -> Value {
    json!({"decision": "approve"})
}

/// A fresh model, as a reloaded page builds it.
fn demo() -> Rc<dyn ChatModel> {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap()
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

fn answer(handle: &AnyRun, value: Value) -> Value {
    block_on(handle.resume(value, sink()).unwrap()).unwrap()
}

fn reopen(thread: &str, saver: &Rc<MemorySaver>) -> (AnyRun, Value) {
    let model = demo();
    block_on(AnyRun::reopen(
        "resume_tailoring",
        thread,
        input(),
        &Runtime::new(model).with_checkpointer(saver.clone()),
    ))
    .unwrap()
}

/// The final state of the run answered without any reload.
fn uninterrupted() -> Value {
    let model = demo();
    let run = any_run("resume_tailoring", input(), &Runtime::new(model)).unwrap();
    let step = block_on(run.start(sink())).unwrap();
    assert_eq!(step["interrupts"][0]["payload"]["type"], "question");
    let step = answer(&run, question_answer());
    assert_eq!(step["interrupts"][0]["payload"]["type"], "review");
    let done = answer(&run, approve());
    assert_eq!(done["status"], "done");
    done["state"].clone()
}

/// Starts a checkpointed run and returns its handle and first step (paused on the question).
fn start_paused(saver: &Rc<MemorySaver>) -> (AnyRun, Value) {
    let model = demo();
    let run = any_run(
        "resume_tailoring",
        input(),
        &Runtime::new(model).with_checkpointer(saver.clone()),
    )
    .unwrap();
    let step = block_on(run.start(sink())).unwrap();
    assert_eq!(step["status"], "interrupted");
    assert_eq!(step["interrupts"][0]["payload"]["type"], "question");
    (run, step)
}

/// What a reload does to the page: the registry of live runs is gone.
fn reload(handle: &AnyRun) {
    handle.cancel();
    let err = handle.resume(question_answer(), sink()).err().unwrap();
    assert_eq!(
        err.code,
        ErrorCode::InvalidInput,
        "the old page's run is gone"
    );
}

#[test]
fn reloading_at_each_question_ends_in_the_state_of_an_uninterrupted_run() {
    let expected = uninterrupted();
    let saver = Rc::new(MemorySaver::new());
    let (handle, first) = start_paused(&saver);
    let thread = handle.thread_id().unwrap();
    reload(&handle);

    let (reopened, reopened_step) = reopen(&thread, &saver);
    assert!(reopened.mermaid().contains("human_review"));
    assert_eq!(reopened.thread_id().as_deref(), Some(thread.as_str()));
    assert_eq!(
        reopened_step, first,
        "the reopened dialog is the one shown before the reload"
    );
    let review = answer(&reopened, question_answer());
    assert_eq!(review["interrupts"][0]["payload"]["type"], "review");

    // A second reload, now at the review.
    reload(&reopened);
    let (again, again_step) = reopen(&thread, &saver);
    assert_eq!(again_step, review);
    let done = answer(&again, approve());
    assert_eq!(done["status"], "done");
    assert_eq!(done["state"], expected);
    assert!(done["state"]["master_resume"]
        .as_str()
        .unwrap()
        .contains("Cached sessions in Redis"));
}

#[test]
fn a_finished_run_reopens_as_done_and_takes_no_answers() {
    let saver = Rc::new(MemorySaver::new());
    let (handle, _) = start_paused(&saver);
    answer(&handle, question_answer());
    let done = answer(&handle, approve());
    let thread = handle.thread_id().unwrap();

    let (reopened, reopened_step) = reopen(&thread, &saver);
    assert_eq!(reopened_step, done);
    let err = reopened.resume(approve(), sink()).err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
}

#[test]
fn a_step_cut_short_by_a_reload_reopens_as_stopped_and_continues() {
    let expected = uninterrupted();
    let saver = Rc::new(MemorySaver::new());
    let (handle, _) = start_paused(&saver);
    let thread = handle.thread_id().unwrap();
    reload(&handle);
    // The page closed right after the first two supersteps: keep only what was saved by then.
    let history = block_on(saver.list(&thread, "")).unwrap();
    let cut = Rc::new(MemorySaver::new());
    for mut checkpoint in history.into_iter().rev().take(2) {
        // ...and before `job_analyzer`, running then, had finished (its saved write goes too).
        checkpoint.pending_writes.clear();
        block_on(cut.put(checkpoint)).unwrap();
    }

    let (reopened, reopened_step) = reopen(&thread, &cut);
    assert_eq!(reopened_step["status"], "stopped");
    assert_eq!(reopened_step["next"], json!(["job_analyzer"]));
    let err = reopened.resume(approve(), sink());
    assert!(
        block_on(err.unwrap()).is_err(),
        "nothing to answer before it goes on"
    );
    let step = block_on(reopened.continue_run(sink()).unwrap()).unwrap();
    assert_eq!(step["interrupts"][0]["payload"]["type"], "question");
    answer(&reopened, question_answer());
    let done = answer(&reopened, approve());
    assert_eq!(done["state"], expected);
}

#[test]
fn reopen_explains_what_cannot_be_reopened() {
    let saver = Rc::new(MemorySaver::new());
    let model = demo();
    let reopen_as = |workflow: &str, thread: &str| {
        block_on(AnyRun::reopen(
            workflow,
            thread,
            input(),
            &Runtime::new(model.clone()).with_checkpointer(saver.clone()),
        ))
        .err()
        .unwrap()
    };
    let missing = reopen_as("resume_tailoring", "tailor-never-saved");
    assert_eq!(missing.code, ErrorCode::InvalidInput);
    assert!(
        missing.message.contains("no longer saved"),
        "{}",
        missing.message
    );
    assert_eq!(
        reopen_as("resume_review", "x").code,
        ErrorCode::InvalidInput
    );
    assert_eq!(reopen_as("nope", "x").code, ErrorCode::UnknownWorkflow);
}

#[test]
fn thread_ids_differ_between_runs() {
    let saver = Rc::new(MemorySaver::new());
    let (a, _) = start_paused(&saver);
    let (b, _) = start_paused(&saver);
    let (a, b) = (a.thread_id().unwrap(), b.thread_id().unwrap());
    assert_ne!(a, b);
    assert!(a.starts_with("tailor-") && b.starts_with("tailor-"));
}

#[test]
fn stopped_or_failed_is_decided_by_the_runs_token_not_the_error_text() {
    let says_cancelled = GraphError::NodeFailed {
        node: "job_analyzer".into(),
        cause: "upstream request cancelled by the server".into(),
    };
    let token = CancelToken::new();
    let failed = SessionError::from_run(&says_cancelled, &token);
    assert_eq!(failed.code, ErrorCode::RunFailed);
    assert!(failed.message.contains("upstream request cancelled"));

    token.cancel();
    let plain = GraphError::NodeFailed {
        node: "job_analyzer".into(),
        cause: "connection reset".into(),
    };
    assert_eq!(
        SessionError::from_run(&plain, &token).code,
        ErrorCode::Cancelled
    );
}
