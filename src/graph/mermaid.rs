//! Mermaid drawing with the structure of LangGraph's `draw_mermaid`.

use std::collections::BTreeSet;

use crate::graph::command::{END, START};
use crate::graph::compiled::CompiledGraph;
use crate::graph::state::State;

/// An edge to draw: conditional edges are dotted, with a label when the key is not the target.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct DrawnEdge {
    source: String,
    target: String,
    conditional: bool,
    label: Option<String>,
}

impl<S: State> CompiledGraph<S> {
    /// The graph as a Mermaid flowchart (`graph TD;`, `__start__`/`__end__`, dotted
    /// conditional edges labelled with their path-map key). Edges are sorted by (source, target)
    /// so the drawing is stable.
    pub fn to_mermaid(&self) -> String {
        let topology = &self.topology;
        let mut edges: BTreeSet<DrawnEdge> = BTreeSet::new();
        let plain = |source: &str, target: &str| DrawnEdge {
            source: source.to_string(),
            target: target.to_string(),
            conditional: false,
            label: None,
        };
        for (source, target) in &topology.edges {
            edges.insert(plain(source, target));
        }
        for join in &topology.joins {
            for source in &join.sources {
                edges.insert(plain(source, &join.target));
            }
        }
        let all_targets: Vec<String> = topology
            .nodes
            .keys()
            .cloned()
            .chain([END.to_string()])
            .collect();
        for branch in &topology.branches {
            let targets: Vec<(Option<String>, String)> = match &branch.path_map {
                Some(map) => map
                    .iter()
                    .map(|(key, target)| ((key != target).then(|| key.clone()), target.clone()))
                    .collect(),
                None => all_targets.iter().map(|t| (None, t.clone())).collect(),
            };
            for (label, target) in targets {
                edges.insert(DrawnEdge {
                    source: branch.source.clone(),
                    target,
                    conditional: true,
                    label,
                });
            }
        }
        for (name, spec) in &topology.nodes {
            for target in &spec.destinations {
                edges.insert(DrawnEdge {
                    source: name.clone(),
                    target: target.clone(),
                    conditional: true,
                    label: None,
                });
            }
        }

        let mut out =
            String::from("---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n");
        out.push_str(&format!("\t{START}([<p>{START}</p>]):::first\n"));
        for name in topology.nodes.keys() {
            out.push_str(&format!("\t{name}({name})\n"));
        }
        out.push_str(&format!("\t{END}([<p>{END}</p>]):::last\n"));
        for edge in &edges {
            let (source, target) = (&edge.source, &edge.target);
            let line = match (edge.conditional, &edge.label) {
                (false, _) => format!("\t{source} --> {target};\n"),
                (true, None) => format!("\t{source} -.-> {target};\n"),
                (true, Some(label)) => format!("\t{source} -. &nbsp;{label}&nbsp; .-> {target};\n"),
            };
            out.push_str(&line);
        }
        out.push_str("\tclassDef default fill:#f2f0ff,line-height:1.2\n");
        out.push_str("\tclassDef first fill-opacity:0\n");
        out.push_str("\tclassDef last fill:#bfb6fc\n");
        out
    }
}
