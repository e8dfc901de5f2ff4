//! One error type for every provider, split the way a user needs to act on it:
//! fix the key, wait, try later, check the network, or look at the model's answer.

use std::time::Duration;

use crate::llm::clean_text::clean_message;
pub use crate::llm::clean_text::excerpt;
use crate::llm::secret::ApiKey;

/// Everything a chat call can fail with. `Display` is a user-facing sentence; it never holds an API key
/// (provider messages are scrubbed before they get here).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LlmError {
    /// 401/403: the key is missing, wrong, or lacks access.
    #[error("{who} rejected the API key (HTTP {status}): {message}", who = spoken(provider, true))]
    Auth {
        provider: String,
        status: u16,
        message: String,
    },

    /// 429 after all retries.
    #[error("{who} is rate limiting requests{}: {message}", retry_hint(*retry_after), who = spoken(provider, true))]
    RateLimited {
        provider: String,
        retry_after: Option<Duration>,
        message: String,
    },

    /// 5xx (or 529 overloaded) after all retries.
    #[error("{who} is unavailable right now (HTTP {status}): {message}", who = spoken(provider, true))]
    ProviderDown {
        provider: String,
        status: u16,
        message: String,
    },

    /// Any other 4xx: the request itself was refused; `kind` is the provider's error type/status string.
    #[error("{who} refused the request (HTTP {status}, {kind}): {message}", who = spoken(provider, true))]
    BadRequest {
        provider: String,
        status: u16,
        kind: String,
        message: String,
    },

    /// No complete answer within the per-call timeout.
    #[error("{who} did not answer within {}s", after.as_secs_f32(), who = spoken(provider, true))]
    Timeout { provider: String, after: Duration },

    /// The request never got an HTTP answer. In a browser this is also how a CORS refusal looks.
    #[error("could not reach {who}: {message} (check the network, the base URL, and that the server allows browser requests (CORS))", who = spoken(provider, false))]
    Network { provider: String, message: String },

    /// The caller cancelled the call.
    #[error("the request was cancelled")]
    Cancelled,

    /// A stream ended before the provider said it was finished.
    #[error("{who} stopped streaming mid-answer: {message}", who = spoken(provider, true))]
    StreamInterrupted { provider: String, message: String },

    /// The provider answered, but not with the JSON its API documents.
    #[error("{who} sent a response that could not be decoded: {message} (starts with: {excerpt:?})", who = spoken(provider, true))]
    Decode {
        provider: String,
        message: String,
        excerpt: String,
    },

    /// The model's answer did not fit the requested schema, even after a repair attempt.
    #[error("the model's answer does not match the expected format: {reason} (answer starts with: {excerpt:?})")]
    InvalidOutput { reason: String, excerpt: String },

    /// The model refused or produced no content.
    #[error("{who} returned no answer: {message}", who = spoken(provider, true))]
    Empty { provider: String, message: String },

    /// The provider stopped at the output token limit: the answer is incomplete (a structured answer
    /// is half a JSON), so it is not used and no repair call is paid for.
    #[error("{who} cut the answer off at the token limit{}: try a shorter input or a model with a larger output limit", token_limit(*max_tokens), who = spoken(provider, true))]
    Truncated {
        provider: String,
        /// The limit sent with the request; `None` when the model's own limit applied.
        max_tokens: Option<u32>,
        /// The provider's wire value (`length`, `max_tokens`, `MAX_TOKENS`).
        finish_reason: String,
    },

    /// A structured answer was cut at the token limit, and cut again when the model was asked for
    /// a shorter one: the model runs out of room, or (small local models) repeats one item until
    /// the limit. Not retried further.
    #[error("{who} cut the answer off at the token limit{} twice, the second time after being asked for a shorter answer: the model ran out of room or kept repeating itself (small local models often repeat one list item until the limit); try a larger model or a shorter input", token_limit(*max_tokens), who = spoken(provider, true))]
    RanOutOfRoom {
        provider: String,
        max_tokens: Option<u32>,
    },

    /// The provider's safety or content filter stopped the answer (or the model refused).
    #[error("{who} stopped the answer with its content filter ({reason}): rephrase the input or try another model", who = spoken(provider, true))]
    ContentFiltered { provider: String, reason: String },

    /// The response was larger than the limit the app reads (see `llm::limits`); reading stopped.
    #[error("{who} sent {what} larger than {}; the app stopped reading it", size(*limit_bytes), who = spoken(provider, true))]
    TooLarge {
        provider: String,
        /// "a response", "one stream event", …
        what: String,
        limit_bytes: usize,
    },

    /// The request and room for its answer do not fit the model's context window: refused before
    /// it was sent (the server reported its context, see `llm::local_server`), or by the server.
    #[error("this model's context ({context_tokens} tokens) is too small for this input (about {needed_tokens} tokens with room for the answer): shorten the resume or job description, or give the model a larger context (llama-server -c, Ollama num_ctx)")]
    ContextTooSmall {
        provider: String,
        context_tokens: u32,
        needed_tokens: u64,
    },

    /// Local misconfiguration (e.g. missing key for a provider that needs one).
    #[error("configuration problem: {0}")]
    Config(String),
}

