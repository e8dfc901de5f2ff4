//! Checkpointing, state inspection and editing, replay, failures and retries.

use crate::graph_support;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::{
    Checkpoint, CheckpointSource, Checkpointer, CompiledGraph, GraphError, MemorySaver,
    NodeContext, NodeError, NodeOptions, RetryPolicy, RunConfig, SleepFn, StateGraph, START,
};
use futures::executor::block_on;
use graph_support::*;

fn chain(saver: Rc<MemorySaver>) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("one", log_node("one", 0));
    graph.add_node("two", log_node("two", 0));
    graph.add_edge(START, "one");
    graph.add_edge("one", "two");
    graph.compile_with_checkpointer(saver).unwrap()
}

#[test]
fn state_is_saved_after_every_superstep_per_thread() {
    let saver = Rc::new(MemorySaver::new());
    let graph = chain(saver.clone());
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let history = block_on(graph.state_history(&config)).unwrap();
    let steps: Vec<(i64, CheckpointSource, Vec<String>)> = history
        .iter()
        .map(|s| (s.step, s.source, s.values.log.to_vec()))
        .collect();
    assert_eq!(
        steps,
        vec![
            (2, CheckpointSource::Loop, strings(&["one", "two"])),
            (1, CheckpointSource::Loop, strings(&["one"])),
            (0, CheckpointSource::Input, vec![]),
        ]
    );
    assert_eq!(history[1].next, strings(&["two"]));
    assert_eq!(
        history[1].parent_id.as_deref(),
        Some(history[2].checkpoint_id.as_str())
    );
    assert!(block_on(saver.list("other", "")).unwrap().is_empty());
}

#[test]
fn get_state_returns_the_latest_snapshot_with_next_nodes() {
    let graph = chain(Rc::new(MemorySaver::new()));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let snapshot = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(snapshot.values.log, strings(&["one", "two"]));
    assert!(snapshot.next.is_empty());
    let missing = block_on(graph.get_state(&RunConfig::thread("nope"))).unwrap_err();
    assert!(matches!(missing, GraphError::CheckpointNotFound { .. }));
}

#[test]
fn checkpoint_is_plain_serde_data_with_a_format_version() {
    let saver = Rc::new(MemorySaver::new());
    let graph = chain(saver.clone());
    block_on(graph.invoke(TestUpdate::default(), &RunConfig::thread("t"))).unwrap();
    let checkpoint = block_on(saver.get("t", "", None)).unwrap().unwrap();
    let json = serde_json::to_string(&checkpoint).unwrap();
    let back: Checkpoint = serde_json::from_str(&json).unwrap();
    assert_eq!(back, checkpoint);
    assert_eq!(checkpoint.format_version, 2);
    // A delta: the last step appended "two"; the whole list is the chain's.
    assert!(checkpoint.is_delta());
    assert_eq!(checkpoint.channel_values["log"], serde_json::json!(["two"]));
    let thread = block_on(saver.list("t", "")).unwrap();
    assert_eq!(
        checkpoint.to_full(&thread).unwrap().channel_values["log"],
        serde_json::json!(["one", "two"])
    );
}

#[test]
fn update_state_as_node_applies_reducers_and_follows_its_edges() {
    let graph = chain(Rc::new(MemorySaver::new()));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    block_on(graph.update_state(
        &config,
        TestUpdate::default().log(vec!["edited".into()]),
        Some("one"),
    ))
    .unwrap();
    let snapshot = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(snapshot.source, CheckpointSource::Update);
    assert_eq!(snapshot.values.log, strings(&["one", "two", "edited"]));
    assert_eq!(snapshot.next, strings(&["two"]));
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!(state.log, strings(&["one", "two", "edited", "two"]));
}

#[test]
fn update_state_without_node_keeps_the_next_tasks() {
    let graph = chain(Rc::new(MemorySaver::new()));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(
        TestUpdate::default(),
        &config.clone().with_recursion_limit(1),
    ))
    .unwrap_err();
    block_on(graph.update_state(&config, TestUpdate::default().value("human"), None)).unwrap();
    let snapshot = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(snapshot.next, strings(&["two"]));
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!((state.value.as_str(), state.log.len()), ("human", 2));
}

#[test]
fn replay_from_a_checkpoint_forks_the_thread() {
    let graph = chain(Rc::new(MemorySaver::new()));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let history = block_on(graph.state_history(&config)).unwrap();
    let after_one = history.iter().find(|s| s.step == 1).unwrap();
    let replay = config
        .clone()
        .at_checkpoint(after_one.checkpoint_id.clone());
    let state = block_on(graph.continue_run(&replay)).unwrap().into_state();
    assert_eq!(state.log, strings(&["one", "two"]));
    let history = block_on(graph.state_history(&config)).unwrap();
    assert_eq!(history.len(), 4, "the replayed step is a new checkpoint");
    assert_eq!(
        history[0].parent_id.as_deref(),
        Some(after_one.checkpoint_id.as_str())
    );
}

