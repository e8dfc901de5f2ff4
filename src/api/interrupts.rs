//! `run.answer(interruptId, value)`: answers a workflow that paused to ask the user something
//! (an `interrupted` event). No listed workflow pauses yet, so for now it always throws
//! `no_pending_interrupt`; the signature is the one resuming will keep.

use wasm_bindgen::prelude::*;

use super::error::{js_error, NO_PENDING_INTERRUPT};
use super::handle::RunHandle;

#[wasm_bindgen]
impl RunHandle {
    /// Answers the interrupt `interruptId` (from an `interrupted` event) with `value`; the run
    /// then goes on and `result()` still gives its end. Throws `no_pending_interrupt` when the run
    /// is not waiting for that answer, which is always the case today.
    pub fn answer(
        &self,
        #[wasm_bindgen(js_name = interruptId)] interrupt_id: String,
        #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    ) -> Result<(), JsValue> {
        let _ = value;
        Err(js_error(
            NO_PENDING_INTERRUPT,
            &format!(
                "This run is not waiting for an answer to “{interrupt_id}”: none of the current \
                 workflows pauses for input yet."
            ),
        ))
    }
}
