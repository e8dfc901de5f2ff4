//! The mock's default structured answer: any schema filled with plain values (7.5 for scores).

use serde_json::{json, Map, Value};

pub fn fill(schema: &Value) -> Value {
    fill_named(schema, "")
}

fn fill_named(schema: &Value, name: &str) -> Value {
    if let Some(first) = schema
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|v| v.first())
    {
        return first.clone();
    }
    if let Some(first) = schema
        .get("anyOf")
        .and_then(Value::as_array)
        .and_then(|v| v.first())
    {
        return fill_named(first, name);
    }
    let kind = match schema.get("type") {
        Some(Value::String(kind)) => kind.to_lowercase(),
        Some(Value::Array(kinds)) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|k| *k != "null")
            .unwrap_or("null")
            .to_lowercase(),
        _ if schema.get("properties").is_some() => "object".into(),
        _ if schema.get("items").is_some() => "array".into(),
        _ => "string".into(),
    };
    let is_score = name.to_lowercase().contains("score");
    match kind.as_str() {
        "object" => {
            let mut out = Map::new();
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (field, field_schema) in properties {
                    out.insert(field.clone(), fill_named(field_schema, field));
                }
            }
            Value::Object(out)
        }
        "array" => {
            let items = schema
                .get("items")
                .cloned()
                .unwrap_or(json!({"type": "string"}));
            let count = schema
                .get("minItems")
                .and_then(Value::as_u64)
                .unwrap_or(2)
                .max(1);
            Value::Array(
                (0..count)
                    .map(|i| fill_named(&items, &format!("{name} {}", i + 1)))
                    .collect(),
            )
        }
        "number" => json!(if is_score { 7.5 } else { 1.0 }),
        "integer" => json!(if is_score { 7 } else { 1 }),
        "boolean" => json!(true),
        "null" => Value::Null,
        _ => json!(format!(
            "mock {}",
            if name.is_empty() { "answer" } else { name }
        )),
    }
}
