//! JSON between Rust and JS. `json_compatible` so maps become plain objects and 64-bit integers
//! plain numbers: callers get exactly what `JSON.parse` would give them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

use crate::session::{ErrorCode, RunOptions, SessionError};

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

/// Reads `value`'s `agentModels` (agent → model name) as [`RunOptions`], with `js_sys` rather than
/// serde: a serde reader for the options' struct cost the package's first module about 1 KB gzip,
/// for one field. Absent, `undefined` or `null`: no per-agent model. A model that is not a string
/// fails with `code` and names the agent.
pub fn run_options(
    value: &JsValue,
    code: ErrorCode,
    what: &str,
) -> Result<RunOptions, SessionError> {
    let invalid = |why: String| SessionError::new(code, format!("The {what} is not valid: {why}."));
    if !value.is_object() {
        return Err(invalid("it must be an object".into()));
    }
    let models = js_sys::Reflect::get(value, &"agentModels".into()).unwrap_or(JsValue::UNDEFINED);
    if models.is_undefined() || models.is_null() {
        return Ok(RunOptions::default());
    }
    let Some(models) = models.dyn_ref::<js_sys::Object>() else {
        return Err(invalid(
            "agentModels must be an object of agent names and models".into(),
        ));
    };
    let mut options = RunOptions::default();
    for entry in js_sys::Object::entries(models).iter() {
        let entry = js_sys::Array::from(&entry);
        let agent = entry.get(0).as_string().unwrap_or_default();
        let Some(model) = entry.get(1).as_string() else {
            return Err(invalid(format!(
                "the model of agent “{agent}” must be a string"
            )));
        };
        options.agent_models.insert(agent, model);
    }
    Ok(options)
}
