//! Per-task writes (LangGraph's `put_writes`): each task's result is saved the moment it ends,
//! so a run dropped mid-step (a page reload) never pays for a finished node again.

use crate::graph_support;

use std::cell::Cell;
use std::future::Future;
use std::pin::pin;
use std::rc::Rc;
use std::task::{Context, Waker};

use careergraph::graph::{
    Checkpoint, CheckpointSource, Checkpointer, CompiledGraph, GraphError, MemorySaver,
    NodeContext, NodeError, PendingWrite, Resume, RunConfig, RunOutcome, StateGraph, TaskFailure,
    TaskWrite, START,
};
use careergraph::state;
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use graph_support::*;
use serde_json::{json, Value};

/// How many times a node was called, and whether it should hang (a model call that never
/// answers before the page reloads).
#[derive(Clone, Default)]
struct Calls {
    count: Rc<Cell<u32>>,
    hang: Rc<Cell<bool>>,
}

impl Calls {
    fn hanging() -> Self {
        let calls = Calls::default();
        calls.hang.set(true);
        calls
    }

    fn get(&self) -> u32 {
        self.count.get()
    }
}

/// A node that counts its calls, hangs while told to, then appends its name to `log`.
fn counted(
    name: &'static str,
    calls: &Calls,
) -> impl Fn(TestState, NodeContext) -> LocalBoxFuture<'static, Result<TestUpdate, NodeError>> {
    let calls = calls.clone();
    move |_state, _ctx| {
        let calls = calls.clone();
        Box::pin(async move {
            calls.count.set(calls.count.get() + 1);
            yield_now(1).await;
            if calls.hang.get() {
                futures::future::pending::<()>().await;
            }
            Ok(TestUpdate::default().log(vec![name.to_string()]))
        })
    }
}

/// START → (a ∥ b) → after. Built afresh for each "page load", on the same saver.
fn parallel(saver: Rc<dyn Checkpointer>, a: &Calls, b: &Calls) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", counted("a", a));
    graph.add_node("b", counted("b", b));
    graph.add_node("after", log_node("after", 0));
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    graph.add_edge("a", "after");
    graph.add_edge("b", "after");
    graph.compile_with_checkpointer(saver).unwrap()
}

/// Polls `run` until `reached()` holds, then drops it: what a page reload does to a run in
/// flight. Panics if the run ends first or never gets there.
fn reload_when<F: Future>(run: F, mut reached: impl FnMut() -> bool) {
    let mut run = pin!(run);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1_000 {
        if reached() {
            return;
        }
        if run.as_mut().poll(&mut cx).is_ready() {
            panic!("the run ended before the reload");
        }
    }
    panic!("the run never reached the reload point");
}

/// Whether the latest checkpoint of `(thread, ns)` holds a saved write of `task_id`.
fn saved_write(saver: &dyn Checkpointer, thread: &str, ns: &str, task_id: &str) -> bool {
    block_on(saver.get(thread, ns, None))
        .unwrap()
        .is_some_and(|c| c.pending_writes.iter().any(|w| w.task_id == task_id))
}

/// A saver with only `get`, `put` and `list`: uses the trait's default `put_writes`.
#[derive(Default)]
struct PlainSaver(MemorySaver);

impl Checkpointer for PlainSaver {
    fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>> {
        self.0.put(checkpoint)
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
        self.0.get(thread_id, ns, id)
    }

    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        self.0.list(thread_id, ns)
    }
}

fn reload_mid_step_then_continue(saver: Rc<dyn Checkpointer>) {
    let (a, b) = (Calls::default(), Calls::hanging());
    let config = RunConfig::thread("t");
    let first_load = parallel(saver.clone(), &a, &b);
    reload_when(first_load.invoke(TestUpdate::default(), &config), || {
        saved_write(&*saver, "t", "", "1:a")
    });
    assert_eq!((a.get(), b.get()), (1, 1), "both started, only a finished");

    b.hang.set(false);
    let second_load = parallel(saver.clone(), &a, &b);
    let state = block_on(second_load.continue_run(&config))
        .unwrap()
        .into_state();
    assert_eq!(a.get(), 1, "a was not paid for twice");
    assert_eq!(b.get(), 2, "b, unfinished, ran again");

    let uninterrupted = parallel(
        Rc::new(MemorySaver::new()),
        &Calls::default(),
        &Calls::default(),
    );
    let expected = block_on(uninterrupted.invoke(TestUpdate::default(), &config))
        .unwrap()
        .into_state();
    assert_eq!(state.log, expected.log);
    assert_eq!(state.log, strings(&["a", "b", "after"]));
}

