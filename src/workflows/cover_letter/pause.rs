//! What a cover-letter run pauses with, and what it takes as an answer: typed, so the app and
//! the JS API read the fields the node writes (the node builds its interrupt payload from these).

use serde::{Deserialize, Serialize};

use crate::domain::facts::Fact;

use super::letter::{cite, draft_text};
use super::state::{CitedParagraph, CoverLetterState};

/// A pause of a cover-letter run (the interrupt payload, tagged by `type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CoverLetterPause {
    /// The review of the draft.
    Review(LetterReview),
}

crate::pause_kinds!(CoverLetterPause { "review" => CoverLetterAnswer });

/// The draft, what each paragraph cites, and the facts no source holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct LetterReview {
    /// The draft as one text (paragraphs one blank line apart); `ungrounded_facts` index it.
    pub letter: String,
    /// The draft's paragraphs with the requirements they answer and the resume lines they rest on.
    pub paragraphs: Vec<CitedParagraph>,
    /// Facts of `letter` that neither the resume, the notes nor the company and role hold, with
    /// their byte spans. Each is kept only when the approve answer lists its `key` in
    /// `kept_facts`.
    pub ungrounded_facts: Vec<Fact>,
    /// Keys of `ungrounded_facts` the job posting holds.
    #[serde(default)]
    pub from_posting: Vec<String>,
    /// Revision rounds done, and allowed.
    pub revision: u32,
    pub max_revisions: u32,
    /// The last revision left the draft as it was: why, in the run's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unchanged_note: Option<String>,
    pub actions: Vec<String>,
}

impl LetterReview {
    pub fn of(state: &CoverLetterState) -> Self {
        LetterReview {
            letter: draft_text(&state.draft),
            paragraphs: state
                .draft
                .iter()
                .map(|p| cite(p, p.text.clone(), &state.requirements, &state.resume_lines))
                .collect(),
            ungrounded_facts: state.ungrounded.clone(),
            from_posting: state.from_posting.clone(),
            revision: state.revision_count,
            max_revisions: state.max_revisions,
            unchanged_note: state.unchanged_note.clone(),
            actions: vec!["approve".into(), "revise".into()],
        }
    }
}

/// An answer to a [`LetterReview`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum CoverLetterAnswer {
    /// Finalizes the draft. Of its `ungrounded_facts`, those whose key is in `kept_facts` stay;
    /// every other one is removed (`removed_facts` records the user's explicit removals; an
    /// undecided fact is removed all the same).
    Approve {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        kept_facts: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        removed_facts: Vec<String>,
    },
    /// Writes the letter again with `note` (the user's words: a source for the next draft).
    Revise {
        #[serde(alias = "feedback")]
        note: String,
    },
}
