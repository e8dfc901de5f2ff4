//! The files kept beside each workflow's code and served without it, so that the package's first
//! module needs neither the workflow's graph code (still a wasm chunk to fetch) nor a schema
//! generator. Both are generated, never written by hand, and a native test fails when one drifts:
//!
//! - `src/workflows/<module>/diagram.mmd`, the built graph's own `to_mermaid()`, for
//!   `Runner.mermaid(id)` and `run.mermaid`: `UPDATE_DIAGRAMS=1 cargo test --test native
//!   diagram_table` writes it (tests/native/diagram_table.rs);
//! - `src/workflows/<module>/input.schema.json`, the input type's derived `JsonSchema`, for
//!   `Runner.workflows()`'s `inputSchema` (deriving it at run time put schemars and every input
//!   type's `JsonSchema` code, about 30 KB of wasm, in the first module): `UPDATE_SCHEMAS=1 cargo
//!   test --test native input_schemas` writes it (tests/native/input_schemas.rs).

use crate::workflows::{for_each_workflow, Workflow};

/// (workflow id, its file relative to the crate's root, the file's text).
pub(super) type Table = &'static [(&'static str, &'static str, &'static str)];

macro_rules! tables {
    ($(($module:ident, $workflow:ident)),* $(,)?) => {
        /// Each workflow's Mermaid flowchart, one entry per workflow of `for_each_workflow!`.
        pub(super) const DIAGRAMS: Table = &[$((
            <crate::workflows::$module::$workflow as Workflow>::ID,
            concat!("src/workflows/", stringify!($module), "/diagram.mmd"),
            include_str!(concat!("../workflows/", stringify!($module), "/diagram.mmd")),
        )),*];

        /// Each workflow's input schema (JSON), one entry per workflow of `for_each_workflow!`.
        #[cfg(feature = "api")]
        pub(super) const INPUT_SCHEMAS: Table = &[$((
            <crate::workflows::$module::$workflow as Workflow>::ID,
            concat!("src/workflows/", stringify!($module), "/input.schema.json"),
            include_str!(concat!("../workflows/", stringify!($module), "/input.schema.json")),
        )),*];
    };
}
for_each_workflow!(tables);

/// `workflow_id`'s entry of `table`: its file and text.
pub(super) fn entry(table: Table, workflow_id: &str) -> Option<(&'static str, &'static str)> {
    table
        .iter()
        .find(|(id, _, _)| *id == workflow_id)
        .map(|(_, file, text)| (*file, *text))
}
