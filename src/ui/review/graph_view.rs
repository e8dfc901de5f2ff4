//! The live graph: the seed's diagram as rows of nodes that light up while they run. The three
//! critics share a row, so running in parallel is visible as three lit nodes at once.

use leptos::prelude::*;

use super::model::{NodeStatus, RunModel};

/// Rows of the seed-000 diagram, top to bottom.
const ROWS: &[&[(&str, &str)]] = &[
    &[("router", "router")],
    &[
        ("recruiter", "recruiter"),
        ("tech_writer", "tech writer"),
        ("copywriter", "copywriter"),
    ],
    &[("aggregator", "aggregator")],
    &[("revisor", "revisor ↺"), ("portfolio", "portfolio")],
    &[("design", "design")],
];

fn status_name(status: NodeStatus) -> &'static str {
    match status {
        NodeStatus::Idle => "idle",
        NodeStatus::Running => "running",
        NodeStatus::Done => "done",
        NodeStatus::Failed => "failed",
    }
}

#[component]
pub fn GraphView(model: RunModel, max_iterations: u32) -> impl IntoView {
    view! {
        <section class="graph" aria-label="Workflow progress" data-testid="graph">
            <p class="graph__round" data-testid="round">
                {move || format!("Round {} of at most {max_iterations}", model.iteration.get().max(1))}
            </p>
            {ROWS
                .iter()
                .map(|row| {
                    view! {
                        <ol class="graph__row">
                            {row
                                .iter()
                                .map(|(id, label)| {
                                    let id = *id;
                                    let status = move || status_name(model.status(id));
                                    view! {
                                        <li
                                            class=move || format!("gnode gnode--{}", status())
                                            data-testid=format!("node-{id}")
                                            data-status=status
                                            aria-label=move || format!("{label}: {}", status())
                                        >
                                            {*label}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ol>
                    }
                })
                .collect_view()}
        </section>
    }
}
