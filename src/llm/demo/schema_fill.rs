//! Fills any JSON schema with values, using the analysis for fields that look like critique
//! (`score`, `strengths`, `issues`, `suggestions`, `summary`) and neutral values elsewhere.

use serde_json::{json, Map, Value};

use super::heuristics::Analysis;
use crate::llm::schema_bounds::declared_type;

pub fn fill_schema(schema: &Value, analysis: &Analysis) -> Value {
    fill(schema, "", analysis)
}

fn schema_type(schema: &Value) -> &str {
    match declared_type(schema) {
        Some(kind) => kind,
        None if schema.get("properties").is_some() => "object",
        None if schema.get("items").is_some() => "array",
        None if schema.get("enum").is_some() => "enum",
        None => "string",
    }
}

fn fill(schema: &Value, name: &str, analysis: &Analysis) -> Value {
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        return pick_enum(options, analysis);
    }
    if let Some(first) = schema
        .get("anyOf")
        .or(schema.get("oneOf"))
        .and_then(Value::as_array)
        .and_then(|v| v.first())
    {
        return fill(first, name, analysis);
    }
    let lower = name.to_lowercase();
    match schema_type(schema) {
        "object" => {
            let mut out = Map::new();
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (field, field_schema) in properties {
                    out.insert(field.clone(), fill(field_schema, field, analysis));
                }
            }
            Value::Object(out)
        }
        "array" => {
            let items = schema
                .get("items")
                .cloned()
                .unwrap_or(json!({"type": "string"}));
            let texts = if lower.contains("strength") {
                Some(analysis.strengths())
            } else if lower.contains("issue") || lower.contains("weakness") || lower.contains("gap")
            {
                Some(analysis.issues())
            } else if lower.contains("suggest")
                || lower.contains("improve")
                || lower.contains("recommend")
            {
                Some(analysis.suggestions())
            } else if lower.contains("keyword") || lower.contains("skill") {
                Some(analysis.matched_keywords.clone())
            } else {
                None
            };
            match (texts, schema_type(&items)) {
                (Some(texts), "string") => json!(texts),
                _ => {
                    let min = schema
                        .get("minItems")
                        .and_then(Value::as_u64)
                        .unwrap_or(1)
                        .max(1);
                    Value::Array(
                        (0..min.max(2))
                            .map(|_| fill(&items, name, analysis))
                            .collect(),
                    )
                }
            }
        }
        "number" | "integer" => number(schema, &lower, analysis),
        "boolean" => json!(analysis.score >= 6.0),
        "null" => Value::Null,
        _ => json!(text_for(&lower, analysis)),
    }
}

/// Scores follow the analysis, scaled to the schema's range (0–10 unless the schema says otherwise).
fn number(schema: &Value, name: &str, analysis: &Analysis) -> Value {
    let min = schema.get("minimum").and_then(Value::as_f64);
    let max = schema.get("maximum").and_then(Value::as_f64);
    let value = if name.contains("score") || name.contains("rating") || name.contains("match") {
        let (low, high) = (min.unwrap_or(0.0), max.unwrap_or(10.0));
        low + (high - low) * analysis.score / 10.0
    } else if name.contains("metric") {
        analysis.metrics.len() as f64
    } else if name.contains("word") || name.contains("length") {
        analysis.word_count as f64
    } else {
        min.unwrap_or(1.0)
    };
    if schema_type(schema) == "integer" {
        json!(value.round() as i64)
    } else {
        json!((value * 10.0).round() / 10.0)
    }
}

/// Enums run from best to worst or worst to best; pick by score so the answer tracks the input.
fn pick_enum(options: &[Value], analysis: &Analysis) -> Value {
    if options.is_empty() {
        return Value::Null;
    }
    let index = ((analysis.score / 10.0) * (options.len() as f64 - 1.0)).round() as usize;
    options[index.min(options.len() - 1)].clone()
}

fn text_for(name: &str, analysis: &Analysis) -> String {
    if name.contains("summary")
        || name.contains("feedback")
        || name.contains("verdict")
        || name.contains("overall")
    {
        analysis
            .summary()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    } else if name.contains("strength") {
        analysis.strengths().join("; ")
    } else if name.contains("issue") || name.contains("weakness") {
        analysis.issues().join("; ")
    } else if name.contains("suggest") {
        analysis.suggestions().join("; ")
    } else if name.is_empty() {
        analysis.summary()
    } else {
        format!("{} (offline demo)", name.replace('_', " "))
    }
}
