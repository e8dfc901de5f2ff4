//! What the store keeps besides checkpoints: one record per run of any workflow (for the run
//! list and for re-opening a run after a reload) and the master resume per user. Plain serde
//! data, compiled on every target so pages and tests share it.
//!
//! Stored data outlives app versions: every field added after the first format has a serde
//! default, a record says which format wrote it ([`RunRecord::format`]), an older format is
//! upgraded when read ([`RunRecord::upgraded`]) and a newer one is refused with a message, so
//! the run list can skip it and say so instead of failing as a whole.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::{ErrorCode, SessionError};

/// Where a run stands, as the run list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Started and not yet paused or finished. After a reload this means the page was closed
    /// mid-step: `session::AnyRun::reopen` reports it as `"stopped"` and `continue_run` goes on.
    Running,
    /// Waiting for the user's answer (a question or the review).
    Paused,
    Done,
    Failed,
    Cancelled,
}

/// The record format this version writes. 1: the first (tailoring only; the page's
/// conversation and pause time inside `last_step`). 2: any workflow; the page's own data in
/// `page`.
pub const RECORD_FORMAT: u32 = 2;

fn first_format() -> u32 {
    1
}

/// One run of any workflow. Holds the workflow input (resume, job description, settings: never
/// a key) so the run can be rebuilt after a reload, and the last step the page showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Which format wrote this record (absent in format 1).
    #[serde(default = "first_format")]
    pub format: u32,
    /// The checkpoint thread (`AnyRun::thread_id`), unique across page loads.
    pub thread_id: String,
    pub workflow_id: String,
    /// What the run list shows, e.g. the job title.
    pub title: String,
    /// Milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    pub updated_at_ms: u64,
    pub status: RunStatus,
    /// The input the run started with (`WorkflowRun::reopen` needs the same one).
    pub input: Value,
    /// The session's latest step JSON (`{"status": "interrupted", "interrupts", "state", ...}`).
    #[serde(default)]
    pub last_step: Option<Value>,
    /// The user-facing message of the failure, when `status` is `failed` or `cancelled`.
    #[serde(default)]
    pub error: Option<String>,
    /// What the page adds to the step to show the run again (the tailoring page's conversation
    /// and when the run paused); `null` for pages that add nothing.
    #[serde(default)]
    pub page: Value,
    /// What the provider layer said during the run (the `clamped` and `structured_mode` event
    /// payloads), so a re-opened run says it again: a score the app corrected stays marked as
    /// corrected after a reload.
    #[serde(default)]
    pub notes: Vec<Value>,
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
            format: RECORD_FORMAT,
            thread_id: thread_id.into(),
            workflow_id: workflow_id.into(),
            title: title.into(),
            created_at_ms: now_ms,
            updated_at_ms: now_ms,
            status: RunStatus::Running,
            input,
            last_step: None,
            error: None,
            page: Value::Null,
            notes: Vec::new(),
        }
    }

    /// This record in the current format, or why this version cannot read it (a newer app
    /// wrote it). Format 1 kept the page's data inside `last_step`: it moves to `page`.
    pub fn upgraded(mut self) -> Result<Self, String> {
        match self.format {
            RECORD_FORMAT => Ok(self),
            1 => {
                if let Some(step) = self.last_step.as_mut().and_then(Value::as_object_mut) {
                    let mut page = serde_json::Map::new();
                    for key in ["conversation", "pausedAtMs"] {
                        if let Some(value) = step.remove(key) {
                            page.insert(key.to_string(), value);
                        }
                    }
                    if !page.is_empty() {
                        self.page = Value::Object(page);
                    }
                }
                self.format = RECORD_FORMAT;
                Ok(self)
            }
            newer => Err(format!(
                "“{}” was saved by a newer version of this app (record format {newer}); this version cannot open it.",
                self.title
            )),
        }
    }

    /// Records a step the session returned: `"interrupted"` → paused, `"done"` → done,
    /// `"failed"` (a reopened run that had failed at a step) → failed with its message,
    /// `"stopped"` (a reopened run that had not finished its step) → running.
    pub fn record_step(&mut self, step: &Value, now_ms: u64) {
        self.status = match step["status"].as_str() {
            Some("done") => RunStatus::Done,
            Some("interrupted") => RunStatus::Paused,
            Some("failed") => RunStatus::Failed,
            _ => RunStatus::Running,
        };
        self.last_step = Some(step.clone());
        self.error = step["error"]["message"].as_str().map(str::to_string);
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
        // A run reopened at the step it failed on reads as failed, with the message.
        let failed = json!({"status": "failed", "next": ["a", "b"],
            "error": {"code": "run_failed", "message": "invalid update for key `value`"}});
        record.record_step(&failed, 7);
        assert_eq!(record.status, RunStatus::Failed);
        assert_eq!(
            record.error.as_deref(),
            Some("invalid update for key `value`")
        );
        assert!(!record.can_reopen());
    }

    #[test]
    fn a_first_format_record_is_upgraded_and_a_newer_one_refused() {
        // As the first version saved it: no format, no page, the page's data in the step.
        let old = json!({
            "thread_id": "t", "workflow_id": "resume_tailoring", "title": "Acme",
            "created_at_ms": 1, "updated_at_ms": 2, "status": "paused", "input": {},
            "last_step": {"status": "interrupted", "conversation": [{"role": "assistant", "content": "Redis?"}], "pausedAtMs": 5.0},
        });
        let record: RunRecord = serde_json::from_value(old).unwrap();
        assert_eq!((record.format, record.error.clone()), (1, None));
        let record = record.upgraded().unwrap();
        assert_eq!(record.format, RECORD_FORMAT);
        assert_eq!(record.page["pausedAtMs"], 5.0);
        assert_eq!(record.page["conversation"][0]["content"], "Redis?");
        assert!(record.last_step.unwrap().get("conversation").is_none());

        let mut newer = RunRecord::new("t", "resume_review", "Later", json!({}), 1);
        newer.format = RECORD_FORMAT + 1;
        assert!(newer.upgraded().unwrap_err().contains("newer version"));
        // Fields it does not know are ignored by this version.
        let extra = json!({"format": 2, "thread_id": "t", "workflow_id": "w", "title": "x",
            "created_at_ms": 1, "updated_at_ms": 1, "status": "done", "input": {}, "future": true});
        assert!(serde_json::from_value::<RunRecord>(extra).is_ok());
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
