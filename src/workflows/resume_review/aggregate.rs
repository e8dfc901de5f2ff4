//! The aggregator node and both routing functions. Pure functions of the state, so they are unit
//! tested without a graph.

use crate::domain::Feedback;
use crate::graph::END;

use super::state::{ReviewState, ReviewUpdate};

/// The integrated score: the mean of the critics' scores that are present, rounded to one decimal
/// (`(8.5 + 7.0 + 8.0) / 3 = 7.83 → 7.8`). Unweighted, as in the seed: each persona counts the
/// same. A failed critic counts with its neutral 5.0; a missing one is left out; none at all is 0.0.
pub fn integrated_score(feedback: &[Feedback]) -> f64 {
    if feedback.is_empty() {
        return 0.0;
    }
    let mean = feedback.iter().map(|f| f.score).sum::<f64>() / feedback.len() as f64;
    (mean * 10.0).round() / 10.0
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

/// The aggregator node's update: merged feedback, score, threshold check, one history entry.
pub fn aggregate(state: &ReviewState) -> ReviewUpdate {
    let feedback = merge_feedback(state);
    let score = integrated_score(&feedback);
    ReviewUpdate::default()
        .current_feedback(feedback.clone())
        .feedback_history(vec![feedback])
        .integrated_score(score)
        .threshold_met(score >= state.threshold)
        .final_score(score)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn feedback(agent: &str, score: f64) -> Feedback {
        Feedback {
            agent_name: agent.into(),
            score,
            ..Feedback::default()
        }
    }

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
}
