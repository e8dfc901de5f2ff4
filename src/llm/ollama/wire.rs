//! One `/api/chat` line (the whole non-streaming answer has the same shape).

use serde::Deserialize;

use crate::llm::client::Parsed;
use crate::llm::types::Usage;

#[derive(Debug, Deserialize)]
pub struct OllamaChatLine {
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub message: Option<OllamaMessage>,
    #[serde(default)]
    pub done: bool,
    #[serde(default)]
    pub done_reason: Option<String>,
    #[serde(default)]
    pub prompt_eval_count: Option<u64>,
    #[serde(default)]
    pub eval_count: Option<u64>,
    #[serde(default)]
    pub error: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct OllamaMessage {
    #[serde(default)]
    pub content: String,
}

#[derive(Debug, Default)]
pub struct OllamaStreamState {
    pub text: String,
    pub usage: Usage,
    pub model: Option<String>,
    pub done_reason: Option<String>,
    pub done: bool,
}

impl OllamaStreamState {
    pub fn into_parsed(self) -> Parsed {
        Parsed {
            text: self.text,
            usage: self.usage,
            model: self.model,
            finish_reason: self.done_reason,
        }
    }
}

/// Applies one line; returns its text. Counts arrive only on the final `done: true` line.
pub fn handle_line(line: OllamaChatLine, state: &mut OllamaStreamState) -> Option<String> {
    if state.model.is_none() {
        state.model = line.model;
    }
    if line.done {
        state.done = true;
        state.done_reason = line.done_reason;
        state.usage = Usage {
            input_tokens: line.prompt_eval_count.unwrap_or(0),
            output_tokens: line.eval_count.unwrap_or(0),
            // Ollama does not say how much of the prompt its cache served.
            ..Usage::default()
        };
    }
    let text = line.message?.content;
    state.text.push_str(&text);
    Some(text)
}
