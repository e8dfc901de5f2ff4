//! Superstep (Pregel/BSP) semantics, one test per rule.

use crate::graph_support;

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{
    Command, GraphError, NodeContext, NodeOptions, RunConfig, Send, StateGraph, END, START,
};
use futures::executor::block_on;
use graph_support::*;

#[test]
fn nodes_of_one_superstep_run_concurrently() {
    let trace = Rc::new(RefCell::new(Vec::new()));
    let mut graph = StateGraph::<TestState>::new();
    for name in ["a", "b"] {
        let trace = trace.clone();
        graph.add_node(name, move |_s: TestState, _ctx: NodeContext| {
            let trace = trace.clone();
            async move {
                trace.borrow_mut().push(format!("{name} start"));
                yield_now(2).await;
                trace.borrow_mut().push(format!("{name} end"));
                Ok(TestUpdate::default())
            }
        });
        graph.add_edge(START, name);
    }
    let graph = graph.compile().unwrap();
    block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap();
    let trace = trace.borrow();
    let first_end = trace.iter().position(|t| t.ends_with("end")).unwrap();
    assert_eq!(
        first_end, 2,
        "both nodes started before either finished: {trace:?}"
    );
}

#[test]
fn updates_apply_sorted_by_node_name_bytewise_whatever_the_finish_order() {
    let mut graph = StateGraph::<TestState>::new();
    // Delays make them finish in the reverse of name order.
    for (name, delay) in [("Mid", 4), ("alpha", 3), ("n10", 2), ("n9", 0)] {
        graph.add_node(name, log_node(name, delay));
        graph.add_edge(START, name);
    }
    let graph = graph.compile().unwrap();
    let state = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(state.log, strings(&["Mid", "alpha", "n10", "n9"]));
}

#[test]
fn send_updates_apply_after_edge_tasks_in_send_order() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("fan", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    graph.add_node("zeta", log_node("zeta", 3));
    graph.add_node("worker", |s: TestState, _c: NodeContext| async move {
        // The first send waits longest, so finish order is the reverse of send order.
        let delay = 5 - s.topic.len();
        yield_now(delay).await;
        Ok(TestUpdate::default().log(vec![format!("worker:{}", s.topic)]))
    });
    graph.add_edge(START, "fan");
    graph.add_edge("fan", "zeta");
    graph.add_conditional_edges(
        "fan",
        |_s: &TestState| {
            ["a", "bb", "ccc"]
                .iter()
                .map(|t| {
                    let arg = TestState {
                        topic: t.to_string(),
                        ..Default::default()
                    };
                    Send::new("worker", arg)
                })
                .collect::<Vec<_>>()
        },
        ["worker"],
    );
    let graph = graph.compile().unwrap();
    let state = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(
        state.log,
        strings(&["zeta", "worker:a", "worker:bb", "worker:ccc"])
    );
}

#[test]
fn two_writes_to_a_key_without_reducer_in_one_step_is_invalid_update_naming_the_key() {
    let mut graph = StateGraph::<TestState>::new();
    for name in ["a", "b"] {
        graph.add_node(name, |_s: TestState, _c: NodeContext| async {
            // Equal values still conflict: there is no reducer to combine them.
            Ok(TestUpdate::default().value("same"))
        });
        graph.add_edge(START, name);
    }
    let graph = graph.compile().unwrap();
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap_err();
    match &error {
        GraphError::InvalidUpdate { key, .. } => assert_eq!(key, "value"),
        other => panic!("expected InvalidUpdate, got {other:?}"),
    }
    let message = error.to_string();
    assert!(message.contains("`value`"), "{message}");
    assert!(message.contains("declare a reducer"), "{message}");
}

