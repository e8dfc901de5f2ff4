//! Per-run settings and input. Settings are not state: the shared controls (model overrides keyed
//! by node name such as "supervisor_agent", language, cancel token) belong to the caller; the
//! language is copied into state by [`super::initial_state`] for the page.

use serde::{Deserialize, Serialize};

use crate::domain::blind::BlindOptions;
use crate::workflows::common::{RunControls, RunSettings};

/// A hiring run has nothing of its own to set: only the shared controls.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HiringSettings {
    #[serde(flatten)]
    pub controls: RunControls,
}

impl RunSettings for HiringSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
    }
}

impl HiringSettings {
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
    /// Blind: what the agents read of the resume is masked (`crate::domain::blind`); none reads
    /// it as given.
    pub blind: Option<BlindOptions>,
}

impl HiringInput {
    pub fn new(resume: impl Into<String>, job_description: impl Into<String>) -> Self {
        HiringInput {
            resume: resume.into(),
            job_description: job_description.into(),
            task: None,
            blind: None,
        }
    }
}
