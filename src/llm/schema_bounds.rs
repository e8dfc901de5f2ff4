//! Bounds on every answer schema, so constrained decoding cannot run away.
//!
//! Against a real llama.cpp server a 135M model repeated one array item until the token limit,
//! leaving half a JSON; with `maxItems` on lists and `maxLength` on strings a 0.5B model answered
//! valid JSON six times out of six. Grammar-based decoders (llama.cpp, Ollama, vLLM)
//! turn these keywords into hard limits, hosted models read them as guidance. So every list and
//! every free-text string gets a bound unless its schema already has one; fields that are long by
//! nature (a whole rewritten resume) declare their own, larger `maxLength`.
//!
//! What each provider accepts differs; [`strip_keywords`] removes what one rejects (see the
//! providers' configs for which keywords and the documentation that says so).

use serde_json::{json, Value};

/// The schema's own `type`: the name, or for a nullable one (`["string", "null"]`) the first
/// type that is not `null` (`"null"` when there is none). `None` when it names no type, so each
/// reader can guess from the other keywords in its own way.
pub fn declared_type(schema: &Value) -> Option<&str> {
    match schema.get("type")? {
        Value::String(kind) => Some(kind),
        Value::Array(kinds) => Some(
            kinds
                .iter()
                .filter_map(Value::as_str)
                .find(|k| *k != "null")
                .unwrap_or("null"),
        ),
        _ => None,
    }
}

/// Items per list when a schema says nothing: enough for strengths, issues or steps, short
/// enough that a small local model cannot loop through dozens of near-identical entries.
pub const DEFAULT_MAX_ITEMS: u64 = 6;

/// Characters per free-text string when a schema says nothing: two or three sentences.
pub const DEFAULT_MAX_LENGTH: u64 = 300;

/// `schema` with `maxItems` on every array and `maxLength` on every string (enums excepted) that
/// lacks one. Bounds already present are kept, so a field can ask for more.
pub fn bounded(mut schema: Value) -> Value {
    add_bounds(&mut schema);
    schema
}

fn add_bounds(schema: &mut Value) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    if has_type(map, "array") && !map.contains_key("maxItems") {
        map.insert("maxItems".into(), json!(DEFAULT_MAX_ITEMS));
    }
    if has_type(map, "string") && !map.contains_key("enum") && !map.contains_key("maxLength") {
        map.insert("maxLength".into(), json!(DEFAULT_MAX_LENGTH));
    }
    for_each_subschema(map, &mut add_bounds);
}

/// Whether `map`'s `type` is `kind` (or a list containing it).
fn has_type(map: &serde_json::Map<String, Value>, kind: &str) -> bool {
    match map.get("type") {
        Some(Value::String(t)) => t == kind,
        Some(Value::Array(types)) => types.iter().any(|t| t == kind),
        _ => false,
    }
}

/// Calls `visit` on every schema nested in `map`: property schemas (not the property names,
/// which are data), `items`, the branches of `anyOf`/`oneOf`/`allOf`, and definitions.
pub(crate) fn for_each_subschema(
    map: &mut serde_json::Map<String, Value>,
    visit: &mut dyn FnMut(&mut Value),
) {
    for key in ["properties", "$defs", "definitions"] {
        if let Some(Value::Object(named)) = map.get_mut(key) {
            named.values_mut().for_each(&mut *visit);
        }
    }
    if let Some(items) = map.get_mut("items") {
        visit(items);
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = map.get_mut(key) {
            branches.iter_mut().for_each(&mut *visit);
        }
    }
}

/// Longest `maxLength` sent to a grammar-constrained server: llama.cpp's grammar expands
/// `x{0,n}` into `n` nested rules, so a resume-sized bound would build a grammar of tens of
/// thousands of rules for one field. Longer bounds still size the token budget
/// (`llm::limits::schema_token_budget`), which is what stops a runaway there.
pub const GRAMMAR_MAX_LENGTH: u64 = 4000;

