//! A finished run invoked again on its own thread (the session's follow-up; the batch's "Retry
//! failed"): the workflow declares the update for the state it finished in, the run goes on like
//! any step, saved to the checkpointer, and finished work is not done again. Also after a reload
//! (the run reopened as done, then followed up) and with a reload during the follow-up itself.

use crate::run_support::any_run;
use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{EventSink, MemorySaver};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::session::{AnyRun, ErrorCode, Runtime, Step, TailoringWorkflow, WorkflowRun};
use careergraph::workflows::batch_screening::{
    BatchResume, BatchRunInput, BatchState, BatchWorkflow, CandidateStatus,
};
use careergraph::workflows::{demo_model, Workflow};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use serde_json::{json, Value};

const JD: &str = "Backend Engineer\nRequirements:\n- Rust\n- PostgreSQL\n";

/// The made-up skill that tells candidate `i`'s calls apart (names are redacted from later
/// prompts, skills are not).
fn tag(i: usize) -> String {
    format!("zqfollow{i}kq")
}

fn batch(n: usize) -> BatchRunInput {
    BatchRunInput {
        job_description: JD.into(),
        resumes: (0..n)
            .map(|i| BatchResume {
                label: format!("candidate-{i}.md"),
                text: format!(
                    "# Fictive Person{i}\nEngineer\n## Experience\n### Engineer — Nowhere Works (2019–2024)\n- Built Rust services\n## Skills\nRust, PostgreSQL, {}\n",
                    tag(i)
                ),
                ..BatchResume::default()
            })
            .collect(),
        concurrency: Some(1),
        ..BatchRunInput::default()
    }
}

/// The offline model, logging every request. A request whose user text holds a key of
/// `fail_once` fails (once per key); one holding `hang` never answers (in flight at a reload).
struct Scripted {
    inner: Rc<dyn ChatModel>,
    log: RefCell<Vec<ChatRequest>>,
    fail_once: RefCell<Vec<String>>,
    hang: RefCell<Option<String>>,
}

impl Scripted {
    fn new() -> Rc<Self> {
        Rc::new(Scripted {
            inner: Rc::new(demo_model()),
            log: RefCell::default(),
            fail_once: RefCell::default(),
            hang: RefCell::default(),
        })
    }

    /// Parser calls that carried candidate `i`'s resume.
    fn parses(&self, i: usize) -> usize {
        self.log
            .borrow()
            .iter()
            .filter(|r| r.role_name == "resume_parser_agent" && r.user_text().contains(&tag(i)))
            .count()
    }

    fn calls_of(&self, role: &str) -> usize {
        self.log
            .borrow()
            .iter()
            .filter(|r| r.role_name == role)
            .count()
    }

    fn total(&self) -> usize {
        self.log.borrow().len()
    }

    fn answer(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        let text = request.user_text();
        self.log.borrow_mut().push(request.clone());
        if self
            .hang
            .borrow()
            .as_ref()
            .is_some_and(|key| text.contains(key.as_str()))
        {
            return Box::pin(futures::future::pending());
        }
        let failing = {
            let mut keys = self.fail_once.borrow_mut();
            let at = keys.iter().position(|key| text.contains(key.as_str()));
            at.map(|i| keys.remove(i))
        };
        if failing.is_some() {
            return Box::pin(async {
                Err(LlmError::BadRequest {
                    provider: "scripted".into(),
                    status: 400,
                    kind: "invalid_request".into(),
                    message: "scripted failure".into(),
                })
            });
        }
        self.inner.complete(request)
    }
}

/// The shared script as a model (a runtime takes an `Rc<dyn ChatModel>`).
struct Model(Rc<Scripted>);

impl ChatModel for Model {
    fn provider(&self) -> &str {
        "demo"
    }
    fn default_model(&self) -> &str {
        "demo"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.0.answer(request)
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(futures::stream::once(async move {
            self.0.answer(request).await.map(StreamEvent::Done)
        }))
    }
}