/// START → (paid ∥ flaky); flaky fails while `fail` is set.
fn failing_graph(paid_runs: Rc<Cell<u32>>, fail: Rc<Cell<bool>>) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("paid", move |_s: TestState, _c: NodeContext| {
        let paid_runs = paid_runs.clone();
        async move {
            paid_runs.set(paid_runs.get() + 1);
            Ok(TestUpdate::default().log(vec!["paid".to_string()]))
        }
    });
    graph.add_node("flaky", move |_s: TestState, _c: NodeContext| {
        let fail = fail.clone();
        async move {
            if fail.get() {
                return Err(NodeError::msg("provider timed out"));
            }
            Ok(TestUpdate::default().log(vec!["flaky".to_string()]))
        }
    });
    graph.add_edge(START, "paid");
    graph.add_edge(START, "flaky");
    graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap()
}

#[test]
fn node_failure_fails_the_run_with_node_name_and_cause() {
    let graph = failing_graph(Rc::new(Cell::new(0)), Rc::new(Cell::new(true)));
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::thread("t"))).unwrap_err();
    assert_eq!(
        error,
        GraphError::NodeFailed {
            node: "flaky".into(),
            cause: "provider timed out".into()
        }
    );
    assert_eq!(error.to_string(), "node `flaky` failed: provider timed out");
}

#[test]
fn node_failure_keeps_sibling_writes_so_resuming_reruns_only_the_failed_node() {
    let paid_runs = Rc::new(Cell::new(0));
    let fail = Rc::new(Cell::new(true));
    let graph = failing_graph(paid_runs.clone(), fail.clone());
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    let snapshot = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(
        snapshot.values.log,
        strings(&["paid"]),
        "the live view shows the finished sibling's write"
    );
    assert_eq!(snapshot.completed_tasks, strings(&["1:paid"]));
    let committed = config.clone().at_checkpoint(snapshot.checkpoint_id);
    let committed = block_on(graph.get_state(&committed)).unwrap();
    assert!(
        committed.values.log.is_empty(),
        "the failed step was not committed"
    );
    fail.set(false);
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!(state.log, strings(&["flaky", "paid"]));
    assert_eq!(
        paid_runs.get(),
        1,
        "the succeeded sibling was not paid for twice"
    );
}

#[test]
fn retry_policy_retries_with_backoff_through_the_injected_sleep() {
    let attempts = Rc::new(Cell::new(0));
    let slept = Rc::new(RefCell::new(Vec::new()));
    let mut graph = StateGraph::<TestState>::new();
    let policy = RetryPolicy::attempts(3).with_backoff(Duration::from_millis(100), 2.0);
    let node_attempts = attempts.clone();
    graph.add_node_with(
        "flaky",
        NodeOptions::default().retry(policy),
        move |_s: TestState, _c: NodeContext| {
            let attempts = node_attempts.clone();
            async move {
                attempts.set(attempts.get() + 1);
                if attempts.get() < 3 {
                    return Err(NodeError::msg("try again"));
                }
                Ok(TestUpdate::default().value("ok"))
            }
        },
    );
    graph.add_edge(START, "flaky");
    let graph = graph.compile().unwrap();
    let recorded = slept.clone();
    let sleep: SleepFn = Rc::new(move |duration| {
        recorded.borrow_mut().push(duration);
        Box::pin(async {})
    });
    let config = RunConfig::default().with_sleep(sleep);
    let state = block_on(graph.invoke(TestUpdate::default(), &config))
        .unwrap()
        .into_state();
    assert_eq!(state.value, "ok");
    assert_eq!(attempts.get(), 3);
    assert_eq!(
        *slept.borrow(),
        vec![Duration::from_millis(100), Duration::from_millis(200)]
    );
}

#[test]
fn retry_policy_gives_up_after_max_attempts() {
    let attempts = Rc::new(Cell::new(0));
    let mut graph = StateGraph::<TestState>::new();
    let node_attempts = attempts.clone();
    graph.add_node_with(
        "broken",
        NodeOptions::default().retry(RetryPolicy::attempts(2)),
        move |_s: TestState, _c: NodeContext| {
            let attempts = node_attempts.clone();
            async move {
                attempts.set(attempts.get() + 1);
                Err::<TestUpdate, _>(NodeError::msg("always"))
            }
        },
    );
    graph.add_edge(START, "broken");
    let graph = graph.compile().unwrap();
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap_err();
    assert!(matches!(error, GraphError::NodeFailed { .. }));
    assert_eq!(attempts.get(), 2);
}

#[test]
fn new_input_on_a_finished_thread_builds_on_its_state() {
    let graph = chain(Rc::new(MemorySaver::new()));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let state = block_on(graph.invoke(TestUpdate::default(), &config))
        .unwrap()
        .into_state();
    assert_eq!(state.log, strings(&["one", "two", "one", "two"]));
}
