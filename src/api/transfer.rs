//! `run.export()` and `runner.import(exported)`: a run moved between hosts. A run paused in the
//! tab is exported, imported by a server (Node, a Restate worker), answered and finished there,
//! or the reverse; the blob is the session's versioned `RunExport` (docs/runs.md).
//!
//! Their work is in a chunk of its own in the split package (`transfer`, fetched on the first
//! `export()` or `import()`): the first module keeps only the two entry points, and stays within
//! its size budget (tests/benches/budget.json).

use std::rc::Rc;

use futures::future::{self, FutureExt, LocalBoxFuture};
use js_sys::Reflect;
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use super::convert::{from_js, run_options, to_js};
use super::event_log::EventLog;
use super::handle::{Origin, RunHandle};
use super::runner::Runner;
use crate::graph::EventSink;
use crate::session::{
    self, AnyRun, ErrorCode, JsonStep, RunExport, RunOptions, RunRequest, SessionError,
};

#[wasm_bindgen]
impl RunHandle {
    /// The run as it stands, to continue on another host with `runner.import()`: its workflow,
    /// the input and options it started with, and every checkpoint of its thread (pending pauses
    /// included). Best taken while the run waits for an answer or after it ended; taken while a
    /// step runs, it holds the tasks finished so far, and the importing host runs the rest of
    /// that step again. It holds no key and nothing of the provider. Rejects with
    /// `invalid_input` before the run has started.
    #[wasm_bindgen(unchecked_return_type = "Promise<RunExport>")]
    pub fn export(&self) -> js_sys::Promise {
        let (origin, thread) = (self.origin.clone(), self.stopper.thread_id());
        future_to_promise(async move {
            let code = transfer_code().await.map_err(SessionError::from)?;
            (code.export)(origin, thread).await
        })
    }
}

#[wasm_bindgen]
impl Runner {
    /// Continues a run another host exported (`run.export()`), on this runner's provider: the
    /// handle's events start with the pauses the run waits on (`interrupted`, answered with
    /// `answer()` as on the host that asked them), or its end when it had finished; a run
    /// exported mid-step goes on with that step's unfinished tasks. `result()` rejects with
    /// `invalid_input` when the blob is not a run export, comes from a newer version, or its run
    /// is already open on this runner.
    ///
    /// ```ts
    /// const exported = await run.export();          // in the tab, paused
    /// const moved = new Runner(config).import(exported);  // on the server
    /// moved.subscribe((e) => e.type === "interrupted" && moved.answer(e.interrupts[0].id, answer));
    /// await moved.result();
    /// ```
    pub fn import(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RunExport")] exported: JsValue,
    ) -> RunHandle {
        // The graph's picture now, from the static table (an unknown id draws none); the blob
        // itself is read and checked in the build, in the `transfer` chunk.
        let workflow_id = Reflect::get(&exported, &"workflowId".into())
            .ok()
            .and_then(|id| id.as_string())
            .unwrap_or_default();
        let mermaid = session::mermaid(&workflow_id).unwrap_or_default();
        let origin = Origin::new(self.runtime.clone());
        let events = EventLog::new();
        let (sink, into) = (events.sink(), origin.clone());
        let build = async move { (transfer_code().await?.import)(exported, into, sink).await };
        RunHandle::launch(events, mermaid, origin, build.boxed_local())
    }
}

/// What the `transfer` chunk holds: the two halves of a move.
#[derive(Clone, Copy)]
struct Transfer {
    export: fn(Rc<Origin>, Option<String>) -> ExportedJs,
    import: fn(JsValue, Rc<Origin>, EventSink) -> Built,
}

type ExportedJs = LocalBoxFuture<'static, Result<JsValue, JsValue>>;

type Built = LocalBoxFuture<'static, Result<(AnyRun, JsonStep), SessionError>>;

const TRANSFER: Transfer = Transfer {
    export: |origin, thread| export_run(origin, thread).boxed_local(),
    import: |exported, origin, sink| import_run(exported, origin, sink).boxed_local(),
};

/// The chunk could not be fetched or instantiated.
struct NotLoaded;

#[cfg(feature = "api-split")]
impl From<wasm_split_helpers::SplitLoaderError> for NotLoaded {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        NotLoaded
    }
}

impl From<NotLoaded> for SessionError {
    fn from(NotLoaded: NotLoaded) -> Self {
        SessionError::new(
            ErrorCode::RunFailed,
            "The code that moves runs could not be loaded: keep the package's split_*.wasm and \
             chunk_*.wasm files next to careergraph_bg.wasm; the console names the file and the \
             cause.",
        )
    }
}

#[cfg(feature = "api-split")]
#[wasm_split_helpers::wasm_split(transfer, fallible)]
fn transfer_code() -> Result<Transfer, NotLoaded> {
    Ok(TRANSFER)
}

#[cfg(not(feature = "api-split"))]
async fn transfer_code() -> Result<Transfer, NotLoaded> {
    Ok(TRANSFER)
}