#[test]
fn a_reload_mid_step_keeps_finished_tasks_and_continuing_runs_only_the_rest() {
    reload_mid_step_then_continue(Rc::new(MemorySaver::new()));
}

#[test]
fn the_default_put_writes_of_a_plain_saver_keeps_finished_tasks_too() {
    reload_mid_step_then_continue(Rc::new(PlainSaver::default()));
}

#[test]
fn live_get_state_after_a_reload_shows_finished_writes_and_only_unfinished_next() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (a, b) = (Calls::default(), Calls::hanging());
    let config = RunConfig::thread("t");
    let graph = parallel(saver.clone(), &a, &b);
    reload_when(graph.invoke(TestUpdate::default(), &config), || {
        saved_write(&*saver, "t", "", "1:a")
    });

    let graph = parallel(saver.clone(), &a, &b);
    let live = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(live.values.log, strings(&["a"]));
    assert_eq!(live.next, strings(&["b"]));
    assert!(!live.is_done());
    let tasks: Vec<(&str, &str, Option<Value>)> = live
        .tasks
        .iter()
        .map(|t| (t.id.as_str(), t.node.as_str(), t.result.clone()))
        .collect();
    assert_eq!(tasks.len(), 2);
    assert_eq!(tasks[0].0, "1:a");
    assert_eq!(tasks[0].2.as_ref().unwrap()["log"], json!(["a"]));
    assert_eq!((tasks[1].1, &tasks[1].2), ("b", &None));

    let historical = config.clone().at_checkpoint(live.checkpoint_id.clone());
    let historical = block_on(graph.get_state(&historical)).unwrap();
    assert!(historical.values.log.is_empty(), "as committed");
    assert_eq!(historical.next, strings(&["a", "b"]));
    assert_eq!(historical.tasks, live.tasks, "tasks still show what ended");
}

#[test]
fn live_get_state_shows_a_failed_tasks_error_beside_its_siblings_result() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b", |_s: TestState, _c: NodeContext| async {
        Err::<TestUpdate, _>(NodeError::msg("provider timed out"))
    });
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    let live = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(live.values.log, strings(&["a"]));
    assert_eq!(live.next, strings(&["b"]));
    assert_eq!(live.tasks[0].error, None);
    assert!(live.tasks[0].is_finished());
    assert_eq!(
        live.tasks[1].error.as_deref(),
        Some("node `b` failed: provider timed out")
    );
    assert!(!live.tasks[1].is_finished());
}

state! {
    /// The subgraph's state: its parallel nodes append to `items`.
    pub struct Child updates ChildUpdate {
        pub items: Vec<String> => append,
    }
}

fn child_node(
    name: &'static str,
    calls: &Calls,
) -> impl Fn(Child, NodeContext) -> LocalBoxFuture<'static, Result<ChildUpdate, NodeError>> {
    let calls = calls.clone();
    move |_state, _ctx| {
        let calls = calls.clone();
        Box::pin(async move {
            calls.count.set(calls.count.get() + 1);
            yield_now(1).await;
            if calls.hang.get() {
                futures::future::pending::<()>().await;
            }
            Ok(ChildUpdate::default().items(vec![name.to_string()]))
        })
    }
}

/// START → collect (a subgraph with parallel a ∥ b) → after.
fn with_subgraph(saver: Rc<dyn Checkpointer>, a: &Calls, b: &Calls) -> CompiledGraph<TestState> {
    let mut child = StateGraph::<Child>::new();
    child.add_node("a", child_node("a", a));
    child.add_node("b", child_node("b", b));
    child.add_edge(START, "a");
    child.add_edge(START, "b");
    let mut parent = StateGraph::<TestState>::new();
    parent.add_subgraph(
        "collect",
        child.compile().unwrap(),
        |_p: &TestState| ChildUpdate::default(),
        |_p: &TestState, c: &Child| TestUpdate::default().log(c.items.clone()),
    );
    parent.add_node("after", log_node("after", 0));
    parent.add_edge(START, "collect");
    parent.add_edge("collect", "after");
    parent.compile_with_checkpointer(saver).unwrap()
}

