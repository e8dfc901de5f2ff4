//! Gemini's JSON, mirrored by serde types (only the fields we read).

use serde::Deserialize;

use crate::llm::client::ErrorBody;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GenerateContentResponse {
    #[serde(default)]
    pub candidates: Vec<Candidate>,
    #[serde(default)]
    pub usage_metadata: Option<UsageMetadata>,
    #[serde(default)]
    pub model_version: Option<String>,
    #[serde(default)]
    pub prompt_feedback: Option<PromptFeedback>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    #[serde(default)]
    pub content: Option<Content>,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Content {
    #[serde(default)]
    pub parts: Vec<Part>,
}

#[derive(Debug, Deserialize)]
pub struct Part {
    #[serde(default)]
    pub text: Option<String>,
    /// Thought summaries are not part of the answer.
    #[serde(default)]
    pub thought: bool,
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsageMetadata {
    #[serde(default)]
    pub prompt_token_count: u64,
    #[serde(default)]
    pub candidates_token_count: u64,
    /// Billed as output.
    #[serde(default)]
    pub thoughts_token_count: u64,
    /// Of the prompt tokens, those its implicit (or explicit) cache served.
    #[serde(default)]
    pub cached_content_token_count: u64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PromptFeedback {
    #[serde(default)]
    pub block_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct ErrorEnvelope {
    pub error: ApiError,
}

#[derive(Debug, Deserialize)]
pub struct ApiError {
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub details: Vec<ErrorDetail>,
}

#[derive(Debug, Deserialize)]
pub struct ErrorDetail {
    #[serde(default)]
    pub reason: Option<String>,
}

impl From<ApiError> for ErrorBody {
    /// The detail `reason` (e.g. `API_KEY_INVALID`) is more specific than `status` (`INVALID_ARGUMENT`).
    fn from(error: ApiError) -> Self {
        let reason = error.details.into_iter().find_map(|d| d.reason);
        ErrorBody {
            kind: reason.unwrap_or(error.status),
            message: error.message,
        }
    }
}
