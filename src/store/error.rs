//! What can go wrong with the browser store, as sentences a page can show.

use crate::graph::GraphError;

/// Why the store failed. `Unavailable` is the one a page should expect in normal use (private
/// windows, storage disabled or blocked by policy): runs still work, they are just not saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreErrorKind {
    /// The browser offers no IndexedDB here, or refused to open it.
    Unavailable,
    /// Another tab holds an older version of the database open.
    Blocked,
    /// A read or write failed (quota, aborted transaction, corrupt record...).
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StoreError {
    pub kind: StoreErrorKind,
    /// User-facing: says what happened and what still works.
    pub message: String,
}

impl StoreError {
    pub fn new(kind: StoreErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    pub fn unavailable(detail: &str) -> Self {
        Self::new(
            StoreErrorKind::Unavailable,
            format!(
                "This browser does not let the page save runs (IndexedDB is unavailable: {detail}). \
                 Runs still work, but they are lost on reload; a private window or blocked site \
                 storage is the usual cause."
            ),
        )
    }

    pub fn failed(what: &str, detail: &str) -> Self {
        Self::new(
            StoreErrorKind::Failed,
            format!("Could not {what} in the browser's storage: {detail}"),
        )
    }
}

/// The engine sees storage failures as checkpointer errors (the run fails with the message).
impl From<StoreError> for GraphError {
    fn from(error: StoreError) -> Self {
        GraphError::Checkpointer(error.message)
    }
}

/// Whether a storage error message says the browser's storage quota is used up: browsers name
/// the `DOMException` `QuotaExceededError` (older Firefox: `NS_ERROR_DOM_QUOTA_REACHED`), and
/// store errors carry that name in their message.
pub fn is_quota_message(message: &str) -> bool {
    message.contains("QuotaExceededError") || message.contains("QUOTA_REACHED")
}

impl StoreError {
    /// Whether this failure is the storage quota being used up.
    pub fn is_quota(&self) -> bool {
        is_quota_message(&self.message)
    }
}
