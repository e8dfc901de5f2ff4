//! The cover letter, declared for the registry: its input as callers send it and how a run is built.

use crate::domain::result_check::{Against, Verdict};
use serde::{Deserialize, Serialize};

use super::{demo, graph, initial_state, CoverLetterState, CoverSettings, Length, Tone};
use crate::domain::injection::{scan_inputs, InjectionFinding};
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::workflows::common::{check_text, RunControls, MAX_INPUT_CHARS};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, Prepared, RunEnv, Workflow, WorkflowMeta,
};
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;
use crate::workflows::sample::SAMPLE_RESUME;

/// Characters of the company or role name at most.
pub const MAX_NAME_CHARS: usize = 200;

/// Input of `cover_letter`. The run pauses once for the review (and again after each revision).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoverLetterInput {
    /// The resume: Markdown or plain text (any import gives text); at most 60 000 characters.
    pub resume: String,
    /// The job posting, as text; at most 60 000 characters. Not a source of facts about you.
    pub job_description: String,
    /// The company applied to, as the letter names it (may be empty).
    #[serde(default)]
    pub company: String,
    /// The role applied for, as the letter names it (may be empty).
    #[serde(default)]
    pub role: String,
    /// Anything the letter may say that the resume does not: your own words, a source of facts.
    #[serde(default)]
    pub notes: String,
    /// Default formal.
    #[serde(default)]
    pub tone: Tone,
    /// Default medium.
    #[serde(default)]
    pub length: Length,
    /// Revision rounds at most (0–10). Default 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 10)))]
    pub max_revisions: Option<u32>,
    /// The language of the letter and the agents. Default English.
    #[serde(default)]
    pub language: Language,
}

impl CoverLetterInput {
    /// The suspicious lines of this input (what the run's state records in
    /// `injection_findings`), for a page to warn before the run's first step arrives.
    pub fn injection_findings(&self) -> Vec<InjectionFinding> {
        scan_inputs(&[
            ("resume", &self.resume),
            ("job_description", &self.job_description),
            ("company", &self.company),
            ("role", &self.role),
            ("notes", &self.notes),
        ])
    }
}

/// A cover letter from the resume and a posting, every claim traced to the resume.
pub struct CoverLetterWorkflow;

/// A short text field: may be empty, not longer than [`MAX_NAME_CHARS`].
fn check_name(what: &str, text: &str) -> Result<(), InputError> {
    let chars = text.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(InputError(format!(
            "The {what} is {chars} characters long; the limit is {MAX_NAME_CHARS}."
        )));
    }
    Ok(())
}

impl Workflow for CoverLetterWorkflow {
    const ID: &'static str = "cover_letter";
    const THREAD_PREFIX: &'static str = "letter";
    type Input = CoverLetterInput;
    type State = CoverLetterState;
    type Pause = super::CoverLetterPause;
    type Answer = super::CoverLetterAnswer;

    const AGENTS: &'static [AgentName] = &[
        AgentName::step("requirements", "Requirements", "职位要求"),
        AgentName::new("evidence", "Evidence", "简历证据"),
        AgentName::new("framing", "Company and role", "公司与职位"),
        AgentName::new("writer", "Writer", "撰写"),
        AgentName::step("grounding", "Fact check", "事实核查"),
        AgentName::step("human_review", "Your review", "你的审阅"),
        AgentName::step("finalize", "Final letter", "定稿"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Cover letter", "求职信"),
            description: Bilingual::new(
                "Writes a cover letter for a job from your resume: the posting's requirements, the \
                 resume lines that answer them, the company's framing, a draft whose every \
                 paragraph cites its sources, and your review of any fact your resume does not \
                 hold (keep or remove it).",
                "依据你的简历为职位撰写求职信：分析职位要求、找出对应的简历内容、把握公司与职位定位，\
                 每段注明依据；简历里没有的事实交由你审阅（保留或删除）。",
            ),
            interactive: true,
        }
    }

    fn check(input: &CoverLetterInput) -> Result<(), InputError> {
        check_text("resume", &input.resume)?;
        check_text("job description", &input.job_description)?;
        check_name("company name", &input.company)?;
        check_name("role", &input.role)?;
        let chars = input.notes.chars().count();
        if chars > MAX_INPUT_CHARS {
            return Err(InputError(format!(
                "The notes are {chars} characters long; the limit is {MAX_INPUT_CHARS}."
            )));
        }
        Ok(())
    }

    fn prepare(
        input: CoverLetterInput,
        env: &RunEnv,
    ) -> Result<Prepared<CoverLetterState>, InputError> {
        Self::check(&input)?;
        let settings = CoverSettings {
            max_revisions: input
                .max_revisions
                .unwrap_or(CoverSettings::default().max_revisions)
                .min(10),
            controls: RunControls::from_env(env, input.language),
        };
        let graph = env.compile(graph(env.model.clone(), settings.clone())?)?;
        Ok(Prepared {
            graph,
            initial: initial_state(&input, &settings),
            recursion_limit: settings.recursion_limit(),
        })
    }

    fn sample_input() -> CoverLetterInput {
        CoverLetterInput {
            resume: SAMPLE_RESUME.into(),
            job_description: SAMPLE_JOB_DESCRIPTION.into(),
            company: "Harbor Logistics".into(),
            role: "Senior Backend Engineer".into(),
            ..CoverLetterInput::default()
        }
    }

    fn with_demo(model: DemoModel) -> DemoModel {
        demo::with_cover_letter_responders(model)
    }

    /// The letter against the resume, the posting and the notes: nothing they lack (bar the
    /// facts the user chose to keep), and not degenerate (a letter is 60 words at least).
    fn check_result(s: &CoverLetterState) -> crate::workflows::registry::Verdict {
        let sources = [
            s.resume.as_str(),
            s.job_description.as_str(),
            s.company.as_str(),
            s.role.as_str(),
            s.notes.as_str(),
        ];
        Verdict::of(
            &s.letter_markdown,
            Against {
                resume: None,
                sources: &sources,
                language: None,
                prompt: include_str!("prompts/writer.md"),
                min_words: 60,
            },
        )
        .after_decisions(&[], &s.kept_fact_keys)
    }
}
