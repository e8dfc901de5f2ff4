//! Building blocks of the agents' answer schemas. Schemas are written for OpenAI's strict mode
//! (every property required, no extra properties), which the other providers accept as well.

use serde_json::{json, Value};

/// A list of strings.
pub fn strings(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "description": description})
}

/// A string.
pub fn text(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

/// A strict object: every property listed in `required` (in the order the JSON map keeps its
/// keys), no other properties allowed.
pub fn object(properties: Value) -> Value {
    let required: Vec<String> = properties
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false
    })
}
