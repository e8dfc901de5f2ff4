//! `interrupt` / `resume` rules.

use crate::graph_support;

use std::cell::Cell;
use std::rc::Rc;

use careergraph::graph::{
    CompiledGraph, GraphError, MemorySaver, NodeContext, Resume, RunConfig, RunOutcome, StateGraph,
    START,
};
use futures::executor::block_on;
use graph_support::*;
use serde_json::json;

/// START → ask (interrupts with the topic) → after.
fn approval_graph(ask_runs: Rc<Cell<u32>>) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("ask", move |s: TestState, ctx: NodeContext| {
        let ask_runs = ask_runs.clone();
        async move {
            ask_runs.set(ask_runs.get() + 1);
            let answer = ctx.interrupt(json!({ "question": s.topic }))?;
            Ok(TestUpdate::default().value(answer.as_str().unwrap_or_default()))
        }
    });
    graph.add_node("after", log_node("after", 0));
    graph.add_edge(START, "ask");
    graph.add_edge("ask", "after");
    graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap()
}

#[test]
fn interrupt_stops_the_run_and_reports_id_node_and_payload() {
    let graph = approval_graph(Rc::new(Cell::new(0)));
    let config = RunConfig::thread("t1");
    let outcome = block_on(graph.invoke(TestUpdate::default().topic("ship it?"), &config)).unwrap();
    let RunOutcome::Interrupted {
        interrupts, state, ..
    } = outcome
    else {
        panic!("expected an interrupt");
    };
    assert_eq!(interrupts.len(), 1);
    assert_eq!(interrupts[0].node, "ask");
    assert_eq!(interrupts[0].payload, json!({ "question": "ship it?" }));
    assert!(!interrupts[0].id.is_empty());
    assert!(state.log.is_empty(), "after did not run");
}

#[test]
fn resume_reruns_the_node_from_its_start_and_interrupt_returns_the_value() {
    let runs = Rc::new(Cell::new(0));
    let graph = approval_graph(runs.clone());
    let config = RunConfig::thread("t1");
    block_on(graph.invoke(TestUpdate::default().topic("q"), &config)).unwrap();
    let outcome = block_on(graph.resume(&config, Resume::value("yes"))).unwrap();
    let state = match outcome {
        RunOutcome::Done(state) => state,
        other => panic!("expected done, got {other:?}"),
    };
    assert_eq!(state.value, "yes");
    assert_eq!(state.log, strings(&["after"]));
    assert_eq!(runs.get(), 2, "the node ran again from its start");
}

#[test]
fn several_interrupts_in_one_node_are_answered_in_call_order() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("form", |_s: TestState, ctx: NodeContext| async move {
        let name = ctx.interrupt(json!("name?"))?;
        let role = ctx.interrupt(json!("role?"))?;
        Ok(TestUpdate::default().value(format!(
            "{}/{}",
            name.as_str().unwrap(),
            role.as_str().unwrap()
        )))
    });
    graph.add_edge(START, "form");
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("form");
    let first = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    assert_eq!(first.interrupts()[0].payload, json!("name?"));
    let second = block_on(graph.resume(&config, Resume::value("Ada"))).unwrap();
    assert_eq!(second.interrupts()[0].payload, json!("role?"));
    assert_ne!(first.interrupts()[0].id, second.interrupts()[0].id);
    let done = block_on(graph.resume(&config, Resume::value("engineer"))).unwrap();
    assert_eq!(done.state().value, "Ada/engineer");
}

/// Two nodes interrupting in the same step, and a counter of runs of each.
fn two_askers() -> (CompiledGraph<TestState>, Rc<Cell<u32>>, Rc<Cell<u32>>) {
    let mut graph = StateGraph::<TestState>::new();
    let runs_a = Rc::new(Cell::new(0));
    let runs_b = Rc::new(Cell::new(0));
    for (name, runs) in [("a", runs_a.clone()), ("b", runs_b.clone())] {
        graph.add_node(name, move |_s: TestState, ctx: NodeContext| {
            let runs = runs.clone();
            async move {
                runs.set(runs.get() + 1);
                let answer = ctx.interrupt(json!(format!("{name}?")))?;
                Ok(TestUpdate::default().log(vec![format!("{name}={}", answer.as_str().unwrap())]))
            }
        });
        graph.add_edge(START, name);
    }
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    (graph, runs_a, runs_b)
}

#[test]
fn several_nodes_interrupting_in_one_step_are_all_reported() {
    let (graph, _, _) = two_askers();
    let outcome = block_on(graph.invoke(TestUpdate::default(), &RunConfig::thread("t"))).unwrap();
    let nodes: Vec<&str> = outcome
        .interrupts()
        .iter()
        .map(|i| i.node.as_str())
        .collect();
    assert_eq!(nodes, vec!["a", "b"]);
}

