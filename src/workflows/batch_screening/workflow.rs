//! Batch screening, declared for the registry: its input as callers send it and how a run is built.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::domain::blind::BlindOptions;
use crate::domain::fairness::impact::SelfReported;
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::llm::limiter::{LimiterConfig, RateLimited};
use crate::llm::ChatModel;
use crate::workflows::common::{check_text, RunControls};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;

use super::annotations::VariantOf;
use super::pause::{BatchAnswer, BatchPause};
use super::sample::SAMPLE_RESUMES;
use super::settings::{BatchSettings, DEFAULT_CONCURRENCY};
use super::state::{BatchCandidate, BatchState, BatchUpdate, CandidateStatus};
use super::{graph, recursion_limit};

/// The most resumes one batch takes.
pub const MAX_RESUMES: usize = 500;

/// One resume of a batch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BatchResume {
    /// What the user knows it by, e.g. its file name (default "Resume N").
    #[serde(default)]
    pub label: String,
    /// The resume as text (Markdown or plain); at most 60 000 characters.
    pub text: String,
    /// In a bias check ([`super::bias`]): what this resume is a version of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<VariantOf>,
    /// What the candidate said of themself (sex, race/ethnicity), optional: only for the impact
    /// ratios of the finished batch (`impact_report`). Never sent to a model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub categories: Option<SelfReported>,
}

/// Input of `batch_screening`: many resumes against one job.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BatchRunInput {
    /// The job description, as text; at most 60 000 characters.
    pub job_description: String,
    /// The resumes, at most 500.
    pub resumes: Vec<BatchResume>,
    /// The language the agents write in. Default English.
    #[serde(default)]
    pub language: Language,
    /// Only the deterministic ATS table: no model is called (no key needed).
    #[serde(default)]
    pub ats_only: bool,
    /// Pause and ask before starting more candidates once the estimated spend reaches this (USD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_cap_usd: Option<f64>,
    /// Candidates (and model calls) at once; default 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concurrency: Option<u32>,
    /// The provider account's request limit per minute, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests_per_minute: Option<u32>,
    /// The provider account's token limit per minute, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_per_minute: Option<u64>,
    /// Blind screening, on unless `false`: before any model reads a resume, its name, contact
    /// details, photo, address, birth date and age, gender, nationality, ethnicity, marital
    /// status, religion, political affiliation and health are masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind: Option<bool>,
    /// With blind screening, also mask graduation years and turn job dates into lengths
    /// (proxies of age and of a career break); on unless `false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask_proxies: Option<bool>,
    /// A bias check's shortlist line: the checked batch's median score (see [`super::bias`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortlist_at: Option<f64>,
}

impl BatchRunInput {
    /// The candidates with their ids (`c1`, `c2`, … in input order) and labels.
    pub fn candidates(&self) -> Vec<BatchCandidate> {
        self.resumes
            .iter()
            .enumerate()
            .map(|(i, resume)| BatchCandidate {
                id: format!("c{}", i + 1),
                label: if resume.label.trim().is_empty() {
                    format!("Resume {}", i + 1)
                } else {
                    resume.label.trim().to_string()
                },
                text: resume.text.clone(),
                variant: resume.variant.clone(),
                categories: resume.categories.clone(),
            })
            .collect()
    }

    /// Blind screening's options at `now_ms` (which lengthens periods to the present), none when
    /// it is off.
    pub fn blind_options(&self, now_ms: f64) -> Option<BlindOptions> {
        (self.blind != Some(false))
            .then(|| BlindOptions::at(self.mask_proxies != Some(false), now_ms))
    }

    pub fn concurrency(&self) -> usize {
        self.concurrency
            .map_or(DEFAULT_CONCURRENCY, |n| n.clamp(1, 16) as usize)
    }

    /// Checks what the user gave, before any model is called.
    pub fn check(&self) -> Result<(), InputError> {
        check_text("job description", &self.job_description)?;
        if self.resumes.is_empty() {
            return Err(InputError(
                "Add at least one resume: drop files or paste one.".into(),
            ));
        }
        if self.resumes.len() > MAX_RESUMES {
            return Err(InputError(format!(
                "{} resumes given; one batch takes at most {MAX_RESUMES}.",
                self.resumes.len()
            )));
        }
        for (i, resume) in self.resumes.iter().enumerate() {
            check_text(
                &format!("resume {} ({})", i + 1, resume.label),
                &resume.text,
            )?;
        }
        if self
            .cost_cap_usd
            .is_some_and(|cap| !cap.is_finite() || cap < 0.0)
        {
            return Err(InputError(
                "The cost cap must be a positive amount in USD.".into(),
            ));
        }
        Ok(())
    }

