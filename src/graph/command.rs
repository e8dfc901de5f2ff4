//! What nodes and routers return to steer the graph: `Command`, `Send`, `Route`; and the
//! interrupt / resume vocabulary.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::graph::state::State;

/// Name of the virtual entry node.
pub const START: &str = "__start__";
/// Name of the virtual exit node.
pub const END: &str = "__end__";

/// Run `node` as an extra task of the next superstep with `arg` as its input state
/// (map-reduce). Send tasks are applied after edge-triggered tasks, in send order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Send<S: State> {
    pub node: String,
    pub arg: S,
}

impl<S: State> Send<S> {
    pub fn new(node: impl Into<String>, arg: S) -> Self {
        Send {
            node: node.into(),
            arg,
        }
    }
}

/// One destination: a node name (or END) or a `Send`.
#[derive(Debug, Clone)]
pub enum Goto<S: State> {
    Node(String),
    Send(Send<S>),
}

/// A node's result: an optional state update plus optional extra destinations (on top of the
/// node's static edges, as in LangGraph). Nodes usually return their `Update` directly, which
/// converts into a `Command` with no `goto`.
#[derive(Debug, Clone)]
pub struct Command<S: State> {
    pub update: Option<S::Update>,
    pub goto: Vec<Goto<S>>,
}

impl<S: State> Default for Command<S> {
    fn default() -> Self {
        Command {
            update: None,
            goto: Vec::new(),
        }
    }
}

impl<S: State> Command<S> {
    /// Only a state update.
    pub fn update(update: S::Update) -> Self {
        Command {
            update: Some(update),
            goto: Vec::new(),
        }
    }

    /// Go to one node (or `END`).
    pub fn goto(node: impl Into<String>) -> Self {
        Command {
            update: None,
            goto: vec![Goto::Node(node.into())],
        }
    }

    /// Go to several nodes, which run concurrently in the next superstep.
    pub fn goto_many<I: IntoIterator<Item = T>, T: Into<String>>(nodes: I) -> Self {
        Command {
            update: None,
            goto: nodes.into_iter().map(|n| Goto::Node(n.into())).collect(),
        }
    }

    /// Dispatch `Send` tasks.
    pub fn send(sends: Vec<Send<S>>) -> Self {
        Command {
            update: None,
            goto: sends.into_iter().map(Goto::Send).collect(),
        }
    }

    /// Adds a state update to this command.
    pub fn with_update(mut self, update: S::Update) -> Self {
        self.update = Some(update);
        self
    }
}

/// What a conditional-edge function returns: path-map keys (or node names) and/or `Send`s.
#[derive(Debug, Clone)]
pub struct Route<S: State>(pub Vec<RouteTarget<S>>);

/// One element of a [`Route`].
#[derive(Debug, Clone)]
pub enum RouteTarget<S: State> {
    /// A key of the path map, or a node name / END when the edge has no path map.
    Key(String),
    Send(Send<S>),
}

impl<S: State> From<&str> for Route<S> {
    fn from(key: &str) -> Self {
        Route(vec![RouteTarget::Key(key.to_string())])
    }
}

impl<S: State> From<String> for Route<S> {
    fn from(key: String) -> Self {
        Route(vec![RouteTarget::Key(key)])
    }
}

impl<S: State> From<Vec<&str>> for Route<S> {
    fn from(keys: Vec<&str>) -> Self {
        Route(
            keys.into_iter()
                .map(|k| RouteTarget::Key(k.to_string()))
                .collect(),
        )
    }
}

impl<S: State> From<Vec<String>> for Route<S> {
    fn from(keys: Vec<String>) -> Self {
        Route(keys.into_iter().map(RouteTarget::Key).collect())
    }
}

impl<S: State> From<Send<S>> for Route<S> {
    fn from(send: Send<S>) -> Self {
        Route(vec![RouteTarget::Send(send)])
    }
}

impl<S: State> From<Vec<Send<S>>> for Route<S> {
    fn from(sends: Vec<Send<S>>) -> Self {
        Route(sends.into_iter().map(RouteTarget::Send).collect())
    }
}

/// A pause requested by `ctx.interrupt(payload)`, reported to the caller of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Interrupt {
    /// Stable id: answer it with `Resume::by_id` when several interrupts are pending.
    pub id: String,
    /// The node that called `interrupt` (inside a subgraph: the child's node).
    pub node: String,
    /// Subgraph path from the root graph, empty at the root (e.g. `["review"]`).
    pub path: Vec<String>,
    pub payload: Value,
}

/// The answer(s) given to `resume`.
#[derive(Debug, Clone, PartialEq)]
pub enum Resume {
    /// Answers the single pending interrupt.
    Value(Value),
    /// Answers interrupts by id; unanswered ones stay paused.
    ById(BTreeMap<String, Value>),
}

impl Resume {
    pub fn value(value: impl Into<Value>) -> Self {
        Resume::Value(value.into())
    }

    pub fn by_id<I, K>(answers: I) -> Self
    where
        I: IntoIterator<Item = (K, Value)>,
        K: Into<String>,
    {
        Resume::ById(answers.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }
}
