//! A compiled graph used as a node of another graph.

use crate::graph_support;

use std::cell::Cell;
use std::rc::Rc;

use careergraph::graph::{
    CompiledGraph, MemorySaver, NodeContext, Resume, RunConfig, RunOutcome, StateGraph, START,
};
use careergraph::state;
use futures::executor::block_on;
use graph_support::*;
use serde_json::json;

state! {
    pub struct Child updates ChildUpdate {
        pub items: Vec<String> => append,
        pub answer: String,
    }
}

/// prep → ask (interrupts) → finish; counts runs of `prep`.
fn child_graph(prep_runs: Rc<Cell<u32>>, interrupting: bool) -> CompiledGraph<Child> {
    let mut child = StateGraph::<Child>::new();
    child.add_node("prep", move |_s: Child, _c: NodeContext| {
        let prep_runs = prep_runs.clone();
        async move {
            prep_runs.set(prep_runs.get() + 1);
            Ok(ChildUpdate::default().items(vec!["prepared".to_string()]))
        }
    });
    child.add_node("ask", move |_s: Child, ctx: NodeContext| async move {
        let answer = if interrupting {
            ctx.interrupt(json!({ "approve": "draft" }))?
        } else {
            json!("auto")
        };
        Ok(ChildUpdate::default().answer(answer.as_str().unwrap_or_default()))
    });
    child.add_node("finish", |s: Child, _c: NodeContext| async move {
        Ok(ChildUpdate::default().items(vec![format!("finished with {}", s.answer)]))
    });
    child.add_edge(START, "prep");
    child.add_edge("prep", "ask");
    child.add_edge("ask", "finish");
    child.compile().unwrap()
}

/// START → before → review (the child) → after.
fn parent_graph(child: CompiledGraph<Child>, with_saver: bool) -> CompiledGraph<TestState> {
    let mut parent = StateGraph::<TestState>::new();
    parent.add_node("before", log_node("before", 0));
    parent.add_subgraph(
        "review",
        child,
        // The child starts from the parent's log...
        |p: &TestState| ChildUpdate::default().items(p.log.clone()),
        // ...so only the items it added go back, or the parent's log would be re-appended.
        |p: &TestState, c: &Child| {
            TestUpdate::default()
                .log(c.items[p.log.len()..].to_vec())
                .value(c.answer.clone())
        },
    );
    parent.add_node("after", log_node("after", 0));
    parent.add_edge(START, "before");
    parent.add_edge("before", "review");
    parent.add_edge("review", "after");
    if with_saver {
        parent
            .compile_with_checkpointer(Rc::new(MemorySaver::new()))
            .unwrap()
    } else {
        parent.compile().unwrap()
    }
}

#[test]
fn subgraph_maps_state_in_and_out_without_reappending_parent_lists() {
    let graph = parent_graph(child_graph(Rc::new(Cell::new(0)), false), false);
    let state = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(
        state.log,
        strings(&["before", "prepared", "finished with auto", "after"])
    );
    assert_eq!(state.value, "auto");
}

#[test]
fn interrupt_inside_a_subgraph_surfaces_at_the_parent_with_the_childs_payload() {
    let graph = parent_graph(child_graph(Rc::new(Cell::new(0)), true), true);
    let outcome = block_on(graph.invoke(TestUpdate::default(), &RunConfig::thread("t"))).unwrap();
    let RunOutcome::Interrupted { interrupts, .. } = outcome else {
        panic!("expected an interrupt");
    };
    assert_eq!(interrupts.len(), 1);
    assert_eq!(interrupts[0].payload, json!({ "approve": "draft" }));
    assert_eq!(interrupts[0].node, "ask");
    assert_eq!(interrupts[0].path, strings(&["review"]));
}

#[test]
fn resume_continues_inside_the_subgraph_without_rerunning_completed_child_nodes() {
    let prep_runs = Rc::new(Cell::new(0));
    let graph = parent_graph(child_graph(prep_runs.clone(), true), true);
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let done = block_on(graph.resume(&config, Resume::value("approved"))).unwrap();
    assert!(done.is_done());
    assert_eq!(
        done.state().log,
        strings(&["before", "prepared", "finished with approved", "after"])
    );
    assert_eq!(prep_runs.get(), 1, "prep ran once");
}

#[test]
fn subgraph_interrupt_can_be_answered_by_its_id() {
    let graph = parent_graph(child_graph(Rc::new(Cell::new(0)), true), true);
    let config = RunConfig::thread("t");
    let outcome = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let id = outcome.interrupts()[0].id.clone();
    let done = block_on(graph.resume(&config, Resume::by_id([(id, json!("by id"))]))).unwrap();
    assert_eq!(done.state().value, "by id");
}

