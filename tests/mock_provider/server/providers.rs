//! Per-provider request validation (with the real APIs' error bodies) and answers (JSON and streams).

use std::time::Duration;

use serde_json::{json, Value};

use super::http::{Reply, Request};
use super::rules::{RecordedRequest, Rule};
use super::schema_fill;
use super::SharedState;

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

fn key_is_valid(key: &str) -> bool {
    key.starts_with("sk-test") || key.starts_with("test-")
}

/// What the request asked for, once validated.
struct Ask {
    model: String,
    system: String,
    stream: bool,
    schema: Option<Value>,
    /// Anthropic: the forced tool's name (answer goes into `tool_use.input`).
    tool: Option<String>,
    include_usage: bool,
    input_tokens: u64,
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

fn tokens(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4).max(1)
}

/// Text cut into about four pieces at char boundaries.
fn pieces_of(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let size = chars.len().div_ceil(4).max(1);
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}

/// For Anthropic's forced tool: the answer as a JSON object, if it is one (a fenced or prose
/// answer is sent as a text block instead, as a model ignoring the tool would).
fn tool_input(ask: &Ask, answer: &str) -> Option<Value> {
    ask.tool.as_ref()?;
    serde_json::from_str::<Value>(answer)
        .ok()
        .filter(Value::is_object)
}

