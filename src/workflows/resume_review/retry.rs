//! "Retry failed critics" ("offer to retry that one agent"). A finished review whose
//! result round has critics that failed (a timeout, an answer that stayed unreadable) asks just
//! those again, on the result's resume, as the run's follow-up on its own thread
//! ([`ReviewWorkflow::follow_up`](super::ReviewWorkflow), the session's `follow_up`). START
//! routes that follow-up to the `retry_critics` node instead of the router: no new round, no
//! revision, and the advice stands (the resume it read has not changed). The round's score is
//! made again from what its critics now say, and a warning says what the retry changed.

use std::rc::Rc;

use crate::domain::{Feedback, Language};
use crate::graph::{NodeContext, NodeError};
use crate::workflows::agent_name;
use crate::workflows::common::RunSettings;
use crate::workflows::registry::Workflow;

use super::agents::{critic_node, Critic, CRITICS};
use super::aggregate::{answered, integrated_score, score_is_meaningful};
use super::best::BestRound;
use super::critics::ask_critic;
use super::state::{ReviewState, ReviewUpdate};
use super::Deps;

/// The node that asks the failed critics again.
pub const RETRY: &str = "retry_critics";

/// The follow-up of a finished review: its result round's failed critics, asked again; `None`
/// when every critic of that round answered.
pub fn follow_up(finished: &ReviewState) -> Option<ReviewUpdate> {
    let failed: Vec<String> = finished
        .current_feedback
        .iter()
        .filter(|f| f.is_failure())
        .map(|f| f.agent_name.clone())
        .collect();
    (!failed.is_empty()).then(|| ReviewUpdate::default().retry_critics(failed))
}

/// START's routing: the follow-up goes to [`RETRY`], every run to the router (the seed's edge).
pub fn route_start(state: &ReviewState) -> &'static str {
    if state.retry_critics.is_empty() {
        "router"
    } else {
        RETRY
    }
}

/// The `retry_critics` node: the named critics, in parallel, then the round scored again.
pub async fn run_retry(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let critics: Vec<&Critic> = CRITICS
        .iter()
        .filter(|c| state.retry_critics.iter().any(|n| n == c.feedback_name))
        .collect();
    let answers = futures::future::join_all(
        critics
            .iter()
            .map(|critic| ask_critic(&deps, critic, &state, &ctx)),
    )
    .await;
    // Cancellation and a refused key stop the retry like any node; the result stands as it was.
    let fresh = answers.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(rescore(&state, &fresh, deps.settings.language()))
}

/// The result round with `fresh` feedback in place of the failed ones, scored again, with one
/// warning saying what changed. The retry request is emptied, so the run ends as a plain review.
pub fn rescore(state: &ReviewState, fresh: &[Feedback], lang: Language) -> ReviewUpdate {
    let feedback: Vec<Feedback> = state
        .current_feedback
        .iter()
        .map(|old| {
            fresh
                .iter()
                .find(|new| new.agent_name == old.agent_name)
                .unwrap_or(old)
                .clone()
        })
        .collect();
    let score = integrated_score(&feedback);
    let meaningful = score_is_meaningful(&feedback);
    let mut update = ReviewUpdate::default()
        .retry_critics(Vec::<String>::new())
        .current_feedback(feedback.clone())
        .integrated_score(score)
        .final_score(score)
        .threshold_met(meaningful && score >= state.threshold)
        .warnings(vec![retry_warning(fresh, &feedback, score, lang)]);
    // The best round is the result's round when it read the same resume: it takes the new answers.
    if let Some(best) = state
        .best_round
        .as_ref()
        .filter(|best| best.resume.text == state.resume.text)
    {
        update = update.best_round(Some(BestRound {
            score,
            feedback,
            ..best.clone()
        }));
    }
    update
}

