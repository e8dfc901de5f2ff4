//! The tailoring form's values: resume, job description and the run options, saved in the
//! browser as the user types (a reload or a failed run loses nothing), and the workflow input
//! they make.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::ui::components::{draft_signal, first_line};
use crate::ui::storage;
use crate::workflows::resume_tailoring::TailorRunInput;
use crate::workflows::sample::SAMPLE_RESUME;

/// Shared with the review page: the user's resume is the same whatever the workflow.
const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_JOB_KEY: &str = "careergraph.draft.job";
const DRAFT_OPTIONS_KEY: &str = "careergraph.draft.tailor-options";

/// A fictional job ad for the sample resume. It asks for two skills the sample does not show
/// (Redis, GraphQL), so a first run shows the questions.
pub const SAMPLE_JOB_DESCRIPTION: &str = "\
Staff Backend Engineer — Freightline (fictional)

About the role
You will own the services that track parcels across Europe and design the event pipelines behind them.

Requirements
- Rust or Go in production, and PostgreSQL
- Kafka event pipelines and distributed systems
- Redis for caching and rate limiting
- GraphQL APIs for our partner platform
- Kubernetes and AWS

Nice to have
- Terraform
- Mentoring engineers
";

/// Run options, saved together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TailorOptions {
    /// ATS score (0–100) the draft should reach.
    pub target_ats_score: u32,
    pub human_review: bool,
    /// Seconds the review waits before the draft is finalized as is (at least 10).
    pub review_timeout_seconds: u32,
}

impl Default for TailorOptions {
    fn default() -> Self {
        Self {
            target_ats_score: 80,
            human_review: true,
            review_timeout_seconds: 600,
        }
    }
}

/// The form's signals. `Copy`.
#[derive(Clone, Copy)]
pub struct TailorForm {
    pub resume: RwSignal<String>,
    pub job: RwSignal<String>,
    pub options: RwSignal<TailorOptions>,
}

impl TailorForm {
    /// Signals initialised from the saved drafts (or the samples) that save themselves.
    pub fn load() -> Self {
        let options = RwSignal::new(
            storage::load(DRAFT_OPTIONS_KEY)
                .and_then(|json| serde_json::from_str(&json).ok())
                .unwrap_or_default(),
        );
        Effect::new(move |_| {
            options.with(|o: &TailorOptions| {
                if let Ok(json) = serde_json::to_string(o) {
                    storage::save(DRAFT_OPTIONS_KEY, &json);
                }
            })
        });
        Self {
            resume: draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME),
            job: draft_signal(DRAFT_JOB_KEY, SAMPLE_JOB_DESCRIPTION),
            options,
        }
    }

    /// The workflow input; `master_resume` is the stored full resume the answers are added to,
    /// when there is one; `language` is the agents' output.
    pub fn input(&self, master_resume: Option<String>, language: Language) -> TailorRunInput {
        let options = self.options.get_untracked();
        TailorRunInput {
            resume: self.resume.get_untracked(),
            job_description: self.job.get_untracked(),
            master_resume: master_resume.filter(|m| !m.trim().is_empty()),
            target_ats_score: Some(options.target_ats_score.min(100)),
            human_review: Some(options.human_review),
            review_timeout_seconds: Some(options.review_timeout_seconds.max(10)),
            language,
            ..TailorRunInput::default()
        }
    }
}

/// A short title for the run list: the job ad's first non-empty line.
pub fn title_of(job_description: &str) -> String {
    first_line(job_description, "Untitled job")
}
