//! Career workflows, one module per seed design document.

pub mod batch_screening;
pub mod career_navigator;
pub mod common;
pub mod cover_letter;
pub mod hiring;
pub mod registry;
pub mod resume_review;
pub mod resume_tailoring;
pub mod sample;

pub use common::{RunControls, RunSettings};
pub use registry::{
    agent_name, demo_model, visit_all, AgentName, Bilingual, InputError, NoPause, Prepared, RunEnv,
    Workflow, WorkflowMeta, WorkflowVisitor,
};
