//! Resume tailoring, declared for the registry: its input as callers send it and how a run is built.

use crate::domain::result_check::{Against, Verdict};
use serde::{Deserialize, Serialize};

use crate::domain::injection::{scan_inputs, InjectionFinding};

use super::{demo, graph, initial_state, GraphState, TailorInput, TailorSettings};
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::workflows::common::{check_text, RunControls};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;
use crate::workflows::sample::SAMPLE_RESUME;

/// Input of `resume_tailoring`. The run pauses for questions and for the review.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TailorRunInput {
    /// The resume to tailor: Markdown or plain text.
    pub resume: String,
    /// The job description, as text.
    pub job_description: String,
    /// The full master resume the answers are added to (defaults to `resume`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_resume: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_id: Option<String>,
    /// ATS score (0–100) the draft aims for. Default 80.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 100)))]
    pub target_ats_score: Option<u32>,
    /// Pause for a human review of the draft. Default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub human_review: Option<bool>,
    /// After this many seconds the page answers the review with `{decision: "timeout"}`. Default 600.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 10)))]
    pub review_timeout_seconds: Option<u32>,
    /// Questions asked at most (0–10). Default 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 10)))]
    pub max_questions: Option<u32>,
    /// Revision rounds at most (0–10). Default 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 10)))]
    pub max_revisions: Option<u32>,
    /// The language the agents write in. Default English.
    #[serde(default)]
    pub language: Language,
}

/// Resume tailoring with questions and human review (docs/workflows/resume_tailoring.md).
pub struct TailoringWorkflow;

impl TailorRunInput {
    /// The suspicious lines of this input (what the run's state records in
    /// `injection_findings`, master resume included when it differs from the resume).
    pub fn injection_findings(&self) -> Vec<InjectionFinding> {
        let master = self
            .master_resume
            .as_deref()
            .filter(|m| !m.trim().is_empty() && *m != self.resume);
        let mut inputs = vec![
            ("resume", self.resume.as_str()),
            ("job_description", self.job_description.as_str()),
        ];
        inputs.extend(master.map(|m| ("master_resume", m)));
        scan_inputs(&inputs)
    }
}

impl Workflow for TailoringWorkflow {
    const ID: &'static str = "resume_tailoring";
    const THREAD_PREFIX: &'static str = "tailor";
    type Input = TailorRunInput;
    type State = GraphState;
    type Pause = super::TailorPause;
    type Answer = super::TailorAnswer;

    const AGENTS: &'static [AgentName] = &[
        AgentName::step("file_loader", "Loading", "载入"),
        AgentName::new("job_analyzer", "Job analysis", "职位分析"),
        AgentName::new("resume_screener", "Resume screening", "简历筛查"),
        AgentName::new("resume_tailorer", "Tailoring", "定制"),
        AgentName::new("ats_optimizer", "ATS optimizer", "ATS 优化"),
        AgentName::new("reflexion_agent", "Revision", "修改"),
        AgentName::step("finalization_agent", "Final draft", "定稿"),
        AgentName::step("info_collection", "Questions", "提问"),
        AgentName::step("human_review", "Your review", "你的审阅"),
        AgentName::step("question_asker", "Questions", "提问"),
        AgentName::step("info_formatter", "Your answers", "你的回答"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Tailor to a job", "简历定制"),
            description: Bilingual::new(
                "Tailors the resume to a job description: job analysis, screening, questions about \
                 missing skills (answers update the master resume), ATS optimisation, your review \
                 (approve or request revisions), final resume.",
                "按职位描述定制简历：职位分析、筛选、就缺失技能向你提问（回答会更新主简历）、ATS 优化、你的审阅，最终简历。",
            ),
            interactive: true,
        }
    }

    fn check(input: &TailorRunInput) -> Result<(), InputError> {
        check_text("resume", &input.resume)?;
        check_text("job description", &input.job_description)?;
        if let Some(master) = input
            .master_resume
            .as_deref()
            .filter(|m| !m.trim().is_empty())
        {
            check_text("master resume", master)?;
        }
        Ok(())
    }

    fn prepare(input: TailorRunInput, env: &RunEnv) -> Result<Prepared<GraphState>, InputError> {
        Self::check(&input)?;
        let defaults = TailorSettings::default();
        let settings = TailorSettings {
            target_ats_objective: input
                .target_ats_score
                .unwrap_or(defaults.target_ats_objective)
                .min(100),
            human_review: input.human_review.unwrap_or(defaults.human_review),
            review_timeout_seconds: input
                .review_timeout_seconds
                .unwrap_or(defaults.review_timeout_seconds)
                .max(10),
            max_questions: input
                .max_questions
                .unwrap_or(defaults.max_questions)
                .min(10),
            max_revisions: input
                .max_revisions
                .unwrap_or(defaults.max_revisions)
                .min(10),
            controls: RunControls::from_env(env, input.language),
        };
        let graph = env.compile(graph(env.model.clone(), settings.clone())?)?;
        let tailor_input = TailorInput {
            user_id: input.user_id.unwrap_or_default(),
            job_id: input.job_id.unwrap_or_default(),
            resume: input.resume,
            job_description: input.job_description,
            master_resume: input.master_resume,
        };
        Ok(Prepared {
            graph,
            initial: initial_state(&tailor_input, &settings),
            recursion_limit: settings.recursion_limit(),
        })
    }

    fn sample_input() -> TailorRunInput {
        TailorRunInput {
            resume: SAMPLE_RESUME.into(),
            job_description: SAMPLE_JOB_DESCRIPTION.into(),
            ..TailorRunInput::default()
        }
    }

    fn with_demo(model: DemoModel) -> DemoModel {
        demo::with_tailoring_responders(model)
    }

    /// The tailored resume (the last draft when the run ended before one was made) against the
    /// resume as given: every part of it kept, nothing the user's texts (resume, master resume,
    /// job, answers) lack bar the facts the user chose to keep, and at least a quarter of the
    /// resume's length.
    fn check_result(s: &GraphState) -> crate::workflows::registry::Verdict {
        let result = if s.tailored_resume.trim().is_empty() {
            &s.current_draft
        } else {
            &s.tailored_resume
        };
        let sources = [
            s.original_resume.as_str(),
            s.master_resume.as_str(),
            s.job_description.as_str(),
            s.collected_info.as_str(),
        ];
        let min_words = crate::domain::han::word_units(&s.original_resume).round() as usize;
        Verdict::of(
            result,
            Against {
                resume: Some(&s.original_resume),
                sources: &sources,
                language: None,
                prompt: include_str!("prompts/resume_tailorer.md"),
                min_words,
            },
        )
        .after_decisions(&[], &s.kept_fact_keys)
    }
}
