//! Scripted behaviour: the first matching rule with uses left decides the reply.

use serde::{Deserialize, Serialize};

/// One scripted behaviour. Every field is optional; an empty rule matches everything and gives
/// the default (schema-conforming) answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Rule {
    /// "openai" | "anthropic" | "gemini" | "ollama".
    pub provider: Option<String>,
    /// Matches when this text appears in the system prompt (case-insensitive): the agent role.
    pub role: Option<String>,
    /// Only for streaming (true) or non-streaming (false) requests.
    pub stream: Option<bool>,
    /// How many requests this rule answers; unlimited when absent.
    pub times: Option<u32>,
    /// HTTP status; >= 400 without `body` gives the provider's real error body for that status.
    pub status: Option<u16>,
    /// `Retry-After` header, in seconds.
    pub retry_after: Option<u64>,
    /// Wait before answering.
    pub delay_ms: Option<u64>,
    /// Gap between stream events (default 50 ms).
    pub event_delay_ms: Option<u64>,
    /// Raw body, sent as is (with `content_type`, default application/json).
    pub body: Option<String>,
    /// Serve a recorded file byte for byte (content type from its extension unless given).
    pub replay: Option<String>,
    pub content_type: Option<String>,
    /// The assistant's answer text, wrapped in the provider's format.
    pub text: Option<String>,
    /// The assistant's answer as JSON (serialized into the answer text / tool input).
    pub json: Option<serde_json::Value>,
    /// Wrap the answer in a ```json code fence.
    pub fenced: bool,
    /// Wrap the answer in prose ("Here is…").
    pub prose: bool,
    /// Close the connection after this many stream events (no proper end).
    pub drop_after_events: Option<usize>,
}

impl Rule {
    pub fn matches(&self, provider: &str, system_prompt: &str, stream: bool) -> bool {
        self.times != Some(0)
            && self
                .provider
                .as_deref()
                .is_none_or(|p| p.eq_ignore_ascii_case(provider))
            && self.stream.is_none_or(|s| s == stream)
            && self
                .role
                .as_deref()
                .is_none_or(|role| system_prompt.to_lowercase().contains(&role.to_lowercase()))
    }
}

/// A request as the mock saw it (for assertions, e.g. that a key went only where it belongs).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RecordedRequest {
    pub provider: String,
    pub method: String,
    /// Path and query.
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// Which rule answered (index in the script), if any.
    pub rule: Option<usize>,
}
