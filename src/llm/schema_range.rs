//! Numbers outside the range their schema gives (`minimum`/`maximum`): a critic scoring 95 on a
//! 0–10 scale (seen with a 135M model on llama.cpp). The structured-output check asks
//! the model once more naming the scale, then clamps what is still off and says so.

use std::fmt;

use serde_json::Value;

/// One number off its scale, found at `path` (`score`, `roles[1].fit_score`).
#[derive(Debug, Clone, PartialEq)]
pub struct OutOfRange {
    pub path: String,
    pub value: f64,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
}

impl OutOfRange {
    /// The nearest value on the scale.
    pub fn clamped(&self) -> f64 {
        let low = self.minimum.unwrap_or(f64::MIN);
        let high = self.maximum.unwrap_or(f64::MAX);
        self.value.clamp(low, high.max(low))
    }

    fn scale(&self) -> String {
        match (self.minimum, self.maximum) {
            (Some(low), Some(high)) => format!("the scale {low} to {high}"),
            (Some(low), None) => format!("at least {low}"),
            (None, Some(high)) => format!("at most {high}"),
            (None, None) => "its range".to_string(),
        }
    }

    /// What a page shows once the value was clamped.
    pub fn clamp_note(&self) -> String {
        format!(
            "`{}` was {}, outside {}; it was set to {}",
            self.path,
            self.value,
            self.scale(),
            self.clamped()
        )
    }
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is {}, outside {}",
            self.path,
            self.value,
            self.scale()
        )
    }
}

/// Every number of `value` outside the range `schema` gives it.
pub fn out_of_range(schema: &Value, value: &Value) -> Vec<OutOfRange> {
    let mut found = Vec::new();
    visit(schema, &mut value.clone(), "", false, &mut found);
    found
}

/// Clamps every number of `value` outside its range into it; returns what was clamped.
pub fn clamp_in_range(schema: &Value, value: &mut Value) -> Vec<OutOfRange> {
    let mut found = Vec::new();
    visit(schema, value, "", true, &mut found);
    found
}

fn visit(schema: &Value, value: &mut Value, path: &str, clamp: bool, found: &mut Vec<OutOfRange>) {
    match value {
        Value::Object(fields) => {
            let Some(Value::Object(properties)) = schema.get("properties") else {
                return;
            };
            for (name, field) in fields.iter_mut() {
                if let Some(sub) = properties.get(name) {
                    let path = if path.is_empty() {
                        name.clone()
                    } else {
                        format!("{path}.{name}")
                    };
                    visit(sub, field, &path, clamp, found);
                }
            }
        }
        Value::Array(items) => {
            let Some(item_schema) = schema.get("items") else {
                return;
            };
            for (index, item) in items.iter_mut().enumerate() {
                visit(item_schema, item, &format!("{path}[{index}]"), clamp, found);
            }
        }
        Value::Number(number) => {
            let Some(n) = number.as_f64() else { return };
            let minimum = schema.get("minimum").and_then(Value::as_f64);
            let maximum = schema.get("maximum").and_then(Value::as_f64);
            if minimum.is_some_and(|low| n < low) || maximum.is_some_and(|high| n > high) {
                let off = OutOfRange {
                    path: path.to_string(),
                    value: n,
                    minimum,
                    maximum,
                };
                if clamp {
                    *value = clamped_number(&off, schema);
                }
                found.push(off);
            }
        }
        _ => {}
    }
}

/// The clamped value as JSON: an integer schema keeps an integer.
fn clamped_number(off: &OutOfRange, schema: &Value) -> Value {
    let clamped = off.clamped();
    if schema.get("type").and_then(Value::as_str) == Some("integer") {
        Value::from(clamped.round() as i64)
    } else {
        serde_json::Number::from_f64(clamped).map_or(Value::Null, Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "score": {"type": "number", "minimum": 0, "maximum": 10},
            "roles": {"type": "array", "items": {"type": "object", "properties": {
                "fit": {"type": "integer", "minimum": 0, "maximum": 100}
            }}},
            "weeks": {"type": "integer", "minimum": 0}
        }})
    }

    #[test]
    fn numbers_off_their_scale_are_found_and_named() {
        let answer = json!({"score": 95, "roles": [{"fit": 50}, {"fit": 140}], "weeks": -2});
        let found = out_of_range(&schema(), &answer);
        let text: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            // In the answer's key order (alphabetical here).
            [
                "`roles[1].fit` is 140, outside the scale 0 to 100",
                "`score` is 95, outside the scale 0 to 10",
                "`weeks` is -2, outside at least 0",
            ]
        );
        assert!(out_of_range(&schema(), &json!({"score": 9.5, "weeks": 3})).is_empty());
    }

    #[test]
    fn clamping_keeps_integers_integers_and_says_what_it_did() {
        let mut answer = json!({"score": 95.0, "roles": [{"fit": 140}], "weeks": 1});
        let clamped = clamp_in_range(&schema(), &mut answer);
        assert_eq!(
            answer,
            json!({"score": 10.0, "roles": [{"fit": 100}], "weeks": 1})
        );
        assert_eq!(
            clamped[1].clamp_note(),
            "`score` was 95, outside the scale 0 to 10; it was set to 10"
        );
    }
}
