//! A step's tasks share one snapshot of the committed state (an append channel is
//! not copied per task, nor per step), and checkpoints store only what a step changed.

use crate::graph_support;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use careergraph::graph::{
    Checkpointer, MemorySaver, NodeContext, RunConfig, StateGraph, StreamEvent, END, START,
};
use futures::executor::block_on;
use graph_support::{TestState, TestUpdate};
use serde_json::json;

type Seen = Rc<RefCell<Vec<(i64, usize)>>>;

/// START → fan → a, b, c in parallel → join → (fan again until `count` reaches `rounds`) → END. Each
/// parallel task records where the `log` it was handed lives.
fn rounds(
    rounds: u32,
    seen: &Seen,
    saver: Option<Rc<MemorySaver>>,
) -> careergraph::graph::CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    for name in ["a", "b", "c"] {
        let seen = seen.clone();
        graph.add_node(name, move |s: TestState, ctx: NodeContext| {
            seen.borrow_mut()
                .push((ctx.step(), s.log.as_ptr() as usize));
            async move { Ok(TestUpdate::default().log(vec![name.to_string()])) }
        });
        graph.add_edge("fan", name);
    }
    graph.add_node("fan", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    graph.add_edge(START, "fan");
    graph.add_node("join", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default().count(1u32))
    });
    graph.add_edge(["a", "b", "c"], "join");
    let router_seen = seen.clone();
    graph.add_conditional_edges(
        "join",
        move |s: &TestState| {
            // The router's view (committed state + join's own write) shares the list too.
            router_seen.borrow_mut().push((-1, s.log.as_ptr() as usize));
            if s.count < rounds {
                "again"
            } else {
                END
            }
        },
        [("again", "fan"), (END, END)],
    );
    match saver {
        Some(saver) => graph.compile_with_checkpointer(saver).unwrap(),
        None => graph.compile().unwrap(),
    }
}

#[test]
fn the_tasks_of_a_step_share_one_snapshot_and_steps_append_in_place() {
    let seen: Seen = Rc::default();
    let graph = rounds(60, &seen, None);
    let input = TestUpdate::default().log(vec!["start".to_string()]);
    let done =
        block_on(graph.invoke(input, &RunConfig::thread("t").with_recursion_limit(1000))).unwrap();
    assert_eq!(done.state().log.len(), 1 + 60 * 3);
    let seen = seen.borrow();
    let task_buffers: BTreeSet<usize> = seen
        .iter()
        .filter(|(s, _)| *s >= 0)
        .map(|(_, p)| *p)
        .collect();
    for (_, router_buffer) in seen.iter().filter(|(s, _)| *s < 0) {
        assert!(
            task_buffers.contains(router_buffer),
            "the router's view copied the list"
        );
    }
    let steps: BTreeSet<i64> = seen
        .iter()
        .map(|(step, _)| *step)
        .filter(|s| *s >= 0)
        .collect();
    for step in &steps {
        let buffers: BTreeSet<usize> = seen
            .iter()
            .filter(|(s, _)| s == step)
            .map(|(_, p)| *p)
            .collect();
        assert_eq!(buffers.len(), 1, "step {step}: each task got its own copy");
    }
    // Appending in place moves the list only when its buffer grows (doubling): a copy per step
    // would give one buffer per step.
    let buffers: BTreeSet<usize> = seen.iter().map(|(_, p)| *p).collect();
    assert!(
        buffers.len() <= 12,
        "{} buffers over {} steps: the list was copied",
        buffers.len(),
        steps.len()
    );
}

fn saver_rounds(
    rounds_count: u32,
) -> (
    Rc<MemorySaver>,
    careergraph::graph::CompiledGraph<TestState>,
) {
    let saver = Rc::new(MemorySaver::new());
    let graph = rounds(rounds_count, &Seen::default(), Some(saver.clone()));
    (saver, graph)
}

fn config(thread: &str) -> RunConfig {
    RunConfig::thread(thread).with_recursion_limit(1000)
}

fn stored_bytes(saver: &MemorySaver, thread: &str) -> usize {
    block_on(saver.list(thread, ""))
        .unwrap()
        .iter()
        .map(|c| serde_json::to_string(c).unwrap().len())
        .sum()
}

#[test]
fn a_checkpoint_after_a_step_stores_only_the_channels_that_step_changed() {
    let (saver, graph) = saver_rounds(2);
    block_on(graph.invoke(TestUpdate::default().value("v"), &config("t"))).unwrap();
    let thread = block_on(saver.list("t", "")).unwrap();
    let by_step = |step: i64| thread.iter().find(|c| c.step == step).unwrap();
    // The input checkpoint is a thread's first: whole.
    let first = by_step(0);
    assert!(!first.is_delta());
    assert_eq!(first.channel_values["value"], json!("v"));
    // Step 1 (fan) changed nothing; step 2 (a, b, c) only appended to `log`; step 3 (join)
    // only added to `count`.
    assert!(by_step(1).is_delta());
    assert_eq!(by_step(1).channel_values, json!({}));
    assert_eq!(by_step(2).channel_values, json!({"log": ["a", "b", "c"]}));
    assert_eq!(
        by_step(2).delta.as_ref().unwrap().appended,
        vec!["log".to_string()]
    );
    assert_eq!(by_step(3).channel_values, json!({"count": 1}));
    assert!(by_step(3).delta.as_ref().unwrap().appended.is_empty());
}