#[test]
fn resuming_several_interrupts_with_a_bare_value_is_an_error_that_says_so() {
    let (graph, _, _) = two_askers();
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let error = block_on(graph.resume(&config, Resume::value("x"))).unwrap_err();
    assert!(matches!(&error, GraphError::ResumeNeedsIds { ids } if ids.len() == 2));
    assert!(error.to_string().contains("Resume::by_id"), "{error}");
}

#[test]
fn answered_interrupt_runs_on_while_the_others_stay_paused() {
    let (graph, runs_a, runs_b) = two_askers();
    let config = RunConfig::thread("t");
    let first = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let id_a = first.interrupts()[0].id.clone();
    let id_b = first.interrupts()[1].id.clone();
    let partial = block_on(graph.resume(&config, Resume::by_id([(id_a, json!("1"))]))).unwrap();
    assert_eq!(partial.interrupts().len(), 1);
    assert_eq!(partial.interrupts()[0].id, id_b);
    assert_eq!(
        (runs_a.get(), runs_b.get()),
        (2, 1),
        "b stayed paused, not re-run"
    );
    let snapshot = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(
        snapshot.completed_tasks.len(),
        1,
        "a's write is kept pending"
    );
    let done = block_on(graph.resume(&config, Resume::by_id([(id_b, json!("2"))]))).unwrap();
    assert_eq!(done.state().log, strings(&["a=1", "b=2"]));
    assert_eq!(
        (runs_a.get(), runs_b.get()),
        (2, 2),
        "a was not paid for twice"
    );
}

#[test]
fn resume_with_an_unknown_interrupt_id_fails() {
    let (graph, _, _) = two_askers();
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let error = block_on(graph.resume(&config, Resume::by_id([("nope", json!(1))]))).unwrap_err();
    assert!(matches!(error, GraphError::UnknownInterruptId { .. }));
}

#[test]
fn resume_without_a_pending_interrupt_fails() {
    let graph = approval_graph(Rc::new(Cell::new(0)));
    let config = RunConfig::thread("t");
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    block_on(graph.resume(&config, Resume::value("ok"))).unwrap();
    let error = block_on(graph.resume(&config, Resume::value("again"))).unwrap_err();
    assert!(matches!(error, GraphError::NothingToResume { .. }));
}

#[test]
fn resume_needs_a_checkpointer() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("ask", |_s: TestState, ctx: NodeContext| async move {
        ctx.interrupt(json!("?"))?;
        Ok(TestUpdate::default())
    });
    graph.add_edge(START, "ask");
    let graph = graph.compile().unwrap();
    let outcome = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap();
    assert_eq!(outcome.interrupts().len(), 1);
    let error = block_on(graph.resume(&RunConfig::default(), Resume::value(1))).unwrap_err();
    assert!(matches!(error, GraphError::NoCheckpointer(_)));
}

#[test]
fn threads_are_independent() {
    let graph = approval_graph(Rc::new(Cell::new(0)));
    let one = RunConfig::thread("one");
    let two = RunConfig::thread("two");
    block_on(graph.invoke(TestUpdate::default().topic("1"), &one)).unwrap();
    block_on(graph.invoke(TestUpdate::default().topic("2"), &two)).unwrap();
    let done = block_on(graph.resume(&two, Resume::value("answer two"))).unwrap();
    assert_eq!(done.state().value, "answer two");
    let still = block_on(graph.get_state(&one)).unwrap();
    assert_eq!(still.interrupts.len(), 1);
    assert_eq!(still.next, strings(&["ask"]));
}

#[test]
fn interrupt_inside_a_send_task_resumes_only_that_task() {
    let runs = Rc::new(Cell::new(0));
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("plan", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    let worker_runs = runs.clone();
    graph.add_node("worker", move |s: TestState, ctx: NodeContext| {
        let runs = worker_runs.clone();
        async move {
            runs.set(runs.get() + 1);
            let text = if s.topic == "needs human" {
                ctx.interrupt(json!(s.topic))?
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            } else {
                s.topic
            };
            Ok(TestUpdate::default().log(vec![text]))
        }
    });
    graph.add_edge(START, "plan");
    graph.add_conditional_edges(
        "plan",
        |_s: &TestState| {
            ["auto", "needs human"]
                .iter()
                .map(|t| {
                    careergraph::graph::Send::new(
                        "worker",
                        TestState {
                            topic: t.to_string(),
                            ..Default::default()
                        },
                    )
                })
                .collect::<Vec<_>>()
        },
        ["worker"],
    );
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t");
    let paused = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    assert_eq!(paused.interrupts()[0].payload, json!("needs human"));
    let done = block_on(graph.resume(&config, Resume::value("answered"))).unwrap();
    assert_eq!(
        done.state().log,
        strings(&["auto", "answered"]),
        "send order kept"
    );
    assert_eq!(runs.get(), 3, "the finished send task did not run again");
}
