//! JSON between Rust and JS. `json_compatible` so maps become plain objects and 64-bit integers
//! plain numbers: callers get exactly what `JSON.parse` would give them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::session::{ErrorCode, SessionError};

pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, SessionError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| SessionError::new(ErrorCode::RunFailed, e.to_string()))
}

/// Reads a caller's argument; a wrong shape fails with `code` and says what was wrong with it.
pub fn from_js<T: DeserializeOwned>(
    value: JsValue,
    code: ErrorCode,
    what: &str,
) -> Result<T, SessionError> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| SessionError::new(code, format!("The {what} is not valid: {e}.")))
}
