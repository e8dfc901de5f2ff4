//! The one run lifecycle, for every registered workflow: started from its sample input on the
//! offline model with a checkpointer, then "reloaded" at every pause (the run object is dropped
//! and rebuilt from the same input with `WorkflowRun::reopen`), it ends in exactly the state of a
//! run that never reloaded, and no model call is made twice.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use careergraph::graph::{EventSink, Interrupt, MemorySaver};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::session::{Runtime, Step, WorkflowRun};
use careergraph::workflows::{demo_model, visit_all, Workflow, WorkflowVisitor};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use serde_json::{json, Value};

/// The offline model, counting calls per agent. With `hang` set, that agent's calls never
/// answer (a call in flight when the page reloads).
struct Counting {
    inner: Rc<dyn ChatModel>,
    calls: RefCell<BTreeMap<String, u32>>,
    hang: RefCell<Option<String>>,
}

impl Counting {
    fn new() -> Rc<Self> {
        Rc::new(Counting {
            inner: Rc::new(demo_model()),
            calls: RefCell::default(),
            hang: RefCell::default(),
        })
    }
    fn hangs(&self, request: &ChatRequest) -> bool {
        self.hang.borrow().as_deref() == Some(request.role_name.as_str())
    }
    fn count(&self, request: &ChatRequest) {
        *self
            .calls
            .borrow_mut()
            .entry(request.role_name.clone())
            .or_default() += 1;
    }
    fn calls(&self) -> BTreeMap<String, u32> {
        self.calls.borrow().clone()
    }
}

impl ChatModel for Counting {
    fn provider(&self) -> &str {
        self.inner.provider()
    }
    fn default_model(&self) -> &str {
        self.inner.default_model()
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.count(&request);
        if self.hangs(&request) {
            return Box::pin(futures::future::pending());
        }
        self.inner.complete(request)
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.count(&request);
        if self.hangs(&request) {
            return Box::pin(futures::stream::pending());
        }
        self.inner.stream(request)
    }
}

/// An answer for each kind of pause the workflows make: answer the question, approve the review,
/// be satisfied with the report, confirm the plan.
fn answer_for(interrupt: &Interrupt) -> Value {
    match interrupt.payload["type"].as_str() {
        Some("question") => {
            json!({"action": "answer", "answer": "I ran it in production for two years."})
        }
        Some("review") => json!({"decision": "approve"}),
        Some("satisfaction") => json!({"level": 5, "feedback": "Clear enough."}),
        Some("confirm_plan") => json!({"confirm": true}),
        Some("cost_cap") => json!({"action": "continue", "cost_cap_usd": null}),
        other => panic!("an interrupt this test cannot answer: {other:?}"),
    }
}

