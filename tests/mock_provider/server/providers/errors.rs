//! Error bodies exactly as each provider shapes them.

use serde_json::{json, Value};

use super::super::http::Reply;
use super::Provider;

/// The provider's own error body for a scripted status.
pub(super) fn status_error(provider: Provider, status: u16) -> Reply {
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
