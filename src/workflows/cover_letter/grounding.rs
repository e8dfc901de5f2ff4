//! Grounding of the draft: every fact the letter states about the candidate must come from what
//! the user gave. The sources are the resume, the user's notes, every revision note they wrote,
//! and the company and role as they typed them (the letter names what it applies to). The job
//! posting is NOT a source: it says what the employer wants, not what the candidate did, and a
//! letter that moves its "5+ years", a client's name or a team size into the candidate's history
//! is exactly the invention to catch. A flagged fact the posting holds is marked as such
//! (`from_posting`): about the company it may be fine, and the user decides.
//!
//! As in tailoring (`resume_tailoring::grounding`), a draft is not rejected for an ungrounded
//! fact: the review shows each one and the user keeps or removes it; an undecided one is removed
//! from the final letter, with a warning. Removal is `domain::grounding::keep_only`, the rule
//! tailoring uses, applied paragraph by paragraph so each paragraph keeps its citations.

use crate::domain::facts::{self, Fact};
use crate::domain::grounding::keep_only;
use crate::domain::Language;
use crate::workflows::common::undecided::undecided_count;

use super::letter::{cite, draft_text, paragraph_ranges};
use super::state::{CitedParagraph, CoverLetterState, LetterParagraph};

/// The texts a fact of the letter may come from (see the module docs).
pub fn sources(state: &CoverLetterState) -> Vec<&str> {
    let mut sources = vec![
        state.resume.as_str(),
        state.notes.as_str(),
        state.company.as_str(),
        state.role.as_str(),
    ];
    sources.extend(state.revision_notes.iter().map(String::as_str));
    sources
}

/// The facts of `draft` (spans in its [`draft_text`]) that no source of `state` holds.
pub fn ungrounded(state: &CoverLetterState, draft: &[LetterParagraph]) -> Vec<Fact> {
    facts::ungrounded(&draft_text(draft), &sources(state))
}

/// The keys of `facts` the posting holds.
pub fn from_posting(state: &CoverLetterState, found: &[Fact]) -> Vec<String> {
    let posting = facts::extract(&state.job_description);
    let mut keys: Vec<String> = Vec::new();
    for fact in found {
        let held = posting
            .iter()
            .any(|p| p.kind == fact.kind && p.key == fact.key);
        if held && !keys.contains(&fact.key) {
            keys.push(fact.key.clone());
        }
    }
    keys
}

/// The final letter and what became of the draft's ungrounded facts: (paragraphs, kept,
/// removed). Each paragraph loses the facts not kept (a paragraph left empty goes with its
/// citations); the facts are those of the draft as it stands, found again here, so a decision
/// always applies to the text it was made on.
pub fn finalize(state: &CoverLetterState) -> (Vec<CitedParagraph>, Vec<Fact>, Vec<Fact>) {
    let found = ungrounded(state, &state.draft);
    let ranges = paragraph_ranges(&state.draft);
    let mut letter = Vec::new();
    for (paragraph, range) in state.draft.iter().zip(ranges) {
        let inside: Vec<Fact> = found
            .iter()
            .filter(|f| f.start >= range.start && f.end <= range.end)
            .map(|f| Fact {
                start: f.start - range.start,
                end: f.end - range.start,
                ..f.clone()
            })
            .collect();
        let text = keep_only(&paragraph.text, &inside, &state.kept_fact_keys);
        let text = text.trim().to_string();
        if !text.is_empty() {
            letter.push(cite(
                paragraph,
                text,
                &state.requirements,
                &state.resume_lines,
            ));
        }
    }
    let (kept, removed) = found
        .into_iter()
        .partition(|f| state.kept_fact_keys.contains(&f.key));
    (letter, kept, removed)
}

/// The warning for facts removed without the user's decision, in `lang`; `None` when there were
/// none.
pub fn undecided_warning(
    state: &CoverLetterState,
    removed: &[Fact],
    lang: Language,
) -> Option<String> {
    let undecided = undecided_count(removed, &state.removed_fact_keys)?;
    Some(match lang {
        Language::En => format!(
            "{undecided} fact(s) of the draft that are not in your resume or notes were left out of the final letter: nobody kept them."
        ),
        Language::Zh => format!(
            "草稿中有 {undecided} 项你的简历和备注里没有的事实，因无人保留，已从最终求职信中删去。"
        ),
    })
}
