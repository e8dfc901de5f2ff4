//! `StateGraph`: declares nodes and edges, then `compile()` validates them.

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::rc::Rc;

use crate::graph::checkpoint::Checkpointer;
use crate::graph::command::{Command, Route, END, START};
use crate::graph::compiled::CompiledGraph;
use crate::graph::context::NodeContext;
use crate::graph::error::{GraphError, NodeError};
use crate::graph::retry::RetryPolicy;
use crate::graph::state::State;
use crate::graph::topology::{Branch, Join, NodeSpec, Topology};
use crate::graph::validate::validate_topology;

/// Optional settings of a node.
#[derive(Debug, Clone, Default)]
pub struct NodeOptions {
    pub retry: Option<RetryPolicy>,
    /// Nodes a `Command` returned by this node may go to (validation and drawing).
    pub destinations: Vec<String>,
}

impl NodeOptions {
    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.retry = Some(policy);
        self
    }

    pub fn destinations<I: IntoIterator<Item = T>, T: Into<String>>(mut self, nodes: I) -> Self {
        self.destinations = nodes.into_iter().map(Into::into).collect();
        self
    }
}

/// The source(s) of `add_edge`: one node, or several for a fan-in that waits for all of them.
#[derive(Debug, Clone)]
pub struct EdgeSources(Vec<String>);

impl From<&str> for EdgeSources {
    fn from(node: &str) -> Self {
        EdgeSources(vec![node.to_string()])
    }
}

impl From<&[&str]> for EdgeSources {
    fn from(nodes: &[&str]) -> Self {
        EdgeSources(nodes.iter().map(|n| n.to_string()).collect())
    }
}

impl<const N: usize> From<&[&str; N]> for EdgeSources {
    fn from(nodes: &[&str; N]) -> Self {
        EdgeSources::from(&nodes[..])
    }
}

impl<const N: usize> From<[&str; N]> for EdgeSources {
    fn from(nodes: [&str; N]) -> Self {
        EdgeSources::from(&nodes[..])
    }
}

/// The path map of a conditional edge: router key → node name.
#[derive(Debug, Clone, Default)]
pub struct PathMap(Option<BTreeMap<String, String>>);

impl PathMap {
    /// No path map: the router returns node names and may target any node.
    pub fn any() -> Self {
        PathMap(None)
    }
}

impl<const N: usize> From<[(&str, &str); N]> for PathMap {
    fn from(pairs: [(&str, &str); N]) -> Self {
        PathMap(Some(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        ))
    }
}

/// A list of node names: each is its own key.
impl<const N: usize> From<[&str; N]> for PathMap {
    fn from(nodes: [&str; N]) -> Self {
        PathMap(Some(
            nodes
                .iter()
                .map(|n| (n.to_string(), n.to_string()))
                .collect(),
        ))
    }
}

/// Builds a graph over state `S`, LangGraph style.
pub struct StateGraph<S: State> {
    topology: Topology<S>,
    /// Declaration mistakes are collected and reported by `compile()`, keeping the builder chainable.
    errors: Vec<String>,
}

impl<S: State> Default for StateGraph<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: State> StateGraph<S> {
    pub fn new() -> Self {
        StateGraph {
            topology: Topology::default(),
            errors: Vec::new(),
        }
    }

    /// Adds a node: an async function of (state, context) returning an update or a `Command`.
    pub fn add_node<F, Fut, O>(&mut self, name: &str, node: F) -> &mut Self
    where
        F: Fn(S, NodeContext) -> Fut + 'static,
        Fut: Future<Output = Result<O, NodeError>> + 'static,
        O: Into<Command<S>>,
    {
        self.add_node_with(name, NodeOptions::default(), node)
    }

    /// Adds a node with a retry policy and/or declared `Command` destinations.
    pub fn add_node_with<F, Fut, O>(
        &mut self,
        name: &str,
        options: NodeOptions,
        node: F,
    ) -> &mut Self
    where
        F: Fn(S, NodeContext) -> Fut + 'static,
        Fut: Future<Output = Result<O, NodeError>> + 'static,
        O: Into<Command<S>>,
    {
        let node = Rc::new(node);
        let run: crate::graph::topology::NodeFn<S> = Rc::new(move |state, ctx| {
            let fut = node(state, ctx);
            Box::pin(async move { fut.await.map(Into::into) })
        });
        self.insert_node(name, options, run);
        self
    }

    pub(crate) fn insert_node(
        &mut self,
        name: &str,
        options: NodeOptions,
        run: crate::graph::topology::NodeFn<S>,
    ) {
        if name.is_empty() || name == START || name == END {
            self.errors.push(format!(
                "`{name}` is reserved or empty and cannot be a node name"
            ));
            return;
        }
        if self.topology.nodes.contains_key(name) {
            self.errors.push(format!("node `{name}` is added twice"));
            return;
        }
        self.topology.nodes.insert(
            name.to_string(),
            NodeSpec {
                run,
                retry: options.retry,
                destinations: options.destinations,
            },
        );
    }

    /// A plain edge. With several sources (`add_edge(["a", "b"], "c")`) `c` runs once, after all
    /// of them have run (possibly in different supersteps).
    pub fn add_edge(&mut self, from: impl Into<EdgeSources>, to: &str) -> &mut Self {
        let EdgeSources(sources) = from.into();
        match sources.len() {
            0 => self.errors.push(format!("edge to `{to}` has no source")),
            1 => {
                self.topology
                    .edges
                    .insert((sources[0].clone(), to.to_string()));
            }
            _ => {
                let sources: BTreeSet<String> = sources.into_iter().collect();
                let names: Vec<&str> = sources.iter().map(String::as_str).collect();
                self.topology.joins.push(Join {
                    channel: format!("join:{}:{to}", names.join("+")),
                    sources,
                    target: to.to_string(),
                });
            }
        }
        self
    }

    /// A conditional edge: after `source` runs, `router` (seeing the state with `source`'s own
    /// write applied) picks path-map keys, node names or `Send`s.
    pub fn add_conditional_edges<F, R>(
        &mut self,
        source: &str,
        router: F,
        path_map: impl Into<PathMap>,
    ) -> &mut Self
    where
        F: Fn(&S) -> R + 'static,
        R: Into<Route<S>>,
    {
        let PathMap(path_map) = path_map.into();
        self.topology.branches.push(Branch {
            source: source.to_string(),
            router: Rc::new(move |state| router(state).into()),
            path_map,
        });
        self
    }

    /// Validates the graph and freezes it, without persistence (interrupts cannot be resumed).
    pub fn compile(self) -> Result<CompiledGraph<S>, GraphError> {
        self.validate()?;
        Ok(CompiledGraph::new(self.topology, None))
    }

    /// Validates the graph and freezes it; every superstep is saved to `checkpointer`.
    pub fn compile_with_checkpointer(
        self,
        checkpointer: Rc<dyn Checkpointer>,
    ) -> Result<CompiledGraph<S>, GraphError> {
        self.validate()?;
        Ok(CompiledGraph::new(self.topology, Some(checkpointer)))
    }

    fn validate(&self) -> Result<(), GraphError> {
        if let Some(first) = self.errors.first() {
            return Err(GraphError::InvalidGraph(first.clone()));
        }
        validate_topology(&self.topology)
    }
}
