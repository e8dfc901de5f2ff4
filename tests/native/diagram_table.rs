//! The static diagram table (`session::mermaid`, what `Runner.mermaid(id)` and `run.mermaid()`
//! serve while a workflow's code is still a wasm chunk) against the diagram drawn from each
//! workflow's built graph: the table can never drift from the graphs.
//! `UPDATE_DIAGRAMS=1 cargo test --test native diagram_table` rewrites every src/workflows/*/diagram.mmd
//! (a new workflow's must exist, even empty, for the crate to build: `touch` it first).

use crate::native_transport;
use crate::run_support::any_run;

use std::rc::Rc;

use careergraph::session::{
    build_model, draw_mermaid, mermaid, mermaid_file, workflows, ErrorCode, ProviderConfig, Runtime,
};
use serde_json::json;

#[test]
fn every_workflow_s_table_entry_is_its_drawn_graph() {
    let update = std::env::var_os("UPDATE_DIAGRAMS").is_some();
    let all = workflows();
    assert!(all.len() >= 5, "every registered workflow is checked");
    for info in all {
        let drawn = draw_mermaid(info.id).expect("the sample input builds the graph");
        assert!(drawn.contains("flowchart"), "{drawn}");
        let file = mermaid_file(info.id).expect("every workflow has a diagram file");
        if update {
            let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
            std::fs::write(&path, &drawn).unwrap();
            println!("rewrote {path}: rebuild and run again to check it");
            continue;
        }
        let table =
            mermaid(info.id).unwrap_or_else(|e| panic!("{} not in the table: {e}", info.id));
        assert_eq!(
            table, drawn,
            "{file} differs from the built graph of {}: \
             UPDATE_DIAGRAMS=1 cargo test --test native diagram_table",
            info.id
        );
    }
}

#[test]
fn an_unknown_workflow_has_no_diagram() {
    let err = mermaid("nope").unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownWorkflow);
}

/// `run.mermaid()` is served from the table too, so a run's graph must not depend on its input's
/// options: runs with non-default options draw the table's diagram.
#[test]
fn a_run_s_diagram_does_not_depend_on_its_options() {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let model = build_model(
        &provider,
        Rc::new(native_transport::ReqwestTransport::default()),
    )
    .unwrap();
    let resume = "# Robin Sample\n\nBackend engineer at Example Ledger, 2019-2025: Rust, SQL.\n";
    let job = "Backend engineer. Requirements: Rust, SQL, Kafka.";
    let cases = [
        (
            "resume_review",
            json!({"resume": resume, "targetRole": "Engineer", "designReview": true, "maxIterations": 5, "threshold": 9.5}),
        ),
        (
            "resume_tailoring",
            json!({"resume": resume, "jobDescription": job, "humanReview": false, "maxQuestions": 0, "maxRevisions": 0}),
        ),
        (
            "hiring_pipeline",
            json!({"resume": resume, "jobDescription": job, "task": "only the email"}),
        ),
        (
            "career_navigator",
            json!({"goal": "Staff engineer", "maxIterations": 0, "startDate": "2026-01-05"}),
        ),
        (
            "batch_screening",
            json!({"jobDescription": job, "resumes": [{"label": "a", "text": resume}], "concurrency": 16}),
        ),
    ];
    for (id, input) in cases {
        let run = any_run(id, input, &Runtime::new(model.clone()))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            run.mermaid(),
            mermaid(id).unwrap(),
            "{id}: the run's graph differs from the table"
        );
        run.cancel();
    }
}
