//! The hiring pipeline, declared for the registry: its input as callers send it and how a run is built.

use serde::{Deserialize, Serialize};

use crate::domain::injection::{scan_inputs, InjectionFinding};

use super::{demo, graph, initial_state, HiringInput, HiringSettings, HiringState};
use crate::domain::blind::BlindOptions;
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::workflows::common::{check_text, RunControls};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, NoPause, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;
use crate::workflows::sample::SAMPLE_RESUME;

/// Input of `hiring_pipeline`: a supervisor routes nine agents into a hiring packet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HiringRunInput {
    /// The candidate's resume: Markdown or plain text; at most 60 000 characters.
    pub resume: String,
    /// The job description, as text; at most 60 000 characters.
    pub job_description: String,
    /// The language the agents write in. Default English.
    #[serde(default)]
    pub language: Language,
    /// What the hiring team wants (defaults to a full hiring packet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    /// Blind, on unless `false`: every agent reads the resume with its name, contact details and
    /// personal attributes masked (birth date and age, gender, nationality, ethnicity, marital
    /// status, religion, political affiliation, health, photo, address).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind: Option<bool>,
    /// With `blind`, also mask graduation years and turn job dates into lengths (proxies of age
    /// and a career break); off unless `true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask_proxies: Option<bool>,
}

/// The hiring pipeline under a supervisor (docs/workflows/hiring_pipeline.md).
pub struct HiringWorkflow;

impl HiringRunInput {
    /// The suspicious lines of this input (what the packet records in `injection_findings`).
    pub fn injection_findings(&self) -> Vec<InjectionFinding> {
        scan_inputs(&[
            ("resume", &self.resume),
            ("job_description", &self.job_description),
            ("task", self.task.as_deref().unwrap_or_default()),
        ])
    }
}

impl Workflow for HiringWorkflow {
    const ID: &'static str = "hiring_pipeline";
    const THREAD_PREFIX: &'static str = "hiring";
    type Input = HiringRunInput;
    type State = HiringState;
    type Pause = NoPause;
    type Answer = NoPause;

    const AGENTS: &'static [AgentName] = &[
        AgentName::new("supervisor_agent", "Supervisor", "调度员"),
        AgentName::new("resume_parser_agent", "Resume parser", "简历解析"),
        AgentName::new("jd_analysis_agent", "Job analysis", "职位分析"),
        AgentName::new("matching_agent", "Matching", "匹配分析"),
        AgentName::new(
            "candidate_research_agent",
            "Background research",
            "背景调研",
        ),
        AgentName::new("hr_interview_agent", "HR interview", "HR 面试"),
        AgentName::new(
            "technical_interview_agent",
            "Technical interview",
            "技术面试",
        ),
        AgentName::new("ceo_interview_agent", "CEO interview", "CEO 面试"),
        AgentName::new("evaluation_agent", "Evaluation", "评估"),
        AgentName::new("email_agent", "Email", "邮件"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Hiring packet", "招聘材料包"),
            description: Bilingual::new(
                "A supervisor routes nine agents over a resume and a job description: profile, job \
                 analysis, match with a score, background notes (no web access), HR, technical and \
                 CEO interview questions, an evaluation with a recommendation and an email draft.",
                "主管智能体调度解析、职位分析、匹配、面试题、评估与邮件草稿，生成完整的候选人材料包。",
            ),
            interactive: false,
        }
    }

    fn check(input: &HiringRunInput) -> Result<(), InputError> {
        check_text("resume", &input.resume)?;
        check_text("job description", &input.job_description)
    }

    fn prepare(input: HiringRunInput, env: &RunEnv) -> Result<Prepared<HiringState>, InputError> {
        Self::check(&input)?;
        let settings = HiringSettings {
            controls: RunControls::from_env(env, input.language),
        };
        Ok(Prepared {
            graph: env.compile(graph(env.model.clone(), settings.clone()))?,
            initial: initial_state(
                &HiringInput {
                    resume: input.resume,
                    job_description: input.job_description,
                    task: input.task,
                    blind: (input.blind != Some(false)).then(|| {
                        BlindOptions::at(input.mask_proxies == Some(true), (env.now_ms)())
                    }),
                },
                &settings,
            ),
            recursion_limit: settings.recursion_limit(),
        })
    }

    fn sample_input() -> HiringRunInput {
        HiringRunInput {
            resume: SAMPLE_RESUME.into(),
            job_description: SAMPLE_JOB_DESCRIPTION.into(),
            ..HiringRunInput::default()
        }
    }

    fn with_demo(model: DemoModel) -> DemoModel {
        demo::with_hiring_responders(model)
    }

    /// The packet's words for people: the evaluation's summary and the email draft, each an
    /// answer in the run's language (not empty, looping or in the other language); the email,
    /// which goes to a person, claims no employer, title, number or date that the resume and the
    /// job description lack. (The evaluation's summary may count years from dates, so its
    /// numbers are not held to the texts.) A packet with neither is not usable.
    fn check_result(finished: &HiringState) -> crate::workflows::registry::Verdict {
        let summary = finished.evaluation.as_ref().map(|e| e.summary.as_str());
        let email = finished.email_content.as_ref().map(|e| e.body.as_str());
        let parts: Vec<&str> = [summary, email].into_iter().flatten().collect();
        let parts = if parts.is_empty() { vec![""] } else { parts };
        let sources = [finished.resume_text.as_str(), finished.jd_text.as_str()];
        crate::workflows::registry::Verdict::of_parts(&parts, finished.language)
            .with_grounding(email.unwrap_or_default(), &sources)
    }
}
