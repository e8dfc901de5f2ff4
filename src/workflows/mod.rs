//! Career workflows, one module per seed design document, and THE list of them.
//!
//! Adding a workflow (docs/adding-a-workflow.md): its folder here, its `pub mod` line below, and
//! its entry in [`for_each_workflow`]. Everything else that names every workflow (the session's
//! table, the package's wasm chunks, the diagrams, the app's pages and per-agent model settings)
//! expands that list.

pub mod batch_screening;
pub mod career_navigator;
pub mod common;
pub mod cover_letter;
pub mod hiring;
pub mod pause_kinds;
pub mod registry;
pub mod resume_review;
pub mod resume_tailoring;
pub mod sample;

/// Every workflow, in the order the app's picker offers them: `(module, type)`, where `module`
/// is its folder under `src/workflows/` (and, by convention, its page's folder under `src/ui/`)
/// and `type` its `impl Workflow` re-exported there. The one list to extend.
///
/// `for_each_workflow!(callback)` expands to `callback! { (module, Type), … }`: a declarative
/// macro fed by this list writes what needs one item per workflow (a `#[wasm_split]` or
/// `#[lazy]` function per chunk, a match arm per id), where a [`registry::WorkflowVisitor`]
/// cannot. The first workflow is the app's default page.
///
/// Module declarations are not generated from it: rustfmt does not follow a `mod` declared
/// inside a macro, so the workflow's files would silently escape `cargo fmt --check`.
macro_rules! for_each_workflow {
    ($callback:ident) => {
        $callback! {
            (resume_review, ReviewWorkflow),
            (resume_tailoring, TailoringWorkflow),
            (hiring, HiringWorkflow),
            (career_navigator, NavigatorWorkflow),
            (batch_screening, BatchWorkflow),
            (cover_letter, CoverLetterWorkflow),
        }
    };
}
pub(crate) use for_each_workflow;

pub use common::{RunControls, RunSettings};
pub use pause_kinds::PauseKinds;
pub use registry::{
    agent_name, demo_model, model_agents, visit_all, AgentName, Bilingual, InputError, NoPause,
    Prepared, RunEnv, Workflow, WorkflowMeta, WorkflowVisitor,
};
