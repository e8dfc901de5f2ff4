//! What a request counts for in the tokens-per-minute window, estimated without a tokenizer.

use crate::llm::types::ChatRequest;

/// Output tokens assumed for a request that sets no `max_tokens`, in the tokens window (providers
/// count the answer too; most structured answers of this app are well under this).
pub const ASSUMED_OUTPUT_TOKENS: u64 = 1000;

/// Rough tokens of `text` without a tokenizer: about four characters per token for Latin text,
/// one per CJK (or other non-ASCII) character. Errs on the high side for mixed text.
pub fn estimate_tokens(text: &str) -> u64 {
    let (ascii, other) = text.chars().fold((0u64, 0u64), |(a, o), c| {
        if c.is_ascii() {
            (a + 1, o)
        } else {
            (a, o + 1)
        }
    });
    ascii.div_ceil(4) + other
}

/// The tokens of what a request sends: system prompt, messages and schema.
pub fn input_tokens(request: &ChatRequest) -> u64 {
    estimate_tokens(&request.system)
        + request
            .messages
            .iter()
            .map(|m| estimate_tokens(&m.content))
            .sum::<u64>()
        + request
            .schema
            .as_ref()
            .map_or(0, |s| estimate_tokens(&s.schema.to_string()))
}

/// The tokens a request counts for in the window: its text plus the answer it may get.
pub fn request_tokens(request: &ChatRequest) -> u64 {
    input_tokens(request) + request.max_tokens.map_or(ASSUMED_OUTPUT_TOKENS, u64::from)
}
