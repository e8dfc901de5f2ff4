//! Per-provider behaviour: validate like the real API, then answer as scripted (or by default).

mod answers;
mod errors;
mod prefix_cache;
mod task;
mod validate;

pub use errors::error_reply;

use std::time::Duration;

use serde_json::{json, Value};

use super::http::{Reply, Request};
use super::rules::{RecordedRequest, Rule};
use super::schema_fill;
use super::SharedState;
use answers::{full_answer, stream_parts_around_delta, stream_pieces};
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
    /// Of `input_tokens`, what the emulated prompt cache held (set once the request is valid).
    pub(super) cached: prefix_cache::CachedInput,
}

pub fn handle(provider: Provider, request: &Request, state: &SharedState) -> Reply {
    let parsed = serde_json::from_slice::<Value>(&request.body);
    let ask = match &parsed {
        Ok(body) => validate(provider, request, body),
        Err(_) => Err(error_reply(
            provider,
            400,
            "invalid_request_error",
            "We could not parse the JSON body of your request.",
        )),
    };
    let agent = match (&ask, &parsed) {
        (Ok(ask), Ok(body)) => task::agent_text(&ask.system, body),
        _ => String::new(),
    };
    let stream = ask.as_ref().map(|a| a.stream).unwrap_or(false);
    let body = String::from_utf8_lossy(&request.body);

    let rule = {
        let mut state = state.lock().unwrap();
        let index = state
            .rules
            .iter()
            .position(|rule| rule.matches(provider.name(), &agent, stream, &body));
        if let Some(index) = index {
            if let Some(times) = state.rules[index].times.as_mut() {
                *times -= 1;
            }
        }
        let started_ms = state.clock_ms();
        state.requests.push(RecordedRequest {
            provider: provider.name().into(),
            method: request.method.clone(),
            target: request.target.clone(),
            headers: request.headers.clone(),
            body: String::from_utf8_lossy(&request.body).into_owned(),
            rule: index,
            started_ms,
            finished_ms: None,
        });
        index.map(|i| state.rules[i].clone())
    };
    let rule = rule.unwrap_or_default();

    // Validation failures answer like the real API, whatever the script says.
    let mut ask = match ask {
        Ok(ask) => ask,
        Err(reply) => return reply,
    };
    if let Ok(body) = &parsed {
        let mut state = state.lock().unwrap();
        ask.cached = prefix_cache::look_up(&mut state.seen_prompts, provider, &ask.system, body);
        ask.cached.read = ask.cached.read.min(ask.input_tokens);
        ask.cached.written = ask.cached.written.min(ask.input_tokens - ask.cached.read);
    }
    if let Some(refused) = refused_response_format(provider, &rule, request) {
        return refused;
    }
    let mut reply = if rule.echo_key {
        echo_key(provider, &rule, request)
    } else {
        scripted(provider, &rule, &ask)
    };
    reply.delay = Duration::from_millis(rule.delay_ms.unwrap_or(0));
    if let Some(raw) = &rule.retry_after_header {
        reply = reply.with_header("retry-after", raw);
    } else if let Some(seconds) = rule.retry_after {
        reply = reply.with_header("retry-after", &seconds.to_string());
    }
    reply
}

/// The 400 a server without the requested `response_format` mode answers, in the words of the
/// servers that do it: llama.cpp (no `json_schema`) and LM Studio (no `json_object`).
fn refused_response_format(provider: Provider, rule: &Rule, request: &Request) -> Option<Reply> {
    if provider != Provider::OpenAi || rule.reject_response_format.is_empty() {
        return None;
    }
    let body: Value = serde_json::from_slice(&request.body).ok()?;
    let asked = body.pointer("/response_format/type")?.as_str()?;
    if !rule.reject_response_format.iter().any(|f| f == asked) {
        return None;
    }
    let message = match asked {
        "json_object" => "'response_format.type' must be 'json_schema' or 'text'".to_string(),
        other => format!(
            "response_format type must be one of \"text\" or \"json_object\", but got: {other}"
        ),
    };
    Some(error_reply(
        provider,
        400,
        "invalid_request_error",
        &message,
    ))
}

/// The key the request carried, in whichever header its provider uses.
fn request_key(request: &Request) -> String {
    let bearer = request
        .header("authorization")
        .and_then(|v| v.strip_prefix("Bearer "));
    bearer
        .or_else(|| request.header("x-api-key"))
        .or_else(|| request.header("x-goog-api-key"))
        .unwrap_or("")
        .to_string()
}

/// An error body echoing the request's key in full, as some proxies and old APIs do.
fn echo_key(provider: Provider, rule: &Rule, request: &Request) -> Reply {
    let status = rule.status.unwrap_or(401);
    let key = request_key(request);
    let kind = if status == 401 {
        "authentication_error"
    } else {
        "invalid_request_error"
    };
    let message = format!("Incorrect API key provided: {key}. The key {key} is not allowed here.");
    error_reply(provider, status, kind, &message)
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
    let mut answer = answer_text(rule, ask);
    if rule.finish.as_deref() == Some("length") {
        // Cut where the token limit would: mid-answer (for JSON, half an object).
        let half = answer.chars().count() / 2;
        answer = answer.chars().take(half).collect();
    }
    let finish = rule.finish.as_deref();
    let gap = Duration::from_millis(rule.event_delay_ms.unwrap_or(50));
    if let Some(bytes) = rule.body_bytes {
        return sized(provider, ask, bytes);
    }
    if ask.stream && rule.forever {
        let parts = stream_parts_around_delta(provider, ask, ".");
        return generated(
            parts.content_type,
            parts.head,
            parts.event,
            None,
            Vec::new(),
            gap,
            true,
        );
    }
    if ask.stream {
        let (content_type, pieces) = stream_pieces(provider, ask, &answer, finish);
        Reply::stream(content_type, pieces, gap, rule.drop_after_events)
    } else {
        Reply::json(200, full_answer(provider, ask, &answer, finish))
    }
}

const FILL_PIECE: usize = 64 * 1024;

/// A valid answer of about `bytes` bytes: filler text in ~64 KB pieces (stream events, or slices
/// of one JSON string), generated while sending.
fn sized(provider: Provider, ask: &Ask, bytes: usize) -> Reply {
    let count = bytes.div_ceil(FILL_PIECE).max(1);
    if ask.stream {
        let parts = stream_parts_around_delta(provider, ask, &"x".repeat(FILL_PIECE));
        return generated(
            parts.content_type,
            parts.head,
            parts.event,
            Some(count),
            parts.tail,
            Duration::ZERO,
            true,
        );
    }
    const MARK: &str = "@@MOCK_FILL@@";
    let whole = full_answer(provider, ask, MARK, None).to_string();
    let (head, tail) = whole.split_once(MARK).unwrap_or((&whole, ""));
    let content_type = "application/json";
    generated(
        content_type,
        vec![head.as_bytes().to_vec()],
        vec![b'x'; FILL_PIECE],
        Some(count),
        vec![tail.as_bytes().to_vec()],
        Duration::ZERO,
        false,
    )
}

fn generated(
    content_type: &str,
    head: Vec<Vec<u8>>,
    repeat: Vec<u8>,
    count: Option<usize>,
    tail: Vec<Vec<u8>>,
    gap: Duration,
    chunked: bool,
) -> Reply {
    let mut reply = Reply::stream(content_type, Vec::new(), gap, None);
    reply.body = super::http::Body::Generated(Box::new(super::http::Generated {
        head,
        repeat,
        count,
        tail,
        gap,
        chunked,
    }));
    reply
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
