//! Drives one tailoring run through the session, step by step, as `src/api/handle.rs` does for
//! the JS API: `start_run` gives the first step; each answer goes to `resume_run` and gives the
//! next; every step lands in the model and is recorded in the run history ("on step").

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use serde_json::{json, Value};

use super::history::{RunEntry, RunHistory, RunStatus};
use super::model::{Phase, TailorModel};
use crate::graph::EventSink;
use crate::llm::http::fetch::FetchTransport;
use crate::session::{build_model, resume_run, start_run, ErrorCode, RunHandle, SessionError};
use crate::ui::settings::Settings;

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
    pub created_at_ms: f64,
    history: RunHistory,
}

/// Starts a tailoring run with the user's settings and key. Errors (missing key, empty resume or
/// job description) come back before anything is sent.
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
    let run = start_run(WORKFLOW_ID, input.clone(), &config, chat, sink(model))?;
    let run_ = TailorRun {
        model,
        thread_id: run.handle.thread_id().unwrap_or_default(),
        handle: run.handle,
        title,
        input,
        created_at_ms: js_sys::Date::now(),
        history,
    };
    run_.record(RunStatus::Running, None);
    run_.drive(run.outcome);
    Ok(run_)
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
                Ok(step) => match run.model.apply_step(&step) {
                    Ok(()) => {
                        let status = if step["status"] == "done" {
                            match run.model.phase.get_untracked() {
                                Phase::Failed(_) => RunStatus::Failed,
                                _ => RunStatus::Done,
                            }
                        } else {
                            RunStatus::Paused
                        };
                        run.record(status, Some(step));
                    }
                    Err(message) => run.fail(SessionError::new(ErrorCode::RunFailed, message)),
                },
                Err(error) => run.fail(error),
            }
        });
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

    /// "On step": the run's entry with its last step and the conversation so far (the session's
    /// state holds no chat turns: they live in the subgraph), so a re-opened run can show them.
    fn record(&self, status: RunStatus, step: Option<Value>) {
        let previous = self.history.get(&self.thread_id);
        let last_step = step
            .map(|mut step| {
                step["conversation"] = json!(self.model.conversation.get_untracked());
                step["pausedAtMs"] = json!(self.model.paused_at_ms.get_untracked());
                step
            })
            .or_else(|| previous.as_ref().and_then(|p| p.last_step.clone()));
        let error = match self.model.phase.get_untracked() {
            Phase::Failed(message) => Some(message),
            _ => None,
        };
        self.history.record(RunEntry {
            thread_id: self.thread_id.clone(),
            workflow_id: WORKFLOW_ID.to_string(),
            title: self.title.clone(),
            created_at_ms: self.created_at_ms,
            updated_at_ms: js_sys::Date::now(),
            status,
            input: self.input.clone(),
            last_step,
            error,
        });
    }

    /// The resume the run started from, for the draft's diff.
    pub fn original_resume(&self) -> String {
        self.input["resume"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}
