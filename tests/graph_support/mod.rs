//! Shared helpers of the graph integration tests: a small state, stub nodes, a yield.
#![allow(dead_code)]

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use careergraph::graph::{EventSink, NodeContext, NodeError, StreamEvent};
use careergraph::state;

fn add(a: u32, b: u32) -> u32 {
    a + b
}

state! {
    /// A state with one field of each reducer kind.
    pub struct TestState updates TestUpdate {
        /// Appended: which nodes wrote, in apply order.
        pub log: Vec<String> => append,
        /// Overwritten: one write per step.
        pub value: String,
        /// Summed.
        pub count: u32 => reduce(add),
        pub topic: String,
    }
}

/// Returns `Pending` `times` times (waking itself), so a node can let its siblings run.
pub async fn yield_now(times: usize) {
    struct YieldOnce(bool);
    impl Future for YieldOnce {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            if self.0 {
                Poll::Ready(())
            } else {
                self.0 = true;
                cx.waker().wake_by_ref();
                Poll::Pending
            }
        }
    }
    for _ in 0..times {
        YieldOnce(false).await;
    }
}

/// A node that appends its name to `log` after yielding `delay` times.
pub fn log_node(
    name: &'static str,
    delay: usize,
) -> impl Fn(TestState, NodeContext) -> Pin<Box<dyn Future<Output = Result<TestUpdate, NodeError>>>>
{
    move |_state, _ctx| {
        Box::pin(async move {
            yield_now(delay).await;
            Ok(TestUpdate::default().log(vec![name.to_string()]))
        })
    }
}

/// An event sink that records every event.
pub fn recorder() -> (EventSink, Rc<RefCell<Vec<StreamEvent>>>) {
    let events = Rc::new(RefCell::new(Vec::new()));
    let sink_events = events.clone();
    let sink = EventSink::new(move |event| sink_events.borrow_mut().push(event));
    (sink, events)
}

/// The nodes of each committed superstep, from recorded events.
pub fn supersteps(events: &[StreamEvent]) -> Vec<Vec<String>> {
    events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::StepDone { nodes, path, .. } if path.is_empty() => Some(nodes.clone()),
            _ => None,
        })
        .collect()
}

pub fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}
