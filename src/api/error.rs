//! Failures as instances of the package's `CareerGraphError` class (`extends Error`, defined in
//! `error.js`): `message` is the sentence to show a user, `code` the stable snake_case name a
//! program switches on (the `ErrorCode` union in the .d.ts).

use wasm_bindgen::prelude::*;

use crate::session::{ErrorCode, SessionError};

#[wasm_bindgen(module = "/src/api/error.js")]
extern "C" {
    #[wasm_bindgen(extends = js_sys::Error)]
    type CareerGraphError;

    #[wasm_bindgen(constructor)]
    fn new(code: &str, message: &str) -> CareerGraphError;
}

/// Codes only the JS API produces (the session's own come from `ErrorCode`).
pub const NO_PENDING_INTERRUPT: &str = "no_pending_interrupt";

pub fn js_error(code: &str, message: &str) -> JsValue {
    CareerGraphError::new(code, message).into()
}

fn code_name(code: ErrorCode) -> String {
    serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "run_failed".to_owned())
}

impl From<SessionError> for JsValue {
    fn from(error: SessionError) -> Self {
        js_error(&code_name(error.code), &error.message)
    }
}