fn runtime(model: Rc<Counting>, saver: Rc<MemorySaver>) -> Runtime {
    // A fixed clock: timestamps in state must not differ between the two runs.
    Runtime::new(model)
        .with_checkpointer(saver)
        .with_clock(|| 1_767_000_000_000.0)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

/// The sample input, with any per-run id pinned so two runs can be compared.
fn input<W: Workflow>() -> W::Input {
    let mut value = serde_json::to_value(W::sample_input()).unwrap();
    if W::ID == "career_navigator" {
        value["sessionId"] = json!("session-under-test");
    }
    // A cap of $0 defers every candidate (the demo is free): the batch pauses once at the cap.
    if W::ID == "batch_screening" {
        value["costCapUsd"] = json!(0.0);
    }
    serde_json::from_value(value).unwrap()
}

/// Runs to the end answering every pause; returns the final state as JSON and the pauses met.
fn uninterrupted<W: Workflow>() -> (Value, usize, BTreeMap<String, u32>) {
    let model = Counting::new();
    let runtime = runtime(model.clone(), Rc::new(MemorySaver::new()));
    let run = WorkflowRun::<W>::new(input::<W>(), &runtime).unwrap();
    let mut step = block_on(run.start(sink())).unwrap();
    let mut pauses = 0;
    loop {
        match step {
            Step::Done(state) => {
                return (serde_json::to_value(state).unwrap(), pauses, model.calls())
            }
            Step::Paused { interrupts, .. } => {
                pauses += 1;
                // Every pause reads as the workflow's typed pause, and says the same as its JSON.
                for (asked, interrupt) in
                    WorkflowRun::<W>::asked(&interrupts).iter().zip(&interrupts)
                {
                    let pause = asked.pause.as_ref().unwrap_or_else(|e| panic!("{e}"));
                    assert_eq!(
                        serde_json::to_value(pause).unwrap(),
                        interrupt.payload,
                        "{}",
                        W::ID
                    );
                }
                step = block_on(run.resume(answer_for(&interrupts[0]), sink())).unwrap();
            }
            Step::CutShort { .. } | Step::Failed { .. } => {
                panic!("a fresh run is never cut short, and a failure is an error")
            }
        }
    }
}

/// The same run, but the page reloads at every pause: the run is dropped and reopened from the
/// checkpointer before each answer.
fn reloaded_at_every_pause<W: Workflow>() -> (Value, usize, BTreeMap<String, u32>) {
    let model = Counting::new();
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<W>::new(input::<W>(), &runtime(model.clone(), saver.clone())).unwrap();
    let thread = run.thread_id().to_string();
    let mut step = block_on(run.start(sink())).unwrap();
    drop(run);
    let mut pauses = 0;
    loop {
        let (run, reopened) = block_on(WorkflowRun::<W>::reopen(
            input::<W>(),
            &runtime(model.clone(), saver.clone()),
            &thread,
        ))
        .unwrap();
        assert_eq!(
            serde_json::to_value(reopened.state()).unwrap(),
            serde_json::to_value(step.state()).unwrap(),
            "{}: a reopened run shows the state it was left in",
            W::ID
        );
        step = match reopened {
            Step::Done(state) => {
                return (serde_json::to_value(state).unwrap(), pauses, model.calls())
            }
            Step::Paused { interrupts, .. } => {
                pauses += 1;
                block_on(run.resume(answer_for(&interrupts[0]), sink())).unwrap()
            }
            Step::CutShort { .. } | Step::Failed { .. } => {
                panic!("{}: nothing was cut short or failed", W::ID)
            }
        };
    }
}

#[test]
fn every_workflow_survives_a_reload_at_every_pause_without_paying_twice() {
    struct Check(Cell<usize>);
    impl WorkflowVisitor for Check {
        fn visit<W: Workflow>(&mut self) {
            let (expected, pauses, calls) = uninterrupted::<W>();
            let (state, reloaded_pauses, reloaded_calls) = reloaded_at_every_pause::<W>();
            assert_eq!(state, expected, "{}: same final state after reloads", W::ID);
            assert_eq!(pauses, reloaded_pauses, "{}: same pauses", W::ID);
            assert_eq!(
                calls,
                reloaded_calls,
                "{}: every model call made once",
                W::ID
            );
            assert!(!calls.is_empty(), "{}: the run called the model", W::ID);
            // The samples reach every kind of pause: tailoring asks a question and a review,
            // the career plan a satisfaction rating and a confirmation; the others pause once
            // (the batch at its cost cap, the cover letter for its review).
            if W::meta().interactive {
                let kinds = match W::ID {
                    "resume_tailoring" | "career_navigator" => 2,
                    _ => 1,
                };
                assert!(pauses >= kinds, "{}: {pauses} pauses", W::ID);
            }
            self.0.set(self.0.get() + 1);
        }
    }
    let mut check = Check(Cell::new(0));
    visit_all(&mut check);
    let registered = careergraph::session::workflows().len();
    assert_eq!(check.0.get(), registered, "every workflow was checked");
}

#[test]
fn a_finished_run_reopens_as_done_and_takes_no_answers() {
    struct Check;
    impl WorkflowVisitor for Check {
        fn visit<W: Workflow>(&mut self) {
            let model = Counting::new();
            let saver = Rc::new(MemorySaver::new());
            let runtime = runtime(model.clone(), saver.clone());
            let run = WorkflowRun::<W>::new(input::<W>(), &runtime).unwrap();
            let mut step = block_on(run.start(sink())).unwrap();
            while let Step::Paused { interrupts, .. } = &step {
                step = block_on(run.resume(answer_for(&interrupts[0]), sink())).unwrap();
            }
            let calls = model.calls();
            let (reopened, at) = block_on(WorkflowRun::<W>::reopen(
                input::<W>(),
                &runtime,
                run.thread_id(),
            ))
            .unwrap();
            assert!(at.is_done(), "{}", W::ID);
            let err = block_on(reopened.resume(json!("again"), sink()))
                .err()
                .unwrap();
            assert!(
                err.message.contains("finished"),
                "{}: {}",
                W::ID,
                err.message
            );
            assert_eq!(model.calls(), calls, "{}: reopening calls nothing", W::ID);
        }
    }
    visit_all(&mut Check);
}

#[test]
fn a_stopped_run_takes_no_answers_and_calls_nothing() {
    let model = Counting::new();
    let runtime = runtime(model.clone(), Rc::new(MemorySaver::new()));
    let run = WorkflowRun::<careergraph::session::TailoringWorkflow>::new(
        input::<careergraph::session::TailoringWorkflow>(),
        &runtime,
    )
    .unwrap();
    let step = block_on(run.start(sink())).unwrap();
    assert!(matches!(step, Step::Paused { .. }));
    let calls = model.calls();
    run.cancel();
    let err = block_on(run.resume(json!({"decision": "approve"}), sink()))
        .err()
        .unwrap();
    assert_eq!(err.code, careergraph::session::ErrorCode::Cancelled);
    assert_eq!(model.calls(), calls);
}

#[test]
fn a_run_saved_by_another_version_gives_a_clear_message() {
    use careergraph::graph::Checkpointer;
    type W = careergraph::session::TailoringWorkflow;
    let model = Counting::new();
    let saver = Rc::new(MemorySaver::new());
    let runtime = runtime(model, saver.clone());
    let run = WorkflowRun::<W>::new(input::<W>(), &runtime).unwrap();
    block_on(run.start(sink())).unwrap();
    let thread = run.thread_id().to_string();
    let outdated = |edit: &dyn Fn(&mut careergraph::graph::Checkpoint)| {
        let mut latest = block_on(saver.get(&thread, "", None)).unwrap().unwrap();
        edit(&mut latest);
        block_on(saver.put(latest)).unwrap();
        block_on(WorkflowRun::<W>::reopen(input::<W>(), &runtime, &thread))
            .err()
            .unwrap()
    };
    // A node this version no longer has.
    let err = outdated(&|c| {
        c.pending_interrupts.clear();
        c.pending_tasks.branch_to.insert("renamed_node".into());
    });
    assert!(err.message.contains("older version"), "{}", err.message);
    // State this version cannot read.
    let err = outdated(&|c| c.channel_values = json!({"tailored_resume": 42}));
    assert!(err.message.contains("older version"), "{}", err.message);
}

/// The agent still running when the page reloads, picked where siblings run in parallel
/// (critics, analysts) so that finished siblings must not be paid for again. A workflow not
/// listed here reloads during its first declared agent that asks the model.
fn in_flight_at_reload<W: Workflow>() -> &'static str {
    match W::ID {
        "resume_review" => "copywriter",
        "resume_tailoring" => "resume_screener",
        "hiring_pipeline" => "evaluation_agent",
        "career_navigator" => "job_analyzer",
        // The one call before the fan-out; a reload among the candidates (each finished one
        // kept) is tests/native/batch_screening.rs's `a_reload_mid_batch_never_reruns_a_finished_candidate`.
        "batch_screening" => "jd_analysis_agent",
        // Evidence and framing run in one step: evidence finishes, framing is cut off.
        "cover_letter" => "framing",
        other => {
            W::AGENTS
                .iter()
                .find(|agent| agent.calls_model)
                .unwrap_or_else(|| panic!("{other} declares no agent that asks the model"))
                .node
        }
    }
}

