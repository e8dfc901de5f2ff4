//! Where and how to reach Gemini.

use serde_json::json;

use super::stream::{handle_event, GeminiStreamState};
use super::wire::{ErrorEnvelope, GenerateContentResponse};
use crate::llm::client::{provider_json, ErrorBody, Parsed, Protocol};
use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::http::HttpRequest;
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, MessageRole};

pub const GEMINI_BASE_URL: &str = "https://generativelanguage.googleapis.com";
pub const GEMINI_DEFAULT_MODEL: &str = "gemini-2.5-flash";

#[derive(Debug, Clone)]
pub struct GeminiConfig {
    /// Without `/v1beta`; `/v1beta/models/{model}:…` is appended.
    pub base_url: String,
    pub api_key: ApiKey,
    pub model: String,
}

impl GeminiConfig {
    pub fn new(api_key: impl Into<ApiKey>) -> Self {
        Self {
            base_url: GEMINI_BASE_URL.into(),
            api_key: api_key.into(),
            model: GEMINI_DEFAULT_MODEL.into(),
        }
    }

    pub fn with_base_url(mut self, base_url: &str) -> Self {
        self.base_url = base_url.trim_end_matches('/').into();
        self
    }

    pub fn with_model(mut self, model: &str) -> Self {
        self.model = model.into();
        self
    }

    fn body(&self, request: &ChatRequest) -> serde_json::Value {
        let contents: Vec<_> = request
            .messages
            .iter()
            .map(|message| {
                let role = match message.role {
                    MessageRole::User => "user",
                    MessageRole::Assistant => "model",
                };
                json!({"role": role, "parts": [{"text": message.content}]})
            })
            .collect();
        let mut generation = json!({});
        if let Some(temperature) = request.temperature {
            generation["temperature"] = json!(temperature);
        }
        if let Some(max_tokens) = request.max_tokens {
            generation["maxOutputTokens"] = json!(max_tokens);
        }
        if let Some(schema) = &request.schema {
            generation["responseMimeType"] = json!("application/json");
            generation["responseSchema"] = to_gemini_schema(&schema.schema);
        }
        let mut body = json!({"contents": contents, "generationConfig": generation});
        if !request.system.is_empty() {
            body["systemInstruction"] = json!({"parts": [{"text": request.system}]});
        }
        body
    }
}

/// `responseSchema` is an OpenAPI subset: JSON-Schema-only keywords are rejected, so drop them.
/// The bounds `maxItems`, `maxLength`, `minimum` and `maximum` stay: Gemini's `Schema` documents
/// them (ai.google.dev `Schema`: minItems/maxItems, minLength/maxLength, minimum/maximum).
fn to_gemini_schema(schema: &serde_json::Value) -> serde_json::Value {
    const UNSUPPORTED: [&str; 5] = ["additionalProperties", "$schema", "$id", "strict", "const"];
    crate::llm::schema_bounds::strip_keywords(schema, &UNSUPPORTED)
}

impl Protocol for GeminiConfig {
    type StreamState = GeminiStreamState;

    fn provider(&self) -> &str {
        "gemini"
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
        if self.api_key.is_empty() {
            return Err(LlmError::Config("Gemini needs an API key".into()));
        }
        let method = if stream {
            "streamGenerateContent?alt=sse"
        } else {
            "generateContent"
        };
        let url = format!("{}/v1beta/models/{}:{}", self.base_url, model, method);
        Ok(HttpRequest::post_json(url, self.body(request).to_string())
            .header("x-goog-api-key", self.api_key.expose()))
    }

    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String> {
        let response: GenerateContentResponse =
            serde_json::from_slice(body).map_err(|e| e.to_string())?;
        let mut state = GeminiStreamState::default();
        handle_event(response, &mut state);
        Ok(state.into_parsed())
    }

    fn parse_error(&self, body: &[u8]) -> ErrorBody {
        provider_json::error_body(body, |envelope: ErrorEnvelope| envelope.error.into())
    }

    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut GeminiStreamState,
    ) -> Result<Option<String>, LlmError> {
        // As bytes, like a response body: one compiled deserializer per type (wasm size).
        if let Ok(envelope) = serde_json::from_slice::<ErrorEnvelope>(event.data.as_bytes()) {
            let error = envelope.error.into();
            return Err(provider_json::error_in_stream(
                "gemini",
                &self.api_key,
                error,
            ));
        }
        let response: GenerateContentResponse =
            provider_json::stream_event("gemini", &self.api_key, event)?;
        Ok(handle_event(response, state))
    }

    fn finish_stream(&self, state: GeminiStreamState) -> Result<Parsed, LlmError> {
        if state.finish_reason.is_none() && state.block_reason.is_none() {
            return Err(LlmError::StreamInterrupted {
                provider: "gemini".into(),
                message: "the stream ended without a finishReason".into(),
            });
        }
        Ok(state.into_parsed())
    }
}
