//! Interactive runs that outlive the page: checkpointed into a caller's store (IndexedDB in the
//! app, see `crate::store`) and re-opened after a reload from the same input and settings.
//!
//! A reopened run is rebuilt, not restored: the graph comes from the saved input and the
//! current provider settings, and everything the run had done comes from its checkpoints, so
//! answering it finishes with the same state as if the page had never reloaded.

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde_json::{json, Value};

use super::error::{ErrorCode, SessionError};
use super::provider::ProviderConfig;
use super::run::{
    invalid, prepare_tailoring, register, registered, start_with, step_json, unknown_workflow, Run,
    RunHandle, Tailoring,
};
use crate::graph::{Checkpointer, EventSink, GraphError, RunOutcome};
use crate::llm::ChatModel;

/// [`start_run`](super::start_run), with every superstep of an interactive workflow
/// (`resume_tailoring`) saved to `checkpointer` under `run.handle.thread_id()`, so the run can
/// be re-opened with [`reopen_run`] after a reload. One-shot workflows (`resume_review`) run in
/// one go and save nothing: `checkpointer` is not used for them.
pub fn start_run_checkpointed(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
    checkpointer: Rc<dyn Checkpointer>,
) -> Result<Run, SessionError> {
    start_with(
        workflow_id,
        input,
        provider,
        model,
        events,
        Some(checkpointer),
    )
}

/// A run rebuilt from its checkpoints by [`reopen_run`].
pub struct ReopenedRun {
    /// Answer with [`resume_run`](super::resume_run) (`"interrupted"`) or go on with
    /// [`continue_run`] (`"stopped"`); a `"done"` run takes neither.
    pub handle: RunHandle,
    pub mermaid: String,
    /// Where the run stands, from its latest checkpoint:
    /// `{"status": "interrupted", "threadId", "interrupts", "state"}` (the dialog to show again),
    /// `{"status": "done", "threadId", "state"}`, or `{"status": "stopped", "threadId", "next",
    /// "state"}` when the page closed mid-step (`next`: the nodes that will run).
    pub step: Value,
}

/// Re-opens the interactive run `thread_id` saved in `checkpointer` (by
/// [`start_run_checkpointed`] in this or an earlier page load). `input` must be the input it
/// was started with (the store's `RunRecord::input`) and `provider` the same model settings,
/// otherwise the rebuilt graph differs from the saved one. Fails with `InvalidInput` when the
/// thread has no checkpoint (never saved, or deleted).
pub async fn reopen_run(
    workflow_id: &str,
    thread_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    checkpointer: Rc<dyn Checkpointer>,
) -> Result<ReopenedRun, SessionError> {
    match workflow_id {
        "resume_tailoring" => {}
        "resume_review" => {
            return Err(invalid(
                "A resume review runs in one go and is not saved: start it again.",
            ))
        }
        other => return Err(unknown_workflow(other)),
    }
    let Tailoring {
        interactive,
        mermaid,
        ..
    } = prepare_tailoring(input, provider, model, checkpointer, thread_id.to_string())?;
    let snapshot = interactive
        .graph
        .get_state(&interactive.config)
        .await
        .map_err(|e| match e {
            GraphError::CheckpointNotFound { .. } => invalid(
                "This run is no longer saved in this browser (it was deleted or never saved): start it again.",
            ),
            other => SessionError::from_graph(&other),
        })?;
    let handle = register(interactive);
    let step = if !snapshot.interrupts.is_empty() {
        step_json(
            thread_id,
            RunOutcome::Interrupted {
                state: snapshot.values,
                interrupts: snapshot.interrupts,
                tasks: snapshot.tasks,
            },
        )?
    } else if snapshot.is_done() {
        // Unregisters it: a finished run takes no answers.
        step_json(thread_id, RunOutcome::Done(snapshot.values))?
    } else {
        json!({
            "status": "stopped",
            "threadId": thread_id,
            "next": snapshot.next,
            "state": serde_json::to_value(&snapshot.values)
                .map_err(|e| SessionError::new(ErrorCode::RunFailed, e.to_string()))?,
        })
    };
    Ok(ReopenedRun {
        handle,
        mermaid,
        step,
    })
}

/// Goes on with a reopened run whose step was cut short (`"status": "stopped"`): only the
/// tasks of that step that had not finished run again. Resolves to the next step, like
/// [`resume_run`](super::resume_run).
pub fn continue_run(
    handle: &RunHandle,
    events: EventSink,
) -> Result<LocalBoxFuture<'static, Result<Value, SessionError>>, SessionError> {
    Ok(registered(handle)?.continue_run(events))
}
