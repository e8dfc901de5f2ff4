//! `run.export()` and `runner.import(exported)`: a run moved between hosts. A run paused in the
//! tab is exported, imported by a server (Node, a Restate worker), answered and finished there,
//! or the reverse; the blob is the session's versioned `RunExport` (docs/runs.md).

use futures::future::{self, FutureExt};
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
            let thread = thread.ok_or_else(|| {
                SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run has not started yet: there is nothing to export.",
                )
            })?;
            let exported = AnyRun::export(
                &origin.workflow_id,
                &thread,
                origin.request.clone(),
                &origin.runtime,
            )
            .await?;
            Ok(export_to_js(exported)?)
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
    ) -> Result<RunHandle, JsValue> {
        let exported = export_from_js(&exported)?;
        let mermaid = session::mermaid(&exported.workflow_id).unwrap_or_default();
        let origin = Origin {
            workflow_id: exported.workflow_id.clone(),
            request: RunRequest::new(exported.input.clone()).with_options(exported.options.clone()),
            runtime: self.runtime.clone(),
        };
        let runtime = self.runtime.clone();
        let events = EventLog::new();
        let sink = events.sink();
        let build = async move {
            let (run, step) = AnyRun::import(exported, &runtime, sink.clone()).await?;
            let first = where_it_stands(&run, step, sink)?;
            Ok((run, first))
        };
        Ok(RunHandle::launch(
            events,
            mermaid,
            std::rc::Rc::new(origin),
            build.boxed_local(),
        ))
    }
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
    // Built as values, not with `json!`: its `to_value` would bring serde_json's serializer.
    let agent_models: Map<String, Value> = options
        .agent_models
        .into_iter()
        .map(|(agent, model)| (agent, Value::String(model)))
        .collect();
    let fields: [(&str, Value); 7] = [
        ("format", Value::String(format)),
        ("version", Value::from(version)),
        ("workflowId", Value::String(workflow_id)),
        ("threadId", Value::String(thread_id)),
        ("input", input),
        (
            "options",
            Value::Object(Map::from_iter([(
                "agentModels".to_owned(),
                Value::Object(agent_models),
            )])),
        ),
        ("checkpoints", Value::Array(checkpoints)),
    ];
    to_js(&Value::Object(
        fields
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    ))
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
