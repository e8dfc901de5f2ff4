//! A run that failed at a step reads as failed when it is re-opened, not as finished nor as cut
//! short: its step's tasks are pending and the error is the one the run failed with. Continuing
//! it raises that error again and calls no node. The workflow here is declared by the test: two
//! parallel nodes write a key without a reducer, which no registered workflow does. A run whose
//! *task* failed (a call cut off) is the other case: it re-opens cut short and goes on.

use std::cell::Cell;
use std::rc::Rc;

use careergraph::graph::{EventSink, MemorySaver, NodeContext, NodeError, StateGraph, START};
use careergraph::llm::demo::DemoModel;
use careergraph::session::{ErrorCode, Runtime, Step, WorkflowRun};
use careergraph::state;
use careergraph::workflows::{
    Bilingual, InputError, NoPause, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use futures::executor::block_on;

state! {
    pub struct Clash updates ClashUpdate {
        pub value: String,
    }
}

thread_local! {
    /// Node calls across every run of this thread (each test runs on its own thread).
    static CALLS: Cell<u32> = const { Cell::new(0) };
}

/// The declaration of a test workflow: its id and one title in both languages.
fn meta(id: &'static str, en: &'static str, zh: &'static str) -> WorkflowMeta {
    let text = Bilingual { en, zh };
    WorkflowMeta {
        id,
        title: text,
        description: text,
        interactive: false,
    }
}

/// START → (a ∥ b), both writing `value`, which has no reducer.
struct Clashing;

impl Workflow for Clashing {
    const ID: &'static str = "clashing";
    const THREAD_PREFIX: &'static str = "clash";
    type Input = ();
    type State = Clash;
    type Pause = NoPause;
    type Answer = NoPause;

    fn meta() -> WorkflowMeta {
        meta(Self::ID, "Clashing", "冲突")
    }

    fn prepare(_input: (), env: &RunEnv) -> Result<Prepared<Clash>, InputError> {
        let mut graph = StateGraph::<Clash>::new();
        for name in ["a", "b"] {
            graph.add_node(name, move |_s: Clash, _c: NodeContext| async move {
                CALLS.with(|c| c.set(c.get() + 1));
                Ok(ClashUpdate::default().value(name))
            });
            graph.add_edge(START, name);
        }
        Ok(Prepared {
            graph: graph.compile_with_checkpointer(env.checkpointer.clone())?,
            initial: ClashUpdate::default(),
            recursion_limit: 10,
        })
    }

    fn sample_input() {}

    fn with_demo(model: DemoModel) -> DemoModel {
        model
    }

    /// Its state holds no result of a model's to judge.
    fn check_result(_finished: &Clash) -> careergraph::domain::result_check::Verdict {
        careergraph::domain::result_check::Verdict::default()
    }
}

/// START → a, where `a` fails its first call (a call cut off by a reload, a network error) and
/// answers the next.
struct FailsOnce;

impl Workflow for FailsOnce {
    const ID: &'static str = "fails_once";
    const THREAD_PREFIX: &'static str = "once";
    type Input = ();
    type State = Clash;
    type Pause = NoPause;
    type Answer = NoPause;

    fn meta() -> WorkflowMeta {
        meta(Self::ID, "Fails once", "失败一次")
    }

    fn prepare(_input: (), env: &RunEnv) -> Result<Prepared<Clash>, InputError> {
        let mut graph = StateGraph::<Clash>::new();
        graph.add_node("a", |_s: Clash, _c: NodeContext| async move {
            CALLS.with(|c| c.set(c.get() + 1));
            if calls() == 1 {
                return Err(NodeError::msg("the request was cancelled"));
            }
            Ok(ClashUpdate::default().value("a"))
        });
        graph.add_edge(START, "a");
        Ok(Prepared {
            graph: graph.compile_with_checkpointer(env.checkpointer.clone())?,
            initial: ClashUpdate::default(),
            recursion_limit: 10,
        })
    }

    fn sample_input() {}

    fn with_demo(model: DemoModel) -> DemoModel {
        model
    }

    /// Its state holds no result of a model's to judge.
    fn check_result(_finished: &Clash) -> careergraph::domain::result_check::Verdict {
        careergraph::domain::result_check::Verdict::default()
    }
}

fn calls() -> u32 {
    CALLS.with(Cell::get)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

#[test]
fn a_run_failed_at_a_step_reopens_as_failed_and_continuing_calls_no_node() {
    let runtime =
        Runtime::new(Rc::new(DemoModel::new())).with_checkpointer(Rc::new(MemorySaver::new()));
    let run = WorkflowRun::<Clashing>::new((), &runtime).unwrap();
    let error = block_on(run.start(sink())).unwrap_err();
    assert_eq!(error.code, ErrorCode::RunFailed);
    assert!(error.message.contains("`value`"), "{}", error.message);
    assert_eq!(calls(), 2);

    // The page reloads: the run is rebuilt from its checkpoints.
    let (reopened, step) = block_on(WorkflowRun::<Clashing>::reopen(
        (),
        &runtime,
        run.thread_id(),
    ))
    .unwrap();
    match &step {
        Step::Failed {
            error: saved,
            next,
            state,
        } => {
            assert_eq!(saved, &error, "the error the run failed with");
            assert_eq!(next, &["a", "b"], "both tasks of the step are pending");
            assert_eq!(state.value, "", "the state before the step");
        }
        other => panic!("expected a failed step, got {other:?}"),
    }
    assert!(!step.is_done());
    let json = step.to_json(run.thread_id()).unwrap();
    assert_eq!(json["status"], "failed");
    assert_eq!(json["next"], serde_json::json!(["a", "b"]));
    assert_eq!(json["error"]["code"], "run_failed");
    assert_eq!(json["error"]["message"], error.message.as_str());

    let again = block_on(reopened.continue_run(sink())).unwrap_err();
    assert_eq!(again, error, "continuing raises the same error");
    assert_eq!(calls(), 2, "and calls no node again");
}

/// A failed *task* is not a failed run: a call cut off by leaving the page or by a reload fails
/// its node, and the re-opened run must go on (the page continues it), not read as failed.
#[test]
fn a_run_whose_task_failed_reopens_cut_short_and_continuing_runs_it_again() {
    let runtime =
        Runtime::new(Rc::new(DemoModel::new())).with_checkpointer(Rc::new(MemorySaver::new()));
    let run = WorkflowRun::<FailsOnce>::new((), &runtime).unwrap();
    assert!(block_on(run.start(sink())).is_err());
    let (reopened, step) = block_on(WorkflowRun::<FailsOnce>::reopen(
        (),
        &runtime,
        run.thread_id(),
    ))
    .unwrap();
    match &step {
        Step::CutShort { next, .. } => assert_eq!(next, &["a"]),
        other => panic!("expected a step cut short, got {other:?}"),
    }
    let done = block_on(reopened.continue_run(sink())).unwrap();
    assert!(done.is_done(), "{done:?}");
    assert_eq!(done.state().value, "a");
    assert_eq!(calls(), 2, "the failed task ran once more");
}
