//! The review's result is its best-scoring version, not its last (a real model once scored
//! three rounds 6.3 → 7.0 → 5.7, and the exported "revised resume" was round 3's, which had lost
//! the contact line and the Skills section). The aggregator remembers the best round with a
//! meaningful score (see `aggregate::score_is_meaningful`); when the review ends on a worse round,
//! it puts that round's resume, feedback and score back, and says so.

use serde::{Deserialize, Serialize};

use crate::domain::dropped::DroppedFact;
use crate::domain::facts::Fact;
use crate::domain::{Feedback, Language, Resume};

use super::state::{ReviewState, ReviewUpdate};

/// The best round so far: what the critics read in it and what they said.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct BestRound {
    /// 1-based.
    pub round: u32,
    pub score: f64,
    /// The resume the critics read in that round (the original in round 1).
    pub resume: Resume,
    pub revised_resume: Option<String>,
    pub ungrounded_facts: Vec<Fact>,
    /// Absent from best rounds saved before it existed.
    #[serde(default)]
    pub dropped_facts: Vec<DroppedFact>,
    pub feedback: Vec<Feedback>,
}

impl BestRound {
    /// The round the aggregator is closing, as a candidate.
    fn of(state: &ReviewState, score: f64, feedback: &[Feedback]) -> Self {
        BestRound {
            round: state.current_iteration,
            score,
            resume: state.resume.clone(),
            revised_resume: state.revised_resume.clone(),
            ungrounded_facts: state.ungrounded_facts.clone(),
            dropped_facts: state.dropped_facts.clone(),
            feedback: feedback.to_vec(),
        }
    }
}

/// Adds to the aggregator's `update` for the round just scored (`score`, `meaningful`): this
/// round becomes the best if it beats the best so far; and on the `last` round, a better earlier
/// round is put back as the result.
pub fn keep_best(
    state: &ReviewState,
    update: ReviewUpdate,
    feedback: &[Feedback],
    score: f64,
    meaningful: bool,
    last: bool,
    lang: Language,
) -> ReviewUpdate {
    // A tie goes to the later round: the revision the user asked for stays the result unless it
    // scored strictly lower.
    let beats = |best: &BestRound| score >= best.score;
    let best = match &state.best_round {
        Some(best) if !meaningful || !beats(best) => best.clone(),
        _ if meaningful => BestRound::of(state, score, feedback),
        _ => return update,
    };
    let update = update.best_round(Some(best.clone()));
    if !last || best.round == state.current_iteration {
        return update;
    }
    let warning = match lang {
        Language::En => format!(
            "Round {} scored {score:.1}, lower than round {}'s {:.1}: the result is round {}'s version of the resume.",
            state.current_iteration, best.round, best.score, best.round
        ),
        Language::Zh => format!(
            "第 {} 轮得分 {score:.1}，低于第 {} 轮的 {:.1}：结果采用第 {} 轮的简历版本。",
            state.current_iteration, best.round, best.score, best.round
        ),
    };
    update
        .resume(best.resume)
        .revised_resume(best.revised_resume)
        .ungrounded_facts(best.ungrounded_facts)
        .dropped_facts(best.dropped_facts)
        .current_feedback(best.feedback)
        .integrated_score(best.score)
        .final_score(best.score)
        .warnings(vec![warning])
}
