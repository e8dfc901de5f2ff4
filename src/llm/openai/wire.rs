//! OpenAI's JSON, mirrored by serde types (only the fields we read).

use serde::Deserialize;

use crate::llm::client::{ErrorBody, Parsed};
use crate::llm::types::Usage;

#[derive(Debug, Deserialize)]
pub struct ChatCompletion {
    #[serde(default)]
    pub model: Option<String>,
    pub choices: Vec<Choice>,
    #[serde(default)]
    pub usage: Option<OpenAiUsage>,
}

#[derive(Debug, Deserialize)]
pub struct Choice {
    pub message: AssistantMessage,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct AssistantMessage {
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default)]
    pub refusal: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct OpenAiUsage {
    #[serde(default)]
    pub prompt_tokens: u64,
    #[serde(default)]
    pub completion_tokens: u64,
}

impl From<OpenAiUsage> for Usage {
    fn from(usage: OpenAiUsage) -> Self {
        Usage {
            input_tokens: usage.prompt_tokens,
            output_tokens: usage.completion_tokens,
        }
    }
}

impl ChatCompletion {
    pub fn into_parsed(self) -> Result<Parsed, String> {
        let choice = self
            .choices
            .into_iter()
            .next()
            .ok_or("the response has no choices")?;
        // A refusal (structured outputs) is reported as finish reason `refusal`, so it becomes
        // `LlmError::ContentFiltered` like the other providers' refusals, not a repair attempt.
        let (text, finish_reason) = match (choice.message.content, choice.message.refusal) {
            (Some(text), _) => (text, choice.finish_reason),
            (None, Some(_)) => (String::new(), Some("refusal".to_string())),
            (None, None) => (String::new(), choice.finish_reason),
        };
        Ok(Parsed {
            text,
            usage: self.usage.map(Usage::from).unwrap_or_default(),
            model: self.model,
            finish_reason,
        })
    }
}

#[derive(Debug, Deserialize)]
pub struct ChatCompletionChunk {
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub choices: Vec<ChunkChoice>,
    #[serde(default)]
    pub usage: Option<OpenAiUsage>,
}

#[derive(Debug, Deserialize)]
pub struct ChunkChoice {
    #[serde(default)]
    pub delta: Delta,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Delta {
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default)]
    pub tool_calls: Vec<ToolCallDelta>,
}

#[derive(Debug, Deserialize)]
pub struct ToolCallDelta {
    #[serde(default)]
    pub function: Option<FunctionDelta>,
}

#[derive(Debug, Deserialize)]
pub struct FunctionDelta {
    #[serde(default)]
    pub arguments: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct ErrorEnvelope {
    pub error: ApiError,
}

#[derive(Debug, Deserialize)]
pub struct ApiError {
    #[serde(default)]
    pub message: String,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub code: Option<serde_json::Value>,
}

impl From<ApiError> for ErrorBody {
    fn from(error: ApiError) -> Self {
        let code = match error.code {
            Some(serde_json::Value::String(code)) => Some(code),
            Some(serde_json::Value::Number(code)) => Some(code.to_string()),
            _ => None,
        };
        ErrorBody {
            kind: code.or(error.kind).unwrap_or_default(),
            message: error.message,
        }
    }
}
