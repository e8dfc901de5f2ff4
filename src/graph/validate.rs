//! Compile-time checks of a graph: unknown nodes, missing entry, unreachable nodes.

use std::collections::{BTreeSet, VecDeque};

use crate::graph::command::{END, START};
use crate::graph::error::GraphError;
use crate::graph::state::State;
use crate::graph::topology::Topology;

/// Checks that every edge names existing nodes, START has an edge, and every node is reachable.
pub(crate) fn validate_topology<S: State>(topo: &Topology<S>) -> Result<(), GraphError> {
    let is_node = |name: &str| topo.nodes.contains_key(name);
    let check_source = |name: &str, what: &str| -> Result<(), GraphError> {
        if name == END {
            return Err(GraphError::InvalidGraph(format!(
                "{what} cannot start at END"
            )));
        }
        if name != START && !is_node(name) {
            return Err(GraphError::InvalidGraph(format!(
                "{what} starts at unknown node `{name}`"
            )));
        }
        Ok(())
    };
    let check_target = |name: &str, what: &str| -> Result<(), GraphError> {
        if name == START {
            return Err(GraphError::InvalidGraph(format!(
                "{what} cannot go to START"
            )));
        }
        if name != END && !is_node(name) {
            return Err(GraphError::InvalidGraph(format!(
                "{what} goes to unknown node `{name}`"
            )));
        }
        Ok(())
    };
    for (from, to) in &topo.edges {
        let what = format!("edge `{from}` -> `{to}`");
        check_source(from, &what)?;
        check_target(to, &what)?;
    }
    for join in &topo.joins {
        for source in &join.sources {
            check_source(source, &format!("fan-in edge `{}`", join.channel))?;
        }
        check_target(&join.target, &format!("fan-in edge `{}`", join.channel))?;
    }
    for branch in &topo.branches {
        let what = format!("conditional edge from `{}`", branch.source);
        check_source(&branch.source, &what)?;
        if let Some(map) = &branch.path_map {
            for (key, target) in map {
                check_target(target, &format!("{what} (path-map key `{key}`)"))?;
            }
        }
    }
    for (name, spec) in &topo.nodes {
        for target in &spec.destinations {
            check_target(target, &format!("declared destination of `{name}`"))?;
        }
    }
    let has_entry = topo.edges.iter().any(|(from, _)| from == START)
        || topo.branches.iter().any(|b| b.source == START);
    if !has_entry {
        return Err(GraphError::InvalidGraph(
            "graph has no entry point: add an edge from START (add_edge(START, \"first\"))"
                .to_string(),
        ));
    }
    let unreachable = unreachable_nodes(topo);
    if !unreachable.is_empty() {
        return Err(GraphError::InvalidGraph(format!(
            "unreachable node(s) from START: {}; connect them with an edge, a conditional \
             edge's path map, or a node's declared Command destinations",
            unreachable.join(", ")
        )));
    }
    Ok(())
}

/// Nodes that no path from START reaches (a fan-in target counts as reached when any of its
/// sources is; an unmapped router reaches everything).
fn unreachable_nodes<S: State>(topo: &Topology<S>) -> Vec<String> {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut queue: VecDeque<&str> = VecDeque::from([START]);
    while let Some(current) = queue.pop_front() {
        let mut next: Vec<&str> = topo.plain_targets(current).collect();
        for join in topo.joins.iter().filter(|j| j.sources.contains(current)) {
            next.push(&join.target);
        }
        for branch in topo.branches_from(current) {
            match &branch.path_map {
                Some(map) => next.extend(map.values().map(String::as_str)),
                None => next.extend(topo.nodes.keys().map(String::as_str)),
            }
        }
        if let Some(spec) = topo.nodes.get(current) {
            next.extend(spec.destinations.iter().map(String::as_str));
        }
        for node in next {
            if node != END && seen.insert(node) {
                queue.push_back(node);
            }
        }
    }
    topo.nodes
        .keys()
        .filter(|name| !seen.contains(name.as_str()))
        .cloned()
        .collect()
}
