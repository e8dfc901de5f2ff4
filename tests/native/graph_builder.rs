//! `compile()` validation and Mermaid drawing.

use crate::graph_support;

use careergraph::graph::{GraphError, NodeContext, NodeOptions, PathMap, StateGraph, END, START};
use graph_support::*;

fn base() -> StateGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    graph.add_edge(START, "a");
    graph
}

fn compile_error(graph: StateGraph<TestState>) -> String {
    match graph.compile() {
        Err(GraphError::InvalidGraph(message)) => message,
        Err(other) => panic!("expected InvalidGraph, got {other:?}"),
        Ok(_) => panic!("expected a compile error"),
    }
}

#[test]
fn compile_rejects_an_edge_to_an_unknown_node() {
    let mut graph = base();
    graph.add_edge("a", "ghost");
    assert_eq!(
        compile_error(graph),
        "edge `a` -> `ghost` goes to unknown node `ghost`"
    );
}

#[test]
fn compile_rejects_an_edge_from_an_unknown_node() {
    let mut graph = base();
    graph.add_edge("ghost", "a");
    assert!(compile_error(graph).contains("starts at unknown node `ghost`"));
}

#[test]
fn compile_rejects_a_fan_in_from_an_unknown_node() {
    let mut graph = base();
    graph.add_edge(["a", "ghost"], END);
    assert!(compile_error(graph).contains("unknown node `ghost`"));
}

#[test]
fn compile_rejects_unreachable_nodes() {
    let mut graph = base();
    graph.add_node("island", log_node("island", 0));
    let message = compile_error(graph);
    assert!(
        message.contains("unreachable") && message.contains("island"),
        "{message}"
    );
}

#[test]
fn compile_accepts_nodes_reached_only_by_declared_command_destinations() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node_with(
        "a",
        NodeOptions::default().destinations(["b"]),
        log_node("a", 0),
    );
    graph.add_node("b", log_node("b", 0));
    graph.add_edge(START, "a");
    assert!(graph.compile().is_ok());
}

#[test]
fn compile_rejects_missing_path_map_targets() {
    let mut graph = base();
    graph.add_conditional_edges("a", |_s: &TestState| "go", [("go", "missing")]);
    let message = compile_error(graph);
    assert!(
        message.contains("path-map key `go`") && message.contains("`missing`"),
        "{message}"
    );
}

#[test]
fn compile_rejects_a_graph_without_entry() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("a", log_node("a", 0));
    assert!(compile_error(graph).contains("no entry point"));
}

#[test]
fn compile_rejects_duplicate_and_reserved_node_names() {
    let mut graph = base();
    graph.add_node("a", log_node("a", 0));
    assert!(compile_error(graph).contains("added twice"));
    let mut graph = base();
    graph.add_node(END, log_node("end", 0));
    assert!(compile_error(graph).contains("reserved"));
}

#[test]
fn compile_rejects_edges_out_of_end_and_into_start() {
    let mut graph = base();
    graph.add_edge(END, "a");
    assert!(compile_error(graph).contains("cannot start at END"));
    let mut graph = base();
    graph.add_edge("a", START);
    assert!(compile_error(graph).contains("cannot go to START"));
}

#[test]
fn unmapped_router_reaches_every_node() {
    let mut graph = base();
    graph.add_node("b", log_node("b", 0));
    graph.add_conditional_edges("a", |_s: &TestState| "b", PathMap::any());
    let mermaid = graph.compile().unwrap().to_mermaid();
    assert!(mermaid.contains("\ta -.-> b;"));
    assert!(mermaid.contains("\ta -.-> __end__;"));
}

#[test]
fn mermaid_matches_langgraph_draw_mermaid_structure() {
    // Same header, node shapes, arrows and class defs as LangGraph; edges sorted by (source, target).
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("agent", log_node("agent", 0));
    graph.add_node("tools", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    graph.add_edge(START, "agent");
    graph.add_conditional_edges(
        "agent",
        |_s: &TestState| "continue",
        [("continue", "tools"), ("end", END)],
    );
    graph.add_edge("tools", "agent");
    let expected = "---
config:
  flowchart:
    curve: linear
---
graph TD;
\t__start__([<p>__start__</p>]):::first
\tagent(agent)
\ttools(tools)
\t__end__([<p>__end__</p>]):::last
\t__start__ --> agent;
\tagent -. &nbsp;end&nbsp; .-> __end__;
\tagent -. &nbsp;continue&nbsp; .-> tools;
\ttools --> agent;
\tclassDef default fill:#f2f0ff,line-height:1.2
\tclassDef first fill-opacity:0
\tclassDef last fill:#bfb6fc
";
    assert_eq!(graph.compile().unwrap().to_mermaid(), expected);
}
