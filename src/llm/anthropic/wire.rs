//! Anthropic's JSON, mirrored by serde types (only the fields we read).

use serde::Deserialize;

use crate::llm::client::Parsed;
use crate::llm::types::Usage;

#[derive(Debug, Deserialize)]
pub struct MessagesResponse {
    #[serde(default)]
    pub model: Option<String>,
    pub content: Vec<ContentBlock>,
    #[serde(default)]
    pub stop_reason: Option<String>,
    #[serde(default)]
    pub usage: AnthropicUsage,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    Text {
        text: String,
    },
    ToolUse {
        #[serde(default)]
        input: serde_json::Value,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Debug, Default, Clone, Copy, Deserialize)]
pub struct AnthropicUsage {
    #[serde(default)]
    pub input_tokens: Option<u64>,
    #[serde(default)]
    pub output_tokens: Option<u64>,
}

impl MessagesResponse {
    /// Text blocks joined; a forced tool call's input becomes the JSON text.
    pub fn into_parsed(self) -> Parsed {
        let mut text = String::new();
        for block in self.content {
            match block {
                ContentBlock::Text { text: part } => text.push_str(&part),
                ContentBlock::ToolUse { input } => text.push_str(&input.to_string()),
                ContentBlock::Unknown => {}
            }
        }
        Parsed {
            text,
            usage: Usage {
                input_tokens: self.usage.input_tokens.unwrap_or(0),
                output_tokens: self.usage.output_tokens.unwrap_or(0),
            },
            model: self.model,
            finish_reason: self.stop_reason,
        }
    }
}

/// One SSE event's data (its `type` repeats the SSE `event:` name).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnthropicEvent {
    MessageStart {
        message: StartMessage,
    },
    ContentBlockStart {
        content_block: StartBlock,
    },
    ContentBlockDelta {
        delta: BlockDelta,
    },
    ContentBlockStop,
    MessageDelta {
        delta: MessageDeltaBody,
        #[serde(default)]
        usage: AnthropicUsage,
    },
    MessageStop,
    Ping,
    Error {
        error: ApiError,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Debug, Deserialize)]
pub struct StartMessage {
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub usage: AnthropicUsage,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StartBlock {
    Text {
        #[serde(default)]
        text: String,
    },
    ToolUse,
    #[serde(other)]
    Unknown,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BlockDelta {
    TextDelta {
        text: String,
    },
    InputJsonDelta {
        partial_json: String,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Debug, Deserialize)]
pub struct MessageDeltaBody {
    #[serde(default)]
    pub stop_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct ErrorEnvelope {
    pub error: ApiError,
}

#[derive(Debug, Deserialize)]
pub struct ApiError {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub message: String,
}
