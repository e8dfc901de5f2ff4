//! "Let the model read the unsure entries": the outline's one model call outside a run, on the
//! provider the user chose and nowhere else; never on the offline demo, which has no model to
//! read with (its answers are scripted per workflow).

use super::error::{ErrorCode, SessionError};
use super::runtime::Runtime;
use crate::domain::Language;
use crate::llm::{CancelToken, LlmError};
use crate::workflows::common::read_entries::read_entries;
use crate::workflows::RunControls;

/// What the model's reading did to the resume text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryReading {
    /// The text with every reading kept written in (the same text when none was).
    pub text: String,
    /// The header lines the kept readings were written as: the outline marks those entries.
    pub read_lines: Vec<String>,
    /// Entries sent to the model.
    pub asked: usize,
    /// Values the model gave that the entry's own lines do not contain: dropped.
    pub dropped_values: usize,
    /// Readings not kept (they read back otherwise, still unsure, or as the rules read them).
    pub not_kept: usize,
    pub input_tokens: u64,
    pub output_tokens: u64,
}

/// Stops a reading under way (its request is dropped, and the browser aborts the fetch).
#[derive(Clone, Default)]
pub struct ReadStop(CancelToken);

impl ReadStop {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn stop(&self) {
        self.0.cancel();
    }
}

impl Runtime {
    /// Asks this runtime's model to read the jobs and degrees of `text` that the reader is unsure
    /// of (all of them with `whole`), keeping only what each entry's own lines say and what reads
    /// back sure. On the offline demo: `InvalidProvider`, and nothing is sent.
    pub async fn read_resume_entries(
        &self,
        text: &str,
        whole: bool,
        language: Language,
        stop: &ReadStop,
    ) -> Result<EntryReading, SessionError> {
        let Some(model) = self.model.chosen() else {
            return Err(SessionError::new(
                ErrorCode::InvalidProvider,
                "The offline demo has no model to read with: choose a provider in Settings.",
            ));
        };
        let controls = RunControls {
            // A reading is no run: it has no per-agent models, only the provider's.
            model_overrides: Default::default(),
            language,
            cancel: Some(stop.0.clone()),
            nonce: None,
        };
        let read = read_entries(model.as_ref(), &controls, text, whole)
            .await
            .map_err(|e| from_llm(&e, &stop.0))?;
        Ok(EntryReading {
            text: read.outcome.text,
            read_lines: read.outcome.read_lines,
            asked: read.outcome.asked,
            dropped_values: read.outcome.dropped_values,
            not_kept: read.outcome.kept_as_read,
            input_tokens: read.input_tokens,
            output_tokens: read.output_tokens,
        })
    }
}

/// A failed reading as the page says it: stopped, a refused key, or the provider's own words.
fn from_llm(error: &LlmError, stop: &CancelToken) -> SessionError {
    let said = error.to_string();
    let said = said.trim_end_matches('.');
    match error {
        _ if stop.is_cancelled() => {
            SessionError::new(ErrorCode::Cancelled, "The reading was stopped.")
        }
        LlmError::Auth { .. } => SessionError::new(
            ErrorCode::KeyRefused,
            format!("{said}. Check the API key in Settings."),
        ),
        _ => SessionError::new(
            ErrorCode::RunFailed,
            format!("The model could not read the entries: {said}."),
        ),
    }
}