fn runtime(script: &Rc<Scripted>, saver: &Rc<MemorySaver>) -> Runtime {
    Runtime::new(Rc::new(Model(script.clone())))
        .with_checkpointer(saver.clone())
        .with_clock(|| 1_767_000_000_000.0)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

fn statuses(state: &BatchState) -> Vec<CandidateStatus> {
    state
        .candidates
        .iter()
        .map(|c| state.latest(&c.id).map(|r| r.status).unwrap_or_default())
        .collect()
}

fn done(step: Step<BatchState>) -> BatchState {
    match step {
        Step::Done(state) => state,
        other => panic!("expected the end, got {:?}", other.state().table.len()),
    }
}

/// A batch of `n` whose candidate `failing` fails its parse once: it ends with that one failed.
fn finished_with_a_failure(
    n: usize,
    failing: usize,
) -> (WorkflowRun<BatchWorkflow>, Rc<Scripted>, Rc<MemorySaver>) {
    let script = Scripted::new();
    script.fail_once.borrow_mut().push(tag(failing));
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<BatchWorkflow>::new(batch(n), &runtime(&script, &saver)).unwrap();
    let state = done(block_on(run.start(sink())).unwrap());
    let mut expected = vec![CandidateStatus::Screened; n];
    expected[failing] = CandidateStatus::Failed;
    assert_eq!(statuses(&state), expected);
    assert!(WorkflowRun::<BatchWorkflow>::takes_follow_up(&state));
    assert!(run.can_follow_up());
    (run, script, saver)
}

#[test]
fn a_finished_batch_retries_its_failed_candidate_on_the_same_thread_and_nothing_else() {
    let (run, script, saver) = finished_with_a_failure(4, 2);
    let thread = run.thread_id().to_string();
    let calls_before = script.total();
    // Answers are still refused: a follow-up is not an answer.
    let refused = block_on(run.resume(json!("again"), sink())).err().unwrap();
    assert!(refused.message.contains("finished"), "{}", refused.message);

    let state = done(block_on(run.follow_up(sink())).unwrap());
    assert_eq!(run.thread_id(), thread);
    assert_eq!(statuses(&state), [CandidateStatus::Screened; 4]);
    assert_eq!(state.retry_rounds, 1);
    assert_eq!(state.table.len(), 4, "the table keeps every candidate");
    // Only the failed candidate ran again (parse, match, evaluation); the job analysis is kept.
    assert_eq!(
        (0..4).map(|i| script.parses(i)).collect::<Vec<_>>(),
        [1, 1, 2, 1]
    );
    assert_eq!(script.calls_of("jd_analysis_agent"), 1);
    assert_eq!(script.total(), calls_before + 3);
    // Nothing is left to retry: no further follow-up, and asking for one calls nothing.
    assert!(!run.can_follow_up());
    let err = block_on(run.follow_up(sink())).err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert_eq!(script.total(), calls_before + 3);

    // The follow-up was saved like any step: a reload finds the run done with every result.
    let (_, reopened) = block_on(WorkflowRun::<BatchWorkflow>::reopen(
        batch(4),
        &runtime(&script, &saver),
        &thread,
    ))
    .unwrap();
    assert_eq!(statuses(&done(reopened)), [CandidateStatus::Screened; 4]);
}

#[test]
fn a_batch_reopened_as_done_after_a_reload_can_be_followed_up() {
    let (run, script, saver) = finished_with_a_failure(3, 0);
    let thread = run.thread_id().to_string();
    drop(run);
    let calls_before = script.total();

    // "After the reload": a new run object from the saved checkpoints.
    let (run, step) = block_on(WorkflowRun::<BatchWorkflow>::reopen(
        batch(3),
        &runtime(&script, &saver),
        &thread,
    ))
    .unwrap();
    let finished = done(step);
    assert_eq!(finished.table.len(), 3);
    assert!(
        run.can_follow_up(),
        "a reopened finished batch with a failure takes a retry"
    );
    assert_eq!(script.total(), calls_before, "reopening calls nothing");

    let state = done(block_on(run.follow_up(sink())).unwrap());
    assert_eq!(statuses(&state), [CandidateStatus::Screened; 3]);
    assert_eq!(
        (0..3).map(|i| script.parses(i)).collect::<Vec<_>>(),
        [2, 1, 1]
    );
    assert_eq!(script.total(), calls_before + 3);
}

#[test]
fn a_reload_during_the_follow_up_reopens_it_as_cut_short_and_it_goes_on() {
    let (run, script, saver) = finished_with_a_failure(3, 1);
    let thread = run.thread_id().to_string();
    // The retried candidate's parse is in flight when the page reloads.
    *script.hang.borrow_mut() = Some(tag(1));
    let mut step = run.follow_up(sink());
    let mut cx = std::task::Context::from_waker(futures::task::noop_waker_ref());
    assert!(step.as_mut().poll(&mut cx).is_pending());
    drop(step);
    drop(run);
    *script.hang.borrow_mut() = None;

    let (run, reopened) = block_on(WorkflowRun::<BatchWorkflow>::reopen(
        batch(3),
        &runtime(&script, &saver),
        &thread,
    ))
    .unwrap();
    let Step::CutShort { next, state } = &reopened else {
        panic!("a reload during the follow-up reopens it as cut short")
    };
    assert_eq!(next, &vec!["screen_candidate".to_string()]);
    assert_eq!(state.retry_rounds, 1, "the follow-up's update was saved");
    assert!(!run.can_follow_up());
    let state = done(block_on(run.continue_run(sink())).unwrap());
    assert_eq!(statuses(&state), [CandidateStatus::Screened; 3]);
    // The retried parse was cut off once and made again; the others ran once only.
    assert_eq!(
        (0..3).map(|i| script.parses(i)).collect::<Vec<_>>(),
        [1, 3, 1]
    );
    assert_eq!(script.calls_of("jd_analysis_agent"), 1);
}

#[test]
fn runs_with_nothing_to_follow_up_refuse_it_and_call_nothing() {
    // A batch where everyone was screened.
    let script = Scripted::new();
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<BatchWorkflow>::new(batch(2), &runtime(&script, &saver)).unwrap();
    let not_yet = block_on(run.follow_up(sink())).err().unwrap();
    assert!(
        not_yet.message.contains("not finished"),
        "{}",
        not_yet.message
    );
    let state = done(block_on(run.start(sink())).unwrap());
    assert!(!WorkflowRun::<BatchWorkflow>::takes_follow_up(&state));
    assert!(!run.can_follow_up());
    let calls = script.total();
    let err = block_on(run.follow_up(sink())).err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(err.message.contains("nothing to do"), "{}", err.message);
    assert_eq!(script.total(), calls);

    // A workflow that declares no follow-up (the default).
    let tailoring = WorkflowRun::<TailoringWorkflow>::new(
        TailoringWorkflow::sample_input(),
        &runtime(&script, &saver),
    )
    .unwrap();
    let mut step = block_on(tailoring.start(sink())).unwrap();
    while let Step::Paused { interrupts, .. } = &step {
        let answer = match interrupts[0].payload["type"].as_str() {
            Some("question") => json!({"action": "answer", "answer": "Daily, for two years."}),
            _ => json!({"decision": "approve"}),
        };
        step = block_on(tailoring.resume(answer, sink())).unwrap();
    }
    assert!(step.is_done());
    assert!(TailoringWorkflow::follow_up(step.state()).is_none());
    assert!(!tailoring.can_follow_up());
    assert!(block_on(tailoring.follow_up(sink())).is_err());
}

#[test]
fn by_handle_a_finished_batch_stays_followable_until_nothing_is_left() {
    let script = Scripted::new();
    script.fail_once.borrow_mut().push(tag(0));
    let saver = Rc::new(MemorySaver::new());
    let runtime = runtime(&script, &saver);
    let input = serde_json::to_value(batch(2)).unwrap();
    let run = any_run("batch_screening", input.clone(), &runtime).unwrap();
    let first: Value = block_on(run.start(sink())).unwrap();
    assert_eq!(first["status"], "done");
    let thread = run.thread_id().unwrap();

    let again = block_on(run.follow_up(sink()).unwrap()).unwrap();
    assert_eq!(again["status"], "done");
    assert_eq!(again["threadId"], thread.as_str());
    assert_eq!(script.parses(0), 2);
    assert_eq!(script.parses(1), 1);
    // Nothing left: the run left the table when it ended.
    let err = run.follow_up(sink()).err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);

    // Reopened by id after a "reload": done, and nothing to follow up.
    let (reopened, reopened_step) =
        block_on(AnyRun::reopen("batch_screening", &thread, input, &runtime)).unwrap();
    assert_eq!(reopened_step["status"], "done");
    assert!(reopened.follow_up(sink()).is_err());
}

