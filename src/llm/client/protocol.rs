//! What a provider must say about itself: how to build a request and read each kind of response.

use std::time::Duration;

use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::http::HttpRequest;
use crate::llm::retry::RetryPolicy;
use crate::llm::runtime::Runtime;
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, Usage};

/// What a provider's answer boils down to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub text: String,
    pub usage: Usage,
    pub model: Option<String>,
    pub finish_reason: Option<String>,
}

/// A provider error body, reduced to what users and retry logic need.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ErrorBody {
    /// Provider's error type/code/status, e.g. "invalid_api_key", "authentication_error", "API_KEY_INVALID".
    pub kind: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFormat {
    Sse,
    Ndjson,
}

/// How one provider speaks HTTP. Implemented by each provider's config type.
pub trait Protocol: 'static {
    /// Per-stream accumulator for `on_stream_event` (rig's `handle_event(event, &mut state)`).
    type StreamState: Default + 'static;

    fn provider(&self) -> &str;
    fn default_model(&self) -> &str;
    fn api_key(&self) -> &ApiKey;
    fn build_request(
        &self,
        request: &ChatRequest,
        model: &str,
        stream: bool,
    ) -> Result<HttpRequest, LlmError>;
    /// The output token limit sent with `request` (`None`: none sent, the model's own limit applies).
    /// Providers that require one size it with `llm::limits::output_token_budget`.
    fn max_tokens(&self, request: &ChatRequest, _model: &str) -> Option<u32> {
        request.max_tokens
    }
    /// The whole-call deadline for `request` (`default`: the model's setting). Local servers
    /// lengthen it to their slow pace (`llm::limits::local_deadline`).
    fn deadline(&self, _request: &ChatRequest, _model: &str, default: Duration) -> Duration {
        default
    }
    /// How structured answers are asked for right now, when it can change (see
    /// `ChatModel::structured_mode`).
    fn structured_mode(&self) -> Option<&'static str> {
        None
    }
    /// After `sent` failed with `error`: whether the server refused the way the answer format was
    /// asked for and the protocol stepped down to another way, so the call should be built and
    /// sent again (see `openai::response_mode`).
    fn step_down_format(&self, _sent: &HttpRequest, _error: &LlmError) -> bool {
        false
    }
    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String>;
    fn parse_error(&self, body: &[u8]) -> ErrorBody;
    fn stream_format(&self) -> StreamFormat {
        StreamFormat::Sse
    }
    /// Handles one event (NDJSON lines arrive as `data`); returns a text delta if there is one.
    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut Self::StreamState,
    ) -> Result<Option<String>, LlmError>;
    /// End of stream: the whole answer, or `StreamInterrupted` if the provider never said it finished.
    fn finish_stream(&self, state: Self::StreamState) -> Result<Parsed, LlmError>;
}

/// Timeout, retries and timers, the same for every provider.
#[derive(Debug, Clone)]
pub struct CallSettings {
    /// Idle timeout: the status, a whole non-streamed body, or the gap between two stream events.
    pub timeout: Duration,
    /// Overall deadline of one call, retries and the whole stream included.
    pub deadline: Duration,
    pub retry: RetryPolicy,
    pub runtime: Runtime,
}

impl Default for CallSettings {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(120),
            deadline: crate::llm::limits::DEFAULT_DEADLINE,
            retry: RetryPolicy::default(),
            runtime: Runtime::default(),
        }
    }
}
