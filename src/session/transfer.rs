//! A run moved from one host to another: paused in the tab, exported, answered and finished in
//! Node or on a server, and the reverse. [`RunExport`] is the one versioned blob: the workflow,
//! the request the run started with, and every checkpoint of its thread (every namespace, pending
//! writes and pending pauses included), as the stores keep them. [`AnyRun::export`] writes it from
//! a runtime's checkpointer; [`AnyRun::import`] checks it, puts its checkpoints into another
//! runtime's checkpointer and re-opens the run there with [`AnyRun::reopen`], the one way back in.
//!
//! Nothing of the provider travels: no key, no model, no base URL. The importing host runs the
//! rest on its own provider (the demo and the mock are deterministic, so a run moved between two
//! of the same ends as it would have where it started).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use std::rc::Rc;

use futures::future::LocalBoxFuture;

use super::chunks::load;
use super::error::{ErrorCode, SessionError};
use super::json::{checked_json, unknown_workflow, DynRun, Reopened};
use super::lifecycle::{Step, WorkflowRun};
use super::registry::workflow;
use super::request::{RunOptions, RunRequest};
use super::run::{forget_unless_followed, AnyRun};
use super::runtime::Runtime;
use crate::graph::{Checkpoint, EventSink, StreamEvent};
use crate::workflows::Workflow;

/// `format` of every [`RunExport`].
pub const RUN_EXPORT_FORMAT: &str = "careergraph.run";

/// The layout of [`RunExport`]; an import refuses a newer one. The checkpoints inside carry their
/// own `format_version`, checked one by one.
pub const RUN_EXPORT_VERSION: u32 = 1;

/// One run, moved: what `run.export()` gives and `runner.import()` takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RunExport {
    /// Always `"careergraph.run"`.
    pub format: String,
    /// This layout's version (1).
    pub version: u32,
    pub workflow_id: String,
    /// The run's checkpoint thread: the same on both hosts.
    pub thread_id: String,
    /// The input the run started with (re-opening rebuilds the graph from it).
    #[cfg_attr(js_api, tsify(type = "unknown"))]
    pub input: Value,
    /// The run's own options (per-agent models).
    #[serde(default)]
    pub options: RunOptions,
    /// Every checkpoint of the thread, as its store keeps it (each with its `format_version`).
    #[cfg_attr(js_api, tsify(type = "unknown[]"))]
    pub checkpoints: Vec<Value>,
}

fn invalid(message: impl Into<String>) -> SessionError {
    SessionError::new(ErrorCode::InvalidInput, message)
}

fn store_error(error: impl std::fmt::Display) -> SessionError {
    SessionError::new(ErrorCode::RunFailed, error.to_string())
}

impl AnyRun {
    /// The run `thread_id` of `workflow_id` as `runtime`'s checkpointer keeps it, with the
    /// request it was started with. Fails with `invalid_input` when the store holds nothing of
    /// that thread.
    pub async fn export(
        workflow_id: &str,
        thread_id: &str,
        request: RunRequest<Value>,
        runtime: &Runtime,
    ) -> Result<RunExport, SessionError> {
        // An unknown id fails here with `unknown_workflow`.
        let export = load(workflow_id).await?.export;
        let checkpoints = export(thread_id.to_owned(), runtime.clone()).await?;
        Ok(RunExport {
            format: RUN_EXPORT_FORMAT.into(),
            version: RUN_EXPORT_VERSION,
            workflow_id: workflow_id.into(),
            thread_id: thread_id.into(),
            input: request.input,
            options: request.options,
            checkpoints,
        })
    }

    /// Continues an exported run on `runtime`: checks the export (its format and version, its
    /// workflow, each checkpoint's format and thread), puts its checkpoints into the runtime's
    /// checkpointer and re-opens the run there. Resolves like [`AnyRun::reopen`]: the handle and
    /// where the run stands (`interrupted` with its pauses, `done`, `stopped` or `failed`); a
    /// paused run's pauses are said again on `events` (an `Interrupted` event, as when the run
    /// first paused), a finished run's end too (`RunFinished`). Refuses, with `invalid_input`
    /// and nothing written, a run this runtime's store or this page already holds: two copies
    /// of one thread would write over each other. All but the first checks run in the
    /// workflow's chunk (`chunks.rs`), as re-opening does.
    pub async fn import(
        export: RunExport,
        runtime: &Runtime,
        events: EventSink,
    ) -> Result<(AnyRun, Value), SessionError> {
        check(&export)?;
        let import = load(&export.workflow_id).await?.import;
        let thread_id = export.thread_id.clone();
        let (run, step) = import(export, runtime.clone(), events).await?;
        let run = AnyRun::register(run);
        if step["status"] == "done" {
            forget_unless_followed(&thread_id);
        }
        Ok((run, step))
    }
}

