//! The static diagram table (`session::mermaid`, what `Runner.mermaid(id)` and `run.mermaid`
//! serve while a workflow's code is still a wasm chunk) against the diagram drawn from each
//! workflow's built graph: the table can never drift from the graphs.
//! `UPDATE_DIAGRAMS=1 cargo test --test diagram_table` rewrites src/session/diagrams/*.mmd.

use careergraph::session::{draw_mermaid, mermaid, workflows, ErrorCode};

#[test]
fn every_workflow_s_table_entry_is_its_drawn_graph() {
    let update = std::env::var_os("UPDATE_DIAGRAMS").is_some();
    let all = workflows();
    assert!(all.len() >= 5, "every registered workflow is checked");
    for info in all {
        let drawn = draw_mermaid(info.id).expect("the sample input builds the graph");
        assert!(drawn.contains("flowchart"), "{drawn}");
        if update {
            let path = format!(
                "{}/src/session/diagrams/{}.mmd",
                env!("CARGO_MANIFEST_DIR"),
                info.id
            );
            std::fs::write(&path, &drawn).unwrap();
            println!("rewrote {path}: rebuild and run again to check it");
            continue;
        }
        let table =
            mermaid(info.id).unwrap_or_else(|e| panic!("{} not in the table: {e}", info.id));
        assert_eq!(
            table, drawn,
            "src/session/diagrams/{}.mmd differs from the built graph: \
             UPDATE_DIAGRAMS=1 cargo test --test diagram_table",
            info.id
        );
    }
}

#[test]
fn an_unknown_workflow_has_no_diagram() {
    let err = mermaid("nope").unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownWorkflow);
}
