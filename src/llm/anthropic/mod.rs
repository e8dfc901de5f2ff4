//! Anthropic Messages API. Structured output uses a forced tool call (the tool's `input_schema` is
//! the requested schema), so the JSON arrives as `tool_use.input` / `input_json_delta`.

mod config;
mod stream;
mod wire;

pub use config::AnthropicConfig;
pub use stream::{handle_event, AnthropicStreamState};
pub use wire::{AnthropicEvent, BlockDelta, MessagesResponse};

use crate::llm::client::HttpChatModel;

pub type AnthropicModel = HttpChatModel<AnthropicConfig>;
