//! Drives one tailoring run through the session, step by step, as `src/api/handle.rs` does for
//! the JS API: `start_run_checkpointed` gives the first step; each answer goes to `resume_run`
//! and gives the next; every step lands in the model and is recorded in the run history ("on
//! step"). After a reload, `reopen_run` rebuilds a saved run from its checkpoints.

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use serde_json::{json, Value};

use super::history::RunHistory;
use super::model::{Phase, TailorModel};
use crate::graph::EventSink;
use crate::llm::http::fetch::FetchTransport;
use crate::session::{
    build_model, continue_run, reopen_run, resume_run, start_run, start_run_checkpointed,
    ErrorCode, RunHandle, SessionError,
};
use crate::store::{now_ms, updated_master_resume, RunRecord, RunStatus};
use crate::ui::settings::Settings;
use crate::workflows::resume_tailoring::ChatTurn;

pub const WORKFLOW_ID: &str = "resume_tailoring";

type Step = LocalBoxFuture<'static, Result<Value, SessionError>>;

/// A run the page shows: its signals, the session handle that answers and stops it, and what it
/// was started with.
#[derive(Clone)]
pub struct TailorRun {
    pub model: TailorModel,
    pub handle: RunHandle,
    pub thread_id: String,
    pub title: String,
    /// The workflow input the run started with (no key in it).
    pub input: Value,
    pub created_at_ms: u64,
    history: RunHistory,
}

/// Starts a tailoring run with the user's settings and key, saving every superstep to the run
/// history's store (in memory only when the browser offers none). Errors (missing key, empty
/// resume or job description) come back before anything is sent.
pub fn start_tailoring(
    settings: &Settings,
    api_key: Option<String>,
    input: Value,
    title: String,
    history: RunHistory,
) -> Result<TailorRun, SessionError> {
    let config = settings.provider_config(api_key);
    let chat = build_model(&config, Rc::new(FetchTransport))?;
    let model = TailorModel::new();
    let events = sink(model);
    let run = match history.checkpointer() {
        Some(saver) => {
            start_run_checkpointed(WORKFLOW_ID, input.clone(), &config, chat, events, saver)?
        }
        None => start_run(WORKFLOW_ID, input.clone(), &config, chat, events)?,
    };
    let run_ = TailorRun {
        model,
        thread_id: run.handle.thread_id().unwrap_or_default(),
        handle: run.handle,
        title,
        input,
        created_at_ms: now_ms(),
        history,
    };
    run_.record(RunStatus::Running, None);
    run_.drive(run.outcome);
    Ok(run_)
}

/// Re-opens a saved run after a reload: rebuilt from its input and checkpoints, it shows the
/// question or review it waits on (with the conversation and the review's countdown as they
/// were), or goes on with a step the reload cut short.
pub async fn reopen_tailoring(
    settings: &Settings,
    api_key: Option<String>,
    record: &RunRecord,
    history: RunHistory,
) -> Result<TailorRun, SessionError> {
    let config = settings.provider_config(api_key);
    let chat = build_model(&config, Rc::new(FetchTransport))?;
    let saver = history.checkpointer().ok_or_else(|| {
        SessionError::new(
            ErrorCode::InvalidInput,
            "Saved runs cannot be opened: this browser's storage is unavailable.",
        )
    })?;
    let reopened = reopen_run(
        &record.workflow_id,
        &record.thread_id,
        record.input.clone(),
        &config,
        chat,
        saver,
    )
    .await?;
    let run = TailorRun::shown(record, reopened.handle, history);
    let paused_at = run.restore_page_state(record);
    match reopened.step["status"].as_str() {
        Some("stopped") => {
            let step = continue_run(&run.handle, sink(run.model))?;
            run.drive(step);
        }
        _ => {
            run.take_step(reopened.step);
            if paused_at > 0.0 && run.model.phase.get_untracked() == Phase::Waiting {
                run.model.paused_at_ms.set(paused_at);
            }
        }
    }
    Ok(run)
}

/// A finished (or failed, or stopped) saved run, shown from its record: its result, or why it
/// ended. It takes no answers.
pub fn view_saved(record: &RunRecord, history: RunHistory) -> TailorRun {
    let run = TailorRun::shown(record, RunHandle::default(), history);
    run.restore_page_state(record);
    match &record.last_step {
        Some(step) if step["status"] == "done" => {
            let _ = run.model.apply_step(step);
        }
        _ => {
            let message = record.error.clone().unwrap_or_default();
            run.model.phase.set(match record.status {
                RunStatus::Cancelled => Phase::Stopped,
                _ => Phase::Failed(message),
            });
        }
    }
    run
}

