//! Streaming run events.

use crate::graph_support;

use std::rc::Rc;

use careergraph::graph::{
    EventSink, MemorySaver, NodeContext, NodeError, RunConfig, StateGraph, StreamEvent, START,
};
use futures::executor::block_on;
use futures::StreamExt;
use graph_support::*;
use serde_json::json;

fn event_names(events: &[StreamEvent]) -> Vec<String> {
    events
        .iter()
        .map(|event| match event {
            StreamEvent::NodeStarted { node, .. } => format!("start {node}"),
            StreamEvent::NodeFinished { node, .. } => format!("finish {node}"),
            StreamEvent::NodeFailed { node, .. } => format!("fail {node}"),
            StreamEvent::StepDone { step, .. } => format!("step {step}"),
            StreamEvent::Interrupted { .. } => "interrupted".to_string(),
            StreamEvent::Custom { node, payload, .. } => format!("custom {node} {payload}"),
            StreamEvent::RunFinished { .. } => "finished".to_string(),
            StreamEvent::RunFailed { .. } => "failed".to_string(),
        })
        .collect()
}

#[test]
fn stream_reports_node_start_finish_custom_step_and_run_end() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("writer", |_s: TestState, ctx: NodeContext| async move {
        ctx.emit(json!("token"));
        Ok(TestUpdate::default().value("text"))
    });
    graph.add_node("after", log_node("after", 0));
    graph.add_edge(START, "writer");
    graph.add_edge("writer", "after");
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    block_on(graph.invoke(
        TestUpdate::default(),
        &RunConfig::default().with_events(sink),
    ))
    .unwrap();
    let events = events.borrow();
    assert_eq!(
        event_names(&events),
        strings(&[
            "start writer",
            "custom writer \"token\"",
            "finish writer",
            "step 1",
            "start after",
            "finish after",
            "step 2",
            "finished",
        ])
    );
    let StreamEvent::NodeFinished { update, .. } = &events[2] else {
        panic!()
    };
    assert_eq!(update, &json!({ "value": "text" }));
    let StreamEvent::StepDone { state, .. } = &events[6] else {
        panic!()
    };
    assert_eq!(state["log"], json!(["after"]));
}

#[test]
fn stream_reports_interrupts() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("ask", |_s: TestState, ctx: NodeContext| async move {
        ctx.interrupt(json!("?"))?;
        Ok(TestUpdate::default())
    });
    graph.add_edge(START, "ask");
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let (sink, events) = recorder();
    block_on(graph.invoke(
        TestUpdate::default(),
        &RunConfig::thread("t").with_events(sink),
    ))
    .unwrap();
    assert_eq!(
        event_names(&events.borrow()),
        strings(&["start ask", "interrupted"])
    );
}

#[test]
fn stream_reports_failures() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("broken", |_s: TestState, _c: NodeContext| async {
        Err::<TestUpdate, _>(NodeError::msg("boom"))
    });
    graph.add_edge(START, "broken");
    let graph = graph.compile().unwrap();
    let (sink, events) = recorder();
    block_on(graph.invoke(
        TestUpdate::default(),
        &RunConfig::default().with_events(sink),
    ))
    .unwrap_err();
    assert_eq!(
        event_names(&events.borrow()),
        strings(&["start broken", "fail broken", "failed"])
    );
}

#[test]
fn stream_through_a_channel_receiver() {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("only", log_node("only", 0));
    graph.add_edge(START, "only");
    let graph = graph.compile().unwrap();
    let (sink, receiver) = EventSink::channel();
    let config = RunConfig::default().with_events(sink);
    let events: Vec<StreamEvent> = block_on(async {
        graph.invoke(TestUpdate::default(), &config).await.unwrap();
        drop(config);
        receiver.collect().await
    });
    assert_eq!(events.len(), 4);
    assert!(matches!(
        events.last(),
        Some(StreamEvent::RunFinished { .. })
    ));
}

#[test]
fn events_serialise_as_tagged_json_for_the_ui() {
    let event = StreamEvent::NodeStarted {
        path: vec![],
        step: 1,
        node: "router".into(),
        task_id: "1:router".into(),
    };
    assert_eq!(
        serde_json::to_value(&event).unwrap(),
        json!({ "type": "node_started", "path": [], "step": 1, "node": "router", "task_id": "1:router" })
    );
}