/// Drives `step` as far as it goes without the hung call, then drops it: a page reload.
fn reload_mid_step<S>(mut step: careergraph::session::StepFuture<S>) {
    let mut cx = std::task::Context::from_waker(futures::task::noop_waker_ref());
    assert!(
        step.as_mut().poll(&mut cx).is_pending(),
        "the step waits on the call in flight"
    );
}

#[test]
fn every_workflow_survives_a_reload_mid_step_and_reruns_only_the_unfinished_call() {
    struct Check;
    impl WorkflowVisitor for Check {
        fn visit<W: Workflow>(&mut self) {
            let (expected, _, mut expected_calls) = uninterrupted::<W>();
            let agent = in_flight_at_reload::<W>();
            // The call in flight is made again after the reload; every other call once.
            *expected_calls.get_mut(agent).expect("the agent is called") += 1;

            let model = Counting::new();
            let saver = Rc::new(MemorySaver::new());
            let runtime = runtime(model.clone(), saver.clone());
            *model.hang.borrow_mut() = Some(agent.to_string());
            let run = WorkflowRun::<W>::new(input::<W>(), &runtime).unwrap();
            let thread = run.thread_id().to_string();
            let mut step = run.start(sink());
            // Answer pauses until the step with the hung call is in flight.
            let mut cx = std::task::Context::from_waker(futures::task::noop_waker_ref());
            loop {
                match step.as_mut().poll(&mut cx) {
                    std::task::Poll::Pending => break,
                    std::task::Poll::Ready(Ok(Step::Paused { interrupts, .. })) => {
                        step = run.resume(answer_for(&interrupts[0]), sink());
                    }
                    std::task::Poll::Ready(other) => {
                        panic!(
                            "{}: ended before {agent} ran: {:?}",
                            W::ID,
                            other.map(|_| ())
                        )
                    }
                }
            }
            reload_mid_step(step);
            drop(run);
            *model.hang.borrow_mut() = None;

            let (run, reopened) =
                block_on(WorkflowRun::<W>::reopen(input::<W>(), &runtime, &thread)).unwrap();
            let Step::CutShort { next, .. } = &reopened else {
                panic!("{}: reopened mid-step, but not as cut short", W::ID)
            };
            assert_eq!(
                next,
                &vec![agent.to_string()],
                "{}: only the unfinished agent is next",
                W::ID
            );
            let mut step = block_on(run.continue_run(sink())).unwrap();
            while let Step::Paused { interrupts, .. } = &step {
                step = block_on(run.resume(answer_for(&interrupts[0]), sink())).unwrap();
            }
            let Step::Done(state) = step else {
                unreachable!()
            };
            assert_eq!(
                serde_json::to_value(state).unwrap(),
                expected,
                "{}: same final state",
                W::ID
            );
            assert_eq!(
                model.calls(),
                expected_calls,
                "{}: finished calls made once",
                W::ID
            );
        }
    }
    visit_all(&mut Check);
}

