//! What a provider's finish reason means for the answer: complete, cut at the token limit, or
//! stopped by the provider's safety filter. The wire values of the four APIs do not collide, so one
//! table serves them all.

use crate::llm::error::LlmError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    Complete,
    /// OpenAI/compatible/Ollama `length`, Anthropic `max_tokens`, Gemini `MAX_TOKENS`.
    Truncated,
    /// OpenAI `content_filter`, Anthropic `refusal`, Gemini `SAFETY`, `RECITATION`, ….
    Filtered,
}

pub fn classify(finish_reason: Option<&str>) -> Finish {
    match finish_reason.map(str::trim) {
        Some("length" | "max_tokens" | "MAX_TOKENS" | "model_context_window_exceeded") => {
            Finish::Truncated
        }
        Some(
            "content_filter" | "refusal" | "SAFETY" | "RECITATION" | "BLOCKLIST"
            | "PROHIBITED_CONTENT" | "SPII" | "IMAGE_SAFETY",
        ) => Finish::Filtered,
        _ => Finish::Complete,
    }
}

/// `Err` for an answer that must not be used (nor "repaired" with a second paid call).
pub fn check(
    provider: &str,
    finish_reason: Option<&str>,
    max_tokens: Option<u32>,
) -> Result<(), LlmError> {
    match classify(finish_reason) {
        Finish::Complete => Ok(()),
        Finish::Truncated => Err(LlmError::Truncated {
            provider: provider.to_string(),
            max_tokens,
            finish_reason: finish_reason.unwrap_or_default().to_string(),
        }),
        Finish::Filtered => Err(LlmError::ContentFiltered {
            provider: provider.to_string(),
            reason: finish_reason.unwrap_or_default().to_string(),
        }),
    }
}
