//! Which `response_format` an OpenAI-compatible server accepts, learned per base URL.
//!
//! Servers differ: some llama.cpp builds refuse `json_schema`, LM Studio refuses
//! `json_object`. A structured call starts with `json_schema` (constrained decoding); when the
//! server answers that it does not know the format, the call is sent again one step down:
//! `json_object`, then no `response_format` at all with the schema in the system prompt (the
//! answer is then read by the lenient parser and validated as usual). The step that worked is
//! remembered for the base URL for the life of the page (or process), so only the first call
//! pays for the refusals, and the page can tell the user how the server answers
//! (`ChatModel::structured_mode`).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::llm::error::LlmError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ResponseMode {
    /// `response_format: {type: json_schema}`: the server constrains the answer to the schema.
    JsonSchema,
    /// `response_format: {type: json_object}` and the schema in the system prompt.
    JsonObject,
    /// No `response_format`; the schema in the system prompt only.
    PromptOnly,
}

impl ResponseMode {
    /// The name shown to users and in `ChatModel::structured_mode`.
    pub fn name(self) -> &'static str {
        match self {
            ResponseMode::JsonSchema => "json_schema",
            ResponseMode::JsonObject => "json_object",
            ResponseMode::PromptOnly => "prompt",
        }
    }

    /// The `response_format.type` a request body carries, if any.
    fn of_sent(format_type: Option<&str>) -> Self {
        match format_type {
            Some("json_schema") => ResponseMode::JsonSchema,
            Some("json_object") => ResponseMode::JsonObject,
            _ => ResponseMode::PromptOnly,
        }
    }

    fn next(self) -> Option<Self> {
        match self {
            ResponseMode::JsonSchema => Some(ResponseMode::JsonObject),
            ResponseMode::JsonObject => Some(ResponseMode::PromptOnly),
            ResponseMode::PromptOnly => None,
        }
    }
}

thread_local! {
    // Browser pages are single-threaded; natively each test thread learns on its own.
    static ACCEPTED: RefCell<HashMap<String, ResponseMode>> = RefCell::new(HashMap::new());
}

/// The mode to use for `base_url`: the one learned, else `json_schema`.
pub fn mode_for(base_url: &str) -> ResponseMode {
    ACCEPTED.with(|modes| {
        modes
            .borrow()
            .get(base_url)
            .copied()
            .unwrap_or(ResponseMode::JsonSchema)
    })
}

/// After a request with `response_format.type` = `sent` failed with `error`: if the server
/// refused the format, remember the next mode for `base_url` and say the call should be sent
/// again. Also true when a parallel call already stepped further down (send again with that).
pub fn step_down(base_url: &str, sent: Option<&str>, error: &LlmError) -> bool {
    if !refuses_response_format(error) {
        return false;
    }
    let sent = ResponseMode::of_sent(sent);
    ACCEPTED.with(|modes| {
        let mut modes = modes.borrow_mut();
        let current = modes
            .get(base_url)
            .copied()
            .unwrap_or(ResponseMode::JsonSchema);
        if current > sent {
            return true;
        }
        match sent.next() {
            Some(next) => {
                modes.insert(base_url.to_string(), next);
                true
            }
            None => false,
        }
    })
}

/// A refusal that names the response format (a 4xx, or a 500 from servers that report request
/// errors that way), as opposed to any other bad request.
fn refuses_response_format(error: &LlmError) -> bool {
    let text = match error {
        LlmError::BadRequest { kind, message, .. } => format!("{kind} {message}"),
        LlmError::ProviderDown {
            status: 500,
            message,
            ..
        } => message.clone(),
        _ => return false,
    };
    let text = text.to_ascii_lowercase();
    [
        "response_format",
        "response format",
        "json_schema",
        "json_object",
    ]
    .iter()
    .any(|word| text.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(message: &str) -> LlmError {
        LlmError::BadRequest {
            provider: "openai_compatible".into(),
            status: 400,
            kind: "invalid_request_error".into(),
            message: message.into(),
        }
    }

    #[test]
    fn steps_down_once_per_refusal_and_remembers_per_base_url() {
        let url = "http://127.0.0.1:9/v1-step-test";
        assert_eq!(mode_for(url), ResponseMode::JsonSchema);
        let llama = refused(
            r#"response_format type must be one of "text" or "json_object", but got: json_schema"#,
        );
        assert!(step_down(url, Some("json_schema"), &llama));
        assert_eq!(mode_for(url), ResponseMode::JsonObject);
        // A parallel call that sent json_schema too: send again, no further step.
        assert!(step_down(url, Some("json_schema"), &llama));
        assert_eq!(mode_for(url), ResponseMode::JsonObject);
        let lm_studio = refused("'response_format.type' must be 'json_schema' or 'text'");
        assert!(step_down(url, Some("json_object"), &lm_studio));
        assert_eq!(mode_for(url), ResponseMode::PromptOnly);
        assert!(
            !step_down(url, None, &lm_studio),
            "nothing below prompt-only"
        );
        assert_eq!(
            mode_for("http://127.0.0.1:9/other"),
            ResponseMode::JsonSchema
        );
        // Any other bad request is not about the format.
        assert!(!step_down(
            "http://x/v1",
            Some("json_schema"),
            &refused("model not loaded")
        ));
    }
}
