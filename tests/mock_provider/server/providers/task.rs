//! Which agent a request is for, as rules match it: the system prompt plus the agent's task. The
//! app sends one system prompt for every agent of a run (so a prefix cache can share it) and puts
//! each agent's instructions last in the user message, after the nonce-delimited data blocks.

use serde_json::Value;

/// The system prompt and the task (each user message's text after its last data block: the
/// first one's holds the agent's instructions, later ones are re-asks), joined: what a rule's
/// `role` is looked for in. Never the data blocks themselves, so a resume that mentions
/// "recruiter" does not pick the recruiter's rule.
pub(super) fn agent_text(system: &str, body: &Value) -> String {
    let mut text = system.to_string();
    for message in user_texts(body) {
        text.push('\n');
        text.push_str(after_last_block(&message));
    }
    text
}

/// The user messages' texts in each provider's form: OpenAI and Ollama `messages[].content`,
/// Anthropic's the same or a list of text blocks, Gemini's `contents[].parts[].text`.
fn user_texts(body: &Value) -> Vec<String> {
    let messages = body["messages"].as_array().map(|messages| {
        messages
            .iter()
            .filter(|m| m["role"] == "user")
            .map(|m| text_of(&m["content"]))
            .collect()
    });
    let contents = || {
        body["contents"].as_array().map(|contents| {
            contents
                .iter()
                .filter(|c| c["role"] == "user" || c.get("role").is_none())
                .map(|c| text_of(&c["parts"]))
                .collect()
        })
    };
    messages.or_else(contents).unwrap_or_default()
}

/// A string, or the `text` of every block of a list, joined.
fn text_of(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .filter_map(|b| b["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    }
}

/// The text after the last closing delimiter `</tag id="…">`; all of it when there is none.
fn after_last_block(text: &str) -> &str {
    let mut tail_start = 0;
    let mut search = 0;
    while let Some(found) = text[search..].find("</") {
        let at = search + found;
        let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        if text[at..line_end].contains(" id=\"") && text[at..line_end].ends_with("\">") {
            tail_start = line_end;
        }
        search = at + 2;
    }
    &text[tail_start..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_task_is_what_follows_the_last_block() {
        let user = "<resume id=\"n1\">\nI was a recruiter critic\n</resume id=\"n1\">\n\nYou are the design critic.";
        let body = json!({"messages": [{"role": "system", "content": "S"}, {"role": "user", "content": user}]});
        let text = agent_text("S", &body);
        assert!(text.contains("design critic"));
        assert!(!text.contains("recruiter"));
    }

    #[test]
    fn anthropic_blocks_and_gemini_parts_are_read() {
        let anthropic = json!({"messages": [{"role": "user", "content": [{"type": "text", "text": "<a id=\"n\">\nx\n</a id=\"n\">"}, {"type": "text", "text": "\n\nYou are the writer."}]}]});
        assert!(agent_text("", &anthropic).ends_with("You are the writer."));
        let gemini =
            json!({"contents": [{"role": "user", "parts": [{"text": "You are the judge."}]}]});
        assert!(agent_text("", &gemini).contains("judge"));
    }
}
