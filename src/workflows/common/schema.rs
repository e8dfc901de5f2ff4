//! Building blocks of the agents' answer schemas. Schemas are written for OpenAI's strict mode
//! (every property required, no extra properties), which the other providers accept as well.
//! Lists and short strings get default bounds when the request is built
//! (`llm::schema_bounds::bounded`); scores and long texts declare theirs here.

use serde_json::{json, Value};

/// A list of strings.
pub fn strings(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "description": description})
}

/// A string.
pub fn text(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

/// A score on `0..=max`: the bounds let a grammar-constrained model only write a score on the
/// scale, and let the answer check re-ask (then clamp) one that is off it (95 on a 0–10 scale).
pub fn score(max: u32, description: &str) -> Value {
    json!({"type": "number", "minimum": 0, "maximum": max, "description": description})
}

/// Characters a whole resume (rewritten or tailored) may take: far above a real one (a long
/// resume is under 10,000), well below the input limit only a pasted book reaches.
pub const RESUME_MAX_CHARS: u32 = 24_000;

/// A text longer than the default string bound (a resume, a letter, a paragraph), with its own.
pub fn long_text(description: &str, max_chars: u32) -> Value {
    json!({"type": "string", "description": description, "maxLength": max_chars})
}

/// A list of strings with its own item bound (more than the default).
pub fn strings_up_to(description: &str, max_items: u32) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "description": description, "maxItems": max_items})
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
