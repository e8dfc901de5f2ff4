//! Resume review, declared for the registry: its input as callers send it and how a run is built.

use crate::domain::result_check::{Against, Verdict};
use serde::{Deserialize, Serialize};

use crate::domain::injection::{scan_inputs, InjectionFinding};

use super::{demo, graph, initial_state, ReviewInput, ReviewSettings, ReviewState, ReviewUpdate};
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::workflows::common::{check_text, RunControls};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, NoPause, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use crate::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};

/// Input of `resume_review`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReviewRunInput {
    /// The resume: Markdown, plain text or JSON Resume; at most 60 000 characters.
    pub resume: String,
    /// Target role or job description; at most 60 000 characters.
    pub target_role: String,
    /// Score (0–10) at which revising stops. Default 8.
    #[serde(default = "default_threshold")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 10)))]
    pub threshold: f64,
    /// Review rounds (1–10). Default 3.
    #[serde(default = "default_iterations")]
    #[cfg_attr(feature = "api", schemars(range(min = 1, max = 10)))]
    pub max_iterations: u32,
    /// Whether the design (layout) review runs at the end. Default true.
    #[serde(default = "yes")]
    pub design_review: bool,
    /// The language the agents write in. Default English.
    #[serde(default)]
    pub language: Language,
}

fn default_threshold() -> f64 {
    8.0
}
fn default_iterations() -> u32 {
    3
}
fn yes() -> bool {
    true
}

impl Default for ReviewRunInput {
    fn default() -> Self {
        ReviewRunInput {
            resume: String::new(),
            target_role: String::new(),
            threshold: default_threshold(),
            max_iterations: default_iterations(),
            design_review: true,
            language: Language::En,
        }
    }
}

impl ReviewRunInput {
    /// The suspicious lines of this input (what the run's state records in
    /// `injection_findings`), for a page to warn before the run's first step arrives.
    pub fn injection_findings(&self) -> Vec<InjectionFinding> {
        scan_inputs(&[("resume", &self.resume), ("target_role", &self.target_role)])
    }
}

/// The resume review of docs/workflows/resume_review.md.
pub struct ReviewWorkflow;

impl Workflow for ReviewWorkflow {
    const ID: &'static str = "resume_review";
    const THREAD_PREFIX: &'static str = "review";
    type Input = ReviewRunInput;
    type State = ReviewState;
    type Pause = NoPause;
    type Answer = NoPause;

    const AGENTS: &'static [AgentName] = &[
        AgentName::step("router", "Router", "路由"),
        AgentName::new("recruiter", "Recruiter", "招聘官"),
        AgentName::new("tech_writer", "Technical writer", "技术写作"),
        AgentName::new("copywriter", "Copywriter", "文案"),
        AgentName::step("aggregator", "Aggregator", "汇总"),
        AgentName::new("revisor", "Revisor", "修订"),
        AgentName::new("portfolio", "Portfolio advice", "作品集建议"),
        AgentName::new("design", "Design advice", "版式建议"),
        AgentName::step("retry_critics", "Retry of failed critics", "重试失败的评审"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Resume review", "简历评审"),
            description: Bilingual::new(
                "Three critics (recruiter, technical writer, copywriter) review the resume in parallel; \
                 it is revised until the score meets the threshold, then portfolio and design advice.",
                "三位评审（招聘官、技术写作、文案）并行审阅简历；分数未达阈值时修订，最后给出作品集与版式建议。",
            ),
            interactive: false,
        }
    }

    fn check(input: &ReviewRunInput) -> Result<(), InputError> {
        check_text("resume", &input.resume)?;
        check_text("target role", &input.target_role)
    }

    fn prepare(input: ReviewRunInput, env: &RunEnv) -> Result<Prepared<ReviewState>, InputError> {
        Self::check(&input)?;
        let settings = ReviewSettings {
            threshold: input.threshold.clamp(0.0, 10.0),
            max_iterations: input.max_iterations.clamp(1, 10),
            design_review: input.design_review,
            controls: RunControls::from_env(env, input.language),
        };
        Ok(Prepared {
            graph: env.compile(graph(env.model.clone(), settings.clone()))?,
            initial: initial_state(
                &ReviewInput::new(input.resume, input.target_role),
                &settings,
            ),
            // Enough supersteps for max_iterations rounds of four steps, plus portfolio and design.
            recursion_limit: settings.max_iterations as usize * 4 + 4,
        })
    }

    fn sample_input() -> ReviewRunInput {
        ReviewRunInput {
            resume: SAMPLE_RESUME.into(),
            target_role: SAMPLE_TARGET_ROLE.into(),
            ..ReviewRunInput::default()
        }
    }

    fn with_demo(model: DemoModel) -> DemoModel {
        demo::with_review_responders(model)
    }

    /// "Retry failed critics": a review whose result round has critics that failed asks just
    /// those again on the result's resume; the round is scored again (see `retry`).
    fn follow_up(finished: &ReviewState) -> Option<ReviewUpdate> {
        super::retry::follow_up(finished)
    }

    /// The revised resume (when the run ends with one) against the resume as given: what the review
    /// already lists as dropped (Keep deleted / Restore) or added is the user's to decide, the
    /// name and a degenerate rewrite are not.
    fn check_result(s: &ReviewState) -> crate::workflows::registry::Verdict {
        // The resume the run ends with (its best round's), when it differs from the one given.
        let (revised, original) = (s.resume.text.as_str(), s.original_resume.text.as_str());
        if revised == original {
            return Verdict::default();
        }
        let sources = [original, s.target_role.as_str()];
        let listed: Vec<String> = s.dropped_facts.iter().map(|d| d.key.clone()).collect();
        let added: Vec<String> = s.ungrounded_facts.iter().map(|f| f.key.clone()).collect();
        Verdict::of(
            revised,
            Against {
                resume: Some(original),
                sources: &sources,
                language: None,
                prompt: "",
                min_words: crate::domain::han::word_units(original).round() as usize,
            },
        )
        .after_decisions(&listed, &added)
    }
}
