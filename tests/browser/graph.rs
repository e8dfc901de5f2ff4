//! Browser subset of the engine tests (headless Chromium via wasm-bindgen-test).

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use careergraph::graph::{
    EventSink, MemorySaver, NodeContext, Resume, RunConfig, Send, StateGraph, StreamEvent, START,
};
use careergraph::state;
use serde_json::json;
use wasm_bindgen_test::*;

state! {
    pub struct Web updates WebUpdate {
        pub log: Vec<String> => append,
        pub value: String,
        pub topic: String,
    }
}

/// Yields to the executor `times` times, so siblings interleave.
async fn yield_now(times: usize) {
    struct YieldOnce(bool);
    impl Future for YieldOnce {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            if self.0 {
                return Poll::Ready(());
            }
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
    for _ in 0..times {
        YieldOnce(false).await;
    }
}

#[wasm_bindgen_test]
async fn concurrent_step_merges_in_node_name_order_in_the_browser() {
    let mut graph = StateGraph::<Web>::new();
    for (name, delay) in [("b", 0usize), ("a", 3)] {
        graph.add_node(name, move |_s: Web, _c: NodeContext| async move {
            yield_now(delay).await;
            Ok(WebUpdate::default().log(vec![name.to_string()]))
        });
        graph.add_edge(START, name);
    }
    let graph = graph.compile().unwrap();
    let state = graph
        .invoke(WebUpdate::default(), &RunConfig::default())
        .await
        .unwrap()
        .into_state();
    assert_eq!(state.log, vec!["a", "b"]);
}

#[wasm_bindgen_test]
async fn send_fan_out_in_the_browser() {
    let mut graph = StateGraph::<Web>::new();
    graph.add_node("plan", |_s: Web, _c: NodeContext| async {
        Ok(WebUpdate::default())
    });
    graph.add_node("write", |s: Web, _c: NodeContext| async move {
        Ok(WebUpdate::default().log(vec![s.topic]))
    });
    graph.add_edge(START, "plan");
    graph.add_conditional_edges(
        "plan",
        |_s: &Web| {
            (0..5)
                .map(|i| {
                    Send::new(
                        "write",
                        Web {
                            topic: format!("t{i}"),
                            ..Default::default()
                        },
                    )
                })
                .collect::<Vec<_>>()
        },
        ["write"],
    );
    let graph = graph.compile().unwrap();
    let state = graph
        .invoke(WebUpdate::default(), &RunConfig::default())
        .await
        .unwrap()
        .into_state();
    assert_eq!(state.log, vec!["t0", "t1", "t2", "t3", "t4"]);
}

#[wasm_bindgen_test]
async fn interrupt_and_resume_in_the_browser() {
    let mut graph = StateGraph::<Web>::new();
    graph.add_node("ask", |_s: Web, ctx: NodeContext| async move {
        let answer = ctx.interrupt(json!("approve?"))?;
        Ok(WebUpdate::default().value(answer.as_str().unwrap_or_default()))
    });
    graph.add_edge(START, "ask");
    let graph = graph
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("browser");
    let paused = graph.invoke(WebUpdate::default(), &config).await.unwrap();
    assert_eq!(paused.interrupts()[0].payload, json!("approve?"));
    let done = graph.resume(&config, Resume::value("yes")).await.unwrap();
    assert_eq!(done.state().value, "yes");
}

#[wasm_bindgen_test]
async fn events_stream_in_the_browser() {
    let mut graph = StateGraph::<Web>::new();
    graph.add_node("talk", |_s: Web, ctx: NodeContext| async move {
        ctx.emit(json!("tok"));
        Ok(WebUpdate::default())
    });
    graph.add_edge(START, "talk");
    let graph = graph.compile().unwrap();
    let events = Rc::new(RefCell::new(Vec::new()));
    let recorded = events.clone();
    let config = RunConfig::default().with_events(EventSink::new(move |event| {
        recorded.borrow_mut().push(event)
    }));
    graph.invoke(WebUpdate::default(), &config).await.unwrap();
    let events = events.borrow();
    assert!(matches!(
        events.first(),
        Some(StreamEvent::NodeStarted { .. })
    ));
    assert!(events
        .iter()
        .any(|e| matches!(e, StreamEvent::Custom { .. })));
    assert!(matches!(
        events.last(),
        Some(StreamEvent::RunFinished { .. })
    ));
}