#[test]
fn conditional_edge_sees_its_own_write_but_not_siblings_writes() {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b", log_node("b", 0));
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    let seen_in_router = seen.clone();
    graph.add_conditional_edges(
        "a",
        move |s: &TestState| {
            seen_in_router.borrow_mut().push(s.log.clone());
            END
        },
        [END],
    );
    let graph = graph.compile().unwrap();
    block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap();
    assert_eq!(*seen.borrow(), vec![strings(&["a"])]);
}

#[test]
fn node_with_several_incoming_edges_runs_once_per_step_it_is_triggered_in() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b", log_node("b", 0));
    graph.add_node("slow", log_node("slow", 0));
    graph.add_node("c", log_node("c", 0));
    graph.add_edge(START, "a");
    graph.add_edge(START, "b");
    graph.add_edge(START, "slow");
    graph.add_edge("a", "c");
    graph.add_edge("b", "c");
    graph.add_edge("slow", "b"); // b runs again in step 2, so c runs again in step 3
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    let state = block_on(graph.invoke(TestUpdate::default(), &config))
        .unwrap()
        .into_state();
    assert_eq!(
        supersteps(&events.borrow()),
        vec![
            strings(&["a", "b", "slow"]),
            strings(&["b", "c"]),
            strings(&["c"])
        ]
    );
    assert_eq!(state.log.iter().filter(|n| *n == "c").count(), 2);
}

#[test]
fn fan_in_edge_from_a_list_runs_its_target_once_after_all_sources() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_node("b0", log_node("b0", 0));
    graph.add_node("b", log_node("b", 0));
    graph.add_node("join", log_node("join", 0));
    graph.add_edge(START, "a");
    graph.add_edge(START, "b0");
    graph.add_edge("b0", "b");
    graph.add_edge(["a", "b"], "join");
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    assert_eq!(
        supersteps(&events.borrow()),
        vec![strings(&["a", "b0"]), strings(&["b"]), strings(&["join"])]
    );
}

#[test]
fn recursion_limit_ends_an_endless_loop_with_a_clear_error() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("ping", log_node("ping", 0));
    graph.add_node("pong", log_node("pong", 0));
    graph.add_edge(START, "ping");
    graph.add_edge("ping", "pong");
    graph.add_edge("pong", "ping");
    let graph = graph.compile().unwrap();
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap_err();
    assert_eq!(error, GraphError::RecursionLimit { limit: 25 });
    assert!(error.to_string().contains("recursion limit of 25"));
    let config = RunConfig::default().with_recursion_limit(3);
    let error = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap_err();
    assert_eq!(error, GraphError::RecursionLimit { limit: 3 });
}

#[test]
fn recursion_limit_counts_supersteps_so_a_graph_needing_exactly_the_limit_passes() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("one", log_node("one", 0));
    graph.add_node("two", log_node("two", 0));
    graph.add_edge(START, "one");
    graph.add_edge("one", "two");
    let graph = graph.compile().unwrap();
    let config = RunConfig::default().with_recursion_limit(2);
    assert!(block_on(graph.invoke(TestUpdate::default(), &config)).is_ok());
    let config = RunConfig::default().with_recursion_limit(1);
    assert!(block_on(graph.invoke(TestUpdate::default(), &config)).is_err());
}

#[test]
fn command_goto_one_node_with_update() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node_with(
        "decide",
        NodeOptions::default().destinations(["left", "right"]),
        |_s: TestState, _c: NodeContext| async {
            Ok(Command::goto("right").with_update(TestUpdate::default().value("went right")))
        },
    );
    graph.add_node("left", log_node("left", 0));
    graph.add_node("right", log_node("right", 0));
    graph.add_edge(START, "decide");
    let graph = graph.compile().unwrap();
    let state = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(state.log, strings(&["right"]));
    assert_eq!(state.value, "went right");
}