#[test]
fn a_reload_inside_a_subgraph_keeps_the_childs_finished_tasks() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (a, b) = (Calls::default(), Calls::hanging());
    let config = RunConfig::thread("t");
    let graph = with_subgraph(saver.clone(), &a, &b);
    reload_when(graph.invoke(TestUpdate::default(), &config), || {
        saved_write(&*saver, "t", "1:collect/", "1:a")
    });
    assert_eq!((a.get(), b.get()), (1, 1));

    b.hang.set(false);
    let graph = with_subgraph(saver.clone(), &a, &b);
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!(
        (a.get(), b.get()),
        (1, 2),
        "the child's a was not paid twice"
    );
    assert_eq!(state.log, strings(&["a", "b", "after"]));
}

/// START → (a ∥ b), both writing the plain key `value`: their writes cannot be merged.
fn clashing(saver: Rc<dyn Checkpointer>, a: &Calls, b: &Calls) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    for (name, calls) in [("a", a.clone()), ("b", b.clone())] {
        graph.add_node(name, move |_s: TestState, _c: NodeContext| {
            let calls = calls.clone();
            async move {
                calls.count.set(calls.count.get() + 1);
                Ok(TestUpdate::default().value(name))
            }
        });
        graph.add_edge(START, name);
    }
    graph.compile_with_checkpointer(saver).unwrap()
}

#[test]
fn a_failed_merge_keeps_both_writes_and_continuing_calls_no_node_again() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (a, b) = (Calls::default(), Calls::default());
    let graph = clashing(saver.clone(), &a, &b);
    let config = RunConfig::thread("t");
    let error = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    assert!(
        matches!(&error, GraphError::InvalidUpdate { key, .. } if key == "value"),
        "{error}"
    );
    let again = block_on(graph.continue_run(&config)).unwrap_err();
    assert_eq!(again, error, "the same clear error");
    assert_eq!((a.get(), b.get()), (1, 1), "neither node was paid twice");
}

/// The thread reads as failed at the step that could not commit, not as finished: both tasks
/// pending (`next`), the merge error on the snapshot and on each task, the committed values;
/// continuing raises that error again without calling a node, and the thread reads the same.
#[test]
fn a_failed_merge_reads_as_failed_at_its_step_with_its_tasks_pending() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (a, b) = (Calls::default(), Calls::default());
    let graph = clashing(saver.clone(), &a, &b);
    let config = RunConfig::thread("t");
    let error = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();

    let check = |live: &careergraph::graph::StateSnapshot<TestState>| {
        assert_eq!(
            live.next,
            strings(&["a", "b"]),
            "the step's tasks are pending"
        );
        assert_eq!(live.error.as_ref(), Some(&error), "the step's error");
        assert!(live.is_failed() && !live.is_done());
        assert_eq!(live.step, 0, "failed at the step after the input");
        assert_eq!(
            live.values.value, "",
            "committed values: the writes cannot merge"
        );
        assert_eq!(live.tasks.len(), 2);
        for task in &live.tasks {
            assert!(task.is_finished(), "each task's result is kept");
            let message = task.error.as_deref().unwrap();
            assert!(message.contains("cannot be merged"), "{message}");
            assert!(message.contains("`value`"), "{message}");
        }
    };
    let live = block_on(graph.get_state(&config)).unwrap();
    check(&live);

    for _ in 0..2 {
        let again = block_on(graph.continue_run(&config)).unwrap_err();
        assert_eq!(again, error, "continuing raises the same error");
        check(&block_on(graph.get_state(&config)).unwrap());
    }
    assert_eq!((a.get(), b.get()), (1, 1), "no node was called again");

    // The checkpoint itself, as committed: the step's tasks, not yet merged.
    let at = RunConfig::thread("t").at_checkpoint(live.checkpoint_id.clone());
    let committed = block_on(graph.get_state(&at)).unwrap();
    assert_eq!(committed.next, strings(&["a", "b"]));
}

/// A node that failed leaves the thread failed at its step too: the failed task is pending with
/// its error (continuing runs it again, so the snapshot names no step error); the finished
/// sibling is not pending.
#[test]
fn a_failed_node_reads_as_failed_at_its_step() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b", |_s: TestState, _c: NodeContext| async move {
        Err::<TestUpdate, _>(NodeError::msg("model down"))
    });
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    let graph = graph.compile_with_checkpointer(saver).unwrap();
    let config = RunConfig::thread("t");
    let error = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    let live = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(live.next, strings(&["b"]), "a finished: only b runs again");
    assert!(live.is_failed() && !live.is_done());
    assert_eq!(live.error, None, "nothing that continuing cannot fix");
    let failed = live.tasks.iter().find(|t| t.node == "b").unwrap();
    assert_eq!(failed.error.as_deref(), Some(error.to_string().as_str()));
}

