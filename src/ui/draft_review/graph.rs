//! The run's graph as rows of nodes that light up while they run; a node paused on the user shows
//! as waiting. Each page gives its rows (loops marked ↺ in their labels).

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStatus {
    Idle,
    Running,
    /// Paused on an interrupt, waiting for the user.
    Waiting,
    Done,
    Failed,
}

impl NodeStatus {
    pub fn name(self) -> &'static str {
        match self {
            NodeStatus::Idle => "idle",
            NodeStatus::Running => "running",
            NodeStatus::Waiting => "waiting",
            NodeStatus::Done => "done",
            NodeStatus::Failed => "failed",
        }
    }
}

/// Rows of a graph, top to bottom, each node as (node id, English label, Chinese label).
pub type GraphRows = &'static [&'static [(&'static str, &'static str, &'static str)]];

/// One node: its status as its class and `data-status` (English, for styles and tests), its
/// label, and `spoken`, what a screen reader says of it.
#[component]
pub fn GraphNode(
    id: &'static str,
    label: (&'static str, &'static str),
    status: Signal<&'static str>,
    spoken: Signal<String>,
) -> impl IntoView {
    let lang = use_language();
    view! {
        <li
            class=move || format!("gnode gnode--{}", status.get())
            data-testid=format!("node-{id}")
            data-status=move || status.get()
            aria-label=move || spoken.get()
        >
            {move || tr(lang.get(), label.0, label.1)}
        </li>
    }
}

#[component]
pub fn DraftGraph(
    rows: GraphRows,
    nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    testid: &'static str,
) -> impl IntoView {
    let lang = use_language();
    let status_of =
        move |id: &str| nodes.with(|n| n.get(id).copied().unwrap_or(NodeStatus::Idle).name());
    view! {
        <section class="graph" aria-label=move || tr(lang.get(), "Workflow progress", "流程进度") data-testid=testid>
            {rows.iter().map(|row| view! {
                <ol class="graph__row">
                    {row.iter().map(|&(id, en, zh)| {
                        let status = Signal::derive(move || status_of(id));
                        let spoken = Signal::derive(move || format!("{}: {}", tr(lang.get(), en, zh), status.get()));
                        view! { <GraphNode id=id label=(en, zh) status=status spoken=spoken /> }
                    }).collect_view()}
                </ol>
            }).collect_view()}
        </section>
    }
}