fn full_answer(provider: Provider, ask: &Ask, answer: &str) -> Value {
    let (input, output) = (ask.input_tokens, tokens(answer));
    match provider {
        Provider::OpenAi => json!({
            "id": "chatcmpl-mock", "object": "chat.completion", "created": 1_750_000_000, "model": ask.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": answer, "refusal": null}, "logprobs": null, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": input, "completion_tokens": output, "total_tokens": input + output},
        }),
        Provider::Anthropic => {
            let (content, stop) = match tool_input(ask, answer) {
                Some(input_json) => (
                    json!([{"type": "tool_use", "id": "toolu_mock", "name": ask.tool, "input": input_json}]),
                    "tool_use",
                ),
                None => (json!([{"type": "text", "text": answer}]), "end_turn"),
            };
            json!({
                "id": "msg_mock", "type": "message", "role": "assistant", "model": ask.model, "content": content,
                "stop_reason": stop, "stop_sequence": null,
                "usage": {"input_tokens": input, "output_tokens": output},
            })
        }
        Provider::Gemini => json!({
            "candidates": [{"content": {"parts": [{"text": answer}], "role": "model"}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": input, "candidatesTokenCount": output, "totalTokenCount": input + output},
            "modelVersion": ask.model, "responseId": "mock",
        }),
        Provider::Ollama => json!({
            "model": ask.model, "created_at": "2025-01-01T00:00:00Z", "message": {"role": "assistant", "content": answer},
            "done_reason": "stop", "done": true, "prompt_eval_count": input, "eval_count": output,
        }),
    }
}

fn sse(event: Option<&str>, data: &Value) -> Vec<u8> {
    match event {
        Some(name) => format!("event: {name}\ndata: {data}\n\n").into_bytes(),
        None => format!("data: {data}\n\n").into_bytes(),
    }
}

fn stream_pieces(provider: Provider, ask: &Ask, answer: &str) -> (&'static str, Vec<Vec<u8>>) {
    let (input, output) = (ask.input_tokens, tokens(answer));
    let parts = pieces_of(answer);
    match provider {
        Provider::OpenAi => {
            let chunk = |delta: Value, finish: Value| {
                json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_750_000_000, "model": ask.model,
                       "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}], "usage": null})
            };
            let mut out = vec![sse(
                None,
                &chunk(json!({"role": "assistant", "content": ""}), Value::Null),
            )];
            out.extend(
                parts
                    .iter()
                    .map(|p| sse(None, &chunk(json!({"content": p}), Value::Null))),
            );
            out.push(sse(None, &chunk(json!({}), json!("stop"))));
            if ask.include_usage {
                let usage = json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "model": ask.model, "choices": [],
                                   "usage": {"prompt_tokens": input, "completion_tokens": output, "total_tokens": input + output}});
                out.push(sse(None, &usage));
            }
            out.push(b"data: [DONE]\n\n".to_vec());
            ("text/event-stream; charset=utf-8", out)
        }
        Provider::Anthropic => {
            let tool = tool_input(ask, answer).map(|_| ask.tool.clone().unwrap_or_default());
            let (block, delta_kind, stop) = match &tool {
                Some(name) => (
                    json!({"type": "tool_use", "id": "toolu_mock", "name": name, "input": {}}),
                    "input_json_delta",
                    "tool_use",
                ),
                None => (
                    json!({"type": "text", "text": ""}),
                    "text_delta",
                    "end_turn",
                ),
            };
            let mut out = vec![
                sse(
                    Some("message_start"),
                    &json!({"type": "message_start", "message": {"id": "msg_mock", "type": "message", "role": "assistant", "model": ask.model, "content": [], "stop_reason": null, "usage": {"input_tokens": input, "output_tokens": 1}}}),
                ),
                sse(
                    Some("content_block_start"),
                    &json!({"type": "content_block_start", "index": 0, "content_block": block}),
                ),
                sse(Some("ping"), &json!({"type": "ping"})),
            ];
            for part in &parts {
                let delta = if tool.is_some() {
                    json!({"type": delta_kind, "partial_json": part})
                } else {
                    json!({"type": delta_kind, "text": part})
                };
                out.push(sse(
                    Some("content_block_delta"),
                    &json!({"type": "content_block_delta", "index": 0, "delta": delta}),
                ));
            }
            out.push(sse(
                Some("content_block_stop"),
                &json!({"type": "content_block_stop", "index": 0}),
            ));
            out.push(sse(Some("message_delta"), &json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": output}})));
            out.push(sse(Some("message_stop"), &json!({"type": "message_stop"})));
            ("text/event-stream; charset=utf-8", out)
        }
        Provider::Gemini => {
            let count = parts.len();
            let out = parts
                .iter()
                .enumerate()
                .map(|(i, part)| {
                    let last = i + 1 == count;
                    let mut candidate = json!({"content": {"parts": [{"text": part}], "role": "model"}, "index": 0});
                    if last {
                        candidate["finishReason"] = json!("STOP");
                    }
                    let used = if last { output } else { 0 };
                    let event = json!({"candidates": [candidate], "usageMetadata": {"promptTokenCount": input, "candidatesTokenCount": used, "totalTokenCount": input + used}, "modelVersion": ask.model});
                    // Google separates events with CRLF CRLF.
                    format!("data: {event}\r\n\r\n").into_bytes()
                })
                .collect();
            ("text/event-stream", out)
        }
        Provider::Ollama => {
            let mut out: Vec<Vec<u8>> = parts
                .iter()
                .map(|part| format!("{}\n", json!({"model": ask.model, "message": {"role": "assistant", "content": part}, "done": false})).into_bytes())
                .collect();
            out.push(format!("{}\n", json!({"model": ask.model, "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": input, "eval_count": output})).into_bytes());
            ("application/x-ndjson", out)
        }
    }
}

/// The provider's own error body for a scripted status.
fn status_error(provider: Provider, status: u16) -> Reply {
    let (kind, message) = match status {
        401 => ("authentication_error", "invalid api key"),
        403 => ("permission_error", "permission denied"),
        404 => ("not_found_error", "not found"),
        429 => ("rate_limit_error", "Rate limit reached for requests"),
        529 => ("overloaded_error", "Overloaded"),
        500..=599 => (
            "api_error",
            "The server had an error while processing your request.",
        ),
        _ => ("invalid_request_error", "invalid request"),
    };
    error_reply(provider, status, kind, message)
}

pub fn error_reply(provider: Provider, status: u16, kind: &str, message: &str) -> Reply {
    let body = match provider {
        Provider::OpenAi => {
            let code = match kind {
                "authentication_error" => json!("invalid_api_key"),
                "rate_limit_error" => json!("rate_limit_exceeded"),
                "model_not_found" => json!("model_not_found"),
                _ => Value::Null,
            };
            let kind = if kind == "rate_limit_error" {
                "requests"
            } else if kind == "api_error" {
                "server_error"
            } else {
                "invalid_request_error"
            };
            json!({"error": {"message": message, "type": kind, "param": null, "code": code}})
        }
        Provider::Anthropic => {
            json!({"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_mock"})
        }
        Provider::Gemini => {
            let status_text = match status {
                400 => "INVALID_ARGUMENT",
                401 => "UNAUTHENTICATED",
                403 => "PERMISSION_DENIED",
                404 => "NOT_FOUND",
                429 => "RESOURCE_EXHAUSTED",
                503 => "UNAVAILABLE",
                _ => "INTERNAL",
            };
            let mut error = json!({"code": status, "message": message, "status": status_text});
            if kind == "API_KEY_INVALID" {
                error["details"] = json!([{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]);
            }
            json!({"error": error})
        }
        Provider::Ollama => json!({"error": message}),
    };
    Reply::json(status, body)
}

fn validate(provider: Provider, request: &Request, body: &Value) -> Result<Ask, Reply> {
    match provider {
        Provider::OpenAi => validate_openai(request, body),
        Provider::Anthropic => validate_anthropic(request, body),
        Provider::Gemini => validate_gemini(request, body),
        Provider::Ollama => validate_ollama(body),
    }
}

fn masked(key: &str) -> String {
    let tail: String = key
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{}****{tail}", key.chars().take(3).collect::<String>())
}

fn validate_openai(request: &Request, body: &Value) -> Result<Ask, Reply> {
    let bad = |message: &str| error_reply(Provider::OpenAi, 400, "invalid_request_error", message);
    let key = request
        .header("authorization")
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if key.is_empty() {
        return Err(error_reply(Provider::OpenAi, 401, "invalid_request_error", "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."));
    }
    if !key_is_valid(key) {
        let message = format!("Incorrect API key provided: {}. You can find your API key at https://platform.openai.com/account/api-keys.", masked(key));
        return Err(error_reply(
            Provider::OpenAi,
            401,
            "authentication_error",
            &message,
        ));
    }
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| bad("you must provide a model parameter"))?;
    if model.contains("does-not-exist") {
        let message =
            format!("The model `{model}` does not exist or you do not have access to it.");
        return Err(error_reply(
            Provider::OpenAi,
            404,
            "model_not_found",
            &message,
        ));
    }
    let messages = body
        .get("messages")
        .and_then(Value::as_array)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| bad("Missing required parameter: 'messages'."))?;
    let mut system = String::new();
    for (index, message) in messages.iter().enumerate() {
        let role = message.get("role").and_then(Value::as_str).unwrap_or("");
        if !["system", "developer", "user", "assistant", "tool"].contains(&role) {
            return Err(bad(&format!("Invalid value: '{role}'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'. (messages[{index}].role)")));
        }
        if message.get("content").is_none() {
            return Err(bad(&format!(
                "Missing required parameter: 'messages[{index}].content'."
            )));
        }
        if role == "system" || role == "developer" {
            system.push_str(message["content"].as_str().unwrap_or(""));
        }
    }
    let stream = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
    if body.get("stream_options").is_some() && !stream {
        return Err(bad(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
        ));
    }
    let schema = match body.get("response_format") {
        None => None,
        Some(format) => match format.get("type").and_then(Value::as_str) {
            Some("json_schema") => {
                let spec = format.get("json_schema").ok_or_else(|| bad("Missing required parameter: 'response_format.json_schema'."))?;
                if spec.get("name").and_then(Value::as_str).is_none() {
                    return Err(bad("Missing required parameter: 'response_format.json_schema.name'."));
                }
                Some(spec.get("schema").filter(|s| s.is_object()).cloned().ok_or_else(|| bad("Missing required parameter: 'response_format.json_schema.schema'."))?)
            }
            Some("json_object") => Some(json!({"type": "object"})),
            Some("text") => None,
            other => return Err(bad(&format!("Invalid value: {other:?}. Supported values are: 'json_object', 'json_schema', and 'text'."))),
        },
    };
    let include_usage = body
        .pointer("/stream_options/include_usage")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    Ok(Ask {
        model: model.into(),
        system,
        stream,
        schema,
        tool: None,
        include_usage,
        input_tokens: tokens(&body.to_string()),
    })
}