#[test]
fn subgraph_failure_resumes_inside_the_child() {
    let prep_runs = Rc::new(Cell::new(0));
    let fail = Rc::new(Cell::new(true));
    let mut child = StateGraph::<Child>::new();
    let runs = prep_runs.clone();
    child.add_node("prep", move |_s: Child, _c: NodeContext| {
        let runs = runs.clone();
        async move {
            runs.set(runs.get() + 1);
            Ok(ChildUpdate::default().items(vec!["prepared".to_string()]))
        }
    });
    let failing = fail.clone();
    child.add_node("call", move |_s: Child, _c: NodeContext| {
        let failing = failing.clone();
        async move {
            if failing.get() {
                return Err(careergraph::graph::NodeError::msg("quota"));
            }
            Ok(ChildUpdate::default().answer("called"))
        }
    });
    child.add_edge(START, "prep");
    child.add_edge("prep", "call");
    let mut parent = StateGraph::<TestState>::new();
    parent.add_subgraph(
        "sub",
        child.compile().unwrap(),
        |_p: &TestState| ChildUpdate::default(),
        |_p: &TestState, c: &Child| TestUpdate::default().value(c.answer.clone()),
    );
    parent.add_edge(START, "sub");
    let graph = parent
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t");
    let error = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("`sub`") && message.contains("`call`") && message.contains("quota"),
        "{message}"
    );
    fail.set(false);
    let state = block_on(graph.continue_run(&config)).unwrap().into_state();
    assert_eq!(state.value, "called");
    assert_eq!(prep_runs.get(), 1);
}

#[test]
fn subgraph_entered_again_in_a_loop_starts_afresh() {
    let prep_runs = Rc::new(Cell::new(0));
    let mut parent = StateGraph::<TestState>::new();
    parent.add_subgraph(
        "sub",
        child_graph(prep_runs.clone(), false),
        |_p: &TestState| ChildUpdate::default(),
        |_p: &TestState, c: &Child| TestUpdate::default().log(c.items.clone()).count(1u32),
    );
    parent.add_edge(START, "sub");
    parent.add_conditional_edges(
        "sub",
        |s: &TestState| {
            if s.count < 2 {
                "sub"
            } else {
                careergraph::graph::END
            }
        },
        ["sub", careergraph::graph::END],
    );
    let graph = parent
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let state = block_on(graph.invoke(TestUpdate::default(), &RunConfig::thread("t")))
        .unwrap()
        .into_state();
    assert_eq!(prep_runs.get(), 2);
    assert_eq!(
        state.log,
        strings(&[
            "prepared",
            "finished with auto",
            "prepared",
            "finished with auto"
        ])
    );
}

#[test]
fn subgraph_events_carry_the_subgraph_path() {
    let graph = parent_graph(child_graph(Rc::new(Cell::new(0)), false), false);
    let (sink, events) = recorder();
    block_on(graph.invoke(
        TestUpdate::default(),
        &RunConfig::default().with_events(sink),
    ))
    .unwrap();
    let child_nodes: Vec<String> = events
        .borrow()
        .iter()
        .filter_map(|event| match event {
            careergraph::graph::StreamEvent::NodeStarted { path, node, .. }
                if path == &strings(&["review"]) =>
            {
                Some(node.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(child_nodes, strings(&["prep", "ask", "finish"]));
}

#[test]
fn subgraph_with_two_interrupts_resumes_them_one_id_at_a_time() {
    let mut child = StateGraph::<Child>::new();
    for name in ["left", "right"] {
        child.add_node(name, move |_s: Child, ctx: NodeContext| async move {
            let answer = ctx.interrupt(json!(name))?;
            Ok(ChildUpdate::default().items(vec![format!("{name}={}", answer.as_str().unwrap())]))
        });
        child.add_edge(START, name);
    }
    let mut parent = StateGraph::<TestState>::new();
    parent.add_subgraph(
        "sub",
        child.compile().unwrap(),
        |_p: &TestState| ChildUpdate::default(),
        |_p: &TestState, c: &Child| TestUpdate::default().log(c.items.clone()),
    );
    parent.add_edge(START, "sub");
    let graph = parent
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t");
    let paused = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let ids: Vec<String> = paused.interrupts().iter().map(|i| i.id.clone()).collect();
    assert_eq!(ids.len(), 2);
    let partial =
        block_on(graph.resume(&config, Resume::by_id([(ids[0].clone(), json!("L"))]))).unwrap();
    assert_eq!(
        partial.interrupts().len(),
        1,
        "no duplicate of the unanswered interrupt"
    );
    assert_eq!(partial.interrupts()[0].id, ids[1]);
    let done =
        block_on(graph.resume(&config, Resume::by_id([(ids[1].clone(), json!("R"))]))).unwrap();
    assert_eq!(done.state().log, strings(&["left=L", "right=R"]));
}
