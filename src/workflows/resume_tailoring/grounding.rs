//! Grounding of the tailored draft: every fact of it must come from what the user gave. The
//! sources are the resume as given, the master resume, and the user's answers to the questions
//! (already merged into the master resume, and as formatted answers). The job description is
//! NOT a source: it says what the employer wants, not what the candidate did, and a draft that
//! moves its company, title or "5+ years" into the candidate's history is exactly the invention
//! to catch.
//!
//! A draft is not rejected for an ungrounded fact: the review shows each one, and the user keeps
//! or removes it; an undecided fact (no review, a timed-out review, an approve without a
//! decision) is removed from the final resume, with a warning.

use crate::domain::facts::{self, Fact};
use crate::domain::grounding::keep_only;
use crate::domain::Language;
use crate::workflows::common::undecided::undecided_count;

use super::state::GraphState;

/// The facts of the current draft that no source holds.
pub fn draft_ungrounded(state: &GraphState) -> Vec<Fact> {
    facts::ungrounded(
        &state.current_draft,
        &[
            &state.original_resume,
            &state.master_resume,
            &state.collected_info,
        ],
    )
}

/// The final resume and what became of the draft's ungrounded facts: (text, kept, removed).
pub fn finalize(state: &GraphState) -> (String, Vec<Fact>, Vec<Fact>) {
    let facts = draft_ungrounded(state);
    let text = keep_only(&state.current_draft, &facts, &state.kept_fact_keys);
    let (kept, removed): (Vec<Fact>, Vec<Fact>) = facts
        .into_iter()
        .partition(|f| state.kept_fact_keys.contains(&f.key));
    (text, kept, removed)
}

/// The warning for facts removed without the user's decision, in `lang`; `None` when there were
/// none. The facts are not named: the warning is shown and exported with the result.
pub fn undecided_warning(state: &GraphState, removed: &[Fact], lang: Language) -> Option<String> {
    let undecided = undecided_count(removed, &state.removed_fact_keys)?;
    Some(match lang {
        Language::En => format!(
            "{undecided} fact(s) of the draft that are not in your resume or answers were left out of the final resume: nobody kept them."
        ),
        Language::Zh => format!("草稿中有 {undecided} 项你的简历和回答里没有的事实，因无人保留，已从最终简历中删去。"),
    })
}
