//! `runner.start(workflowId, input)`: checks the input, then runs the workflow in the background
//! (in the split package, once the workflow's wasm chunk has loaded).

use wasm_bindgen::prelude::*;

use super::convert::from_js;
use super::handle::RunHandle;
use super::runner::Runner;
use crate::session::{self, ErrorCode};

#[wasm_bindgen]
impl Runner {
    /// Starts a run and returns at once; the run goes on in the background. Throws
    /// `unknown_workflow` or `invalid_input` (with what to fix) before any model is called.
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
    ) -> Result<RunHandle, JsValue> {
        let input = from_js(input, ErrorCode::InvalidInput, "input")?;
        // Checked here, synchronously; the run is built once the workflow's code has arrived
        // (a wasm chunk in the split package, see `session::AnyRun::new_checked`).
        let checked = session::AnyRun::check(&workflow_id, input)?;
        Ok(RunHandle::spawn(checked, self.runtime.clone()))
    }
}
