//! A run moved between hosts (docs/runs.md, "Moving a run"): a tailoring run paused on its
//! question (asked inside the info-collection subgraph) is exported from one runtime, imported
//! by another with its own store, answered there, moved once more at the review, and ends in
//! exactly the state of a run that never moved. Exports that cannot be continued are refused
//! with a message, and nothing is written.

use crate::native_transport;
use crate::run_support::any_run;

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{Checkpointer, EventSink, MemorySaver, StreamEvent};
use careergraph::llm::ChatModel;
use careergraph::session::{
    build_model, AnyRun, ErrorCode, ProviderConfig, RunExport, RunRequest, Runtime,
    RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION,
};
use futures::executor::block_on;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

const WORKFLOW: &str = "resume_tailoring";

fn input() -> Value {
    json!({"resume": "# Ann\n## Skills\nDocker, Python\n",
           "jobDescription": "Requirements:\n- Python and Docker\n- Redis\n",
           "userId": "u1", "jobId": "j1"})
}

fn question_answer() -> Value {
    json!({"action": "answer", "answer": "Cached sessions in Redis"})
}

fn approve() -> Value {
    json!({"decision": "approve"})
}

/// A host of its own: the demo model and a store nobody else writes.
fn host() -> (Runtime, Rc<MemorySaver>) {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let model: Rc<dyn ChatModel> =
        build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
    let saver = Rc::new(MemorySaver::new());
    (Runtime::new(model).with_checkpointer(saver.clone()), saver)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

fn answer(run: &AnyRun, value: Value) -> Value {
    block_on(run.resume(value, sink()).unwrap()).unwrap()
}

fn export(run: &AnyRun, runtime: &Runtime) -> RunExport {
    let thread = run.thread_id().unwrap();
    let exported = block_on(AnyRun::export(
        WORKFLOW,
        &thread,
        RunRequest::new(input()),
        runtime,
    ))
    .unwrap();
    // What crosses hosts is text: a file, an HTTP body, a Restate state entry.
    let text = serde_json::to_string(&exported).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The final state of the run answered where it started.
fn unmoved() -> Value {
    let (runtime, _) = host();
    let run = any_run(WORKFLOW, input(), &runtime).unwrap();
    block_on(run.start(sink())).unwrap();
    answer(&run, question_answer());
    let done = answer(&run, approve());
    assert_eq!(done["status"], "done");
    done["state"].clone()
}

/// A run paused on its first question, on a host of its own.
fn paused() -> (AnyRun, Value, Runtime) {
    let (runtime, _) = host();
    let run = any_run(WORKFLOW, input(), &runtime).unwrap();
    let step = block_on(run.start(sink())).unwrap();
    assert_eq!(step["interrupts"][0]["payload"]["type"], "question");
    (run, step, runtime)
}

#[test]
fn a_run_moved_twice_ends_as_one_that_never_moved() {
    let expected = unmoved();
    let (tab, asked, tab_runtime) = paused();
    let exported = export(&tab, &tab_runtime);
    assert_eq!(exported.format, RUN_EXPORT_FORMAT);
    assert_eq!(exported.version, RUN_EXPORT_VERSION);
    assert!(
        exported.checkpoints.iter().any(|c| c["ns"] != ""),
        "the question is asked inside the info-collection subgraph: its checkpoints travel too"
    );
    // The tab lets go of it (the page closed); the server takes it.
    tab.cancel();
    let (server_runtime, server_store) = host();
    let said = Rc::new(RefCell::new(Vec::new()));
    let events = EventSink::new({
        let said = said.clone();
        move |event| said.borrow_mut().push(event)
    });
    let (server, step) = block_on(AnyRun::import(exported, &server_runtime, events)).unwrap();
    assert_eq!(step, asked, "the server asks the question the tab asked");
    match said.borrow().as_slice() {
        [StreamEvent::Interrupted { path, interrupts }] => {
            assert!(path.is_empty());
            assert_eq!(
                serde_json::to_value(interrupts).unwrap(),
                asked["interrupts"]
            );
        }
        other => panic!("the import says the pause once, as an interrupted event: {other:?}"),
    }
    assert!(
        !block_on(server_store.list_thread(step["threadId"].as_str().unwrap()))
            .unwrap()
            .is_empty()
    );
    let review = answer(&server, question_answer());
    assert_eq!(review["interrupts"][0]["payload"]["type"], "review");

    // And back, at the review.
    let back = export(&server, &server_runtime);
    server.cancel();
    let (again_runtime, _) = host();
    let (again, step) = block_on(AnyRun::import(back, &again_runtime, sink())).unwrap();
    assert_eq!(step, review);
    let done = answer(&again, approve());
    assert_eq!(done["status"], "done");
    assert_eq!(done["state"], expected);
}

#[test]
fn a_finished_run_moves_as_done() {
    let (run, _, runtime) = paused();
    answer(&run, question_answer());
    let done = answer(&run, approve());
    let exported = export(&run, &runtime);
    let (other, _) = host();
    let (_, step) = block_on(AnyRun::import(exported, &other, sink())).unwrap();
    assert_eq!(step, done);
}

#[test]
fn a_run_open_here_or_kept_here_is_not_imported_twice() {
    let (run, _, runtime) = paused();
    let exported = export(&run, &runtime);
    // Open on this page: refused, whichever store is asked.
    let (elsewhere, elsewhere_store) = host();
    let open = block_on(AnyRun::import(exported.clone(), &elsewhere, sink())).unwrap_err();
    assert_eq!(open.code, ErrorCode::InvalidInput);
    assert!(open.message.contains("here already"), "{}", open.message);
    let thread = exported.thread_id.clone();
    assert!(block_on(elsewhere_store.list_thread(&thread))
        .unwrap()
        .is_empty());
    // Closed, but its store still holds it: refused too.
    run.cancel();
    let kept = block_on(AnyRun::import(exported, &runtime, sink())).unwrap_err();
    assert_eq!(kept.code, ErrorCode::InvalidInput);
}

#[test]
fn exports_that_cannot_be_continued_are_refused_and_nothing_is_written() {
    let (run, _, runtime) = paused();
    let good = export(&run, &runtime);
    run.cancel();
    let thread = good.thread_id.clone();
    let mut cases: Vec<(&str, RunExport)> = Vec::new();
    let mut other_format = good.clone();
    other_format.format = "something.else".into();
    cases.push(("not an exported careergraph run", other_format));
    let mut newer = good.clone();
    newer.version = RUN_EXPORT_VERSION + 1;
    cases.push(("newer careergraph", newer));
    let mut unknown = good.clone();
    unknown.workflow_id = "resume_knitting".into();
    cases.push(("no workflow called", unknown));
    let mut empty = good.clone();
    empty.checkpoints.clear();
    cases.push(("holds no checkpoint", empty));
    let mut newer_checkpoint = good.clone();
    newer_checkpoint.checkpoints[0]["format_version"] = json!(99);
    cases.push(("newer", newer_checkpoint));
    let mut damaged = good.clone();
    damaged.checkpoints[0] = json!({"format_version": 2, "id": 7});
    cases.push(("damaged", damaged));
    let mut foreign = good.clone();
    foreign.checkpoints[0]["thread_id"] = json!("someone-else");
    cases.push(("inconsistent", foreign));
    for (said, exported) in cases {
        let (target, store) = host();
        let error = block_on(AnyRun::import(exported, &target, sink())).unwrap_err();
        assert!(
            error.message.contains(said),
            "expected “{said}” in: {}",
            error.message
        );
        assert!(block_on(store.list_thread(&thread)).unwrap().is_empty());
    }
}

#[test]
fn exporting_a_run_the_store_does_not_hold_says_so() {
    let (runtime, _) = host();
    let error = block_on(AnyRun::export(
        WORKFLOW,
        "no-such-thread",
        RunRequest::new(input()),
        &runtime,
    ))
    .unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(
        error.message.contains("no saved progress"),
        "{}",
        error.message
    );
}
