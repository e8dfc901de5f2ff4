//! `runner.start(workflowId, input, options?)`: checks the input, then runs the workflow in the
//! background (in the split package, once the workflow's wasm chunk has loaded). The session's one
//! way in: `AnyRun::check` then `AnyRun::new`, with the run's `RunOptions`.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, run_options};
use super::handle::{Origin, RunHandle};
use super::runner::Runner;
use crate::session::{self, ErrorCode, RunOptions, RunRequest};

#[wasm_bindgen]
impl Runner {
    /// Starts a run and returns at once; the run goes on in the background. `options`: this
    /// run's own choices (`agentModels`: agent → model). Throws `unknown_workflow` or
    /// `invalid_input` (with what to fix) before any model is called.
    ///
    /// ```ts
    /// const run = runner.start("resume_review", { resume, targetRole: "Backend engineer" });
    /// run.subscribe((event) => console.log(event.type));
    /// const state = await run.result();
    /// ```
    pub fn start(
        &self,
        #[wasm_bindgen(js_name = workflowId, unchecked_param_type = "WorkflowId")]
        workflow_id: String,
        #[wasm_bindgen(unchecked_param_type = "InputOf<WorkflowId>")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RunOptions")] options: JsValue,
    ) -> Result<RunHandle, JsValue> {
        let input: serde_json::Value = from_js(input, ErrorCode::InvalidInput, "input")?;
        // A run's own options, else the runner's (an older configuration's `agentModels`).
        let options: RunOptions = if options.is_undefined() || options.is_null() {
            self.options.clone()
        } else {
            run_options(&options, ErrorCode::InvalidInput, "run options")?
        };
        let request = RunRequest::new(input).with_options(options);
        // Checked here, synchronously; the run is built once the workflow's code has arrived
        // (a wasm chunk in the split package, see `session::AnyRun::new`).
        let checked = session::AnyRun::check(&workflow_id, request.clone())?;
        let origin = Origin::new(self.runtime.clone());
        origin.started.replace(Some((workflow_id, request)));
        Ok(RunHandle::spawn(checked, origin))
    }
}
