//! `human_review`: pauses with the draft and its ungrounded facts, and routes on the answer.
//!
//! Payload: [`CoverLetterPause::Review`] (`{"type": "review", "letter", "paragraphs",
//! "ungrounded_facts", "from_posting", "revision", "max_revisions", "actions"}`).
//! Answers ([`CoverLetterAnswer`]):
//! - `{"decision": "approve", "kept_facts": [key…], "removed_facts": [key…]}` → `finalize`;
//! - `{"decision": "revise", "note": "…"}` → `writer` (then grounding and this review again),
//!   the note added to `revision_notes`; a revise beyond `max_revisions` finalizes with a warning;
//! - anything else finalizes too, with `decision: error` and `error` set (undecided facts are
//!   removed, as always).
//!
//! No countdown: the run waits for the user.

use serde_json::{json, Value};

use crate::domain::Language;
use crate::graph::{Command, NodeContext, NodeError};

use super::pause::{CoverLetterAnswer, CoverLetterPause, LetterReview};
use super::state::{CoverLetterState, CoverLetterUpdate, Decision};

pub fn review_payload(state: &CoverLetterState) -> Value {
    json!(CoverLetterPause::Review(LetterReview::of(state)))
}

pub async fn human_review(
    state: CoverLetterState,
    ctx: NodeContext,
    lang: Language,
) -> Result<Command<CoverLetterState>, NodeError> {
    let answer = ctx.interrupt(review_payload(&state))?;
    Ok(decide(&state, &answer, lang))
}

/// The routing and state update for one answer (see the module docs).
pub fn decide(
    state: &CoverLetterState,
    answer: &Value,
    lang: Language,
) -> Command<CoverLetterState> {
    let update = CoverLetterUpdate::default();
    match serde_json::from_value::<CoverLetterAnswer>(answer.clone()) {
        Ok(CoverLetterAnswer::Approve {
            kept_facts,
            removed_facts,
        }) => Command::goto("finalize").with_update(
            update
                .decision(Some(Decision::Approved))
                .kept_fact_keys(kept_facts)
                .removed_fact_keys(removed_facts),
        ),
        Ok(CoverLetterAnswer::Revise { .. }) if state.revision_count >= state.max_revisions => {
            let warning = match lang {
                Language::En => format!(
                    "Revision limit ({}) reached: the last draft was finalized without the requested changes.",
                    state.max_revisions
                ),
                Language::Zh => format!(
                    "已达修改次数上限（{}）：最后一稿未按要求修改即定稿。",
                    state.max_revisions
                ),
            };
            Command::goto("finalize").with_update(
                update
                    .decision(Some(Decision::Revise))
                    .warnings(vec![warning]),
            )
        }
        Ok(CoverLetterAnswer::Revise { note }) => {
            let note = note.trim();
            let note = if note.is_empty() {
                lang.pick(
                    "Make the letter more specific to this job.",
                    "让求职信更贴合这个职位。",
                )
            } else {
                note
            };
            Command::goto("writer").with_update(
                update
                    .decision(Some(Decision::Revise))
                    .revision_notes(vec![note.to_string()]),
            )
        }
        Err(error) => Command::goto("finalize").with_update(
            update.decision(Some(Decision::Error)).error(Some(format!(
                "{} ({error})",
                lang.pick(
                    "The review answer was not understood; the draft was finalized",
                    "无法理解审阅答复，草稿已直接定稿",
                )
            ))),
        ),
    }
}