#[test]
fn tailoring_pauses_and_answers_are_typed() {
    use careergraph::session::TailoringWorkflow;
    use careergraph::workflows::resume_tailoring::{
        QuestionAction, ReviewAnswer, TailorAnswer, TailorPause,
    };
    let model = Counting::new();
    let runtime = runtime(model, Rc::new(MemorySaver::new()));
    let run =
        WorkflowRun::<TailoringWorkflow>::new(input::<TailoringWorkflow>(), &runtime).unwrap();
    let mut step = block_on(run.start(sink())).unwrap();
    let mut kinds = Vec::new();
    while let Step::Paused { interrupts, .. } = &step {
        let asked = WorkflowRun::<TailoringWorkflow>::asked(interrupts);
        let answer = match asked[0].pause.as_ref().unwrap() {
            TailorPause::Question(q) => {
                kinds.push("question");
                assert!(q.index >= 1 && q.index <= q.total, "{q:?}");
                TailorAnswer::Question(QuestionAction::Answer {
                    answer: format!("I used {} daily.", q.missing_item),
                })
            }
            TailorPause::Review(r) => {
                kinds.push("review");
                assert!(!r.resume_draft.is_empty());
                TailorAnswer::Review(ReviewAnswer::Approve {
                    feedback: None,
                    kept_facts: vec![],
                    removed_facts: vec![],
                })
            }
        };
        step = block_on(run.answer(&answer, sink())).unwrap();
    }
    assert_eq!(kinds, ["question", "review"]);
    let Step::Done(state) = step else {
        unreachable!()
    };
    assert!(
        state.master_resume_updated,
        "the typed answer reached the master resume"
    );
}