fn join(a: String, b: String) -> String {
    if a.is_empty() {
        b
    } else {
        format!("{a}+{b}")
    }
}

state! {
    /// `TestState` with a reducer on `value`: the fix the merge error suggests.
    pub struct Fixed updates FixedUpdate {
        pub log: Vec<String> => append,
        pub value: String => reduce(join),
        pub count: u32,
        pub topic: String,
    }
}

#[test]
fn after_a_failed_merge_a_graph_with_a_reducer_merges_the_saved_writes_without_calling_nodes() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (a, b) = (Calls::default(), Calls::default());
    let config = RunConfig::thread("t");
    block_on(clashing(saver.clone(), &a, &b).invoke(TestUpdate::default(), &config)).unwrap_err();

    let mut fixed = StateGraph::<Fixed>::new();
    for name in ["a", "b"] {
        fixed.add_node(name, |_s: Fixed, _c: NodeContext| async {
            Err::<FixedUpdate, _>(NodeError::msg("must not run again"))
        });
        fixed.add_edge(START, name);
    }
    let fixed = fixed.compile_with_checkpointer(saver).unwrap();
    let state = block_on(fixed.continue_run(&config)).unwrap().into_state();
    assert_eq!(state.value, "a+b");
    assert_eq!((a.get(), b.get()), (1, 1));
}

#[test]
fn an_interrupted_outcome_shows_the_writes_of_the_tasks_that_finished() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b", |_s: TestState, ctx: NodeContext| async move {
        let answer = ctx.interrupt(json!("b?"))?;
        Ok(TestUpdate::default().log(vec![format!("b={}", answer.as_str().unwrap())]))
    });
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t");
    let outcome = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let RunOutcome::Interrupted { tasks, state, .. } = &outcome else {
        panic!("expected a pause, got {outcome:?}");
    };
    assert!(state.log.is_empty(), "state is the committed one");
    let finished: Vec<(&str, &Value)> = tasks
        .iter()
        .filter_map(|t| t.result.as_ref().map(|r| (t.node.as_str(), r)))
        .collect();
    assert_eq!(finished.len(), 1);
    assert_eq!((finished[0].0, &finished[0].1["log"]), ("a", &json!(["a"])));
    assert_eq!(outcome.tasks()[1].interrupts, outcome.interrupts());

    let live = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(live.values.log, strings(&["a"]));
    assert_eq!(live.interrupts.len(), 1);
    let done = block_on(graph.resume(&config, Resume::value("yes"))).unwrap();
    assert_eq!(done.state().log, strings(&["a", "b=yes"]));
}

#[test]
fn an_answer_survives_a_reload_before_the_answered_node_finishes() {
    let saver: Rc<dyn Checkpointer> = Rc::new(MemorySaver::new());
    let (paid, asked) = (Calls::default(), Calls::default());
    let build = |paid: &Calls, asked: &Calls| {
        let mut graph = StateGraph::<TestState>::new();
        graph.add_node("paid", counted("paid", paid));
        let asked = asked.clone();
        graph.add_node("ask", move |_s: TestState, ctx: NodeContext| {
            let asked = asked.clone();
            async move {
                asked.count.set(asked.count.get() + 1);
                let answer = ctx.interrupt(json!("ok?"))?;
                if asked.hang.get() {
                    futures::future::pending::<()>().await;
                }
                Ok(TestUpdate::default().value(answer.as_str().unwrap()))
            }
        });
        graph.add_edge(START, "paid");
        graph.add_edge(START, "ask");
        graph.compile_with_checkpointer(saver.clone()).unwrap()
    };
    let config = RunConfig::thread("t");
    block_on(build(&paid, &asked).invoke(TestUpdate::default(), &config)).unwrap();
    asked.hang.set(true);
    let graph = build(&paid, &asked);
    reload_when(graph.resume(&config, Resume::value("yes")), || {
        asked.get() == 2
    });

    asked.hang.set(false);
    let graph = build(&paid, &asked);
    let live = block_on(graph.get_state(&config)).unwrap();
    assert!(live.interrupts.is_empty(), "the answer was saved");
    assert_eq!(live.next, strings(&["ask"]));
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!(state.value, "yes", "ran again with the saved answer");
    assert_eq!((paid.get(), asked.get()), (1, 3));
}

