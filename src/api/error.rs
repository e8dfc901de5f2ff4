//! Failures as real JS `Error`s: `message` is the sentence to show a user, `code` the stable
//! snake_case name a program switches on (the `ErrorCode` union in the .d.ts).

use wasm_bindgen::JsValue;

use crate::session::{ErrorCode, SessionError};

/// Codes only the JS API produces (the session's own come from `ErrorCode`).
pub const NO_PENDING_INTERRUPT: &str = "no_pending_interrupt";

pub fn js_error(code: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name("CareerGraphError");
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &code.into());
    error.into()
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
