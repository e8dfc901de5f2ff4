//! The one public path from a user's choices to a running workflow, shared by the Leptos app and
//! the JS API: a provider configuration becomes a chat model, a workflow id and JSON input become a
//! run, and the run reports the engine's events. Platform-neutral: the HTTP transport is passed in
//! (fetch in the browser, a native client in tests).

mod diagram;
mod error;
mod hiring;
mod ids;
mod persist;
mod provider;
mod registry;
mod run;

pub use diagram::mermaid;
pub use error::{ErrorCode, SessionError};
pub use hiring::HIRING_WORKFLOW_ID;
pub use ids::new_thread_id;
pub use persist::{continue_run, reopen_run, start_run_checkpointed, ReopenedRun};
pub use provider::{build_model, ProviderConfig, ProviderKind};
pub use registry::{workflow, workflows, WorkflowInfo};
pub use run::{resume_run, start_run, Run, RunHandle, MAX_INPUT_CHARS};
