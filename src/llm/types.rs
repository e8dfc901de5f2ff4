//! Provider-neutral request and response types.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::llm::runtime::CancelToken;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageRole {
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: MessageRole,
    pub content: String,
}

impl Message {
    pub fn user(content: impl Into<String>) -> Self {
        Self {
            role: MessageRole::User,
            content: content.into(),
        }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Self {
            role: MessageRole::Assistant,
            content: content.into(),
        }
    }
}

/// A JSON schema the answer must follow. For OpenAI's strict mode every object needs
/// `"additionalProperties": false` and all its properties listed in `required`; Gemini gets the
/// schema with JSON-Schema-only keywords removed, Anthropic gets it as a forced tool's input schema.
/// `name` is used where providers want one (OpenAI `json_schema.name`, Anthropic's tool name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutputSchema {
    pub name: String,
    pub schema: serde_json::Value,
}

impl OutputSchema {
    pub fn new(name: impl Into<String>, schema: serde_json::Value) -> Self {
        Self {
            name: name.into(),
            schema,
        }
    }
}

/// One chat call. `role_name` is the agent role (e.g. "critic"): it is not sent as a field, but it
/// labels usage per agent, lets the demo/mock pick a responder, and the system prompt usually names it.
#[derive(Debug, Clone, Default)]
pub struct ChatRequest {
    pub role_name: String,
    pub system: String,
    pub messages: Vec<Message>,
    pub schema: Option<OutputSchema>,
    /// Overrides the provider's default model for this call.
    pub model: Option<String>,
    pub temperature: Option<f32>,
    pub max_tokens: Option<u32>,
    /// Penalises tokens already used, so a small model stops repeating one list item; set by the
    /// re-ask after an answer was cut at the token limit. Sent only to OpenAI-compatible servers,
    /// as `presence_penalty` (llama.cpp's server and Ollama read it): a flat penalty per token
    /// already used, where `frequency_penalty` would grow with every use and weigh most on JSON's
    /// own quotes and commas.
    pub repetition_penalty: Option<f32>,
    /// Overrides the provider's default per-call timeout.
    pub timeout: Option<Duration>,
    pub cancel: Option<CancelToken>,
    /// The caller paces its calls and waits out a 429 itself (a rate limiter shared by many
    /// calls, `llm::limiter`): the client then returns a 429 at once instead of sleeping on it,
    /// so one rate limit slows every caller, not just the call that met it.
    pub rate_limits_to_caller: bool,
    /// How many bytes at the start of the first user message every agent of the run sends
    /// alike (the shared data blocks, after a system prompt that is the same for all of them):
    /// a prefix cache (llama-server's, OpenAI's) reuses it by itself; Anthropic is told where it
    /// ends with `cache_control`. 0: nothing is shared.
    pub shared_prefix: usize,
}

impl ChatRequest {
    pub fn new(role_name: impl Into<String>, system: impl Into<String>) -> Self {
        Self {
            role_name: role_name.into(),
            system: system.into(),
            ..Self::default()
        }
    }
    pub fn user(mut self, content: impl Into<String>) -> Self {
        self.messages.push(Message::user(content));
        self
    }
    pub fn with_schema(mut self, schema: OutputSchema) -> Self {
        self.schema = Some(schema);
        self
    }
    pub fn with_model(mut self, model: impl Into<String>) -> Self {
        self.model = Some(model.into());
        self
    }
    pub fn with_temperature(mut self, temperature: f32) -> Self {
        self.temperature = Some(temperature);
        self
    }
    pub fn with_max_tokens(mut self, max_tokens: u32) -> Self {
        self.max_tokens = Some(max_tokens);
        self
    }
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }
    pub fn with_cancel(mut self, cancel: CancelToken) -> Self {
        self.cancel = Some(cancel);
        self
    }
    /// All user-message text joined, for heuristics (demo model) and matching (mock).
    pub fn user_text(&self) -> String {
        let texts: Vec<&str> = self
            .messages
            .iter()
            .filter(|m| m.role == MessageRole::User)
            .map(|m| m.content.as_str())
            .collect();
        texts.join("\n")
    }
}

/// Token counts for one call. Providers name these differently; all map here.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Every input token, cached or not.
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Of `input_tokens`, those read from the provider's prompt cache (billed at a fraction of
    /// the input price, see [`crate::llm::pricing`]; on a local server, not computed again).
    #[serde(default)]
    pub cached_input_tokens: u64,
    /// Of `input_tokens`, those written to the cache (Anthropic bills them above the input price).
    #[serde(default)]
    pub cache_write_tokens: u64,
}

impl Usage {
    pub fn total(&self) -> u64 {
        self.input_tokens + self.output_tokens
    }
}

/// A finished answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChatResponse {
    /// The answer text; for structured calls, the JSON text.
    pub text: String,
    pub usage: Usage,
    /// Estimated USD cost from the price table; `None` for unknown models (tokens still counted).
    pub cost_usd: Option<f64>,
    pub provider: String,
    pub model: String,
    pub role_name: String,
    pub finish_reason: Option<String>,
}

/// What a stream yields: text as it arrives, then the finished answer (with usage) once.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    TextDelta(String),
    Done(ChatResponse),
}
