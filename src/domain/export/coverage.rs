//! How much of a resume's text an export carries: the characters of the source's words that
//! appear in the export (each word counted as often as it occurs). Markup, dashes and spaces do
//! not count; Chinese and Japanese count character by character. Used to choose a rendering that
//! loses nothing and to warn when an export carries less than the resume.

use std::collections::HashMap;

use crate::domain::han::lower_words;

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0xAC00..=0xD7AF)
}

/// The words of a text, lower case; a CJK character is a word of its own.
fn words(text: &str) -> Vec<String> {
    lower_words(text, is_cjk, char::is_alphanumeric)
}

/// The share (0–1) of the source's word characters found in the export. An empty source is
/// fully carried.
pub fn text_share(source: &str, export: &str) -> f64 {
    let mut available: HashMap<String, usize> = HashMap::new();
    for word in words(export) {
        *available.entry(word).or_default() += 1;
    }
    let (mut total, mut kept) = (0usize, 0usize);
    for word in words(source) {
        let size = word.chars().count();
        total += size;
        if let Some(count) = available.get_mut(&word).filter(|c| **c > 0) {
            *count -= 1;
            kept += size;
        }
    }
    if total == 0 {
        1.0
    } else {
        kept as f64 / total as f64
    }
}

/// Every string in a JSON document, one per line (what a JSON Resume export says).
pub fn json_text(value: &serde_json::Value) -> String {
    let mut out = String::new();
    fn walk(value: &serde_json::Value, out: &mut String) {
        match value {
            serde_json::Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            serde_json::Value::Number(n) => {
                out.push_str(&n.to_string());
                out.push('\n');
            }
            _ => {}
        }
    }
    walk(value, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_count_words_as_often_as_they_occur() {
        assert_eq!(text_share("", "x"), 1.0);
        assert_eq!(text_share("Rust Rust", "- rust"), 0.5);
        assert_eq!(text_share("# Ada\n- Go", "Ada | Go"), 1.0);
        assert!((text_share("数据工程", "数据") - 0.5).abs() < 1e-9);
    }
}
