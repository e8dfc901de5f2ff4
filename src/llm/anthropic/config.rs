//! Where and how to reach Anthropic.

use serde_json::json;

use super::stream::{handle_event, AnthropicStreamState};
use super::wire::{AnthropicEvent, ErrorEnvelope, MessagesResponse};
use crate::llm::client::{provider_json, ErrorBody, Parsed, Protocol};
use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::http::HttpRequest;
use crate::llm::limits::{output_ceiling, output_token_budget};
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, MessageRole};

pub const ANTHROPIC_BASE_URL: &str = "https://api.anthropic.com";
pub const ANTHROPIC_DEFAULT_MODEL: &str = "claude-sonnet-4-5";
pub const ANTHROPIC_VERSION: &str = "2023-06-01";

#[derive(Debug, Clone)]
pub struct AnthropicConfig {
    /// Without `/v1`; `/v1/messages` is appended.
    pub base_url: String,
    pub api_key: ApiKey,
    pub model: String,
}

impl AnthropicConfig {
    pub fn new(api_key: impl Into<ApiKey>) -> Self {
        Self {
            base_url: ANTHROPIC_BASE_URL.into(),
            api_key: api_key.into(),
            model: ANTHROPIC_DEFAULT_MODEL.into(),
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

    fn body(&self, request: &ChatRequest, model: &str, stream: bool) -> serde_json::Value {
        let messages: Vec<_> = request
            .messages
            .iter()
            .enumerate()
            .map(|(index, message)| {
                let role = match message.role {
                    MessageRole::User => "user",
                    MessageRole::Assistant => "assistant",
                };
                let content = match index {
                    0 => content_with_breakpoint(&message.content, request.shared_prefix),
                    _ => json!(message.content),
                };
                json!({"role": role, "content": content})
            })
            .collect();
        let mut body = json!({
            "model": model,
            // Required by the API: sized from the input and schema when the request sets none.
            "max_tokens": self.max_tokens(request, model),
            "messages": messages,
            "stream": stream,
        });
        if !request.system.is_empty() {
            body["system"] = json!(request.system);
        }
        if let Some(temperature) = request.temperature {
            body["temperature"] = json!(temperature);
        }
        if let Some(schema) = &request.schema {
            let name = tool_name(&schema.name);
            body["tools"] = json!([{
                "name": name,
                "description": "Return the answer as this tool's input, following its schema exactly.",
                "input_schema": schema.schema,
            }]);
            body["tool_choice"] = json!({"type": "tool", "name": name});
        }
        body
    }
}

/// The first message's text, split where the run's shared prefix ends (see
/// [`ChatRequest::shared_prefix`]) with a cache breakpoint there: Anthropic caches a prompt prefix
/// only where it is told to. Without a usable prefix, the plain string.
fn content_with_breakpoint(text: &str, shared: usize) -> serde_json::Value {
    if shared == 0 || shared > text.len() || !text.is_char_boundary(shared) {
        return json!(text);
    }
    let (head, tail) = text.split_at(shared);
    let mut blocks = vec![json!({
        "type": "text",
        "text": head,
        "cache_control": {"type": "ephemeral"},
    })];
    if !tail.is_empty() {
        blocks.push(json!({"type": "text", "text": tail}));
    }
    json!(blocks)
}

/// Tool names must match `^[a-zA-Z0-9_-]{1,64}$`.
fn tool_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect();
    if cleaned.is_empty() {
        "structured_output".into()
    } else {
        cleaned
    }
}

impl Protocol for AnthropicConfig {
    type StreamState = AnthropicStreamState;

    fn provider(&self) -> &str {
        "anthropic"
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
            return Err(LlmError::Config("Anthropic needs an API key".into()));
        }
        let url = format!("{}/v1/messages", self.base_url);
        Ok(
            HttpRequest::post_json(url, self.body(request, model, stream).to_string())
                .header("x-api-key", self.api_key.expose())
                .header("anthropic-version", ANTHROPIC_VERSION)
                // Required for calls straight from a browser page (the key is the user's own).
                .header("anthropic-dangerous-direct-browser-access", "true"),
        )
    }

    fn max_tokens(&self, request: &ChatRequest, model: &str) -> Option<u32> {
        Some(
            request.max_tokens.unwrap_or_else(|| {
                output_token_budget(request, output_ceiling("anthropic", model))
            }),
        )
    }

    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String> {
        let response: MessagesResponse = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        Ok(response.into_parsed())
    }

    fn parse_error(&self, body: &[u8]) -> ErrorBody {
        provider_json::error_body(body, |envelope: ErrorEnvelope| ErrorBody {
            kind: envelope.error.kind,
            message: envelope.error.message,
        })
    }

    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut AnthropicStreamState,
    ) -> Result<Option<String>, LlmError> {
        let parsed: AnthropicEvent =
            provider_json::stream_event("anthropic", &self.api_key, event)?;
        if let AnthropicEvent::Error { error } = &parsed {
            let provider = "anthropic".to_string();
            let message = self.api_key.scrub(&error.message);
            return Err(match error.kind.as_str() {
                "overloaded_error" | "api_error" => LlmError::ProviderDown {
                    provider,
                    status: 529,
                    message,
                },
                "rate_limit_error" => LlmError::RateLimited {
                    provider,
                    retry_after: None,
                    message,
                },
                kind => LlmError::BadRequest {
                    provider,
                    status: 400,
                    kind: kind.into(),
                    message,
                },
            });
        }
        Ok(handle_event(parsed, state))
    }

    fn finish_stream(&self, state: AnthropicStreamState) -> Result<Parsed, LlmError> {
        if !state.stopped {
            return Err(LlmError::StreamInterrupted {
                provider: "anthropic".into(),
                message: "the stream ended before message_stop".into(),
            });
        }
        Ok(state.into_parsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_breakpoint_splits_the_first_message_where_the_shared_part_ends() {
        let blocks = content_with_breakpoint("shared|own", 7);
        assert_eq!(blocks[0]["text"], "shared|");
        assert_eq!(blocks[0]["cache_control"]["type"], "ephemeral");
        assert_eq!(blocks[1]["text"], "own");
        assert!(blocks[1].get("cache_control").is_none());
    }

    #[test]
    fn no_usable_breakpoint_sends_the_plain_text() {
        assert_eq!(content_with_breakpoint("text", 0), json!("text"));
        assert_eq!(content_with_breakpoint("text", 99), json!("text"));
        assert_eq!(content_with_breakpoint("é", 1), json!("é"));
        assert_eq!(content_with_breakpoint("all", 3)[0]["text"], "all");
    }
}
