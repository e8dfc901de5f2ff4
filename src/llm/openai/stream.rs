//! Folding OpenAI stream chunks into an answer.

use super::wire::ChatCompletionChunk;
use crate::llm::client::Parsed;
use crate::llm::types::Usage;

#[derive(Debug, Default)]
pub struct OpenAiStreamState {
    pub text: String,
    /// Streamed tool-call arguments (JSON text), for servers that answer structured calls with a tool.
    pub tool_arguments: String,
    pub usage: Option<Usage>,
    pub model: Option<String>,
    pub finish_reason: Option<String>,
    /// `data: [DONE]` seen.
    pub done: bool,
}

impl OpenAiStreamState {
    pub fn into_parsed(self) -> Parsed {
        let text = if self.text.is_empty() {
            self.tool_arguments
        } else {
            self.text
        };
        Parsed {
            text,
            usage: self.usage.unwrap_or_default(),
            model: self.model,
            finish_reason: self.finish_reason,
        }
    }
}

/// Applies one chunk; returns the text delta it carries. The usage chunk (with
/// `stream_options.include_usage`) has empty `choices`.
pub fn handle_chunk(chunk: ChatCompletionChunk, state: &mut OpenAiStreamState) -> Option<String> {
    if state.model.is_none() {
        state.model = chunk.model;
    }
    if let Some(usage) = chunk.usage {
        state.usage = Some(usage.into());
    }
    let choice = chunk.choices.into_iter().next()?;
    if choice.finish_reason.is_some() {
        state.finish_reason = choice.finish_reason;
    }
    for call in choice.delta.tool_calls {
        if let Some(arguments) = call.function.and_then(|f| f.arguments) {
            state.tool_arguments.push_str(&arguments);
        }
    }
    let delta = choice.delta.content?;
    state.text.push_str(&delta);
    Some(delta)
}
