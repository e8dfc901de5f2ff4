//! Per-run settings and input. Settings are not state: the shared controls (model overrides,
//! language, cancel token) belong to the caller, and API keys live in the model object, never in
//! (checkpointed) state.

use serde::{Deserialize, Serialize};

use crate::workflows::common::{RunControls, RunSettings};

/// How a review runs. `Default` gives the seed's values: threshold 8.0, 3 iterations, design on.
/// Model overrides are keyed by node name ("recruiter", "tech_writer", "copywriter", "revisor",
/// "portfolio", "design"). A cancelled run stops at the next node and fails with a "cancelled"
/// node error.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewSettings {
    /// Integrated score (0–10) at which the review stops revising.
    pub threshold: f64,
    /// Review rounds at most (a round is router → critics → aggregator).
    pub max_iterations: u32,
    /// Run the design review after the portfolio advice.
    pub design_review: bool,
    #[serde(flatten)]
    pub controls: RunControls,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings {
            threshold: 8.0,
            max_iterations: 3,
            design_review: true,
            controls: RunControls::default(),
        }
    }
}

impl RunSettings for ReviewSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
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
