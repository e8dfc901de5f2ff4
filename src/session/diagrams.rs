//! Every workflow's diagram as text, so `Runner.mermaid(id)` and `run.mermaid` stay synchronous
//! while the workflow's graph code is still a wasm chunk to fetch (issue 17). The files under
//! `diagrams/` are the graphs' own `to_mermaid()`: tests/diagram_table.rs fails when one drifts
//! from the graph it describes (`UPDATE_DIAGRAMS=1 cargo test --test diagram_table` rewrites them).

/// (workflow id, Mermaid flowchart), one entry per workflow of `visit_all`.
pub(super) const DIAGRAMS: &[(&str, &str)] = &[
    ("resume_review", include_str!("diagrams/resume_review.mmd")),
    (
        "resume_tailoring",
        include_str!("diagrams/resume_tailoring.mmd"),
    ),
    (
        "hiring_pipeline",
        include_str!("diagrams/hiring_pipeline.mmd"),
    ),
    (
        "career_navigator",
        include_str!("diagrams/career_navigator.mmd"),
    ),
    (
        "batch_screening",
        include_str!("diagrams/batch_screening.mmd"),
    ),
];
