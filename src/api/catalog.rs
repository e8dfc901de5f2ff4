//! What can be run: `Runner.workflows()` and `Runner.mermaid(workflowId)`. Static: they need no
//! provider.

use wasm_bindgen::prelude::*;

use super::convert::to_js;
use super::runner::Runner;
use crate::session;

#[wasm_bindgen]
impl Runner {
    /// The workflows `start` accepts, each with the JSON schema of its input.
    #[wasm_bindgen(unchecked_return_type = "WorkflowInfo[]")]
    pub fn workflows() -> Result<JsValue, JsValue> {
        Ok(to_js(&session::workflows())?)
    }

    /// The workflow's graph as a Mermaid flowchart. Throws `unknown_workflow`.
    pub fn mermaid(
        #[wasm_bindgen(js_name = workflowId, unchecked_param_type = "WorkflowId")]
        workflow_id: String,
    ) -> Result<String, JsValue> {
        Ok(session::mermaid(&workflow_id)?)
    }
}
