//! Every workflow's diagram as text, so `Runner.mermaid(id)` and `run.mermaid` stay synchronous
//! while the workflow's graph code is still a wasm chunk to fetch. Each is its workflow's
//! `diagram.mmd` (`src/workflows/<module>/diagram.mmd`), a file generated from the built graph's
//! own `to_mermaid()`, never written by hand: `UPDATE_DIAGRAMS=1 cargo test --test native diagram_table`
//! writes it, and tests/native/diagram_table.rs fails when one drifts from the graph it describes.

use crate::workflows::{for_each_workflow, Workflow};

macro_rules! diagrams {
    ($(($module:ident, $workflow:ident)),* $(,)?) => {
        /// (workflow id, its file, Mermaid flowchart), one entry per workflow of
        /// `for_each_workflow!`; the file's path is relative to the crate's root.
        pub(super) const DIAGRAMS: &[(&str, &str, &str)] = &[$((
            <crate::workflows::$module::$workflow as Workflow>::ID,
            concat!("src/workflows/", stringify!($module), "/diagram.mmd"),
            include_str!(concat!("../workflows/", stringify!($module), "/diagram.mmd")),
        )),*];
    };
}
for_each_workflow!(diagrams);