/// The provider as a message names it: its id, except the model inside the tab, whose id
/// (`in_tab`) reads as code in a sentence; `start` capitalises it for the start of one.
fn spoken(provider: &str, start: bool) -> &str {
    match (provider, start) {
        ("in_tab", true) => "The model in this tab",
        ("in_tab", false) => "the model in this tab",
        _ => provider,
    }
}

fn retry_hint(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(d) => format!(" (retry after {})", human_wait(d)),
        None => String::new(),
    }
}

/// "8 MB", "1 MB", "64 KB".
fn size(bytes: usize) -> String {
    const MB: usize = 1024 * 1024;
    if bytes >= MB && bytes.is_multiple_of(MB) {
        format!("{} MB", bytes / MB)
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

fn token_limit(max_tokens: Option<u32>) -> String {
    match max_tokens {
        Some(n) => format!(" of {n} tokens"),
        None => " of the model".to_string(),
    }
}

/// A wait the way a user reads it: seconds up to a day ("120s"), then days ("3 days"), then "more
/// than a year" (servers have sent absurd values such as `1e20`).
pub fn human_wait(wait: Duration) -> String {
    const DAY: u64 = 86_400;
    let secs = wait
        .as_secs()
        .saturating_add(u64::from(wait.subsec_nanos() > 0));
    if secs < DAY {
        format!("{secs}s")
    } else if secs < 365 * DAY {
        format!("{} days", secs.div_ceil(DAY))
    } else {
        "more than a year".to_string()
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

    /// Every text field with `key` replaced and then cut to the message limit: the last step before
    /// an error leaves a provider, so nothing a server echoed back can carry the key out.
    pub fn scrub(mut self, key: &ApiKey) -> LlmError {
        let clean = |text: &mut String| *text = clean_message(key, text);
        match &mut self {
            LlmError::Auth { message, .. }
            | LlmError::RateLimited { message, .. }
            | LlmError::ProviderDown { message, .. }
            | LlmError::Network { message, .. }
            | LlmError::StreamInterrupted { message, .. }
            | LlmError::Empty { message, .. }
            | LlmError::ContentFiltered {
                reason: message, ..
            }
            | LlmError::Config(message) => clean(message),
            LlmError::BadRequest { kind, message, .. } => {
                clean(kind);
                clean(message);
            }
            LlmError::Decode {
                message, excerpt, ..
            }
            | LlmError::InvalidOutput {
                reason: message,
                excerpt,
            } => {
                clean(message);
                clean(excerpt);
            }
            // No server message to clean.
            LlmError::Timeout { .. }
            | LlmError::Cancelled
            | LlmError::Truncated { .. }
            | LlmError::ContextTooSmall { .. }
            | LlmError::RanOutOfRoom { .. }
            | LlmError::TooLarge { .. } => {}
        }
        self
    }

    /// The wait the provider asked for, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            LlmError::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}
