//! JSON at the boundary the JS API and saved run records need (a record holds a workflow id, the
//! input it started with and its last step): [`Step::to_json`], [`WorkflowRun::input_from_json`],
//! and the runs re-opened by workflow id that [`AnyRun`](super::AnyRun) keeps. Everything here is a
//! thin layer over the typed [`WorkflowRun`]; the registry supplies the types.
//!
//! A step as JSON: `{"status": "interrupted", "threadId", "interrupts": [{"id", "node", "path",
//! "payload"}], "state"}`, `{"status": "done", "threadId", "state", "verdict"}` (the workflow's result check), or (reopen only)
//! `{"status": "stopped", "threadId", "next", "state"}` or `{"status": "failed", "threadId",
//! "next", "error": {"code", "message"}, "state"}`.

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use super::error::{ErrorCode, SessionError};
use super::lifecycle::{Step, StepFuture, WorkflowRun};
use super::request::RunRequest;
use super::runtime::Runtime;
use crate::graph::{EventSink, State};
use crate::llm::CancelToken;
use crate::workflows::Workflow;

/// A step as JSON.
pub type JsonStep = LocalBoxFuture<'static, Result<Value, SessionError>>;

/// A re-opened run and where it stands, as JSON (see [`reopen_json`]).
pub(super) type Reopened = LocalBoxFuture<'static, Result<(Rc<dyn DynRun>, Value), SessionError>>;

/// A run of some workflow, driven with JSON: what [`AnyRun`](super::AnyRun) keeps in its
/// table.
pub(super) trait DynRun {
    fn thread_id(&self) -> &str;
    fn mermaid(&self) -> &str;
    fn cancel_token(&self) -> CancelToken;
    fn start(&self, events: EventSink) -> JsonStep;
    fn resume(&self, answer: Value, events: EventSink) -> JsonStep;
    fn continue_run(&self, events: EventSink) -> JsonStep;
    /// See [`WorkflowRun::follow_up`].
    fn follow_up(&self, events: EventSink) -> JsonStep;
    /// See [`WorkflowRun::can_follow_up`].
    fn can_follow_up(&self) -> bool;
}

impl<S: State> Step<S> {
    /// The step as JSON on thread `thread_id` (see the module docs): what crosses the JS
    /// boundary and what a run record keeps as its last step.
    pub fn to_json(&self, thread_id: &str) -> Result<Value, SessionError> {
        Ok(match self {
            Step::Done(state) => json!({
                "status": "done",
                "threadId": thread_id,
                "state": value_of(state)?,
            }),
            Step::Paused { interrupts, state } => json!({
                "status": "interrupted",
                "threadId": thread_id,
                "interrupts": value_of(interrupts)?,
                "state": value_of(state)?,
            }),
            Step::CutShort { next, state } => json!({
                "status": "stopped",
                "threadId": thread_id,
                "next": next,
                "state": value_of(state)?,
            }),
            Step::Failed { error, next, state } => json!({
                "status": "failed",
                "threadId": thread_id,
                "next": next,
                "error": value_of(error)?,
                "state": value_of(state)?,
            }),
        })
    }
}

/// Serialising a run's own values only fails on a bug: it is reported, never unwrapped.
fn value_of<T: Serialize + ?Sized>(value: &T) -> Result<Value, SessionError> {
    serde_json::to_value(value).map_err(|e| SessionError::new(ErrorCode::RunFailed, e.to_string()))
}

/// The step as JSON; a run's end carries its workflow's result check as `"verdict"` (see
/// [`Workflow::check_result`]), so the package's caller reads the same verdict the page shows.
fn as_json<W: Workflow>(thread_id: String, step: StepFuture<W::State>) -> JsonStep {
    Box::pin(async move { checked_json::<W>(&step.await?, &thread_id) })
}

/// The step as JSON, a run's end with its result check as `"verdict"`: what the package returns
/// and what the page saves in the run's record, so the run list reads the verdict it was given
/// instead of checking the saved state again (which would put the check in the app's first
/// module).
pub fn checked_json<W: Workflow>(
    step: &Step<W::State>,
    thread_id: &str,
) -> Result<Value, SessionError> {
    let mut json = step.to_json(thread_id)?;
    if let Step::Done(state) = step {
        json["verdict"] = value_of(&W::check_result(state))?;
    }
    Ok(json)
}

impl<W: Workflow> DynRun for WorkflowRun<W> {
    fn thread_id(&self) -> &str {
        WorkflowRun::thread_id(self)
    }
    fn mermaid(&self) -> &str {
        WorkflowRun::mermaid(self)
    }
    fn cancel_token(&self) -> CancelToken {
        WorkflowRun::cancel_token(self)
    }
    fn start(&self, events: EventSink) -> JsonStep {
        as_json::<W>(
            self.thread_id().to_string(),
            WorkflowRun::start(self, events),
        )
    }
    fn resume(&self, answer: Value, events: EventSink) -> JsonStep {
        as_json::<W>(
            self.thread_id().to_string(),
            WorkflowRun::resume(self, answer, events),
        )
    }
    fn continue_run(&self, events: EventSink) -> JsonStep {
        as_json::<W>(
            self.thread_id().to_string(),
            WorkflowRun::continue_run(self, events),
        )
    }
    fn follow_up(&self, events: EventSink) -> JsonStep {
        as_json::<W>(
            self.thread_id().to_string(),
            WorkflowRun::follow_up(self, events),
        )
    }
    fn can_follow_up(&self) -> bool {
        WorkflowRun::can_follow_up(self)
    }
}

pub(super) fn unknown_workflow(id: &str) -> SessionError {
    SessionError::new(
        ErrorCode::UnknownWorkflow,
        format!("There is no workflow called “{id}”."),
    )
}

impl<W: Workflow> WorkflowRun<W> {
    /// The workflow's input from JSON (a saved record's, the JS API's), with a message that names
    /// the workflow and what was wrong.
    pub fn input_from_json(input: Value) -> Result<W::Input, SessionError> {
        parse(input, W::meta().title.en)
    }
}

fn parse<T: DeserializeOwned>(input: Value, what: &str) -> Result<T, SessionError> {
    crate::value_de::from_value(input).map_err(|e| {
        SessionError::new(
            ErrorCode::InvalidInput,
            format!("The {} input is not valid: {e}.", what.to_lowercase()),
        )
    })
}

/// Rebuilds the saved run `thread_id` of `W` from the JSON request it started with, through
/// [`WorkflowRun::reopen`], and says where it stands as a JSON step: what a workflow's chunk
/// hands [`AnyRun::reopen`](super::AnyRun::reopen) (`chunks.rs`).
pub(super) fn reopen_json<W: Workflow>(
    thread_id: String,
    request: RunRequest<Value>,
    runtime: Runtime,
) -> Reopened {
    Box::pin(async move {
        let RunRequest { input, options } = request;
        let input = WorkflowRun::<W>::input_from_json(input)?;
        let request = RunRequest { input, options };
        let (run, step) = WorkflowRun::<W>::reopen(request, &runtime, &thread_id).await?;
        let step = checked_json::<W>(&step, &thread_id)?;
        Ok((Rc::new(run) as Rc<dyn DynRun>, step))
    })
}
