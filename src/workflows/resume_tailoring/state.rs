//! The main graph's `GraphState` (docs/workflows/resume_tailoring.md, with the human review's fields) and the
//! info-collection subgraph's `InfoCollectionState`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::ats::{AtsReport, JobTerms};
use crate::domain::facts::Fact;
use crate::domain::injection::{scan_inputs, InjectionFinding};
use crate::state;

use super::settings::{TailorInput, TailorSettings};

/// The reviewer's decision (`human_decision` in docs/workflows/resume_tailoring.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum HumanDecision {
    Approved,
    Revise,
    Timeout,
    Error,
}

state! {
    /// Everything a tailoring run knows; no conversation messages (those live in the subgraph).
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null, rename = "TailorState"))]
    pub struct GraphState updates GraphUpdate {
        pub user_id: String,
        pub job_id: String,
        /// The resume as given (unchanged).
        pub original_resume: String,
        /// The full resume the tailoring draws on: the input's master resume (or the resume),
        /// updated with the user's answers by the info-collection subgraph. The page stores it
        /// as the last step when `master_resume_updated` is set.
        pub master_resume: String,
        pub master_resume_updated: bool,
        pub job_description: String,
        /// The job analyzer's tailoring strategy.
        pub job_strategy: String,
        pub key_requirements: Vec<String>,
        /// Skills and keywords the job asks for (deterministic ATS extraction).
        pub job_terms: JobTerms,
        pub recruiter_feedback: String,
        /// Required skills the master resume does not show: the questions to ask.
        pub missing_info: Vec<String>,
        /// The user's answers, formatted (the subgraph's `final_collected_info`).
        pub collected_info: String,
        /// Set once the info-collection subgraph has run (so the tailorer does not ask again).
        pub info_collection_done: bool,
        /// The draft being optimised and reviewed (`current_draft` in docs/workflows/resume_tailoring.md, Markdown).
        pub current_draft: String,
        pub ats_score: u32,
        pub ats_report: AtsReport,
        pub target_ats_objective: u32,
        pub keywords_matched: Vec<String>,
        pub keywords_missing: Vec<String>,
        pub human_review_enabled: bool,
        pub review_timeout_seconds: u32,
        pub human_decision: Option<HumanDecision>,
        pub human_feedback: Option<String>,
        pub revision_count: u32,
        /// Set by `reflexion_agent` when the last revision request left the draft unchanged: why,
        /// in the run's language (the next review says so); cleared by a request that changed it.
        pub unchanged_note: Option<String>,
        pub max_revisions: u32,
        pub max_questions: u32,
        /// Keys of the draft's ungrounded facts the user kept / removed when approving (see
        /// `grounding`); every other ungrounded fact is removed from the final resume too.
        pub kept_fact_keys: Vec<String>,
        pub removed_fact_keys: Vec<String>,
        /// The final resume, set by `finalization_agent`: the last draft without the ungrounded
        /// facts the user did not keep.
        pub tailored_resume: String,
        /// The last draft's facts not in the resume, the master resume or the answers: kept by
        /// the user (in `tailored_resume`) and removed from it.
        pub ungrounded_kept: Vec<Fact>,
        pub ungrounded_removed: Vec<Fact>,
        /// Things the user should know that did not stop the run.
        pub warnings: Vec<String> => append,
        /// The agents (node names) whose call failed and that the run went on without, once per
        /// failure: a result made without them must say so.
        pub failed_steps: Vec<String> => append,
        pub error: Option<String>,
        /// Suspicious lines of the input (prompt injection, hidden text), found before any model
        /// call; shown to the user as a warning. The run proceeds regardless.
        pub injection_findings: Vec<InjectionFinding>,
    }
}

/// The first update of a run: the input plus the settings that routing reads.
pub fn initial_state(input: &TailorInput, settings: &TailorSettings) -> GraphUpdate {
    let master = input
        .master_resume
        .clone()
        .filter(|m| !m.trim().is_empty())
        .unwrap_or_else(|| input.resume.clone());
    // The master resume is scanned only when it is not the resume itself (one warning per line).
    let mut inputs = vec![
        ("resume", input.resume.as_str()),
        ("job_description", input.job_description.as_str()),
    ];
    if master != input.resume {
        inputs.push(("master_resume", master.as_str()));
    }
    let findings = scan_inputs(&inputs);
    GraphUpdate::default()
        .injection_findings(findings)
        .user_id(input.user_id.clone())
        .job_id(input.job_id.clone())
        .original_resume(input.resume.clone())
        .master_resume(master)
        .job_description(input.job_description.clone())
        .target_ats_objective(settings.target_ats_objective.min(100))
        .human_review_enabled(settings.human_review)
        .review_timeout_seconds(settings.review_timeout_seconds)
        .max_revisions(settings.max_revisions)
        .max_questions(settings.max_questions)
}

/// One turn of the info-collection conversation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChatTurn {
    /// "assistant" (a question) or "user" (an answer, or "(skipped)").
    pub role: String,
    pub content: String,
}

/// A question still to ask: the missing item and the question text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub item: String,
    pub text: String,
}

state! {
    /// The info-collection conversation (`InfoCollectionState` in docs/workflows/resume_tailoring.md).
    pub struct InfoCollectionState updates InfoCollectionUpdate {
        /// Input from the main graph: the missing items, most important first.
        pub missing_info_requirements: Vec<String>,
        pub user_id: String,
        /// Input: the full resume to update.
        pub full_resume: String,
        pub messages: Vec<ChatTurn> => append,
        /// Answers by missing item.
        pub collected_info: BTreeMap<String, String>,
        pub remaining_questions: Vec<Question>,
        pub total_questions: u32,
        pub skipped: Vec<String> => append,
        /// The user ended the conversation early.
        pub stopped: bool,
        /// Output: the answers formatted for the tailorer.
        pub final_collected_info: String,
        /// Output: `full_resume` with the answers added.
        pub updated_full_resume: String,
        /// Every question was answered or skipped (not stopped).
        pub is_complete: bool,
        pub error: Option<String>,
    }
}
