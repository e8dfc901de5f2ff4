//! The one public path from a user's choices to a running workflow, shared by the Leptos app and
//! the JS API: a provider configuration becomes a [`Runtime`], a declared workflow and its typed
//! input become a [`WorkflowRun`], and the run goes step by step (start, answer, reopen after a
//! reload, continue, follow-up, cancel) the same way for every workflow. Platform-neutral: the
//! HTTP transport is passed in (fetch in the browser, a native client in tests).
//!
//! One way in (docs/runs.md): a run is asked for with a [`RunRequest`] (the workflow's input and
//! the run's [`RunOptions`], such as per-agent models) on a [`Runtime`] (the provider's model,
//! the checkpointer, the clock). [`WorkflowRun::new`] starts it on a new thread and
//! [`WorkflowRun::reopen`] brings a saved one back; nothing else builds a run.
//!
//! One lifecycle, two faces: [`WorkflowRun<W>`] is typed (its own state, pauses and answers);
//! [`AnyRun`] is the same run named by workflow id, with JSON in and [`JsonStep`]s out, for the
//! JS API and tests that keep a `Send` handle: a thin layer whose `check` + `new` (the two halves
//! of a start whose workflow code is a wasm chunk, `chunks.rs`) and `reopen` go through the typed
//! `new` and `reopen`. Its other verbs mirror the typed ones (`start`, `resume`, `continue_run`,
//! `follow_up`, `cancel`).

mod by_id;
mod chunks;
mod diagrams;
mod error;
mod host;
mod ids;
mod json;
mod lifecycle;
mod provider;
mod read_entries;
mod registry;
mod report;
mod request;
mod run;
mod runtime;
mod transfer;

pub use chunks::CheckedStart;
pub use error::{ErrorCode, SessionError};
pub use host::{check_base_url, default_base_url, host_to_confirm};
pub use ids::new_thread_id;
pub use json::{checked_json, JsonStep};
pub use lifecycle::{Asked, Step, StepFuture, WorkflowRun};
pub use provider::{build_model, default_model, ProviderConfig, ProviderKind};
pub use read_entries::{EntryReading, ReadStop};
#[cfg(feature = "api")]
pub use registry::{derive_input_schema, input_schema_file};
pub use registry::{draw_mermaid, mermaid, mermaid_file, workflow, workflows, WorkflowInfo};
pub use report::{bug_report, scrub_secrets};
pub use request::{RunOptions, RunRequest};
pub use run::AnyRun;
pub use runtime::{Model, Runtime};
pub use transfer::{RunExport, RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION};

/// The model files kept for the in-browser provider, and what the browser can do for it: for the
/// settings page, which may not reach `crate::llm` itself.
#[cfg(target_arch = "wasm32")]
pub mod in_tab {
    pub use crate::llm::in_tab::browser::{loaded, LoadedModel};
    pub use crate::llm::in_tab::kept::{
        capabilities, delete, download, estimate, keep, list, set_assets, Capabilities, KeptError,
        KeptModel, Progress, StorageEstimate,
    };
}

pub use crate::workflows::common::MAX_INPUT_CHARS;
pub use crate::workflows::{
    career_navigator::NavigatorWorkflow, hiring::HiringWorkflow, resume_review::ReviewWorkflow,
    resume_tailoring::TailoringWorkflow, Workflow,
};

/// The hiring pipeline's workflow id.
pub const HIRING_WORKFLOW_ID: &str = <HiringWorkflow as Workflow>::ID;
