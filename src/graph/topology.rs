//! The compiled shape of a graph: nodes, plain edges, fan-in joins and conditional branches.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use futures::future::LocalBoxFuture;

use crate::graph::command::{Command, Route};
use crate::graph::context::NodeContext;
use crate::graph::error::NodeError;
use crate::graph::retry::RetryPolicy;
use crate::graph::state::State;

pub(crate) type NodeFn<S> =
    Rc<dyn Fn(S, NodeContext) -> LocalBoxFuture<'static, Result<Command<S>, NodeError>>>;
pub(crate) type RouterFn<S> = Rc<dyn Fn(&S) -> Route<S>>;

pub(crate) struct NodeSpec<S: State> {
    pub run: NodeFn<S>,
    pub retry: Option<RetryPolicy>,
    /// Where a `Command` of this node may go (for validation and drawing only).
    pub destinations: Vec<String>,
}

/// A conditional edge: `router` picks keys, `path_map` turns keys into node names
/// (`None`: keys are node names and any node may be targeted).
pub(crate) struct Branch<S: State> {
    pub source: String,
    pub router: RouterFn<S>,
    pub path_map: Option<BTreeMap<String, String>>,
}

/// An edge from several nodes: `target` runs once all `sources` have run (a barrier channel).
#[derive(Debug, Clone)]
pub(crate) struct Join {
    pub channel: String,
    pub sources: BTreeSet<String>,
    pub target: String,
}

pub(crate) struct Topology<S: State> {
    pub nodes: BTreeMap<String, NodeSpec<S>>,
    /// Plain edges `(source, target)`; source may be START, target may be END.
    pub edges: BTreeSet<(String, String)>,
    pub joins: Vec<Join>,
    pub branches: Vec<Branch<S>>,
}

impl<S: State> Default for Topology<S> {
    fn default() -> Self {
        Topology {
            nodes: BTreeMap::new(),
            edges: BTreeSet::new(),
            joins: Vec::new(),
            branches: Vec::new(),
        }
    }
}

impl<S: State> Topology<S> {
    /// Targets of the plain edges from `source`: a range scan, as edges are sorted by source.
    pub fn plain_targets<'a>(&'a self, source: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.edges
            .range((source.to_string(), String::new())..)
            .take_while(move |(from, _)| from == source)
            .map(|(_, to)| to.as_str())
    }

    pub fn branches_from<'a>(
        &'a self,
        source: &'a str,
    ) -> impl Iterator<Item = &'a Branch<S>> + 'a {
        self.branches.iter().filter(move |b| b.source == source)
    }
}