fn validate_anthropic(request: &Request, body: &Value) -> Result<Ask, Reply> {
    let bad =
        |message: &str| error_reply(Provider::Anthropic, 400, "invalid_request_error", message);
    let key = request.header("x-api-key").unwrap_or("");
    if key.is_empty() {
        return Err(error_reply(
            Provider::Anthropic,
            401,
            "authentication_error",
            "x-api-key header is required",
        ));
    }
    if !key_is_valid(key) {
        return Err(error_reply(
            Provider::Anthropic,
            401,
            "authentication_error",
            "invalid x-api-key",
        ));
    }
    if request.header("anthropic-version").is_none() {
        return Err(bad("anthropic-version: header is required"));
    }
    if request.header("origin").is_some()
        && request.header("anthropic-dangerous-direct-browser-access") != Some("true")
    {
        return Err(error_reply(
            Provider::Anthropic,
            401,
            "authentication_error",
            "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
        ));
    }
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| bad("model: Field required"))?;
    if model.contains("does-not-exist") {
        return Err(error_reply(
            Provider::Anthropic,
            404,
            "not_found_error",
            &format!("model: {model}"),
        ));
    }
    if body.get("max_tokens").and_then(Value::as_u64).is_none() {
        return Err(bad("max_tokens: Field required"));
    }
    let messages = body
        .get("messages")
        .and_then(Value::as_array)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| bad("messages: Field required"))?;
    for (index, message) in messages.iter().enumerate() {
        let role = message.get("role").and_then(Value::as_str).unwrap_or("");
        if role != "user" && role != "assistant" {
            return Err(bad(&format!(
                "messages.{index}.role: Input should be 'user' or 'assistant'"
            )));
        }
        if message.get("content").is_none() {
            return Err(bad(&format!("messages.{index}.content: Field required")));
        }
    }
    if body
        .get("messages")
        .and_then(|m| m[0].get("role"))
        .and_then(Value::as_str)
        != Some("user")
    {
        return Err(bad("messages: first message must use the \"user\" role"));
    }
    let system = match body.get("system") {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect(),
        Some(_) => return Err(bad("system: Input should be a valid string or list")),
        None => String::new(),
    };
    let tools = body
        .get("tools")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (index, tool) in tools.iter().enumerate() {
        if tool.get("name").and_then(Value::as_str).is_none() {
            return Err(bad(&format!("tools.{index}.name: Field required")));
        }
        if !tool.get("input_schema").is_some_and(Value::is_object) {
            return Err(bad(&format!("tools.{index}.input_schema: Field required")));
        }
    }
    let (schema, tool) = match body.get("tool_choice") {
        Some(choice) if choice.get("type").and_then(Value::as_str) == Some("tool") => {
            let name = choice.get("name").and_then(Value::as_str).unwrap_or("");
            let chosen = tools
                .iter()
                .find(|t| t["name"] == name)
                .ok_or_else(|| bad(&format!("tool_choice: tool '{name}' not found in tools")))?;
            (Some(chosen["input_schema"].clone()), Some(name.to_string()))
        }
        _ => (None, None),
    };
    let stream = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
    Ok(Ask {
        model: model.into(),
        system,
        stream,
        schema,
        tool,
        include_usage: true,
        input_tokens: tokens(&body.to_string()),
    })
}