#[test]
fn by_handle_a_batch_reopened_as_done_with_a_failure_takes_its_follow_up() {
    let script = Scripted::new();
    script.fail_once.borrow_mut().push(tag(1));
    let saver = Rc::new(MemorySaver::new());
    let runtime = runtime(&script, &saver);
    let input = serde_json::to_value(batch(2)).unwrap();
    let run = any_run("batch_screening", input.clone(), &runtime).unwrap();
    let thread = run.thread_id().unwrap();
    assert_eq!(block_on(run.start(sink())).unwrap()["status"], "done");

    let (reopened, reopened_step) =
        block_on(AnyRun::reopen("batch_screening", &thread, input, &runtime)).unwrap();
    assert_eq!(reopened_step["status"], "done");
    let step = block_on(reopened.follow_up(sink()).unwrap()).unwrap();
    assert_eq!(step["status"], "done");
    let state: BatchState = serde_json::from_value(step["state"].clone()).unwrap();
    assert_eq!(statuses(&state), [CandidateStatus::Screened; 2]);
    assert_eq!((script.parses(0), script.parses(1)), (1, 2));
}

/// A person's decision is written into the finished batch without running anything: no call is
/// made, the run stays finished, a reopened run (after a reload) has it, and the exports say a
/// person made it. A later decision on the same candidate replaces the earlier one in the table.
#[test]
fn a_persons_decision_is_saved_into_the_finished_run_and_its_exports() {
    use careergraph::domain::Language;
    use careergraph::workflows::batch_screening::decisions::{record, Choice, PersonDecision};
    use careergraph::workflows::batch_screening::{to_csv, to_markdown};

    let script = Scripted::new();
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<BatchWorkflow>::new(batch(3), &runtime(&script, &saver)).unwrap();
    let thread = run.thread_id().to_string();
    let unfinished =
        WorkflowRun::<BatchWorkflow>::new(batch(1), &runtime(&script, &saver)).unwrap();
    let decision = |id: &str, choice, reason: &str, at: &str| PersonDecision {
        id: id.into(),
        choice,
        reason: reason.into(),
        at: at.into(),
    };
    // Not before the run has finished.
    let early = block_on(unfinished.amend(record(decision("c1", Choice::Hold, "", "t0"))));
    assert_eq!(early.err().unwrap().code, ErrorCode::InvalidInput);

    done(block_on(run.start(sink())).unwrap());
    let calls = script.total();
    block_on(run.amend(record(decision(
        "c2",
        Choice::Hold,
        "wait for references",
        "2026-12-07T10:00:00Z",
    ))))
    .unwrap();
    let state = block_on(run.amend(record(decision(
        "c2",
        Choice::Decline,
        "no PostgreSQL, \"as discussed\"",
        "2026-12-07T11:00:00Z",
    ))))
    .unwrap();
    assert_eq!(script.total(), calls, "recording a decision calls no model");
    assert_eq!(state.decisions.len(), 2, "every decision is kept, in order");

    // After a reload: the reopened run is done, and has both.
    let (_, step) = block_on(WorkflowRun::<BatchWorkflow>::reopen(
        batch(3),
        &runtime(&script, &saver),
        &thread,
    ))
    .unwrap();
    let state = done(step);
    assert_eq!(state.decisions.len(), 2);
    let table = state.decided_table();
    let c2 = table.iter().find(|r| r.id == "c2").unwrap();
    assert_eq!(c2.decision.as_ref().unwrap().choice, Choice::Decline);
    assert!(table
        .iter()
        .filter(|r| r.id != "c2")
        .all(|r| r.decision.is_none()));

    let csv = to_csv(&table);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert_eq!(
        &header[header.len() - 4..],
        ["decision", "decision_reason", "decided_at", "decided_by"]
    );
    let line = csv.lines().find(|l| l.contains(",c2,")).unwrap();
    assert!(
        line.ends_with(
            ",decline,\"no PostgreSQL, \"\"as discussed\"\"\",2026-12-07T11:00:00Z,person"
        ),
        "{line}"
    );
    let md = to_markdown(&table, Language::En);
    assert!(
        md.contains("Decision (by a person)")
            && md.contains("Decline (2026-12-07T11:00:00Z): no PostgreSQL")
    );
    assert!(md.contains("Recommendation (advice)"));
}
