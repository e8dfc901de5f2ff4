//! What a cover-letter run knows: the input, the requirements, the two agents' findings, the
//! draft and its grounding, the review's decision, and the final letter.

use serde::{Deserialize, Serialize};

use crate::domain::ats::Importance;
use crate::domain::facts::Fact;
use crate::domain::injection::InjectionFinding;
use crate::state;

use super::settings::{Length, Tone};

/// One thing the posting asks for, as the ATS analysis found it, with an id the agents cite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct LetterRequirement {
    /// `R1`, `R2`, … in the analysis' order (must-haves first).
    pub id: String,
    /// The skill or keyword ("Kafka", "Go / Rust", "distributed systems").
    pub term: String,
    pub importance: Importance,
    /// The posting's sentence it came from.
    pub sentence: String,
    /// Whether the resume mentions it (under any of its spellings).
    pub shown: bool,
    /// A must-have any one of several skills meets ("Go / Rust"): their names. Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
}

/// One non-empty line of the resume, with an id the agents cite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct LetterResumeLine {
    /// `L1`, `L2`, … counting non-empty lines only.
    pub id: String,
    /// The line as written, trimmed.
    pub text: String,
}

/// Which resume lines answer one requirement (the evidence agent's finding, checked).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct LetterEvidence {
    /// A requirement id.
    pub requirement: String,
    /// Resume line ids, at least one.
    pub lines: Vec<String>,
    /// Why these lines answer it (the agent's words; empty from the fallback).
    #[serde(default)]
    pub why: String,
}

/// How the letter places the candidate toward this company and role, read from the posting.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct LetterFraming {
    /// What the company does or cares about, as the posting says.
    pub company_focus: String,
    /// What the role is for.
    pub role_focus: String,
    /// Themes worth echoing in the letter, most important first.
    pub themes: Vec<String>,
}

/// One paragraph of a draft: its text, the requirement ids it answers and the resume line ids it
/// rests on (both checked against the run's lists; a greeting or closing cites none).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct LetterParagraph {
    pub text: String,
    pub requirements: Vec<String>,
    pub resume_lines: Vec<String>,
}

/// A paragraph of the final letter with what it cites written out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct CitedParagraph {
    pub text: String,
    /// The requirements it answers.
    pub requirements: Vec<LetterRequirement>,
    /// The resume lines it rests on.
    pub resume_lines: Vec<LetterResumeLine>,
}

/// What the user decided at the review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Approved,
    Revise,
    /// The answer was not understood: the draft was finalized (undecided facts removed).
    Error,
}

state! {
    /// Everything a cover-letter run knows.
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
    pub struct CoverLetterState updates CoverLetterUpdate {
        /// The resume as given (Markdown or plain text).
        pub resume: String,
        /// The job posting. Not a source of facts about the candidate.
        pub job_description: String,
        /// The company and role applied to, as the user typed them (may be empty).
        pub company: String,
        pub role: String,
        /// What the user wants said that the resume does not hold: their own words, a source.
        pub notes: String,
        pub tone: Tone,
        pub length: Length,
        /// Requirements of the posting (ATS analysis, no model), with ids.
        pub requirements: Vec<LetterRequirement>,
        /// The resume's non-empty lines, with ids.
        pub resume_lines: Vec<LetterResumeLine>,
        /// Which resume lines answer which requirement.
        pub evidence: Vec<LetterEvidence>,
        pub framing: LetterFraming,
        /// The draft being reviewed, paragraph by paragraph.
        pub draft: Vec<LetterParagraph>,
        /// Facts of the draft (spans in [`super::letter::draft_text`]) that neither the resume, the
        /// notes, the revision notes nor the company and role hold, set by `grounding`.
        pub ungrounded: Vec<Fact>,
        /// Keys of the `ungrounded` facts the posting holds (a claim about the company may be
        /// fine; about the candidate it is not).
        pub from_posting: Vec<String>,
        pub revision_count: u32,
        pub max_revisions: u32,
        /// Every revision note the user gave, in order: their own words, a source.
        pub revision_notes: Vec<String> => append,
        /// The last revision left the draft as it was: why, in the run's language.
        pub unchanged_note: Option<String>,
        pub decision: Option<Decision>,
        pub kept_fact_keys: Vec<String>,
        pub removed_fact_keys: Vec<String>,
        /// The final letter, set by `finalize`: the draft without the facts not kept.
        pub letter: Vec<CitedParagraph>,
        pub letter_markdown: String,
        /// An HTML fragment, every character of the text escaped.
        pub letter_html: String,
        /// The draft's ungrounded facts the user kept (in the letter) and those removed.
        pub ungrounded_kept: Vec<Fact>,
        pub ungrounded_removed: Vec<Fact>,
        pub warnings: Vec<String> => append,
        /// Agents whose call failed and that the run went on without.
        pub failed_steps: Vec<String> => append,
        pub error: Option<String>,
        /// Suspicious lines of the input, found before any model call.
        pub injection_findings: Vec<InjectionFinding>,
    }
}