fn bare_checkpoint() -> Checkpoint {
    Checkpoint {
        format_version: 1,
        id: "000000000001".into(),
        parent_id: None,
        thread_id: "t".into(),
        ns: String::new(),
        step: 0,
        source: CheckpointSource::Input,
        channel_values: json!({}),
        delta: None,
        pending_tasks: Default::default(),
        pending_writes: Vec::new(),
        pending_interrupts: Vec::new(),
        pending_errors: Vec::new(),
        resume_values: Default::default(),
    }
}

fn done(task_id: &str, update: Value) -> TaskWrite {
    TaskWrite::Done(PendingWrite {
        task_id: task_id.into(),
        node: task_id.rsplit(':').next().unwrap().into(),
        update,
        goto: Vec::new(),
        sends: Vec::new(),
    })
}

#[test]
fn memory_saver_put_writes_records_replaces_and_needs_the_checkpoint() {
    let saver = MemorySaver::new();
    block_on(saver.put(bare_checkpoint())).unwrap();
    let id = "000000000001";
    block_on(saver.put_writes("t", "", id, done("1:a", json!({"log": ["a"]})))).unwrap();
    let failure = TaskFailure {
        task_id: "1:b".into(),
        node: "b".into(),
        error: "timed out".into(),
    };
    block_on(saver.put_writes("t", "", id, TaskWrite::Failed(failure.clone()))).unwrap();
    let saved = block_on(saver.get("t", "", Some(id))).unwrap().unwrap();
    assert_eq!(saved.pending_writes.len(), 1);
    assert_eq!(saved.pending_errors, vec![failure]);

    block_on(saver.put_writes("t", "", id, done("1:b", json!({"log": ["b"]})))).unwrap();
    let saved = block_on(saver.get("t", "", Some(id))).unwrap().unwrap();
    let written: Vec<&str> = saved
        .pending_writes
        .iter()
        .map(|w| w.task_id.as_str())
        .collect();
    assert_eq!(written, vec!["1:a", "1:b"]);
    assert!(
        saved.pending_errors.is_empty(),
        "the success replaced the error"
    );

    let missing = block_on(saver.put_writes("t", "", "000000000009", done("1:a", json!(null))));
    assert!(matches!(
        missing,
        Err(GraphError::CheckpointNotFound { .. })
    ));
}

#[test]
fn an_old_checkpoint_without_the_new_fields_still_loads() {
    let old = json!({
        "format_version": 1,
        "id": "000000000002",
        "parent_id": "000000000001",
        "thread_id": "t",
        "ns": "",
        "step": 1,
        "source": "loop",
        "channel_values": {"log": ["one"], "value": "", "count": 0, "topic": ""},
        "pending_tasks": {"branch_to": ["two"], "barriers": {}, "sends": []},
        "pending_writes": [],
        "pending_interrupts": [],
        "resume_values": {}
    });
    let checkpoint = Checkpoint::from_json(&old.to_string()).unwrap();
    assert!(checkpoint.pending_errors.is_empty());
    assert_eq!(
        serde_json::from_value::<Checkpoint>(old).unwrap(),
        checkpoint
    );
}

#[test]
fn a_checkpoint_from_a_newer_app_or_damaged_is_an_unreadable_checkpoint_error() {
    let mut newer = serde_json::to_value(bare_checkpoint()).unwrap();
    newer["format_version"] = json!(99);
    let error = Checkpoint::from_json(&newer.to_string()).unwrap_err();
    assert!(
        matches!(
            error,
            GraphError::UnreadableCheckpoint {
                format_version: Some(99),
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("newer version"), "{error}");

    for damaged in ["{\"id\": 3}", "not json", "{\"format_version\": 1}"] {
        let error = Checkpoint::from_json(damaged).unwrap_err();
        assert!(
            matches!(error, GraphError::UnreadableCheckpoint { .. }),
            "{damaged}: {error}"
        );
    }
}

#[test]
fn a_stored_checkpoint_from_a_newer_app_fails_the_run_with_that_error_not_a_panic() {
    let saver = Rc::new(MemorySaver::new());
    let mut checkpoint = bare_checkpoint();
    checkpoint.format_version = careergraph::graph::checkpoint::CHECKPOINT_FORMAT_VERSION + 1;
    block_on(saver.put(checkpoint)).unwrap();
    let graph = parallel(saver, &Calls::default(), &Calls::default());
    let error = block_on(graph.continue_run(&RunConfig::thread("t"))).unwrap_err();
    assert!(
        matches!(error, GraphError::UnreadableCheckpoint { .. }),
        "{error}"
    );
}
