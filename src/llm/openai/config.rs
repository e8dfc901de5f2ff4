//! Where and how to reach an OpenAI-style server.

use std::time::Duration;

use serde_json::json;

use super::response_mode::{mode_for, step_down, ResponseMode};
use super::stream::{handle_chunk, OpenAiStreamState};
use super::wire::{ChatCompletion, ChatCompletionChunk, ErrorEnvelope};
use crate::llm::client::{provider_json, ErrorBody, Parsed, Protocol};
use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::http::HttpRequest;
use crate::llm::limits::{is_local_host, local_deadline, output_ceiling, schema_token_budget};
use crate::llm::schema_bounds::{strip_keywords, without_long_length_bounds, GRAMMAR_MAX_LENGTH};
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, MessageRole};

pub const OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
pub const OPENAI_DEFAULT_MODEL: &str = "gpt-4o-mini";

#[derive(Debug, Clone)]
pub struct OpenAiConfig {
    /// Shown to users and in errors: "openai", "ollama", "openrouter", …
    pub provider: String,
    /// Up to and including `/v1`; `/chat/completions` is appended.
    pub base_url: String,
    /// Empty for local servers that need none: then no `Authorization` header is sent.
    pub api_key: ApiKey,
    pub model: String,
    /// OpenAI itself wants `max_completion_tokens` (required by reasoning models); most compatible
    /// servers only know `max_tokens`.
    pub use_max_completion_tokens: bool,
    /// `strict: true` in `response_format.json_schema`; some compatible servers reject it.
    pub strict_schema: bool,
    /// A server other than OpenAI's own (llama.cpp, Ollama, LM Studio, vLLM, OpenRouter): a
    /// structured call without `max_tokens` gets one sized from its bounded schema, and a
    /// re-ask's repetition penalty is sent as `presence_penalty` (see [`Self::body`]).
    pub compatible_server: bool,
}

/// Schema keywords OpenAI's strict Structured Outputs does not document: its supported list
/// has `pattern`/`format` for strings, `minimum`/`maximum`/`multipleOf` (and exclusive bounds)
/// for numbers and `minItems`/`maxItems` for arrays, but no string lengths. Strict mode refuses
/// undocumented keywords, so lengths are dropped for OpenAI itself; compatible servers keep them
/// (llama.cpp's grammar enforces `maxLength`).
const OPENAI_UNDOCUMENTED_KEYWORDS: [&str; 2] = ["minLength", "maxLength"];

impl OpenAiConfig {
    pub fn openai(api_key: impl Into<ApiKey>) -> Self {
        Self {
            provider: "openai".into(),
            base_url: OPENAI_BASE_URL.into(),
            api_key: api_key.into(),
            model: OPENAI_DEFAULT_MODEL.into(),
            use_max_completion_tokens: true,
            strict_schema: true,
            compatible_server: false,
        }
    }

    /// Any OpenAI-compatible server; `api_key` may be empty.
    pub fn compatible(
        provider: &str,
        base_url: &str,
        api_key: impl Into<ApiKey>,
        model: &str,
    ) -> Self {
        Self {
            provider: provider.into(),
            base_url: base_url.trim_end_matches('/').into(),
            api_key: api_key.into(),
            model: model.into(),
            use_max_completion_tokens: false,
            strict_schema: true,
            compatible_server: true,
        }
    }

    /// Local Ollama (see the module docs about `OLLAMA_ORIGINS` for browsers).
    pub fn ollama(model: &str) -> Self {
        Self::compatible("ollama", "http://localhost:11434/v1", "", model)
    }

    pub fn lm_studio(model: &str) -> Self {
        Self::compatible("lmstudio", "http://localhost:1234/v1", "", model)
    }

    pub fn openrouter(api_key: impl Into<ApiKey>, model: &str) -> Self {
        Self::compatible("openrouter", "https://openrouter.ai/api/v1", api_key, model)
    }

    pub fn with_base_url(mut self, base_url: &str) -> Self {
        self.base_url = base_url.trim_end_matches('/').into();
        self
    }

    pub fn with_model(mut self, model: &str) -> Self {
        self.model = model.into();
        self
    }

    fn body(&self, request: &ChatRequest, model: &str, stream: bool) -> serde_json::Value {
        let mut messages = Vec::new();
        if !request.system.is_empty() {
            messages.push(json!({"role": "system", "content": request.system}));
        }
        for message in &request.messages {
            let role = match message.role {
                MessageRole::User => "user",
                MessageRole::Assistant => "assistant",
            };
            messages.push(json!({"role": role, "content": message.content}));
        }
        let mut body = json!({"model": model, "messages": messages, "stream": stream});
        if stream {
            body["stream_options"] = json!({"include_usage": true});
        }
        if let Some(temperature) = request.temperature {
            body["temperature"] = json!(temperature);
        }
        if let Some(max_tokens) = self.max_tokens(request, model) {
            let field = if self.use_max_completion_tokens {
                "max_completion_tokens"
            } else {
                "max_tokens"
            };
            body[field] = json!(max_tokens);
        }
        if let (Some(penalty), true) = (request.repetition_penalty, self.compatible_server) {
            body["presence_penalty"] = json!(penalty);
        }
        if let Some(schema) = &request.schema {
            let schema_json = if self.compatible_server {
                without_long_length_bounds(&schema.schema, GRAMMAR_MAX_LENGTH)
            } else {
                strip_keywords(&schema.schema, &OPENAI_UNDOCUMENTED_KEYWORDS)
            };
            let mode = match self.compatible_server {
                true => mode_for(&self.base_url),
                false => ResponseMode::JsonSchema,
            };
            match mode {
                ResponseMode::JsonSchema => {
                    body["response_format"] = json!({
                        "type": "json_schema",
                        "json_schema": {"name": schema.name, "schema": schema_json, "strict": self.strict_schema},
                    });
                }
                ResponseMode::JsonObject | ResponseMode::PromptOnly => {
                    if mode == ResponseMode::JsonObject {
                        body["response_format"] = json!({"type": "json_object"});
                    }
                    body["messages"] =
                        json!(with_schema_in_system(messages_of(&body), &schema_json));
                }
            }
        }
        body
    }
}

