//! `HiringState` (docs/workflows/hiring_pipeline.md): the seed's fields, with each agent's output typed instead of a JSON
//! string, plus the supervisor's routing trail, warnings and the output language.

use serde::{Deserialize, Serialize};

use crate::domain::blind::{resume_name, BlindOptions, NAME};
use crate::domain::hiring::{
    CandidateProfile, EmailDraft, Evaluation, InterviewQuestions, JdAnalysis, MatchingAnalysis,
    ResearchAnalysis,
};
use crate::domain::injection::scan_inputs;
use crate::domain::{InjectionFinding, Language};
use crate::state;
use crate::workflows::common::RunSettings;

use super::settings::{HiringInput, HiringSettings};

/// Why the supervisor routed where it did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum RouteReason {
    /// The model's choice, taken as is.
    #[default]
    Model,
    /// The model chose an agent again with no new input since its last run: the next missing
    /// agent was forced instead (or the run finished).
    LoopBroken,
    /// The model's answer could not be read (or named no agent): `error` is set and the next
    /// missing agent was forced (or the run finished).
    ParseFailure,
    /// The model said "finished" while required outputs were missing: the next missing required
    /// agent was forced.
    FinishedEarly,
    /// As many agents had been dispatched as there are agents: the run finished.
    StepLimit,
    /// Every agent's output exists: the run finished without asking the model.
    AllDone,
}

/// One routing decision of the supervisor, for the page's trail and for loop detection.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct RouteStep {
    /// 1 for the first decision.
    pub step: u32,
    /// What the model answered (`None` when it was not asked or its answer was unreadable).
    pub proposed: Option<String>,
    /// The agent dispatched, or "finished".
    pub next: String,
    pub reason: RouteReason,
    /// The model's stated reason, or the supervisor's own note when it overrode the model.
    pub note: String,
    /// Agents whose output existed when the decision was made (what "new input" is measured by).
    pub available: Vec<String>,
}

state! {
    /// Everything a hiring run knows. Agents write one output field each; the supervisor writes
    /// `next_agent`, `workflow_stage`, `workflow_history`, `routing`, and `completed` / `error`.
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
    pub struct HiringState updates HiringUpdate {
        /// What the user asked for (defaults to preparing a hiring packet).
        pub task: String,
        /// The resume as given: the person's view and the result checks read it; with `blind`
        /// the agents read it masked.
        pub resume_text: String,
        /// Blind: the options the resume is masked with before any agent reads it.
        pub blind: Option<BlindOptions>,
        pub jd_text: String,
        /// The supervisor's last routing decision (the seed's stage label).
        pub workflow_stage: String,
        /// The agent to run next, or "finished".
        pub next_agent: String,
        pub candidate_profile: Option<CandidateProfile>,
        pub jd_analysis: Option<JdAnalysis>,
        pub matching_analysis: Option<MatchingAnalysis>,
        pub research_analysis: Option<ResearchAnalysis>,
        pub hr_questions: Option<InterviewQuestions>,
        pub technical_questions: Option<InterviewQuestions>,
        pub ceo_questions: Option<InterviewQuestions>,
        pub evaluation: Option<Evaluation>,
        pub email_content: Option<EmailDraft>,
        /// Set when the supervisor routes to the end.
        pub completed: bool,
        /// The supervisor's last failure to read the model's decision (the run went on).
        pub error: Option<String>,
        /// Every agent the supervisor dispatched, in order (loop detection, step limit).
        pub workflow_history: Vec<String> => append,
        /// Every routing decision, including the final "finished".
        pub routing: Vec<RouteStep> => append,
        /// Agents that failed (the run went on without their output).
        pub warnings: Vec<String> => append,
        /// The language the agents write in (from the settings).
        pub language: Language,
        /// Suspicious lines of the input (prompt injection, hidden text), found before any model
        /// call; part of the packet, shown as a warning. The run proceeds regardless.
        pub injection_findings: Vec<InjectionFinding>,
    }
}

/// The default task when the user gives none.
pub const DEFAULT_TASK: &str =
    "Prepare a hiring packet: profile, job analysis, match, interview questions for HR, technical \
     and CEO rounds, an evaluation with a recommendation, and an email draft.";

/// The first update of a run: the documents, the task, the language; `completed` false.
pub fn initial_state(input: &HiringInput, settings: &HiringSettings) -> HiringUpdate {
    let task = input
        .task
        .clone()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_TASK.to_string());
    HiringUpdate::default()
        .task(task)
        .resume_text(input.resume.clone())
        .blind(input.blind)
        .jd_text(input.job_description.clone())
        .completed(false)
        .language(settings.language())
        .injection_findings(scan_inputs(&[
            ("resume", &input.resume),
            ("job_description", &input.job_description),
            ("task", input.task.as_deref().unwrap_or_default()),
        ]))
}

impl HiringState {
    /// The packet as the person reads it: a blind run's agents wrote the placeholder where the
    /// name was ("[candidate]"), and the person sees the name the resume gives. The agents' own
    /// outputs in the state keep the placeholder, since later agents read them.
    pub fn for_person(&self) -> HiringState {
        let name = resume_name(&self.resume_text);
        if self.blind.is_none() || name.is_empty() {
            return self.clone();
        }
        let (Ok(json), Ok(name)) = (serde_json::to_string(self), serde_json::to_string(&name))
        else {
            return self.clone();
        };
        // Replaced inside JSON strings with the name JSON-escaped, so any name stays valid JSON.
        let json = json.replace(NAME, name.trim_matches('"'));
        serde_json::from_str(&json).unwrap_or_else(|_| self.clone())
    }
}