#[test]
fn command_goto_several_nodes_runs_them_in_one_step() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node_with(
        "decide",
        NodeOptions::default().destinations(["left", "right"]),
        |_s: TestState, _c: NodeContext| async {
            Ok(Command::<TestState>::goto_many(["right", "left"]))
        },
    );
    graph.add_node("left", log_node("left", 0));
    graph.add_node("right", log_node("right", 0));
    graph.add_edge(START, "decide");
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    assert_eq!(
        supersteps(&events.borrow()),
        vec![strings(&["decide"]), strings(&["left", "right"])]
    );
}

#[test]
fn command_goto_end_stops_the_branch() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node_with(
        "decide",
        NodeOptions::default().destinations([END]),
        |_s: TestState, _c: NodeContext| async { Ok(Command::<TestState>::goto(END)) },
    );
    graph.add_edge(START, "decide");
    let graph = graph.compile().unwrap();
    let outcome = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap();
    assert!(outcome.is_done());
}

#[test]
fn command_goto_unknown_node_fails_naming_it() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("decide", |_s: TestState, _c: NodeContext| async {
        Ok(Command::<TestState>::goto("nowhere"))
    });
    graph.add_edge(START, "decide");
    let graph = graph.compile().unwrap();
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap_err();
    assert!(error.to_string().contains("`nowhere`"), "{error}");
}

#[test]
fn send_map_reduce_runs_one_task_per_send_with_its_own_input() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("plan", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default().value("planned"))
    });
    graph.add_node("write", |s: TestState, _c: NodeContext| async move {
        Ok(TestUpdate::default()
            .log(vec![format!("wrote {}", s.topic)])
            .count(1u32))
    });
    graph.add_node("reduce", |s: TestState, _c: NodeContext| async move {
        Ok(TestUpdate::default().value(format!("{} sections", s.count)))
    });
    graph.add_edge(START, "plan");
    graph.add_conditional_edges(
        "plan",
        |s: &TestState| {
            vec![
                Send::new(
                    "write",
                    TestState {
                        topic: "intro".into(),
                        ..s.clone()
                    },
                ),
                Send::new(
                    "write",
                    TestState {
                        topic: "skills".into(),
                        ..s.clone()
                    },
                ),
            ]
        },
        ["write"],
    );
    graph.add_edge("write", "reduce");
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    let state = block_on(graph.invoke(TestUpdate::default(), &config))
        .unwrap()
        .into_state();
    assert_eq!(state.log, strings(&["wrote intro", "wrote skills"]));
    assert_eq!(state.value, "2 sections");
    assert_eq!(
        supersteps(&events.borrow()),
        vec![
            strings(&["plan"]),
            strings(&["write", "write"]),
            strings(&["reduce"])
        ]
    );
}

#[test]
fn input_goes_through_reducers_and_start_edges() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_edge(START, "a");
    graph.add_edge("a", END);
    let graph = graph.compile().unwrap();
    let input = TestUpdate::default()
        .log(vec!["input".to_string()])
        .value("v");
    let state = block_on(graph.invoke(input, &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(state.log, strings(&["input", "a"]));
    assert_eq!(state.value, "v");
}

#[test]
fn conditional_edge_from_start_routes_on_the_input() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("short", log_node("short", 0));
    graph.add_node("long", log_node("long", 0));
    graph.add_conditional_edges(
        START,
        |s: &TestState| {
            if s.topic.len() > 3 {
                "is_long"
            } else {
                "is_short"
            }
        },
        [("is_long", "long"), ("is_short", "short")],
    );
    let graph = graph.compile().unwrap();
    let state =
        block_on(graph.invoke(TestUpdate::default().topic("resume"), &RunConfig::default()))
            .unwrap()
            .into_state();
    assert_eq!(state.log, strings(&["long"]));
}

#[test]
fn router_key_missing_from_path_map_fails_clearly() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_edge(START, "a");
    graph.add_conditional_edges("a", |_s: &TestState| "oops", [("ok", END)]);
    let graph = graph.compile().unwrap();
    let error = block_on(graph.invoke(TestUpdate::default(), &RunConfig::default())).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("oops") && message.contains("path map"),
        "{message}"
    );
}
