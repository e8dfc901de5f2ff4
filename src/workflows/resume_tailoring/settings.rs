//! Per-run settings and input. Settings are not state: the shared controls (model overrides,
//! language, cancel token) belong to the caller; the values routing reads are copied into state by
//! [`super::initial_state`].

use serde::{Deserialize, Serialize};

use crate::workflows::common::{RunControls, RunSettings};

/// How a tailoring run behaves. `Default`: ATS target 80, human review on with a 10-minute timeout,
/// at most 5 questions and 3 revision rounds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TailorSettings {
    /// ATS score (0–100) the draft should reach; shown to the reviewer as the target.
    pub target_ats_objective: u32,
    /// Pause for the user's review (`human_review`) before finalizing.
    pub human_review: bool,
    /// How long the page waits for a review before it answers `{"decision": "timeout"}` (the
    /// engine has no clock: the page runs the timer). Sent in the review payload.
    pub review_timeout_seconds: u32,
    /// Questions the info-collection conversation asks at most (the most important missing
    /// required skills first).
    pub max_questions: u32,
    /// Revision rounds (review → reflexion) at most; a further "revise" finalizes with a warning.
    pub max_revisions: u32,
    #[serde(flatten)]
    pub controls: RunControls,
}

impl Default for TailorSettings {
    fn default() -> Self {
        TailorSettings {
            target_ats_objective: 80,
            human_review: true,
            review_timeout_seconds: 600,
            max_questions: 5,
            max_revisions: 3,
            controls: RunControls::default(),
        }
    }
}

impl RunSettings for TailorSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
    }
}

impl TailorSettings {
    /// Supersteps a run needs at most: the pipeline, the info-collection detour, and per revision
    /// round reflexion → ATS → review, with room to spare.
    pub fn recursion_limit(&self) -> usize {
        16 + 3 * self.max_revisions as usize + self.max_questions as usize
    }
}

/// What the user gives: the resume to tailor, the job description (text; file import converts
/// files to text before this), and optionally the full master resume the resume was cut from
/// (defaults to `resume`). Ids are the page's, for storage keys.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TailorInput {
    pub user_id: String,
    pub job_id: String,
    pub resume: String,
    pub job_description: String,
    pub master_resume: Option<String>,
}

impl TailorInput {
    pub fn new(resume: impl Into<String>, job_description: impl Into<String>) -> Self {
        TailorInput {
            resume: resume.into(),
            job_description: job_description.into(),
            ..TailorInput::default()
        }
    }

    pub fn with_master_resume(mut self, master: impl Into<String>) -> Self {
        self.master_resume = Some(master.into());
        self
    }
}
