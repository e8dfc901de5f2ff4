//! Folding Gemini responses (one per SSE event, or the single non-streaming one) into an answer.

use super::wire::GenerateContentResponse;
use crate::llm::client::Parsed;
use crate::llm::types::Usage;

#[derive(Debug, Default)]
pub struct GeminiStreamState {
    pub text: String,
    pub usage: Usage,
    pub model: Option<String>,
    pub finish_reason: Option<String>,
    pub block_reason: Option<String>,
}

impl GeminiStreamState {
    /// A blocked prompt (no candidate, `promptFeedback.blockReason` such as `SAFETY`) ends like a
    /// filtered answer: its block reason stands in for the missing finish reason.
    pub fn into_parsed(self) -> Parsed {
        let finish_reason = match (self.finish_reason, self.block_reason) {
            (Some(reason), _) => Some(reason),
            (None, Some(blocked)) if self.text.is_empty() => Some(blocked),
            (None, _) => None,
        };
        Parsed {
            text: self.text,
            usage: self.usage,
            model: self.model,
            finish_reason,
        }
    }
}

/// Applies one response; returns its text. Every streamed event repeats `usageMetadata` with the
/// running totals, so the last one wins.
pub fn handle_event(
    response: GenerateContentResponse,
    state: &mut GeminiStreamState,
) -> Option<String> {
    if let Some(usage) = response.usage_metadata {
        state.usage = Usage {
            input_tokens: usage.prompt_token_count,
            output_tokens: usage.candidates_token_count + usage.thoughts_token_count,
            // Gemini's implicit cache: counted within the prompt tokens.
            cached_input_tokens: usage.cached_content_token_count,
            cache_write_tokens: 0,
        };
    }
    if response.model_version.is_some() {
        state.model = response.model_version;
    }
    if let Some(reason) = response.prompt_feedback.and_then(|f| f.block_reason) {
        state.block_reason = Some(reason);
    }
    let candidate = response.candidates.into_iter().next()?;
    if candidate.finish_reason.is_some() {
        state.finish_reason = candidate.finish_reason;
    }
    let text: String = candidate
        .content
        .map(|content| {
            content
                .parts
                .into_iter()
                .filter(|p| !p.thought)
                .filter_map(|p| p.text)
                .collect()
        })
        .unwrap_or_default();
    state.text.push_str(&text);
    Some(text)
}
