//! The page's record of its runs: what the run list shows and where every step is recorded.
//!
//! This is the seam for persistence. The page calls only [`RunHistory::record`] (on every step,
//! the "on step" hook), [`RunHistory::delete`] and [`RunHistory::entries`]; [`RunHistory::load`]
//! is the "on load" hook that finds past and paused runs. Records mirror `store::RunRecord`
//! (thread id, workflow, title, times, status, the input the run started with — never a key —,
//! the last step with its pending interrupts, the error). Until the IndexedDB store is wired in,
//! records live in memory for this page load.

use leptos::prelude::*;
use serde_json::Value;

use crate::domain::Language;
use crate::ui::i18n::tr;

/// Where a run stands, as the list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    Running,
    Paused,
    Done,
    Failed,
    Cancelled,
}

impl RunStatus {
    pub fn id(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Paused => "paused",
            RunStatus::Done => "done",
            RunStatus::Failed => "failed",
            RunStatus::Cancelled => "cancelled",
        }
    }

    pub fn label(self, lang: Language) -> &'static str {
        match self {
            RunStatus::Running => tr(lang, "running", "运行中"),
            RunStatus::Paused => tr(lang, "waiting for you", "等待你的回答"),
            RunStatus::Done => tr(lang, "done", "已完成"),
            RunStatus::Failed => tr(lang, "failed", "失败"),
            RunStatus::Cancelled => tr(lang, "stopped", "已停止"),
        }
    }
}

/// One run in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct RunEntry {
    pub thread_id: String,
    pub workflow_id: String,
    pub title: String,
    pub created_at_ms: f64,
    pub updated_at_ms: f64,
    pub status: RunStatus,
    /// The workflow input the run started with (resume, job description, options; no key).
    pub input: Value,
    /// The session's last step JSON (with pending interrupts), plus the page's `conversation`.
    pub last_step: Option<Value>,
    pub error: Option<String>,
}

/// The run list's store. `Copy`: a signal handle.
#[derive(Clone, Copy)]
pub struct RunHistory {
    entries: RwSignal<Vec<RunEntry>>,
}

impl RunHistory {
    pub fn new() -> Self {
        Self {
            entries: RwSignal::new(Vec::new()),
        }
    }

    /// "On load": fills the list with the runs kept from earlier page loads. Nothing is kept
    /// across loads until the IndexedDB store is wired in.
    pub fn load(&self) {}

    /// Newest first.
    pub fn entries(&self) -> Signal<Vec<RunEntry>> {
        let entries = self.entries;
        Signal::derive(move || {
            let mut all = entries.get();
            all.sort_by(|a, b| b.created_at_ms.total_cmp(&a.created_at_ms));
            all
        })
    }

    pub fn get(&self, thread_id: &str) -> Option<RunEntry> {
        self.entries
            .with(|all| all.iter().find(|e| e.thread_id == thread_id).cloned())
    }

    /// "On step": records (or replaces) a run's entry.
    pub fn record(&self, entry: RunEntry) {
        self.entries.update(
            |all| match all.iter_mut().find(|e| e.thread_id == entry.thread_id) {
                Some(existing) => *existing = entry,
                None => all.push(entry),
            },
        );
    }

    pub fn delete(&self, thread_id: &str) {
        self.entries
            .update(|all| all.retain(|e| e.thread_id != thread_id));
    }
}
