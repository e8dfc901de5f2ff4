//! Per-provider behaviour: validate like the real API, then answer as scripted (or by default).

mod answers;
mod errors;
mod validate;

pub use errors::error_reply;

use std::time::Duration;

use serde_json::{json, Value};

use super::http::{Reply, Request};
use super::rules::{RecordedRequest, Rule};
use super::schema_fill;
use super::SharedState;
use answers::{full_answer, stream_pieces};
use errors::status_error;
use validate::validate;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Gemini,
    Ollama,
}

impl Provider {
    pub fn from_path(path: &str) -> Option<Self> {
        match path {
            "/v1/chat/completions" => Some(Self::OpenAi),
            "/v1/messages" => Some(Self::Anthropic),
            "/api/chat" => Some(Self::Ollama),
            _ if path.starts_with("/v1beta/models/") => Some(Self::Gemini),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::OpenAi => "openai",
            Self::Anthropic => "anthropic",
            Self::Gemini => "gemini",
            Self::Ollama => "ollama",
        }
    }
}

pub(super) fn key_is_valid(key: &str) -> bool {
    key.starts_with("sk-test") || key.starts_with("test-")
}

/// What the request asked for, once validated.
pub(super) struct Ask {
    pub(super) model: String,
    pub(super) system: String,
    pub(super) stream: bool,
    pub(super) schema: Option<Value>,
    /// Anthropic: the forced tool's name (answer goes into `tool_use.input`).
    pub(super) tool: Option<String>,
    pub(super) include_usage: bool,
    pub(super) input_tokens: u64,
}

pub fn handle(provider: Provider, request: &Request, state: &SharedState) -> Reply {
    let parsed = serde_json::from_slice::<Value>(&request.body);
    let ask = match parsed {
        Ok(body) => validate(provider, request, &body),
        Err(_) => Err(error_reply(
            provider,
            400,
            "invalid_request_error",
            "We could not parse the JSON body of your request.",
        )),
    };
    let system = ask.as_ref().map(|a| a.system.clone()).unwrap_or_default();
    let stream = ask.as_ref().map(|a| a.stream).unwrap_or(false);

    let rule = {
        let mut state = state.lock().unwrap();
        let index = state
            .rules
            .iter()
            .position(|rule| rule.matches(provider.name(), &system, stream));
        if let Some(index) = index {
            if let Some(times) = state.rules[index].times.as_mut() {
                *times -= 1;
            }
        }
        state.requests.push(RecordedRequest {
            provider: provider.name().into(),
            method: request.method.clone(),
            target: request.target.clone(),
            headers: request.headers.clone(),
            body: String::from_utf8_lossy(&request.body).into_owned(),
            rule: index,
        });
        index.map(|i| state.rules[i].clone())
    };
    let rule = rule.unwrap_or_default();

    // Validation failures answer like the real API, whatever the script says.
    let ask = match ask {
        Ok(ask) => ask,
        Err(reply) => return reply,
    };
    let mut reply = scripted(provider, &rule, &ask);
    reply.delay = Duration::from_millis(rule.delay_ms.unwrap_or(0));
    if let Some(seconds) = rule.retry_after {
        reply = reply.with_header("retry-after", &seconds.to_string());
    }
    reply
}

fn scripted(provider: Provider, rule: &Rule, ask: &Ask) -> Reply {
    let status = rule.status.unwrap_or(200);
    if let Some(path) = &rule.replay {
        return match std::fs::read(path) {
            Ok(bytes) => {
                let content_type = rule
                    .content_type
                    .clone()
                    .unwrap_or_else(|| content_type_for(path).into());
                Reply::raw(status, &content_type, bytes)
            }
            Err(error) => Reply::json(
                500,
                json!({"error": {"message": format!("mock cannot read {path}: {error}")}}),
            ),
        };
    }
    if let Some(body) = &rule.body {
        let content_type = rule.content_type.as_deref().unwrap_or("application/json");
        return Reply::raw(status, content_type, body.clone().into_bytes());
    }
    if status >= 400 {
        return status_error(provider, status);
    }
    let answer = answer_text(rule, ask);
    let gap = Duration::from_millis(rule.event_delay_ms.unwrap_or(50));
    if ask.stream {
        let (content_type, pieces) = stream_pieces(provider, ask, &answer);
        Reply::stream(content_type, pieces, gap, rule.drop_after_events)
    } else {
        Reply::json(200, full_answer(provider, ask, &answer))
    }
}

fn content_type_for(path: &str) -> &'static str {
    if path.ends_with(".sse") {
        "text/event-stream"
    } else if path.ends_with(".ndjson") {
        "application/x-ndjson"
    } else {
        "application/json"
    }
}

fn answer_text(rule: &Rule, ask: &Ask) -> String {
    let core = if let Some(text) = &rule.text {
        text.clone()
    } else if let Some(value) = &rule.json {
        value.to_string()
    } else if let Some(schema) = &ask.schema {
        schema_fill::fill(schema).to_string()
    } else {
        let role = if ask.system.is_empty() {
            "assistant".to_string()
        } else {
            ask.system.chars().take(40).collect()
        };
        format!("This is the mock {}'s answer for: {role}.", ask.model)
    };
    let core = if rule.fenced {
        format!("```json\n{core}\n```")
    } else {
        core
    };
    if rule.prose {
        format!("Sure! Here is the result you asked for:\n{core}\nLet me know if you need anything else.")
    } else {
        core
    }
}
