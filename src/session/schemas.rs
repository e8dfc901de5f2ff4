//! Every workflow's input schema as text, so `Runner.workflows()` carries no schema generator:
//! deriving them at run time put schemars and every input type's `JsonSchema` code (about 30 KB
//! of wasm) in the npm package's first module. Each is its workflow's `input.schema.json`
//! (`src/workflows/<module>/input.schema.json`), generated from the input type's derived
//! `JsonSchema`, never written by hand: `UPDATE_SCHEMAS=1 cargo test --test native input_schemas`
//! writes it, and tests/native/input_schemas.rs fails when one drifts from its type.

use crate::workflows::{for_each_workflow, Workflow};

macro_rules! schemas {
    ($(($module:ident, $workflow:ident)),* $(,)?) => {
        /// (workflow id, its file, JSON schema), one entry per workflow of `for_each_workflow!`;
        /// the file's path is relative to the crate's root.
        pub(super) const INPUT_SCHEMAS: &[(&str, &str, &str)] = &[$((
            <crate::workflows::$module::$workflow as Workflow>::ID,
            concat!("src/workflows/", stringify!($module), "/input.schema.json"),
            include_str!(concat!("../workflows/", stringify!($module), "/input.schema.json")),
        )),*];
    };
}
for_each_workflow!(schemas);
