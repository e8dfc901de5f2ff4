//! Folding Anthropic stream events into an answer.

use super::wire::{AnthropicEvent, BlockDelta, StartBlock};
use crate::llm::client::Parsed;
use crate::llm::types::Usage;

#[derive(Debug, Default)]
pub struct AnthropicStreamState {
    pub text: String,
    pub usage: Usage,
    pub model: Option<String>,
    pub stop_reason: Option<String>,
    /// `message_stop` seen: the answer is complete.
    pub stopped: bool,
}

impl AnthropicStreamState {
    pub fn into_parsed(self) -> Parsed {
        Parsed {
            text: self.text,
            usage: self.usage,
            model: self.model,
            finish_reason: self.stop_reason,
        }
    }
}

/// Applies one event; returns the text delta it carries. Forced-tool JSON (`input_json_delta`)
/// counts as text: for a structured call the JSON is the answer.
pub fn handle_event(event: AnthropicEvent, state: &mut AnthropicStreamState) -> Option<String> {
    match event {
        AnthropicEvent::MessageStart { message } => {
            state.model = message.model;
            state.usage.input_tokens = message.usage.input_tokens.unwrap_or(0);
            state.usage.output_tokens = message.usage.output_tokens.unwrap_or(0);
            None
        }
        AnthropicEvent::ContentBlockStart {
            content_block: StartBlock::Text { text },
        } if !text.is_empty() => {
            state.text.push_str(&text);
            Some(text)
        }
        AnthropicEvent::ContentBlockDelta { delta } => {
            let piece = match delta {
                BlockDelta::TextDelta { text } => text,
                BlockDelta::InputJsonDelta { partial_json } => partial_json,
                BlockDelta::Unknown => return None,
            };
            state.text.push_str(&piece);
            Some(piece)
        }
        AnthropicEvent::MessageDelta { delta, usage } => {
            state.stop_reason = delta.stop_reason.or(state.stop_reason.take());
            // message_delta usage is cumulative.
            if let Some(output) = usage.output_tokens {
                state.usage.output_tokens = output;
            }
            if let Some(input) = usage.input_tokens {
                state.usage.input_tokens = state.usage.input_tokens.max(input);
            }
            None
        }
        AnthropicEvent::MessageStop => {
            state.stopped = true;
            None
        }
        _ => None,
    }
}
