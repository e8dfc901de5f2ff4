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
    /// Anthropic's `input_tokens` are only the tokens after the last cache breakpoint; these two
    /// are the rest of the prompt: read from the cache, and written to it.
    #[serde(default)]
    pub cache_read_input_tokens: Option<u64>,
    #[serde(default)]
    pub cache_creation_input_tokens: Option<u64>,
}

impl AnthropicUsage {
    /// Folds in a later, cumulative count (`message_delta`): what it gives replaces the output,
    /// and never lowers an input count.
    pub fn merge_cumulative(&mut self, later: AnthropicUsage) {
        fn max(a: Option<u64>, b: Option<u64>) -> Option<u64> {
            a.max(b)
        }
        if later.output_tokens.is_some() {
            self.output_tokens = later.output_tokens;
        }
        self.input_tokens = max(self.input_tokens, later.input_tokens);
        self.cache_read_input_tokens =
            max(self.cache_read_input_tokens, later.cache_read_input_tokens);
        self.cache_creation_input_tokens = max(
            self.cache_creation_input_tokens,
            later.cache_creation_input_tokens,
        );
    }

    /// The neutral counts: every prompt token in `input_tokens`, cached ones also apart.
    pub fn to_usage(self) -> Usage {
        let read = self.cache_read_input_tokens.unwrap_or(0);
        let written = self.cache_creation_input_tokens.unwrap_or(0);
        Usage {
            input_tokens: self.input_tokens.unwrap_or(0) + read + written,
            output_tokens: self.output_tokens.unwrap_or(0),
            cached_input_tokens: read,
            cache_write_tokens: written,
        }
    }
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
            usage: self.usage.to_usage(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_reads_and_writes_count_as_input_and_are_kept_apart() {
        let usage: AnthropicUsage = serde_json::from_str(
            r#"{"input_tokens": 12, "cache_creation_input_tokens": 30, "cache_read_input_tokens": 2000, "output_tokens": 5}"#,
        )
        .unwrap();
        let usage = usage.to_usage();
        assert_eq!(usage.input_tokens, 2042);
        assert_eq!(
            (usage.cached_input_tokens, usage.cache_write_tokens),
            (2000, 30)
        );
    }

    #[test]
    fn a_later_cumulative_count_keeps_the_start_counts_it_omits() {
        let mut start: AnthropicUsage = serde_json::from_str(
            r#"{"input_tokens": 12, "cache_read_input_tokens": 2000, "output_tokens": 1}"#,
        )
        .unwrap();
        start.merge_cumulative(serde_json::from_str(r#"{"output_tokens": 40}"#).unwrap());
        let usage = start.to_usage();
        assert_eq!((usage.input_tokens, usage.output_tokens), (2012, 40));
        assert_eq!(usage.cached_input_tokens, 2000);
    }
}
