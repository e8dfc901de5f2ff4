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
    /// OpenAI's and llama-server's count of prompt tokens served from the prefix cache.
    #[serde(default)]
    pub prompt_tokens_details: Option<PromptTokensDetails>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub struct PromptTokensDetails {
    #[serde(default)]
    pub cached_tokens: u64,
}

impl From<OpenAiUsage> for Usage {
    fn from(usage: OpenAiUsage) -> Self {
        Usage {
            input_tokens: usage.prompt_tokens,
            output_tokens: usage.completion_tokens,
            cached_input_tokens: usage
                .prompt_tokens_details
                .map_or(0, |details| details.cached_tokens),
            cache_write_tokens: 0,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_prompt_tokens_are_read_where_openai_and_llama_server_put_them() {
        let usage: OpenAiUsage = serde_json::from_str(
            r#"{"prompt_tokens": 500, "completion_tokens": 15, "prompt_tokens_details": {"cached_tokens": 493}}"#,
        )
        .unwrap();
        let usage = Usage::from(usage);
        assert_eq!((usage.input_tokens, usage.cached_input_tokens), (500, 493));
        let without: OpenAiUsage =
            serde_json::from_str(r#"{"prompt_tokens": 5, "completion_tokens": 1}"#).unwrap();
        assert_eq!(Usage::from(without).cached_input_tokens, 0);
    }
}