async fn export_run(origin: Rc<Origin>, thread: Option<String>) -> Result<JsValue, JsValue> {
    let not_started = || {
        SessionError::new(
            ErrorCode::InvalidInput,
            "This run has not started yet: there is nothing to export.",
        )
    };
    let thread = thread.ok_or_else(not_started)?;
    let (workflow_id, request) = origin.started.borrow().clone().ok_or_else(not_started)?;
    let exported = AnyRun::export(&workflow_id, &thread, request, &origin.runtime).await?;
    Ok(export_to_js(exported)?)
}

/// Reads and checks the blob, then re-opens its run on `origin`'s runtime, which remembers it
/// for a later `export()`.
async fn import_run(
    exported: JsValue,
    origin: Rc<Origin>,
    sink: EventSink,
) -> Result<(AnyRun, JsonStep), SessionError> {
    let exported = export_from_js(&exported)?;
    let request = RunRequest::new(exported.input.clone()).with_options(exported.options.clone());
    origin
        .started
        .replace(Some((exported.workflow_id.clone(), request)));
    let (run, step) = AnyRun::import(exported, &origin.runtime, sink.clone()).await?;
    let first = where_it_stands(&run, step, sink)?;
    Ok((run, first))
}

/// `RunExport` as the JS object `export()` gives, written without a serde writer of its own (a derived
/// one costs the package's first module about 1 KB gzip): its fields are JSON already.
fn export_to_js(exported: RunExport) -> Result<JsValue, SessionError> {
    let RunExport {
        format,
        version,
        workflow_id,
        thread_id,
        input,
        options,
        checkpoints,
    } = exported;
    // Built with `insert`, neither with `json!` (its `to_value` would bring serde_json's
    // serializer) nor with `Map::from_iter`, whose bulk build sorts (the slice sort alone costs
    // the package's first module about 3 KB gzip).
    let mut agent_models = Map::new();
    for (agent, model) in options.agent_models {
        agent_models.insert(agent, Value::String(model));
    }
    let mut run_options = Map::new();
    run_options.insert("agentModels".to_owned(), Value::Object(agent_models));
    let mut fields = Map::new();
    fields.insert("format".to_owned(), Value::String(format));
    fields.insert("version".to_owned(), Value::from(version));
    fields.insert("workflowId".to_owned(), Value::String(workflow_id));
    fields.insert("threadId".to_owned(), Value::String(thread_id));
    fields.insert("input".to_owned(), input);
    fields.insert("options".to_owned(), Value::Object(run_options));
    fields.insert("checkpoints".to_owned(), Value::Array(checkpoints));
    to_js(&Value::Object(fields))
}

/// `import()`'s argument as a `RunExport`, read field by field with `js_sys` (see
/// [`export_to_js`]). What is missing or of the wrong type fails with `invalid_input`, naming
/// the field; what the fields say (format, version, checkpoints) the session checks.
fn export_from_js(value: &JsValue) -> Result<RunExport, SessionError> {
    let invalid = |why: String| {
        SessionError::new(
            ErrorCode::InvalidInput,
            format!("The exported run is not valid: {why}."),
        )
    };
    if !value.is_object() {
        return Err(invalid(
            "it must be an object (what run.export() gave)".into(),
        ));
    }
    let field = |name: &str| Reflect::get(value, &name.into()).unwrap_or(JsValue::UNDEFINED);
    let text = |name: &str| {
        field(name)
            .as_string()
            .ok_or_else(|| invalid(format!("`{name}` must be a string")))
    };
    let version = field("version")
        .as_f64()
        .filter(|v| v.fract() == 0.0 && *v >= 0.0)
        .ok_or_else(|| invalid("`version` must be a whole number".into()))?;
    let checkpoints: Value = from_js(
        field("checkpoints"),
        ErrorCode::InvalidInput,
        "exported run",
    )?;
    let Value::Array(checkpoints) = checkpoints else {
        return Err(invalid("`checkpoints` must be an array".into()));
    };
    let options = match field("options") {
        absent if absent.is_undefined() || absent.is_null() => RunOptions::default(),
        options => run_options(&options, ErrorCode::InvalidInput, "exported run's options")?,
    };
    Ok(RunExport {
        format: text("format")?,
        version: version as u32,
        workflow_id: text("workflowId")?,
        thread_id: text("threadId")?,
        input: from_js(
            field("input"),
            ErrorCode::InvalidInput,
            "exported run's input",
        )?,
        options,
        checkpoints,
    })
}

/// The first step of an imported run: one exported mid-step goes on (a paused or finished run
/// said where it stands on the events already, see `AnyRun::import`).
fn where_it_stands(run: &AnyRun, step: Value, sink: EventSink) -> Result<JsonStep, SessionError> {
    match step["status"].as_str() {
        Some("stopped") => run.continue_run(sink),
        Some("failed") => {
            let message = step["error"]["message"]
                .as_str()
                .unwrap_or("The run failed.");
            Err(SessionError::new(ErrorCode::RunFailed, message))
        }
        _ => Ok(future::ready(Ok(step)).boxed_local()),
    }
}