fn sink(model: TailorModel) -> EventSink {
    EventSink::new(move |event| model.apply(event))
}

impl TailorRun {
    /// Answers the prompt the run waits on with `answer` (the shape its payload documents).
    pub fn answer(&self, answer: Value) {
        if self.model.phase.get_untracked() != Phase::Waiting {
            return;
        }
        self.model.answered();
        match resume_run(&self.handle, answer, sink(self.model)) {
            Ok(step) => self.drive(step),
            Err(error) => self.fail(error),
        }
    }

    /// Stops the run: calls in flight are aborted; a paused run is dropped.
    pub fn stop(&self) {
        self.handle.cancel();
        if self.model.phase.get_untracked() == Phase::Waiting {
            self.model.prompt.set(None);
            self.model.phase.set(Phase::Stopped);
            self.record(RunStatus::Cancelled, None);
        }
    }

    fn drive(&self, step: Step) {
        let run = self.clone();
        leptos::task::spawn_local(async move {
            match step.await {
                Ok(step) => run.take_step(step),
                Err(error) => run.fail(error),
            }
        });
    }

    /// Shows a step and records it.
    fn take_step(&self, step: Value) {
        match self.model.apply_step(&step) {
            Ok(()) => {
                let status = match (step["status"].as_str(), self.model.phase.get_untracked()) {
                    (Some("done"), Phase::Failed(_)) => RunStatus::Failed,
                    (Some("done"), _) => RunStatus::Done,
                    _ => RunStatus::Paused,
                };
                self.record(status, Some(step));
            }
            Err(message) => self.fail(SessionError::new(ErrorCode::RunFailed, message)),
        }
    }

    fn fail(&self, error: SessionError) {
        self.model.prompt.set(None);
        if error.code == ErrorCode::Cancelled {
            self.model.phase.set(Phase::Stopped);
            self.record(RunStatus::Cancelled, None);
        } else {
            self.model.phase.set(Phase::Failed(error.message.clone()));
            self.record(RunStatus::Failed, None);
        }
    }

    /// A run shown from its saved record.
    fn shown(record: &RunRecord, handle: RunHandle, history: RunHistory) -> TailorRun {
        TailorRun {
            model: TailorModel::new(),
            handle,
            thread_id: record.thread_id.clone(),
            title: record.title.clone(),
            input: record.input.clone(),
            created_at_ms: record.created_at_ms,
            history,
        }
    }

    /// What the page added to the recorded step: the conversation (the session's state holds no
    /// chat turns) and when the run paused. Returns that time (0 when unknown).
    fn restore_page_state(&self, record: &RunRecord) -> f64 {
        let Some(step) = &record.last_step else {
            return 0.0;
        };
        if let Ok(turns) = serde_json::from_value::<Vec<ChatTurn>>(step["conversation"].clone()) {
            self.model.conversation.set(turns);
        }
        step["pausedAtMs"].as_f64().unwrap_or(0.0)
    }

    /// "On step": the run's record with its last step, plus the conversation so far and when it
    /// paused, so a re-opened run can show them. A finished run also saves the master resume its
    /// answers updated, in the same transaction.
    fn record(&self, status: RunStatus, step: Option<Value>) {
        let now = now_ms();
        let mut record = self.history.get(&self.thread_id).unwrap_or_else(|| {
            RunRecord::new(
                &self.thread_id,
                WORKFLOW_ID,
                &self.title,
                self.input.clone(),
                self.created_at_ms,
            )
        });
        match step {
            Some(mut step) => {
                step["conversation"] = json!(self.model.conversation.get_untracked());
                step["pausedAtMs"] = json!(self.model.paused_at_ms.get_untracked());
                record.record_step(&step, now);
                // A run the file loader ended (an empty text) is done with an error.
                record.status = status;
                if status == RunStatus::Done {
                    let master = updated_master_resume(&step).map(str::to_owned);
                    self.history.finish(record, master);
                    return;
                }
            }
            None => {
                record.status = status;
                record.updated_at_ms = now;
            }
        }
        record.error = match self.model.phase.get_untracked() {
            Phase::Failed(message) => Some(message),
            Phase::Stopped => Some("Stopped.".to_string()),
            _ => None,
        };
        self.history.record(record);
    }

    /// The resume the run started from, for the draft's diff.
    pub fn original_resume(&self) -> String {
        self.input["resume"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}
