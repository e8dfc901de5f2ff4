//! Issue 17: a step's tasks share one snapshot of the committed state (an append channel is
//! not copied per task, nor per step), and checkpoints store only what a step changed.

mod graph_support;

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
