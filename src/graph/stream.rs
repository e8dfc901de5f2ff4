//! Run events, so a UI can light up nodes as they run. Single-threaded: a callback sink, or an
//! unbounded channel whose receiver is a `Stream`.

use std::rc::Rc;

use futures::channel::mpsc;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::graph::command::Interrupt;

/// One observable moment of a run. `path` is the subgraph path (empty at the root graph).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StreamEvent {
    NodeStarted {
        path: Vec<String>,
        step: i64,
        node: String,
        task_id: String,
    },
    NodeFinished {
        path: Vec<String>,
        step: i64,
        node: String,
        task_id: String,
        /// The node's state update, as JSON (`null` when it wrote nothing).
        update: Value,
    },
    NodeFailed {
        path: Vec<String>,
        step: i64,
        node: String,
        error: String,
    },
    /// A superstep was committed; `nodes` ran in it (task order), `state` is the result — or
    /// `null` for a sink made with [`EventSink::without_step_states`].
    StepDone {
        path: Vec<String>,
        step: i64,
        nodes: Vec<String>,
        state: Value,
    },
    Interrupted {
        path: Vec<String>,
        interrupts: Vec<Interrupt>,
    },
    /// Emitted by a node through `ctx.emit` (e.g. LLM tokens).
    Custom {
        path: Vec<String>,
        node: String,
        payload: Value,
    },
    RunFinished {
        path: Vec<String>,
        state: Value,
    },
    RunFailed {
        path: Vec<String>,
        error: String,
    },
}

/// Where events go. Cheap to clone.
#[derive(Clone)]
pub struct EventSink {
    emit: Rc<dyn Fn(StreamEvent)>,
    step_states: bool,
}

impl EventSink {
    /// Calls `f` for every event, synchronously, as it happens.
    pub fn new(f: impl Fn(StreamEvent) + 'static) -> Self {
        EventSink {
            emit: Rc::new(f),
            step_states: true,
        }
    }

    /// The same sink, but its `StepDone` events carry `state: null`. Serialising the whole state
    /// after every superstep costs in proportion to the thread's history (its append lists), so a
    /// long run's events would cost quadratically; a listener that only follows progress, or
    /// reads the state once from `RunFinished`, asks for none.
    pub fn without_step_states(mut self) -> Self {
        self.step_states = false;
        self
    }

    /// Whether `StepDone` events carry the state.
    pub fn wants_step_states(&self) -> bool {
        self.step_states
    }

    /// A sink feeding an unbounded channel; poll the receiver alongside (or after) the run.
    pub fn channel() -> (Self, mpsc::UnboundedReceiver<StreamEvent>) {
        let (tx, rx) = mpsc::unbounded();
        // A dropped receiver just means nobody listens any more: not an error for the run.
        let sink = EventSink::new(move |event| {
            let _ = tx.unbounded_send(event);
        });
        (sink, rx)
    }

    pub(crate) fn emit(&self, event: StreamEvent) {
        (self.emit)(event)
    }
}

impl std::fmt::Debug for EventSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EventSink")
    }
}