/// "Asked again: the copywriter answered (6.5/10). The score is now 7.2, from 3 of 3 critics."
fn retry_warning(fresh: &[Feedback], round: &[Feedback], score: f64, lang: Language) -> String {
    let (answered, asked) = answered(round);
    let each: Vec<String> = fresh
        .iter()
        .map(|f| {
            let name = critic_name(&f.agent_name, lang);
            match (f.is_failure(), lang) {
                (false, Language::En) => format!("{name} answered ({:.1}/10)", f.score),
                (false, Language::Zh) => format!("{name}已给出评估（{:.1}/10）", f.score),
                (true, Language::En) => format!(
                    "{name} failed again ({})",
                    f.error.as_deref().unwrap_or("no answer")
                ),
                (true, Language::Zh) => format!(
                    "{name}再次失败（{}）",
                    f.error.as_deref().unwrap_or("无回答")
                ),
            }
        })
        .collect();
    match lang {
        Language::En => format!(
            "Asked again: {}. The score is now {score:.1}, from {answered} of {asked} critics.",
            each.join("; ")
        ),
        Language::Zh => format!(
            "已重试：{}。现在的得分为 {score:.1}，来自 {asked} 位评审中的 {answered} 位。",
            each.join("；")
        ),
    }
}

/// A critic's name as pages show it, from its feedback name ("technical_writer").
fn critic_name(feedback_name: &str, lang: Language) -> String {
    agent_name(
        <super::ReviewWorkflow as Workflow>::ID,
        critic_node(feedback_name),
        lang,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::workflows::resume_review::aggregate::feedback;

    fn finished(round: Vec<Feedback>) -> ReviewState {
        ReviewState {
            threshold: 7.0,
            integrated_score: integrated_score(&round),
            final_score: integrated_score(&round),
            current_feedback: round,
            ..ReviewState::default()
        }
    }

    #[test]
    fn only_a_round_with_a_failed_critic_takes_the_follow_up() {
        let all = finished(vec![
            feedback("recruiter", 8.0),
            feedback("technical_writer", 7.0),
            feedback("copywriter", 6.0),
        ]);
        assert!(follow_up(&all).is_none());
        let one = finished(vec![
            feedback("recruiter", 8.0),
            Feedback::failed("technical_writer", "timeout"),
            feedback("copywriter", 6.0),
        ]);
        let update = follow_up(&one).expect("a failed critic is offered again");
        assert_eq!(update.retry_critics, Some(vec!["technical_writer".into()]));
        assert_eq!(
            route_start(&one),
            "router",
            "a plain run starts at the router"
        );
        let mut asked = one.clone();
        asked.retry_critics = vec!["technical_writer".into()];
        assert_eq!(route_start(&asked), RETRY);
    }

    #[test]
    fn an_answer_on_retry_makes_the_score_again_and_can_meet_the_threshold() {
        let state = finished(vec![
            feedback("recruiter", 8.0),
            Feedback::failed("technical_writer", "timeout"),
            Feedback::failed("copywriter", "timeout"),
        ]);
        assert!(!score_is_meaningful(&state.current_feedback));
        let update = rescore(
            &state,
            &[
                feedback("technical_writer", 6.0),
                Feedback::failed("copywriter", "timeout again"),
            ],
            Language::En,
        );
        let round = update.current_feedback.clone().unwrap();
        assert_eq!(round[0].score, 8.0, "the recruiter's answer stands");
        assert_eq!(round[1].score, 6.0);
        assert!(round[2].is_failure());
        assert_eq!(update.final_score, Some(7.0), "(8 + 6) / 2");
        assert_eq!(
            update.threshold_met,
            Some(true),
            "2 of 3: meaningful, 7.0 ≥ 7.0"
        );
        assert_eq!(update.retry_critics, Some(vec![]), "the request is emptied");
        let warning = &update.warnings.clone().unwrap()[0];
        assert!(warning.contains("6.0/10") && warning.contains("timeout again"));
        assert!(warning.contains("2 of 3"), "{warning}");
    }

    #[test]
    fn the_best_round_takes_the_new_answers_when_it_is_the_result() {
        let mut state = finished(vec![
            feedback("recruiter", 8.0),
            Feedback::failed("copywriter", "timeout"),
        ]);
        state.best_round = Some(BestRound {
            round: 2,
            score: 8.0,
            resume: state.resume.clone(),
            feedback: state.current_feedback.clone(),
            ..BestRound::default()
        });
        let update = rescore(&state, &[feedback("copywriter", 6.0)], Language::Zh);
        let best = update.best_round.clone().unwrap().unwrap();
        assert_eq!((best.round, best.score), (2, 7.0));
        assert!(update.warnings.unwrap()[0].contains("7.0"));
    }
}