    /// The first update of a run.
    pub fn initial_state(&self) -> BatchUpdate {
        BatchUpdate::default()
            .jd_text(self.job_description.clone())
            .candidates(self.candidates())
            .language(self.language)
            .ats_only(self.ats_only)
            .cost_cap_usd(self.cost_cap_usd)
            .blind(self.blind_options(0.0))
            .shortlist_at(self.shortlist_at)
            .stopped_at_cap(false)
    }
}

/// Batch screening: many resumes against one job.
pub struct BatchWorkflow;

impl BatchWorkflow {
    /// [`Workflow::ID`], for code that does not import the trait.
    pub const ID_STR: &'static str = "batch_screening";
}

impl Workflow for BatchWorkflow {
    const ID: &'static str = Self::ID_STR;
    const THREAD_PREFIX: &'static str = "batch";
    type Input = BatchRunInput;
    type State = BatchState;
    type Pause = BatchPause;
    type Answer = BatchAnswer;

    const AGENTS: &'static [AgentName] = &[
        AgentName::step("ats_screen", "ATS score", "ATS 评分"),
        AgentName::new("jd_analysis_agent", "Job analysis", "职位分析"),
        AgentName::step("screen_candidate", "Screening", "候选人筛选"),
        AgentName::new("resume_parser_agent", "Resume parser", "简历解析"),
        AgentName::new("matching_agent", "Matching", "匹配分析"),
        AgentName::new("evaluation_agent", "Evaluation", "评估"),
        AgentName::step("cost_gate", "Cost cap", "费用上限"),
        AgentName::step("rank", "Ranking", "排名"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Batch screening", "批量筛选"),
            description: Bilingual::new(
                "Many resumes against one job: an ATS score for every resume at once (no model), \
                 then each candidate parsed, matched and evaluated within a rate and cost limit, \
                 in a ranked table you can export.",
                "一个职位、多份简历：先为每份简历计算 ATS 分数（无需模型），再在速率与费用限制内\
                 逐一解析、匹配与评估，生成可导出的排名表。",
            ),
            interactive: true,
        }
    }

    fn check(input: &BatchRunInput) -> Result<(), InputError> {
        input.check()
    }

    fn prepare(input: BatchRunInput, env: &RunEnv) -> Result<Prepared<BatchState>, InputError> {
        Self::check(&input)?;
        let settings = BatchSettings {
            controls: RunControls::from_env(env, input.language),
            concurrency: input.concurrency(),
            thread_id: env.thread_id.clone(),
        };
        let limits = LimiterConfig {
            max_in_flight: settings.concurrency,
            requests_per_minute: input.requests_per_minute,
            tokens_per_minute: input.tokens_per_minute,
            ..LimiterConfig::default()
        };
        let model: Rc<dyn ChatModel> = Rc::new(RateLimited::new(env.model.clone(), limits));
        Ok(Prepared {
            graph: env.compile(graph(model, settings))?,
            initial: input
                .initial_state()
                .blind(input.blind_options((env.now_ms)()))
                .provider(env.model.provider().to_string())
                .model(env.model.default_model().to_string()),
            recursion_limit: recursion_limit(),
        })
    }

    fn sample_input() -> BatchRunInput {
        BatchRunInput {
            job_description: SAMPLE_JOB_DESCRIPTION.into(),
            resumes: SAMPLE_RESUMES
                .iter()
                .map(|(label, text)| BatchResume {
                    label: (*label).into(),
                    text: (*text).into(),
                    ..BatchResume::default()
                })
                .collect(),
            ..BatchRunInput::default()
        }
    }

    /// The batch asks the hiring agents (same node names), whose offline answers the hiring
    /// workflow registers; registering them again here keeps the batch's demo whole on its own.
    fn with_demo(model: DemoModel) -> DemoModel {
        crate::workflows::hiring::demo::with_hiring_responders(model)
    }

    /// "Retry failed": a finished batch with failed or cancelled candidates screens those again
    /// on its own thread (one more retry round); screened candidates keep their results. A batch
    /// stopped at the cost cap goes on too: the retried candidates meet the cap (and its
    /// question) again. So does one stopped at a refused key: its waiting candidates are screened
    /// with the key the run is rebuilt with.
    fn follow_up(finished: &BatchState) -> Option<BatchUpdate> {
        let retry = !finished.ats_only
            && (finished.stopped_on_refused_key()
                || finished.candidates.iter().any(|c| {
                    finished.latest(&c.id).is_some_and(|r| {
                        matches!(
                            r.status,
                            CandidateStatus::Failed | CandidateStatus::Cancelled
                        )
                    })
                }));
        retry.then(|| {
            BatchUpdate::default()
                .retry_rounds(1u32)
                .stopped_at_cap(false)
        })
    }

    /// No problem of its own: the batch's result is its rows, each checked as it is screened (an
    /// evaluation that loops or says nothing fails its row with the reason, see `screen.rs`, so
    /// the loop's score is never ranked).
    fn check_result(_finished: &BatchState) -> crate::workflows::registry::Verdict {
        crate::workflows::registry::Verdict::default()
    }
}
