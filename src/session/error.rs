//! Errors a caller (the page, or a host app through the JS API) shows to its user. The message is
//! user-facing; the code is for programs.

use serde::Serialize;

use crate::graph::GraphError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    UnknownWorkflow,
    InvalidInput,
    MissingKey,
    InvalidProvider,
    Cancelled,
    RunFailed,
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

    /// A failed run: cancellation is its own code so pages can say "stopped" rather than "failed".
    pub fn from_graph(error: &GraphError) -> Self {
        let message = error.to_string();
        if message.to_lowercase().contains("cancelled") {
            Self::new(ErrorCode::Cancelled, "The run was stopped.")
        } else {
            Self::new(ErrorCode::RunFailed, message)
        }
    }
}
