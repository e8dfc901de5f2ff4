//! The workflows a caller can start, read from the workflows' registry, with the JSON schema of
//! each one's input where the JS API is built.

use serde::Serialize;

use super::by_id::{with_workflow, WorkflowWork};
#[cfg(feature = "api")]
use super::diagrams::INPUT_SCHEMAS;
use super::diagrams::{entry, DIAGRAMS};
use super::error::SessionError;
use super::json::unknown_workflow;
use crate::workflows::{visit_all, Bilingual, RunEnv, Workflow, WorkflowVisitor};

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowInfo {
    pub id: &'static str,
    /// English title (the app shows `titles` in the page's language).
    pub title: &'static str,
    pub description: &'static str,
    pub titles: Bilingual,
    pub descriptions: Bilingual,
    /// Pauses for the user: answer its `interrupted` steps.
    pub interactive: bool,
    /// JSON schema of the `input` this workflow takes, derived from its input type.
    #[cfg(feature = "api")]
    pub input_schema: serde_json::Value,
}

fn info<W: Workflow>() -> WorkflowInfo {
    let meta = W::meta();
    WorkflowInfo {
        id: meta.id,
        title: meta.title.en,
        description: meta.description.en,
        titles: meta.title,
        descriptions: meta.description,
        interactive: meta.interactive,
        #[cfg(feature = "api")]
        input_schema: table_schema(meta.id),
    }
}

pub fn workflows() -> Vec<WorkflowInfo> {
    struct All(Vec<WorkflowInfo>);
    impl WorkflowVisitor for All {
        fn visit<W: Workflow>(&mut self) {
            self.0.push(info::<W>());
        }
    }
    let mut all = All(Vec::new());
    visit_all(&mut all);
    all.0
}

pub fn workflow(id: &str) -> Option<WorkflowInfo> {
    struct Info;
    impl WorkflowWork for Info {
        type Output = WorkflowInfo;
        fn run<W: Workflow>(self) -> WorkflowInfo {
            info::<W>()
        }
    }
    with_workflow(id, Info)
}

/// The diagram of `workflow_id`, without starting a run and without the workflow's graph code:
/// from the table in `diagrams.rs`, which a native test keeps equal to [`draw_mermaid`].
pub fn mermaid(workflow_id: &str) -> Result<String, SessionError> {
    entry(DIAGRAMS, workflow_id)
        .map(|(_, diagram)| diagram.to_string())
        .ok_or_else(|| unknown_workflow(workflow_id))
}

/// Where [`mermaid`]'s diagram of `workflow_id` is kept, relative to the crate's root (the file
/// tests/native/diagram_table.rs writes from [`draw_mermaid`]).
#[doc(hidden)]
pub fn mermaid_file(workflow_id: &str) -> Option<&'static str> {
    entry(DIAGRAMS, workflow_id).map(|(file, _)| file)
}

/// The diagram of `workflow_id` drawn from its built graph: the graph's shape does not depend on
/// the model or the input, so it is built on the offline demo model from the default input.
pub fn draw_mermaid(workflow_id: &str) -> Result<String, SessionError> {
    struct Draw;
    impl WorkflowWork for Draw {
        type Output = Result<String, SessionError>;
        fn run<W: Workflow>(self) -> Self::Output {
            W::prepare(W::sample_input(), &RunEnv::offline("diagram"))
                .map(|prepared| prepared.graph.to_mermaid())
                .map_err(|e| SessionError::new(super::error::ErrorCode::RunFailed, e.0))
        }
    }
    with_workflow(workflow_id, Draw).unwrap_or_else(|| Err(unknown_workflow(workflow_id)))
}

/// `workflow_id`'s input schema from the table (`diagrams.rs`): a self-contained schema (no
/// `$ref`s), so a host app can read a property's enum in place. A native test keeps it equal
/// to [`derive_input_schema`].
#[cfg(feature = "api")]
fn table_schema(workflow_id: &str) -> serde_json::Value {
    entry(INPUT_SCHEMAS, workflow_id)
        .and_then(|(_, text)| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// Where [`table_schema`]'s schema of `workflow_id` is kept, relative to the crate's root (the
/// file tests/native/input_schemas.rs writes from [`derive_input_schema`]).
#[cfg(feature = "api")]
#[doc(hidden)]
pub fn input_schema_file(workflow_id: &str) -> Option<&'static str> {
    entry(INPUT_SCHEMAS, workflow_id).map(|(file, _)| file)
}

/// `workflow_id`'s input schema derived from its input type (draft 2020-12, subschemas
/// inlined): what its `input.schema.json` must hold. Not called by the package: only by the
/// test that writes and checks the table.
#[cfg(feature = "api")]
#[doc(hidden)]
pub fn derive_input_schema(workflow_id: &str) -> Option<serde_json::Value> {
    struct Derive;
    impl WorkflowWork for Derive {
        type Output = Option<serde_json::Value>;
        fn run<W: Workflow>(self) -> Self::Output {
            let generator = schemars::generate::SchemaSettings::draft2020_12()
                .with(|s| s.inline_subschemas = true)
                .into_generator();
            serde_json::to_value(generator.into_root_schema_for::<W::Input>()).ok()
        }
    }
    with_workflow(workflow_id, Derive).flatten()
}