#[test]
fn delta_checkpoints_read_back_the_states_of_a_long_run_with_history_and_time_travel() {
    let (_saver, graph) = saver_rounds(40);
    let (events, log) = graph_support::recorder();
    let run = config("t").with_events(events);
    let done = block_on(graph.invoke(TestUpdate::default().value("v"), &run)).unwrap();
    // The state after every step, as the run had it in memory.
    let mut expected = std::collections::BTreeMap::new();
    for event in log.borrow().iter() {
        if let StreamEvent::StepDone { step, state, .. } = event {
            expected.insert(*step, state.clone());
        }
    }
    assert_eq!(expected.len(), 40 * 3);
    let history = block_on(graph.state_history(&config("t"))).unwrap();
    assert_eq!(history.len(), expected.len() + 1);
    for snapshot in &history {
        let Some(want) = expected.get(&snapshot.step) else {
            continue; // the input checkpoint
        };
        assert_eq!(
            &serde_json::to_value(&snapshot.values).unwrap(),
            want,
            "history, step {}",
            snapshot.step
        );
        // Time travel: the same checkpoint read alone.
        let at =
            block_on(graph.get_state(&config("t").at_checkpoint(&snapshot.checkpoint_id))).unwrap();
        assert_eq!(
            &serde_json::to_value(&at.values).unwrap(),
            want,
            "get_state, step {}",
            snapshot.step
        );
    }
    let latest = block_on(graph.get_state(&config("t"))).unwrap();
    assert_eq!(
        serde_json::to_value(&latest.values).unwrap(),
        serde_json::to_value(done.state()).unwrap()
    );
    // Replaying from the middle (a fork) ends in the same state, its checkpoints deltas of the
    // old ones.
    let middle = &history[history.len() / 2];
    let replay =
        block_on(graph.continue_run(&config("t").at_checkpoint(&middle.checkpoint_id))).unwrap();
    assert_eq!(
        serde_json::to_value(replay.state()).unwrap(),
        serde_json::to_value(done.state()).unwrap()
    );
    let forked = block_on(graph.get_state(&config("t"))).unwrap();
    assert_eq!(forked.values.log.len(), done.state().log.len());
    // update_state on an old checkpoint writes a whole one, and reads back.
    let id = block_on(graph.update_state(
        &config("t").at_checkpoint(&middle.checkpoint_id),
        TestUpdate::default().log(vec!["extra".to_string()]),
        None,
    ))
    .unwrap();
    let updated = block_on(graph.get_state(&config("t").at_checkpoint(&id))).unwrap();
    assert_eq!(updated.values.log.len(), middle.values.log.len() + 1);
}

#[test]
fn a_threads_stored_size_grows_linearly_with_its_steps() {
    let (saver, graph) = saver_rounds(100);
    block_on(graph.invoke(TestUpdate::default(), &config("long"))).unwrap();
    let (short_saver, short_graph) = saver_rounds(10);
    block_on(short_graph.invoke(TestUpdate::default(), &config("short"))).unwrap();
    let (long, short) = (
        stored_bytes(&saver, "long"),
        stored_bytes(&short_saver, "short"),
    );
    let ratio = long as f64 / short as f64;
    // 10 × the steps: about 10 × the bytes (whole states every step would be about 60 ×).
    assert!(
        ratio < 12.0,
        "{long} bytes for 100 rounds, {short} for 10: × {ratio:.1}"
    );
}

#[test]
fn a_checkpoint_saved_by_the_previous_version_still_reads_and_continues() {
    let saver = Rc::new(MemorySaver::new());
    // Format 1: the whole state, no `delta`, exactly as the previous version wrote it.
    let old = json!({
        "format_version": 1,
        "id": "000000000003",
        "parent_id": "000000000002",
        "thread_id": "t",
        "ns": "",
        "step": 1,
        "source": "loop",
        "channel_values": {"log": ["start", "a", "b", "c"], "value": "v", "count": 0, "topic": ""},
        "pending_tasks": {"branch_to": ["join"], "barriers": {}, "sends": []},
        "pending_writes": [],
        "pending_interrupts": [],
        "resume_values": {}
    });
    let old = careergraph::graph::Checkpoint::from_json(&old.to_string()).unwrap();
    assert!(!old.is_delta());
    block_on(saver.put(old)).unwrap();
    let graph = rounds(2, &Seen::default(), Some(saver.clone()));
    let before = block_on(graph.get_state(&config("t"))).unwrap();
    assert_eq!(before.values.log, vec!["start", "a", "b", "c"]);
    let done = block_on(graph.continue_run(&config("t"))).unwrap();
    assert_eq!(
        done.state().log,
        vec!["start", "a", "b", "c", "a", "b", "c"]
    );
    assert_eq!(done.state().count, 2);
    // The new checkpoints are deltas on top of the old one, and the history reads through it.
    let history = block_on(graph.state_history(&config("t"))).unwrap();
    assert_eq!(history.last().unwrap().values.log.len(), 4);
    assert_eq!(history[0].values.log.len(), 7);
    assert!(block_on(saver.get("t", "", None))
        .unwrap()
        .unwrap()
        .is_delta());
}
