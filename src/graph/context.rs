//! What a running node can do besides returning an update: interrupt, emit events.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

use crate::graph::checkpoint::Checkpointer;
use crate::graph::command::Interrupt;
use crate::graph::config::RunConfig;
use crate::graph::error::NodeError;
use crate::graph::stream::StreamEvent;

/// Handed to every node call. Cheap to clone.
#[derive(Clone)]
pub struct NodeContext {
    inner: Rc<ContextInner>,
}

struct ContextInner {
    node: String,
    task_id: String,
    step: i64,
    config: RunConfig,
    checkpointer: Option<Rc<dyn Checkpointer>>,
    /// Answers to this task's earlier interrupts, in call order.
    resume_values: Vec<Value>,
    /// Answers given by the current `resume` to this task's pending interrupts, by id
    /// (what a subgraph node passes down to its child).
    fresh_answers: BTreeMap<String, Value>,
    next_interrupt: Cell<usize>,
    raised: RefCell<Vec<Interrupt>>,
}

pub(crate) struct ContextParts {
    pub node: String,
    pub task_id: String,
    pub step: i64,
    pub config: RunConfig,
    pub checkpointer: Option<Rc<dyn Checkpointer>>,
    pub resume_values: Vec<Value>,
    pub fresh_answers: BTreeMap<String, Value>,
}

impl NodeContext {
    pub(crate) fn new(parts: ContextParts) -> Self {
        NodeContext {
            inner: Rc::new(ContextInner {
                node: parts.node,
                task_id: parts.task_id,
                step: parts.step,
                config: parts.config,
                checkpointer: parts.checkpointer,
                resume_values: parts.resume_values,
                fresh_answers: parts.fresh_answers,
                next_interrupt: Cell::new(0),
                raised: RefCell::new(Vec::new()),
            }),
        }
    }

    /// The node's name.
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// The superstep this task runs in.
    pub fn step(&self) -> i64 {
        self.inner.step
    }

    /// Pauses the run with `payload` (use with `?`). When the thread is resumed the node runs
    /// again from its start and this call returns the answer instead. Several calls in one node
    /// are answered one resume at a time, in call order.
    pub fn interrupt(&self, payload: Value) -> Result<Value, NodeError> {
        let index = self.inner.next_interrupt.get();
        self.inner.next_interrupt.set(index + 1);
        if let Some(answer) = self.inner.resume_values.get(index) {
            return Ok(answer.clone());
        }
        let interrupt = Interrupt {
            id: format!("{}{}#{}", self.inner.config.ns, self.inner.task_id, index),
            node: self.inner.node.clone(),
            path: self.inner.config.path.clone(),
            payload,
        };
        Err(self.raise(vec![interrupt]))
    }

    /// Emits a custom stream event (e.g. LLM tokens) tagged with this node.
    pub fn emit(&self, payload: Value) {
        if let Some(sink) = &self.inner.config.events {
            sink.emit(StreamEvent::Custom {
                path: self.inner.config.path.clone(),
                node: self.inner.node.clone(),
                payload,
            });
        }
    }

    /// Records interrupts (one's own, or a child graph's) and returns the pause signal.
    pub(crate) fn raise(&self, interrupts: Vec<Interrupt>) -> NodeError {
        self.inner.raised.borrow_mut().extend(interrupts);
        NodeError::interrupted()
    }

    pub(crate) fn take_interrupts(&self) -> Vec<Interrupt> {
        std::mem::take(&mut self.inner.raised.borrow_mut())
    }

    pub(crate) fn task_id(&self) -> &str {
        &self.inner.task_id
    }

    pub(crate) fn config(&self) -> &RunConfig {
        &self.inner.config
    }

    pub(crate) fn checkpointer(&self) -> Option<Rc<dyn Checkpointer>> {
        self.inner.checkpointer.clone()
    }

    pub(crate) fn fresh_answers(&self) -> &BTreeMap<String, Value> {
        &self.inner.fresh_answers
    }
}
