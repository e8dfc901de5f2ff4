//! Per-run settings and input. Settings are not state: model overrides and the cancel token belong
//! to the caller; the language is copied into state by [`super::initial_state`] for the page.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::llm::CancelToken;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HiringSettings {
    /// The language every agent writes in; its `prompt_instruction()` ends every system prompt.
    pub language: Language,
    /// Model per agent, keyed by node name (e.g. "supervisor_agent"). Unlisted: the default model.
    pub model_overrides: BTreeMap<String, String>,
    /// Cancels every chat call of the run. Not serialised: the caller keeps it.
    #[serde(skip)]
    pub cancel: Option<CancelToken>,
}

impl HiringSettings {
    pub fn with_language(mut self, language: Language) -> Self {
        self.language = language;
        self
    }

    pub fn with_cancel(mut self, cancel: CancelToken) -> Self {
        self.cancel = Some(cancel);
        self
    }

    pub fn with_model_override(mut self, node: &str, model: &str) -> Self {
        self.model_overrides
            .insert(node.to_string(), model.to_string());
        self
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
    }

    /// Supersteps a run needs at most: supervisor and agent alternate, at most one dispatch per
    /// agent (the step limit), then the final supervisor step; with room to spare.
    pub fn recursion_limit(&self) -> usize {
        2 * super::routing::AGENTS.len() + 4
    }
}

/// What the user gives: the resume and the job description as text, and optionally a task.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HiringInput {
    pub resume: String,
    pub job_description: String,
    pub task: Option<String>,
}

impl HiringInput {
    pub fn new(resume: impl Into<String>, job_description: impl Into<String>) -> Self {
        HiringInput {
            resume: resume.into(),
            job_description: job_description.into(),
            task: None,
        }
    }
}
