//! What a tailoring run pauses with, and what it takes as an answer: typed, so the app and the
//! JS API read the same fields the nodes write (the nodes build their interrupt payloads from
//! these types).

use serde::{Deserialize, Serialize};

use crate::domain::facts::Fact;

use super::state::GraphState;

/// A pause of a tailoring run (the interrupt payload, tagged by `type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TailorPause {
    /// A question of the info-collection subgraph about a missing requirement.
    Question(QuestionPause),
    /// The human review of the draft.
    Review(ReviewPause),
}

crate::pause_kinds!(TailorPause { "question" => QuestionAnswer, "review" => ReviewAnswer });

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct QuestionPause {
    pub question: String,
    /// 1-based position of this question among `total`.
    pub index: u32,
    pub total: u32,
    /// The requirement the resume does not show.
    pub missing_item: String,
    pub actions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct ReviewPause {
    pub resume_draft: String,
    pub ats_score: u32,
    pub target_score: u32,
    pub keywords_matched: Vec<String>,
    pub keywords_missing: Vec<String>,
    pub revision: u32,
    pub max_revisions: u32,
    /// The page answers `ReviewAnswer::Timeout` when this many seconds pass unanswered.
    pub timeout_seconds: u32,
    pub question: String,
    pub actions: Vec<String>,
    /// The last revision request left the draft unchanged: why, in the run's language. Absent
    /// otherwise (and in runs saved before it existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unchanged_note: Option<String>,
    /// Facts of the draft that neither the resume, the master resume nor the user's answers hold
    /// (names, titles, dates, numbers, ...), with their byte spans in `resume_draft`. Each is
    /// kept only when the approve answer lists its `key` in `kept_facts`.
    #[serde(default)]
    pub ungrounded_facts: Vec<Fact>,
}

impl ReviewPause {
    pub fn of(state: &GraphState) -> Self {
        ReviewPause {
            resume_draft: state.current_draft.clone(),
            ats_score: state.ats_score,
            target_score: state.target_ats_objective,
            keywords_matched: state.keywords_matched.clone(),
            keywords_missing: state.keywords_missing.clone(),
            revision: state.revision_count,
            max_revisions: state.max_revisions,
            timeout_seconds: state.review_timeout_seconds,
            question: super::review::QUESTION.to_string(),
            actions: vec!["approve".into(), "revise".into()],
            unchanged_note: state.unchanged_note.clone(),
            ungrounded_facts: super::grounding::draft_ungrounded(state),
        }
    }
}

/// What the JS API takes as an answer to a [`QuestionPause`]: the text alone, the answer without
/// an action, or a [`QuestionAction`]. The subgraph reads every one of them
/// (`info_collection::parse_reply`); the app sends a [`QuestionAction`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(untagged)]
pub enum QuestionAnswer {
    Text(String),
    Action(QuestionAction),
    /// An answer with no `action`: the same as `{"action": "answer", …}`.
    Answer {
        answer: String,
    },
}

/// An answer to a [`QuestionPause`] naming what to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum QuestionAction {
    Answer {
        answer: String,
    },
    Skip,
    /// Ends the conversation; an answer given with it is kept.
    Stop {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<String>,
    },
}

/// An answer to a [`ReviewPause`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum ReviewAnswer {
    /// Finalizes the draft. Of its `ungrounded_facts`, those whose key is in `kept_facts` stay;
    /// every other one is removed from the final resume (`removed_facts` records the user's
    /// explicit removals; an undecided fact is removed all the same).
    Approve {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feedback: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        kept_facts: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        removed_facts: Vec<String>,
    },
    Revise {
        feedback: String,
    },
    Timeout,
}

/// Any answer a tailoring run takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TailorAnswer {
    Question(QuestionAction),
    Review(ReviewAnswer),
}
