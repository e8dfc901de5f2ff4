//! Request validation: required headers and fields, keys, models, schema fields; failures are
//! answered with the provider's real status and error body.

use serde_json::{json, Value};

use super::super::http::{Reply, Request};
use super::answers::tokens;
use super::errors::error_reply;
use super::{key_is_valid, Ask, Provider};

pub(super) fn validate(provider: Provider, request: &Request, body: &Value) -> Result<Ask, Reply> {
    match provider {
        Provider::OpenAi => validate_openai(request, body),
        Provider::Anthropic => validate_anthropic(request, body),
        Provider::Gemini => validate_gemini(request, body),
        Provider::Ollama => validate_ollama(body),
    }
}

pub(super) fn masked(key: &str) -> String {
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

pub(super) fn validate_openai(request: &Request, body: &Value) -> Result<Ask, Reply> {
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
        cached: Default::default(),
    })
}

pub(super) fn validate_anthropic(request: &Request, body: &Value) -> Result<Ask, Reply> {
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
        cached: Default::default(),
    })
}

pub(super) fn validate_gemini(request: &Request, body: &Value) -> Result<Ask, Reply> {
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
        cached: Default::default(),
    })
}

pub(super) fn validate_ollama(body: &Value) -> Result<Ask, Reply> {
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
        cached: Default::default(),
    })
}