fn validate_gemini(request: &Request, body: &Value) -> Result<Ask, Reply> {
    let bad = |message: &str| error_reply(Provider::Gemini, 400, "invalid_argument", message);
    if request
        .query()
        .split('&')
        .any(|pair| pair.starts_with("key="))
    {
        return Err(bad(
            "mock: the API key must be sent in the x-goog-api-key header, never in the URL",
        ));
    }
    let key = request.header("x-goog-api-key").unwrap_or("");
    if key.is_empty() {
        return Err(error_reply(Provider::Gemini, 403, "permission_denied", "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."));
    }
    if !key_is_valid(key) {
        return Err(error_reply(
            Provider::Gemini,
            400,
            "API_KEY_INVALID",
            "API key not valid. Please pass a valid API key.",
        ));
    }
    let path = request.path_only();
    let rest = path.trim_start_matches("/v1beta/models/");
    let (model, method) = rest
        .split_once(':')
        .ok_or_else(|| error_reply(Provider::Gemini, 404, "not_found", "Method not found."))?;
    let stream = match method {
        "generateContent" => false,
        "streamGenerateContent" => true,
        _ => {
            return Err(error_reply(
                Provider::Gemini,
                404,
                "not_found",
                "Method not found.",
            ))
        }
    };
    if stream && !request.query().split('&').any(|pair| pair == "alt=sse") {
        return Err(bad(
            "mock: streamGenerateContent is only mocked with ?alt=sse",
        ));
    }
    if model.is_empty() || model.contains("does-not-exist") {
        return Err(error_reply(Provider::Gemini, 404, "not_found", &format!("models/{model} is not found for API version v1beta, or is not supported for generateContent.")));
    }
    let contents = body
        .get("contents")
        .and_then(Value::as_array)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| bad("* GenerateContentRequest.contents: contents is not specified"))?;
    for (index, content) in contents.iter().enumerate() {
        let parts = content.get("parts").and_then(Value::as_array);
        if parts.is_none_or(Vec::is_empty) {
            return Err(bad(&format!("* GenerateContentRequest.contents[{index}].parts: contents.parts must not be empty.")));
        }
        if let Some(role) = content.get("role").and_then(Value::as_str) {
            if role != "user" && role != "model" {
                return Err(bad(&format!(
                    "Please use a valid role: user, model. (contents[{index}].role = {role})"
                )));
            }
        }
    }
    let system = body
        .pointer("/systemInstruction/parts")
        .and_then(Value::as_array)
        .map(|parts| {
            parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect::<String>()
        })
        .unwrap_or_default();
    let config = body.get("generationConfig").cloned().unwrap_or(json!({}));
    let schema = config
        .get("responseSchema")
        .or(config.get("responseJsonSchema"))
        .cloned();
    if let Some(schema) = &schema {
        if config.get("responseMimeType").and_then(Value::as_str) != Some("application/json") {
            return Err(bad("* GenerateContentRequest.generation_config.response_mime_type: responseSchema requires responseMimeType application/json"));
        }
        if config.get("responseSchema").is_some()
            && schema.to_string().contains("\"additionalProperties\"")
        {
            return Err(bad("Invalid JSON payload received. Unknown name \"additionalProperties\" at 'generation_config.response_schema': Cannot find field."));
        }
    }
    Ok(Ask {
        model: model.into(),
        system,
        stream,
        schema,
        tool: None,
        include_usage: true,
        input_tokens: tokens(&body.to_string()),
    })
}

fn validate_ollama(body: &Value) -> Result<Ask, Reply> {
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .filter(|m| !m.is_empty())
        .ok_or_else(|| error_reply(Provider::Ollama, 400, "", "model is required"))?;
    let messages = body
        .get("messages")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let system = messages
        .iter()
        .filter(|m| m["role"] == "system")
        .filter_map(|m| m["content"].as_str())
        .collect::<String>();
    let stream = body.get("stream").and_then(Value::as_bool).unwrap_or(true);
    let schema = body.get("format").filter(|f| f.is_object()).cloned();
    Ok(Ask {
        model: model.into(),
        system,
        stream,
        schema,
        tool: None,
        include_usage: true,
        input_tokens: tokens(&body.to_string()),
    })
}
