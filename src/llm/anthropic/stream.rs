//! Folding Anthropic stream events into an answer.

use super::wire::{AnthropicEvent, AnthropicUsage, BlockDelta, StartBlock};
use crate::llm::client::Parsed;

#[derive(Debug, Default)]
pub struct AnthropicStreamState {
    pub text: String,
    /// The counts as sent: `message_start` has them all, `message_delta` repeats them cumulatively.
    pub usage: AnthropicUsage,
    pub model: Option<String>,
    pub stop_reason: Option<String>,
    /// `message_stop` seen: the answer is complete.
    pub stopped: bool,
}

impl AnthropicStreamState {
    pub fn into_parsed(self) -> Parsed {
        Parsed {
            text: self.text,
            usage: self.usage.to_usage(),
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
            state.usage = message.usage;
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
            state.usage.merge_cumulative(usage);
            None
        }
        AnthropicEvent::MessageStop => {
            state.stopped = true;
            None
        }
        _ => None,
    }
}
