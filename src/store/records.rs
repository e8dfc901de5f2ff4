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

/// The master resume to save when a finished step carries one the run updated (the tailoring
/// workflow adds the user's answers to it and sets `master_resume_updated`).
pub fn updated_master_resume(step: &Value) -> Option<&str> {
    let state = &step["state"];
    let updated = step["status"] == "done" && state["master_resume_updated"] == true;
    updated
        .then(|| state["master_resume"].as_str())
        .flatten()
        .filter(|text| !text.trim().is_empty())
}

/// The user's master resume: every answer given to the tailoring questions is added to it, so
/// the next run already knows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MasterResume {
    pub text: String,
    pub updated_at_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn steps_and_errors_set_the_status() {
        let mut record = RunRecord::new("t", "resume_tailoring", "Acme", json!({}), 1);
        assert_eq!(record.status, RunStatus::Running);
        let paused = json!({"status": "interrupted", "interrupts": [{"id": "i"}], "state": {}});
        record.record_step(&paused, 2);
        assert_eq!(
            (record.status, record.updated_at_ms, record.created_at_ms),
            (RunStatus::Paused, 2, 1)
        );
        assert_eq!(record.last_step, Some(paused));
        assert!(record.can_reopen());
        record.record_step(&json!({"status": "stopped"}), 3);
        assert_eq!(record.status, RunStatus::Running);
        record.record_error(&SessionError::new(ErrorCode::RunFailed, "429"), 4);
        assert_eq!(record.status, RunStatus::Failed);
        assert_eq!(record.error.as_deref(), Some("429"));
        assert!(!record.can_reopen());
        record.record_error(&SessionError::new(ErrorCode::Cancelled, "stopped"), 5);
        assert_eq!(record.status, RunStatus::Cancelled);
        record.record_step(&json!({"status": "done", "state": {}}), 6);
        assert_eq!(
            (record.status, record.error.clone()),
            (RunStatus::Done, None)
        );
    }

    #[test]
    fn only_a_finished_run_that_updated_it_gives_a_master_resume() {
        let done = |updated: bool, text: &str| json!({"status": "done", "state": {"master_resume_updated": updated, "master_resume": text}});
        assert_eq!(updated_master_resume(&done(true, "# Ann")), Some("# Ann"));
        assert_eq!(updated_master_resume(&done(false, "# Ann")), None);
        assert_eq!(updated_master_resume(&done(true, "  ")), None);
        let paused = json!({"status": "interrupted", "state": {"master_resume_updated": true, "master_resume": "# Ann"}});
        assert_eq!(updated_master_resume(&paused), None);
    }
}
