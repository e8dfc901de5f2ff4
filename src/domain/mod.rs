//! Career domain models shared by workflows and the UI. Plain data with serde, no behaviour that
//! needs the engine or a model, so they can be checkpointed, streamed as JSON and shown as is.

pub mod action_verbs;
pub mod advice;
pub mod ats;
pub mod blind;
pub mod calendar;
pub mod career_plan;
pub mod degree_words;
pub mod diff;
pub mod dropped;
pub mod export;
pub mod facts;
pub mod fairness;
pub mod feedback;
pub mod front_matter;
pub mod grounding;
pub mod han;
pub mod hiring;
pub mod import;
pub mod injection;
pub mod language;
pub mod partial_json;
pub mod result_check;
pub mod resume;
pub mod revision;
pub mod stable_sort;
pub mod streamed_answer;
pub mod structured;

pub use advice::{DesignAdvice, PortfolioAdvice, PortfolioPiece};
pub use calendar::{action_items_ics, CalendarDate, IcsOptions};
pub use diff::{diff_lines, DiffLine};
pub use feedback::{Feedback, Issue, Severity};
pub use hiring::{
    CandidateProfile, EmailDraft, Evaluation, InterviewQuestion, InterviewQuestions, JdAnalysis,
    MatchingAnalysis, ProfileRole, Recommendation, ResearchAnalysis,
};
pub use injection::{InjectionFinding, InjectionKind};
pub use language::Language;
pub use resume::{Resume, ResumeSection};
pub use revision::{FactCheck, Revision};
