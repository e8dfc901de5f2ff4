//! `run.answer(interruptId, value)`: answers a workflow that paused to ask the user something
//! (an `interrupted` event, e.g. `resume_tailoring`'s questions and its human review).

use wasm_bindgen::prelude::*;

use super::convert::from_js;
use super::error::{js_error, NO_PENDING_INTERRUPT};
use super::handle::RunHandle;
use crate::session::ErrorCode;

#[wasm_bindgen]
impl RunHandle {
    /// Answers the interrupt `interruptId` (from an `interrupted` event) with `value`, in the shape
    /// its payload documents; the run then goes on and `result()` still gives its end. Throws
    /// `no_pending_interrupt` when the run is not waiting for that answer.
    pub fn answer(
        &self,
        #[wasm_bindgen(js_name = interruptId)] interrupt_id: String,
        #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    ) -> Result<(), JsValue> {
        let value = from_js(value, ErrorCode::InvalidInput, "answer")?;
        // Taken: a second answer to the same question is refused.
        if !self.events.take_asked(&interrupt_id) {
            return Err(js_error(
                NO_PENDING_INTERRUPT,
                &format!("This run is not waiting for an answer to “{interrupt_id}”."),
            ));
        }
        // The driver resumes the run once the paused step has settled (it may still be saving).
        self.answers
            .unbounded_send((interrupt_id, value))
            .map_err(|_| js_error(NO_PENDING_INTERRUPT, "This run has ended."))
    }
}
