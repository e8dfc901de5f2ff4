//! The static input-schema table (`Runner.workflows()`'s `inputSchema`, served without a schema
//! generator in the package) against the schema derived from each workflow's input type: the
//! table can never drift from the types.
//! `UPDATE_SCHEMAS=1 cargo test --test native input_schemas` rewrites every
//! src/workflows/*/input.schema.json (a new workflow's must exist, even as `{}`, for the crate to
//! build).

use careergraph::session::{derive_input_schema, input_schema_file, workflows};

#[test]
fn every_workflow_s_table_schema_is_its_derived_schema() {
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some();
    let all = workflows();
    assert!(all.len() >= 5, "every registered workflow is checked");
    for info in all {
        let derived = derive_input_schema(info.id).expect("every workflow's input has a schema");
        assert_eq!(derived["type"], "object", "{}: {derived}", info.id);
        let file = input_schema_file(info.id).expect("every workflow has a schema file");
        if update {
            let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = serde_json::to_string_pretty(&derived).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
            println!("rewrote {path}: rebuild and run again to check it");
            continue;
        }
        assert_eq!(
            info.input_schema, derived,
            "{file} differs from the schema of {}'s input type: \
             UPDATE_SCHEMAS=1 cargo test --test native input_schemas",
            info.id
        );
    }
}
