//! The aggregator node and both routing functions. Pure functions of the state, so they are unit
//! tested without a graph.

use crate::domain::{Feedback, Language};
use crate::graph::END;

use super::best::keep_best;
use super::state::{ReviewState, ReviewUpdate};

/// Fewer critics than this answering make the integrated score not meaningful: one persona's
/// view is no review, and it must not meet the threshold on its own.
pub const MIN_ANSWERED: usize = 2;

/// The integrated score: the mean of the scores of the critics that answered, rounded to one
/// decimal (`(8.5 + 7.0 + 8.0) / 3 = 7.83 → 7.8`). Unweighted, as in the seed: each persona
/// counts the same. A failed critic is left out (seen: the seed's neutral 5.0 made 7.5, 7.5
/// and a timeout read 6.7), as is a missing one; none answering is 0.0.
pub fn integrated_score(feedback: &[Feedback]) -> f64 {
    let scores: Vec<f64> = feedback
        .iter()
        .filter(|f| !f.is_failure())
        .map(|f| f.score)
        .collect();
    if scores.is_empty() {
        return 0.0;
    }
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    (mean * 10.0).round() / 10.0
}

/// How many critics of a round answered, and how many were asked.
pub fn answered(feedback: &[Feedback]) -> (usize, usize) {
    let answered = feedback.iter().filter(|f| !f.is_failure()).count();
    (answered, feedback.len())
}

/// Whether a round's integrated score means something: at least [`MIN_ANSWERED`] critics
/// answered (all of them, when fewer were asked).
pub fn score_is_meaningful(feedback: &[Feedback]) -> bool {
    let (answered, asked) = answered(feedback);
    answered >= MIN_ANSWERED.min(asked.max(1))
}

/// This round's feedback in the fixed merge order recruiter, tech writer, copywriter, skipping
/// critics that wrote nothing.
pub fn merge_feedback(state: &ReviewState) -> Vec<Feedback> {
    [
        &state.recruiter_feedback,
        &state.tech_writer_feedback,
        &state.copywriter_feedback,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect()
}

/// The aggregator node's update: merged feedback, score, threshold check, one history entry, and
/// the best round so far (put back as the result when the last round is worse); warnings in
/// `lang`.
pub fn aggregate(state: &ReviewState, lang: Language) -> ReviewUpdate {
    let feedback = merge_feedback(state);
    let score = integrated_score(&feedback);
    let meaningful = score_is_meaningful(&feedback);
    let met = meaningful && score >= state.threshold;
    let update = ReviewUpdate::default()
        .current_feedback(feedback.clone())
        .feedback_history(vec![feedback.clone()])
        .integrated_score(score)
        .threshold_met(met)
        .final_score(score);
    // The same decision as `should_continue_review`, made here so the result can be the best
    // round's before portfolio and design read it.
    let last = met || state.current_iteration >= state.max_iterations;
    keep_best(state, update, &feedback, score, meaningful, last, lang)
}

/// After the aggregator: stop revising when the score is good enough or the rounds are used up.
pub fn should_continue_review(state: &ReviewState) -> &'static str {
    if state.threshold_met || state.current_iteration >= state.max_iterations {
        "portfolio"
    } else {
        "revisor"
    }
}

/// After the portfolio advice: the design review is optional.
pub fn should_do_design_review(state: &ReviewState) -> &'static str {
    if state.design_review {
        "design"
    } else {
        END
    }
}

/// A critic's feedback with only its name and score: what the aggregator and the retry read
/// (shared by both modules' tests).
#[cfg(test)]
pub(super) fn feedback(agent: &str, score: f64) -> Feedback {
    Feedback {
        agent_name: agent.into(),
        score,
        ..Feedback::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_example_rounds_to_one_decimal() {
        let all = [
            feedback("recruiter", 8.5),
            feedback("technical_writer", 7.0),
            feedback("copywriter", 8.0),
        ];
        assert_eq!(integrated_score(&all), 7.8);
        assert_eq!(integrated_score(&[]), 0.0);
    }

    #[test]
    fn a_failed_critic_is_left_out_of_the_score_and_counted_as_not_answering() {
        let round = [
            feedback("recruiter", 7.5),
            feedback("technical_writer", 7.5),
            Feedback::failed("copywriter", "openai did not answer within 60s"),
        ];
        assert_eq!(integrated_score(&round), 7.5, "not (7.5 + 7.5 + 5.0) / 3");
        assert_eq!(answered(&round), (2, 3));
        assert!(score_is_meaningful(&round));
    }

    #[test]
    fn one_critic_of_three_is_not_a_meaningful_score() {
        let round = [
            feedback("recruiter", 9.0),
            Feedback::failed("technical_writer", "timeout"),
            Feedback::failed("copywriter", "timeout"),
        ];
        assert_eq!(answered(&round), (1, 3));
        assert!(!score_is_meaningful(&round));
        let none = [Feedback::failed("recruiter", "timeout")];
        assert_eq!(integrated_score(&none), 0.0);
        assert!(!score_is_meaningful(&none));
    }

    #[test]
    fn too_few_answers_never_meet_the_threshold() {
        let mut state = ReviewState {
            threshold: 8.0,
            recruiter_feedback: Some(feedback("recruiter", 9.5)),
            tech_writer_feedback: Some(Feedback::failed("technical_writer", "timeout")),
            copywriter_feedback: Some(Feedback::failed("copywriter", "timeout")),
            ..ReviewState::default()
        };
        let update = aggregate(&state, Language::En);
        assert_eq!(update.threshold_met, Some(false));
        state.tech_writer_feedback = Some(feedback("technical_writer", 9.5));
        assert_eq!(aggregate(&state, Language::En).threshold_met, Some(true));
    }
}
