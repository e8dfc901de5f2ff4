//! Errors a caller (the page, or a host app through the JS API) shows to its user. The message is
//! user-facing; the code is for programs.

use serde::Serialize;

use crate::graph::GraphError;
use crate::llm::CancelToken;
use crate::workflows::common::is_key_refused;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(type_prefix = "Session"))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    UnknownWorkflow,
    InvalidInput,
    MissingKey,
    InvalidProvider,
    /// A base URL that is not `https:` (plain `http:` only to this machine) or carries
    /// credentials, a query or a fragment.
    InvalidBaseUrl,
    /// A first-party key (OpenAI, Anthropic, Gemini) would go to another host than the provider's
    /// own, and that host was not confirmed (`confirmedHost`).
    HostNotConfirmed,
    Cancelled,
    /// The provider refused the API key (HTTP 401/403): the run stopped at the first refusal,
    /// since every other call would be refused too. Fix the key, then run again.
    KeyRefused,
    RunFailed,
    /// Keeping, listing or deleting a model file for the in-browser model failed (not a GGUF
    /// file, no storage, storage full, a download that failed or was cancelled).
    ModelFile,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct SessionError {
    pub code: ErrorCode,
    pub message: String,
}

impl SessionError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// The run was stopped by its caller.
    pub fn stopped() -> Self {
        Self::new(ErrorCode::Cancelled, "The run was stopped.")
    }

    /// An engine error outside a run (building a graph, drawing it): always `RunFailed`.
    pub fn from_graph(error: &GraphError) -> Self {
        Self::new(ErrorCode::RunFailed, error.to_string())
    }

    /// How a run ended badly. Stopped or failed is decided by the run's own token, not by the
    /// engine's error text: a node failing with a message that mentions "cancelled" is a
    /// failure, and a stop is a stop whatever the interrupted call reported.
    pub fn from_run(error: &GraphError, cancel: &CancelToken) -> Self {
        match error {
            _ if cancel.is_cancelled() => Self::stopped(),
            GraphError::NodeFailed { node, cause } if is_key_refused(cause) => Self::new(
                ErrorCode::KeyRefused,
                format!("The run stopped at `{node}`: {cause}. Check the API key, then run again."),
            ),
            _ => Self::from_graph(error),
        }
    }
}
