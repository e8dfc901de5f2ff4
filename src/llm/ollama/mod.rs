//! Ollama's native `/api/chat` (NDJSON streaming, `format` = JSON schema). For most uses the
//! OpenAI-compatible endpoint (`OpenAiConfig::ollama`) is enough; this one reports Ollama's own counts.
//!
//! Browser pages: Ollama only answers origins listed in `OLLAMA_ORIGINS`, e.g.
//! `OLLAMA_ORIGINS="https://your.app" ollama serve` (or `*`); otherwise fetch fails with a CORS error.

mod wire;

pub use wire::{handle_line, OllamaChatLine, OllamaStreamState};

use serde_json::json;

use crate::llm::client::{provider_json, ErrorBody, HttpChatModel, Parsed, Protocol, StreamFormat};
use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::http::HttpRequest;
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, MessageRole};

pub const OLLAMA_BASE_URL: &str = "http://localhost:11434";

#[derive(Debug, Clone)]
pub struct OllamaConfig {
    pub base_url: String,
    pub model: String,
    /// Unused by Ollama itself; kept so a proxy in front of it can require one.
    pub api_key: ApiKey,
}

impl OllamaConfig {
    pub fn new(model: &str) -> Self {
        Self {
            base_url: OLLAMA_BASE_URL.into(),
            model: model.into(),
            api_key: ApiKey::default(),
        }
    }

    pub fn with_base_url(mut self, base_url: &str) -> Self {
        self.base_url = base_url.trim_end_matches('/').into();
        self
    }
}

pub type OllamaModel = HttpChatModel<OllamaConfig>;

impl Protocol for OllamaConfig {
    type StreamState = OllamaStreamState;

    fn provider(&self) -> &str {
        "ollama"
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
        let mut messages = Vec::new();
        if !request.system.is_empty() {
            messages.push(json!({"role": "system", "content": request.system}));
        }
        for message in &request.messages {
            let role = if message.role == MessageRole::User {
                "user"
            } else {
                "assistant"
            };
            messages.push(json!({"role": role, "content": message.content}));
        }
        let mut body = json!({"model": model, "messages": messages, "stream": stream});
        if let Some(schema) = &request.schema {
            body["format"] = schema.schema.clone();
        }
        let mut options = json!({});
        if let Some(temperature) = request.temperature {
            options["temperature"] = json!(temperature);
        }
        if let Some(max_tokens) = request.max_tokens {
            options["num_predict"] = json!(max_tokens);
        }
        body["options"] = options;
        let url = format!("{}/api/chat", self.base_url);
        Ok(HttpRequest::post_json(url, body.to_string()).bearer_auth(&self.api_key))
    }

    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String> {
        let line: OllamaChatLine = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        let mut state = OllamaStreamState::default();
        handle_line(line, &mut state);
        Ok(state.into_parsed())
    }

    fn parse_error(&self, body: &[u8]) -> ErrorBody {
        // Ollama errors are `{"error": "message"}`.
        let message = serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(str::to_string))
            .unwrap_or_else(|| String::from_utf8_lossy(body).trim().to_string());
        ErrorBody {
            kind: String::new(),
            message,
        }
    }

    fn stream_format(&self) -> StreamFormat {
        StreamFormat::Ndjson
    }

    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut OllamaStreamState,
    ) -> Result<Option<String>, LlmError> {
        let line: OllamaChatLine = provider_json::stream_event("ollama", &self.api_key, event)?;
        if let Some(message) = line.error {
            // Scrubbed like the other providers': a proxy in front of Ollama may take a key.
            let error = ErrorBody {
                kind: String::new(),
                message,
            };
            return Err(provider_json::error_in_stream(
                "ollama",
                &self.api_key,
                error,
            ));
        }
        Ok(handle_line(line, state))
    }

    fn finish_stream(&self, state: OllamaStreamState) -> Result<Parsed, LlmError> {
        if !state.done {
            return Err(LlmError::StreamInterrupted {
                provider: "ollama".into(),
                message: "the stream ended before a line with done:true".into(),
            });
        }
        Ok(state.into_parsed())
    }
}
