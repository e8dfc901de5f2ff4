//! What the store keeps besides checkpoints: one record per interactive run (for the run list
//! and for re-opening a paused run after a reload) and the master resume per user. Plain serde
//! data, compiled on every target so pages and tests share it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::{ErrorCode, SessionError};

/// Where a run stands, as the run list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Started and not yet paused or finished. After a reload this means the page was closed
    /// mid-step: `session::reopen_run` reports it as `"stopped"` and `continue_run` goes on.
    Running,
    /// Waiting for the user's answer (a question or the review).
    Paused,
    Done,
    Failed,
    Cancelled,
}

/// One interactive run. Holds the workflow input (resume, job description, settings: never a
/// key) so the run can be rebuilt after a reload, and the last step the page showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The checkpoint thread (`RunHandle::thread_id`), unique across page loads.
    pub thread_id: String,
    pub workflow_id: String,
    /// What the run list shows, e.g. the job title.
    pub title: String,
    /// Milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    pub updated_at_ms: u64,
    pub status: RunStatus,
    /// The input `start_run` was given (`reopen_run` needs the same one).
    pub input: Value,
    /// The session's latest step JSON (`{"status": "interrupted", "interrupts", "state", ...}`).
    pub last_step: Option<Value>,
    /// The user-facing message of the failure, when `status` is `failed` or `cancelled`.
    pub error: Option<String>,
}

impl RunRecord {
    /// A record for a run that has just started.
    pub fn new(
        thread_id: impl Into<String>,
        workflow_id: impl Into<String>,
        title: impl Into<String>,
        input: Value,
        now_ms: u64,
    ) -> Self {
        Self {
            thread_id: thread_id.into(),
            workflow_id: workflow_id.into(),
            title: title.into(),
            created_at_ms: now_ms,
            updated_at_ms: now_ms,
            status: RunStatus::Running,
            input,
            last_step: None,
            error: None,
        }
    }

    /// Records a step the session returned: `"interrupted"` → paused, `"done"` → done,
    /// `"stopped"` (a reopened run that had not finished its step) → running.
    pub fn record_step(&mut self, step: &Value, now_ms: u64) {
        self.status = match step["status"].as_str() {
            Some("done") => RunStatus::Done,
            Some("interrupted") => RunStatus::Paused,
            _ => RunStatus::Running,
        };
        self.last_step = Some(step.clone());
        self.error = None;
        self.updated_at_ms = now_ms;
    }

    /// Records how a run ended badly: stopped by the user, or failed with the message shown.
    pub fn record_error(&mut self, error: &SessionError, now_ms: u64) {
        self.status = match error.code {
            ErrorCode::Cancelled => RunStatus::Cancelled,
            _ => RunStatus::Failed,
        };
        self.error = Some(error.message.clone());
        self.updated_at_ms = now_ms;
    }

    /// Whether the run can be re-opened to go on (answer its question or finish its step).
    pub fn can_reopen(&self) -> bool {
        matches!(self.status, RunStatus::Running | RunStatus::Paused)
    }
}

/// The user's master resume: every answer given to the tailoring questions is added to it, so
/// the next run already knows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MasterResume {
    pub text: String,
    pub updated_at_ms: u64,
}
