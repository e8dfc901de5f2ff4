//! Pulls the JSON out of a model answer that wrapped it in a code fence or in prose.

/// Candidate JSON texts, best first: the answer as is, the inside of a ```json fence, then the first
/// balanced `{…}`/`[…]` span. Callers try each until one deserializes.
pub fn json_candidates(answer: &str) -> Vec<String> {
    let mut out = vec![answer.trim().to_string()];
    if let Some(fenced) = fenced_block(answer) {
        out.push(fenced.trim().to_string());
    }
    // Objects first: prose like "see [1]" before the answer must not hide it.
    for opener in ['{', '['] {
        if let Some(span) = answer
            .find(opener)
            .and_then(|start| balanced_span(answer, start))
        {
            out.push(span.to_string());
        }
    }
    out.dedup();
    out
}

/// The content of the first ``` fence (with or without a language tag).
fn fenced_block(text: &str) -> Option<&str> {
    let start = text.find("```")?;
    let after_ticks = &text[start + 3..];
    // Skip the info string (e.g. `json`) up to the end of the line.
    let body_start = after_ticks.find('\n').map(|i| i + 1).unwrap_or(0);
    let body = &after_ticks[body_start..];
    let end = body.find("```").unwrap_or(body.len());
    Some(&body[..end])
}

/// The balanced JSON object or array opening at `start`, skipping brackets inside strings.
fn balanced_span(text: &str, start: usize) -> Option<&str> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (offset, ch) in text[start..].char_indices() {
        if in_string {
            match ch {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(&text[start..start + offset + ch.len_utf8()]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Deserializes the first candidate that fits `T`; on failure returns the error for the most
/// JSON-looking candidate (the one a repair prompt should talk about).
///
/// Text → `Value` → `T`, not `from_str::<T>`: most `T`s here are also read back from a
/// checkpoint's `Value` (they are in a workflow's state), so this way such a type has one compiled
/// deserializer instead of two (wasm size: 37 fewer text deserializers in the app). Syntax errors
/// still say where (line, column); shape errors say what (`missing field`), not where.
pub fn parse_lenient<T: serde::de::DeserializeOwned>(answer: &str) -> Result<T, String> {
    let mut first_error = None;
    for candidate in json_candidates(answer) {
        let parsed = serde_json::from_str::<serde_json::Value>(&candidate)
            .and_then(crate::value_de::from_value);
        match parsed {
            Ok(value) => return Ok(value),
            Err(error) => {
                let looks_like_json = candidate.starts_with('{') || candidate.starts_with('[');
                if first_error.is_none() || looks_like_json {
                    first_error = Some(error.to_string());
                }
            }
        }
    }
    Err(first_error.unwrap_or_else(|| "empty answer".to_string()))
}