/// [`AnyRun::import`]'s part in the workflow's chunk: the checkpoints decoded and put into the
/// runtime's store, the run re-opened with [`WorkflowRun::reopen`], and where it stands said.
pub(super) fn import_json<W: Workflow>(
    export: RunExport,
    runtime: Runtime,
    events: EventSink,
) -> Reopened {
    Box::pin(async move {
        let thread_id = export.thread_id;
        let checkpoints = decode_checkpoints(&export.checkpoints, &thread_id)?;
        let held = runtime
            .checkpointer
            .get(&thread_id, "", None)
            .await
            .map_err(store_error)?;
        if held.is_some() || AnyRun::is_open(&thread_id) {
            return Err(invalid(format!(
                "Run {thread_id} is here already: continue it here, or import it into another runner."
            )));
        }
        for checkpoint in checkpoints {
            runtime
                .checkpointer
                .put(checkpoint)
                .await
                .map_err(store_error)?;
        }
        let input = WorkflowRun::<W>::input_from_json(export.input)?;
        let request = RunRequest::new(input).with_options(export.options);
        let (run, step) = WorkflowRun::<W>::reopen(request, &runtime, &thread_id).await?;
        match &step {
            Step::Paused { interrupts, .. } => events.emit(StreamEvent::Interrupted {
                path: Vec::new(),
                interrupts: interrupts.clone(),
            }),
            Step::Done(state) => events.emit(StreamEvent::RunFinished {
                path: Vec::new(),
                state: serde_json::to_value(state).unwrap_or(Value::Null),
            }),
            Step::CutShort { .. } | Step::Failed { .. } => {}
        }
        let step = checked_json::<W>(&step, &thread_id)?;
        Ok((Rc::new(run) as Rc<dyn DynRun>, step))
    })
}

/// Everything about the export but its checkpoints, which only its workflow's chunk decodes.
fn check(export: &RunExport) -> Result<(), SessionError> {
    if export.format != RUN_EXPORT_FORMAT {
        return Err(invalid(
            "This is not an exported careergraph run (its `format` is not \"careergraph.run\").",
        ));
    }
    if export.version > RUN_EXPORT_VERSION {
        return Err(invalid(format!(
            "This run was exported by a newer careergraph (export version {}; this one reads up \
             to {RUN_EXPORT_VERSION}): update the package to continue it.",
            export.version
        )));
    }
    if workflow(&export.workflow_id).is_none() {
        return Err(unknown_workflow(&export.workflow_id));
    }
    if export.checkpoints.is_empty() {
        return Err(invalid("This exported run holds no checkpoint."));
    }
    Ok(())
}

/// [`AnyRun::export`]'s part in the workflow's chunk: every checkpoint of the thread, as the
/// export holds them (what the stores keep). Reading and cloning checkpoints is the graph's
/// code, which in the split package stays out of the first module.
pub(super) fn export_checkpoints(thread_id: String, runtime: Runtime) -> Exported {
    Box::pin(async move {
        let saved = runtime
            .checkpointer
            .list_thread(&thread_id)
            .await
            .map_err(store_error)?;
        if saved.is_empty() {
            return Err(invalid(format!(
                "There is no saved progress of run {thread_id} to export."
            )));
        }
        saved
            .iter()
            .map(serde_json::to_value)
            .collect::<Result<_, _>>()
            .map_err(store_error)
    })
}

/// The checkpoints of an exported run, once read.
pub(super) type Exported = LocalBoxFuture<'static, Result<Vec<Value>, SessionError>>;

/// The export's checkpoints, decoded: each in a format this build reads, each of run `thread_id`.
fn decode_checkpoints(values: &[Value], thread_id: &str) -> Result<Vec<Checkpoint>, SessionError> {
    values
        .iter()
        .map(|value| {
            let checkpoint =
                Checkpoint::from_value(value.clone()).map_err(|e| invalid(e.to_string()))?;
            if checkpoint.thread_id != thread_id {
                return Err(invalid(format!(
                    "This exported run is inconsistent: a checkpoint of thread {} in run {thread_id}.",
                    checkpoint.thread_id
                )));
            }
            Ok(checkpoint)
        })
        .collect()
}