/// `schema` without the `maxLength` bounds above `limit` (see [`GRAMMAR_MAX_LENGTH`]).
pub fn without_long_length_bounds(schema: &Value, limit: u64) -> Value {
    let mut schema = schema.clone();
    drop_long_lengths(&mut schema, limit);
    schema
}

fn drop_long_lengths(schema: &mut Value, limit: u64) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    if map
        .get("maxLength")
        .and_then(Value::as_u64)
        .is_some_and(|n| n > limit)
    {
        map.remove("maxLength");
    }
    for_each_subschema(map, &mut |sub| drop_long_lengths(sub, limit));
}

/// `schema` without the keywords in `drop`, at every level; inside `properties` (and
/// definitions) the keys are field names, never removed.
pub fn strip_keywords(schema: &Value, drop: &[&str]) -> Value {
    let mut schema = schema.clone();
    strip_in_place(&mut schema, drop);
    schema
}

fn strip_in_place(schema: &mut Value, drop: &[&str]) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    map.retain(|key, _| !drop.contains(&key.as_str()));
    for_each_subschema(map, &mut |sub| strip_in_place(sub, drop));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_free_text_get_bounds_enums_and_explicit_bounds_do_not_change() {
        let schema = bounded(json!({
            "type": "object",
            "properties": {
                "score": {"type": "number", "minimum": 0, "maximum": 10},
                "level": {"type": "string", "enum": ["low", "high"]},
                "resume": {"type": "string", "maxLength": 20000},
                "notes": {"type": "array", "items": {"type": "string"}},
                "maxLength": {"type": "string"},
                "steps": {"type": "array", "maxItems": 12, "items": {
                    "type": "object",
                    "properties": {"title": {"type": ["string", "null"]}}
                }}
            }
        }));
        let p = &schema["properties"];
        assert_eq!(
            p["score"],
            json!({"type": "number", "minimum": 0, "maximum": 10})
        );
        assert_eq!(p["level"].get("maxLength"), None);
        assert_eq!(p["resume"]["maxLength"], 20000);
        assert_eq!(p["notes"]["maxItems"], DEFAULT_MAX_ITEMS);
        assert_eq!(p["notes"]["items"]["maxLength"], DEFAULT_MAX_LENGTH);
        // A field named like a keyword is a field: it gets bounds, and is no bound itself.
        assert_eq!(p["maxLength"]["maxLength"], DEFAULT_MAX_LENGTH);
        assert_eq!(schema.get("maxLength"), None);
        assert_eq!(p["steps"]["maxItems"], 12);
        let title = &p["steps"]["items"]["properties"]["title"];
        assert_eq!(title["maxLength"], DEFAULT_MAX_LENGTH);
    }

    #[test]
    fn grammar_bounds_above_the_limit_are_dropped_the_others_kept() {
        let schema = json!({"type": "object", "properties": {
            "resume": {"type": "string", "maxLength": 24000},
            "note": {"type": "string", "maxLength": 300}
        }});
        let sent = without_long_length_bounds(&schema, GRAMMAR_MAX_LENGTH);
        assert_eq!(sent["properties"]["resume"], json!({"type": "string"}));
        assert_eq!(sent["properties"]["note"]["maxLength"], 300);
    }

    #[test]
    fn stripping_removes_keywords_at_every_level_but_never_a_field() {
        let schema = json!({
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "maxLength": {"type": "string", "maxLength": 5},
                "list": {"type": "array", "items": {"type": "string", "maxLength": 9}}
            }
        });
        let stripped = strip_keywords(&schema, &["maxLength", "additionalProperties"]);
        assert_eq!(
            stripped,
            json!({
                "type": "object",
                "properties": {
                    "maxLength": {"type": "string"},
                    "list": {"type": "array", "items": {"type": "string"}}
                }
            })
        );
    }
}
