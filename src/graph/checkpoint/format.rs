//! Reading stored checkpoints whatever app version wrote them: a record this build cannot read
//! is a clear `GraphError::UnreadableCheckpoint`, never a panic, so a store can skip it.

use serde_json::Value;

use super::{Checkpoint, CHECKPOINT_FORMAT_VERSION};
use crate::graph::error::GraphError;

impl Checkpoint {
    /// Decodes a stored checkpoint from its JSON text. Records without a known format version,
    /// from a newer app version, or damaged, give [`GraphError::UnreadableCheckpoint`].
    pub fn from_json(text: &str) -> Result<Checkpoint, GraphError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| unreadable(None, format!("it is not valid JSON ({e})")))?;
        Checkpoint::from_value(value)
    }

    /// Like [`Checkpoint::from_json`], from already parsed JSON.
    pub fn from_value(value: Value) -> Result<Checkpoint, GraphError> {
        let version = value.get("format_version").and_then(Value::as_u64);
        check_version(version)?;
        crate::value_de::from_value(value)
            .map_err(|e| unreadable(version, format!("it is damaged or incomplete ({e})")))
    }

    /// Fails when this build cannot understand the checkpoint's layout.
    pub fn check_format(&self) -> Result<(), GraphError> {
        check_version(Some(u64::from(self.format_version)))
    }
}

fn check_version(version: Option<u64>) -> Result<(), GraphError> {
    match version {
        Some(v) if (1..=u64::from(CHECKPOINT_FORMAT_VERSION)).contains(&v) => Ok(()),
        Some(v) if v > u64::from(CHECKPOINT_FORMAT_VERSION) => Err(unreadable(
            version,
            format!(
                "it was saved by a newer version of the app (format {v}; this version reads \
                 formats up to {CHECKPOINT_FORMAT_VERSION}); update the app to open it"
            ),
        )),
        _ => Err(unreadable(
            version,
            "it has no known format version (not a checkpoint, or from an unreleased build)"
                .to_string(),
        )),
    }
}

fn unreadable(format_version: Option<u64>, reason: String) -> GraphError {
    GraphError::UnreadableCheckpoint {
        format_version,
        reason,
    }
}
