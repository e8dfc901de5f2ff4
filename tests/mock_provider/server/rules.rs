//! Scripted behaviour: the first matching rule with uses left decides the reply.

use serde::{Deserialize, Serialize};

/// One scripted behaviour. Every field is optional; an empty rule matches everything and gives
/// the default (schema-conforming) answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Rule {
    /// "openai" | "anthropic" | "gemini" | "ollama".
    pub provider: Option<String>,
    /// Matches when this text appears in the system prompt or the agent's task, the text after
    /// the user message's last data block (case-insensitive): the agent role.
    pub role: Option<String>,
    /// Only for streaming (true) or non-streaming (false) requests.
    pub stream: Option<bool>,
    /// How many requests this rule answers; unlimited when absent.
    pub times: Option<u32>,
    /// HTTP status; >= 400 without `body` gives the provider's real error body for that status.
    pub status: Option<u16>,
    /// `Retry-After` header, in seconds.
    pub retry_after: Option<u64>,
    /// `Retry-After` header sent exactly as given (any string: "1e20", "-3", "NaN", an HTTP date);
    /// wins over `retry_after`.
    pub retry_after_header: Option<String>,
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
    /// Streams only: after the answer's first events, send one more text event every
    /// `event_delay_ms` forever, never finishing (until the client hangs up).
    pub forever: bool,
    /// Answer with a body of about this many bytes (a valid start, then filler text; streams send
    /// it as many ~64 KB text events), generated on the fly.
    pub body_bytes: Option<usize>,
    /// How the answer ends, in the provider's own wire form: `"length"` (cut at the token limit:
    /// OpenAI/Ollama `length`, Anthropic `max_tokens`, Gemini `MAX_TOKENS`; the answer text is cut
    /// in half), `"content_filter"` (OpenAI `content_filter`, Anthropic `refusal`, Gemini
    /// `SAFETY`), or any other value sent as is.
    pub finish: Option<String>,
    /// Answer with an error body whose message echoes the request's API key (status from `status`,
    /// default 401): proves the client scrubs keys out of messages.
    pub echo_key: bool,
    /// OpenAI-style requests whose `response_format.type` is listed here (`"json_schema"`,
    /// `"json_object"`) are refused with HTTP 400, as servers without that mode do: llama.cpp
    /// builds without `json_schema`, LM Studio without `json_object`. Others get the rule's answer.
    pub reject_response_format: Vec<String>,
    /// Matches only when the request's body holds one of these texts as written (empty: any
    /// request): a scorer that answers differently when a prompt names someone.
    pub contains: Vec<String>,
}

impl Rule {
    pub fn matches(&self, provider: &str, agent_text: &str, stream: bool, body: &str) -> bool {
        self.times != Some(0)
            && self
                .provider
                .as_deref()
                .is_none_or(|p| p.eq_ignore_ascii_case(provider))
            && self.stream.is_none_or(|s| s == stream)
            && self
                .role
                .as_deref()
                .is_none_or(|role| agent_text.to_lowercase().contains(&role.to_lowercase()))
            && (self.contains.is_empty() || self.contains.iter().any(|text| body.contains(text)))
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
    /// When the request arrived and when its answer was written (or the client hung up), in ms
    /// since the server started: what a test needs to see how many calls overlapped.
    pub started_ms: u64,
    pub finished_ms: Option<u64>,
}
