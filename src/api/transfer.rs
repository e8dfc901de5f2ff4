//! `run.export()` and `runner.import(exported)`: a run moved between hosts. A run paused in the
//! tab is exported, imported by a server (Node, a Restate worker), answered and finished there,
//! or the reverse; the blob is the session's versioned `RunExport` (docs/runs.md).

use futures::future::{self, FutureExt};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use super::convert::{from_js, to_js};
use super::event_log::EventLog;
use super::handle::{Origin, RunHandle};
use super::runner::Runner;
use crate::graph::{EventSink, Interrupt, StreamEvent};
use crate::session::{self, AnyRun, ErrorCode, JsonStep, RunExport, RunRequest, SessionError};

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
            Ok(to_js(&exported)?)
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
        let exported: RunExport = from_js(exported, ErrorCode::InvalidInput, "exported run")?;
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
            let (run, step) = AnyRun::import(exported, &runtime).await?;
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

/// The first step of an imported run: a paused run says its pauses again (the `interrupted`
/// event a host answers), a finished one its end, and one exported mid-step goes on.
fn where_it_stands(run: &AnyRun, step: Value, sink: EventSink) -> Result<JsonStep, SessionError> {
    match step["status"].as_str() {
        Some("stopped") => return run.continue_run(sink),
        Some("failed") => {
            let message = step["error"]["message"]
                .as_str()
                .unwrap_or("The run failed.");
            return Err(SessionError::new(ErrorCode::RunFailed, message));
        }
        Some("interrupted") => {
            let interrupts: Vec<Interrupt> =
                serde_json::from_value(step["interrupts"].clone()).unwrap_or_default();
            sink.emit(StreamEvent::Interrupted {
                path: Vec::new(),
                interrupts,
            });
        }
        _ => sink.emit(StreamEvent::RunFinished {
            path: Vec::new(),
            state: step["state"].clone(),
        }),
    }
    Ok(future::ready(Ok(step)).boxed_local())
}