/// The body's messages, as built above.
fn messages_of(body: &serde_json::Value) -> Vec<serde_json::Value> {
    body["messages"].as_array().cloned().unwrap_or_default()
}

/// `messages` with the schema appended to the system message (one is added if there is none):
/// what a server without `json_schema` mode gets instead, read back by the lenient parser.
fn with_schema_in_system(
    mut messages: Vec<serde_json::Value>,
    schema: &serde_json::Value,
) -> Vec<serde_json::Value> {
    let instruction = format!(
        "Answer with only one JSON object that follows this JSON schema, with no code fences and no \
         text around it:\n{schema}"
    );
    match messages.first_mut().filter(|m| m["role"] == "system") {
        Some(system) => {
            let text = system["content"].as_str().unwrap_or_default();
            system["content"] = json!(format!("{text}\n\n{instruction}"));
        }
        None => messages.insert(0, json!({"role": "system", "content": instruction})),
    }
    messages
}

impl Protocol for OpenAiConfig {
    type StreamState = OpenAiStreamState;

    fn provider(&self) -> &str {
        &self.provider
    }

    fn default_model(&self) -> &str {
        &self.model
    }

    fn api_key(&self) -> &ApiKey {
        &self.api_key
    }

    fn build_request(
        &self,
        request: &ChatRequest,
        model: &str,
        stream: bool,
    ) -> Result<HttpRequest, LlmError> {
        let url = format!("{}/chat/completions", self.base_url);
        let body = self.body(request, model, stream).to_string();
        Ok(HttpRequest::post_json(url, body).bearer_auth(&self.api_key))
    }

    /// The request's own limit; for a compatible server's structured call without one, the
    /// most its bounded schema can take ([`schema_token_budget`]), so a model that loops inside
    /// the grammar stops there instead of at the end of its context.
    fn max_tokens(&self, request: &ChatRequest, model: &str) -> Option<u32> {
        if request.max_tokens.is_some() || !self.compatible_server {
            return request.max_tokens;
        }
        let schema = &request.schema.as_ref()?.schema;
        schema_token_budget(schema, output_ceiling(&self.provider, model))
    }

    /// A compatible server on this machine or the local network runs on someone's own hardware,
    /// often a CPU: its deadline grows with the tokens it may write (`limits::local_deadline`).
    fn deadline(&self, request: &ChatRequest, model: &str, default: Duration) -> Duration {
        if !self.compatible_server || !is_local_host(&self.base_url) {
            return default;
        }
        let tokens = self
            .max_tokens(request, model)
            .unwrap_or_else(|| output_ceiling(&self.provider, model));
        local_deadline(tokens, default)
    }

    fn structured_mode(&self) -> Option<&'static str> {
        self.compatible_server
            .then(|| mode_for(&self.base_url).name())
    }

    fn step_down_format(&self, sent: &HttpRequest, error: &LlmError) -> bool {
        if !self.compatible_server {
            return false;
        }
        let body: serde_json::Value = serde_json::from_str(&sent.body).unwrap_or_default();
        if body.get("messages").is_none() {
            return false;
        }
        let format = body
            .pointer("/response_format/type")
            .and_then(|t| t.as_str());
        step_down(&self.base_url, format, error)
    }

    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String> {
        let completion: ChatCompletion = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        completion.into_parsed()
    }

    fn parse_error(&self, body: &[u8]) -> ErrorBody {
        provider_json::error_body(body, |envelope: ErrorEnvelope| envelope.error.into())
    }

    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut OpenAiStreamState,
    ) -> Result<Option<String>, LlmError> {
        if event.data.trim() == "[DONE]" {
            state.done = true;
            return Ok(None);
        }
        // As bytes, like a response body: one compiled deserializer per type (wasm size).
        if let Ok(envelope) = serde_json::from_slice::<ErrorEnvelope>(event.data.as_bytes()) {
            let error = envelope.error.into();
            return Err(provider_json::error_in_stream(
                &self.provider,
                &self.api_key,
                error,
            ));
        }
        let chunk: ChatCompletionChunk =
            provider_json::stream_event(&self.provider, &self.api_key, event)?;
        Ok(handle_chunk(chunk, state))
    }

    fn finish_stream(&self, state: OpenAiStreamState) -> Result<Parsed, LlmError> {
        if !state.done && state.finish_reason.is_none() {
            return Err(LlmError::StreamInterrupted {
                provider: self.provider.clone(),
                message: "the stream ended without a finish reason or [DONE]".into(),
            });
        }
        Ok(state.into_parsed())
    }
}
