//! Per-run settings and input. Settings are not state: the model override map and the cancel
//! token belong to the caller, and API keys live in the model object, never in (checkpointed) state.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::llm::CancelToken;

/// How a review runs. `Default` gives the seed's values: threshold 8.0, 3 iterations, design on.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewSettings {
    /// Integrated score (0–10) at which the review stops revising.
    pub threshold: f64,
    /// Review rounds at most (a round is router → critics → aggregator).
    pub max_iterations: u32,
    /// Run the design review after the portfolio advice.
    pub design_review: bool,
    /// Model per agent, keyed by node name ("recruiter", "tech_writer", "copywriter", "revisor",
    /// "portfolio", "design"); the seed's `override_model`. Unlisted agents use the model's default.
    pub model_overrides: BTreeMap<String, String>,
    /// The language agents write their text in (English unless the user picks another).
    pub language: Language,
    /// Cancels every chat call of the run and stops it at the next node (the run fails with a
    /// "cancelled" node error). Not serialised: the caller keeps it.
    #[serde(skip)]
    pub cancel: Option<CancelToken>,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings {
            threshold: 8.0,
            max_iterations: 3,
            design_review: true,
            model_overrides: BTreeMap::new(),
            language: Language::En,
            cancel: None,
        }
    }
}

impl ReviewSettings {
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
}

/// What the user gives: a resume (any text: Markdown, plain, JSON Resume) and a target role.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewInput {
    pub resume: String,
    pub target_role: String,
}

impl ReviewInput {
    pub fn new(resume: impl Into<String>, target_role: impl Into<String>) -> Self {
        ReviewInput {
            resume: resume.into(),
            target_role: target_role.into(),
        }
    }
}
