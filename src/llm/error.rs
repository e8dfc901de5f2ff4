//! One error type for every provider, split the way a user needs to act on it:
//! fix the key, wait, try later, check the network, or look at the model's answer.

use std::time::Duration;

/// Everything a chat call can fail with. `Display` is a user-facing sentence; it never holds an API key
/// (provider messages are scrubbed before they get here).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LlmError {
    /// 401/403: the key is missing, wrong, or lacks access.
    #[error("{provider} rejected the API key (HTTP {status}): {message}")]
    Auth {
        provider: String,
        status: u16,
        message: String,
    },

    /// 429 after all retries.
    #[error("{provider} is rate limiting requests{}: {message}", retry_hint(*retry_after))]
    RateLimited {
        provider: String,
        retry_after: Option<Duration>,
        message: String,
    },

    /// 5xx (or 529 overloaded) after all retries.
    #[error("{provider} is unavailable right now (HTTP {status}): {message}")]
    ProviderDown {
        provider: String,
        status: u16,
        message: String,
    },

    /// Any other 4xx: the request itself was refused; `kind` is the provider's error type/status string.
    #[error("{provider} refused the request (HTTP {status}, {kind}): {message}")]
    BadRequest {
        provider: String,
        status: u16,
        kind: String,
        message: String,
    },

    /// No complete answer within the per-call timeout.
    #[error("{provider} did not answer within {}s", after.as_secs_f32())]
    Timeout { provider: String, after: Duration },

    /// The request never got an HTTP answer. In a browser this is also how a CORS refusal looks.
    #[error("could not reach {provider}: {message} (check the network, the base URL, and that the server allows browser requests (CORS))")]
    Network { provider: String, message: String },

    /// The caller cancelled the call.
    #[error("the request was cancelled")]
    Cancelled,

    /// A stream ended before the provider said it was finished.
    #[error("{provider} stopped streaming mid-answer: {message}")]
    StreamInterrupted { provider: String, message: String },

    /// The provider answered, but not with the JSON its API documents.
    #[error("{provider} sent a response that could not be decoded: {message} (starts with: {excerpt:?})")]
    Decode {
        provider: String,
        message: String,
        excerpt: String,
    },

    /// The model's answer did not fit the requested schema, even after a repair attempt.
    #[error("the model's answer does not match the expected format: {reason} (answer starts with: {excerpt:?})")]
    InvalidOutput { reason: String, excerpt: String },

    /// The model refused or produced no content.
    #[error("{provider} returned no answer: {message}")]
    Empty { provider: String, message: String },

    /// Local misconfiguration (e.g. missing key for a provider that needs one).
    #[error("configuration problem: {0}")]
    Config(String),
}

fn retry_hint(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(d) => format!(" (retry after {}s)", d.as_secs()),
        None => String::new(),
    }
}

impl LlmError {
    /// Whether the same request may succeed if sent again (429, 5xx, network trouble, timeouts).
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            LlmError::RateLimited { .. }
                | LlmError::ProviderDown { .. }
                | LlmError::Network { .. }
                | LlmError::Timeout { .. }
        )
    }

    /// The wait the provider asked for, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            LlmError::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// The first `max` characters of `text`, on a char boundary, for error messages.
pub fn excerpt(text: &str, max: usize) -> String {
    let trimmed = text.trim();
    match trimmed.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &trimmed[..cut]),
        None => trimmed.to_string(),
    }
}
