//! `human_review` (docs/workflows/resume_tailoring.md): pauses with the review context and routes on the user's decision.
//!
//! Interrupt payload:
//! ```json
//! {"type": "review", "resume_draft": "...", "ats_score": 72, "target_score": 80,
//!  "keywords_matched": ["Python"], "keywords_missing": ["Redis"], "revision": 0,
//!  "max_revisions": 3, "timeout_seconds": 600,
//!  "question": "Please review this resume draft. Is it acceptable or does it need revisions?",
//!  "actions": ["approve", "revise"]}
//! ```
//! After a revision request that left the draft unchanged, the payload also has
//! `"unchanged_note": "Revision request 1 left the draft unchanged: ..."` (the run's language), so
//! the same draft is not shown as if it had been revised.
//! The payload's `ungrounded_facts` lists the draft's facts no source holds (see `grounding`);
//! the approve answer may carry `"kept_facts": [key, ...]` and `"removed_facts": [key, ...]`.
//! Answers: `{"decision": "approve"}` → `finalization_agent`; `{"decision": "revise", "feedback":
//! "..."}` → `reflexion_agent` (then ATS optimisation and this review again);
//! `{"decision": "timeout"}` → `finalization_agent` with a warning. The engine has no clock: the
//! page starts a timer of `timeout_seconds` when it shows the review and sends the timeout answer
//! when it fires (the seed's default: finalize the current draft). Anything else is an `error`
//! decision and finalizes too, with `error` set. A "revise" beyond `max_revisions` finalizes with a
//! warning.

use serde_json::{json, Value};

use crate::graph::{Command, NodeContext, NodeError};

use super::pause::{ReviewPause, TailorPause};
use super::state::{GraphState, GraphUpdate, HumanDecision};

pub const QUESTION: &str =
    "Please review this resume draft. Is it acceptable or does it need revisions?";

pub fn review_payload(state: &GraphState) -> Value {
    json!(TailorPause::Review(ReviewPause::of(state)))
}

pub async fn human_review(
    state: GraphState,
    ctx: NodeContext,
) -> Result<Command<GraphState>, NodeError> {
    let answer = ctx.interrupt(review_payload(&state))?;
    Ok(decide(&state, &answer))
}

/// The fact keys listed under `field` of an answer (anything else there is ignored).
fn keys(answer: &Value, field: &str) -> Vec<String> {
    answer
        .get(field)
        .and_then(Value::as_array)
        .map(|keys| {
            keys.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The routing and state update for one answer (see the module docs).
pub fn decide(state: &GraphState, answer: &Value) -> Command<GraphState> {
    let decision = answer
        .get("decision")
        .or_else(|| answer.get("action"))
        .and_then(Value::as_str)
        .map(|d| d.trim().to_lowercase());
    let feedback = answer
        .get("feedback")
        .and_then(Value::as_str)
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty());
    let update = GraphUpdate::default();
    match decision.as_deref() {
        Some("approve" | "approved") => Command::goto("finalization_agent").with_update(
            update
                .human_decision(Some(HumanDecision::Approved))
                .human_feedback(feedback)
                .kept_fact_keys(keys(answer, "kept_facts"))
                .removed_fact_keys(keys(answer, "removed_facts")),
        ),
        Some("revise") if state.revision_count >= state.max_revisions => {
            Command::goto("finalization_agent").with_update(
                update
                    .human_decision(Some(HumanDecision::Revise))
                    .human_feedback(feedback)
                    .warnings(vec![format!(
                        "Revision limit ({}) reached: the last draft was finalized without the requested changes.",
                        state.max_revisions
                    )]),
            )
        }
        Some("revise") => Command::goto("reflexion_agent").with_update(
            update
                .human_decision(Some(HumanDecision::Revise))
                .human_feedback(Some(feedback.unwrap_or_else(|| {
                    "Improve the draft for this job.".to_string()
                }))),
        ),
        Some("timeout") => Command::goto("finalization_agent").with_update(
            update
                .human_decision(Some(HumanDecision::Timeout))
                .human_feedback(Some(
                    "Review timed out, proceeding with current draft.".to_string(),
                )),
        ),
        _ => Command::goto("finalization_agent").with_update(
            update
                .human_decision(Some(HumanDecision::Error))
                .human_feedback(Some(format!("Unexpected review answer: {answer}")))
                .error(Some("The review answer was not understood; the draft was finalized.".to_string())),
        ),
    }
}
