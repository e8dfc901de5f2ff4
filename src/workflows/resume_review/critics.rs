//! The three critic nodes. Each writes only its own `*_feedback` field, so they can run in the same
//! superstep without a reducer. A failed call becomes a feedback that holds only the error (left
//! out of the score, see `aggregate`) and the run goes on; cancellation and a refused key stop it.

use std::rc::Rc;

use serde::Deserialize;

use crate::domain::result_check::unreliable;
use crate::domain::{Feedback, Issue, Language, Severity};
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::RunSettings;

use super::agents::Critic;
use super::prompts::user_message;
use super::state::{ReviewState, ReviewUpdate};
use super::Deps;

/// A critic's answer: `Feedback` minus `agent_name`, which the workflow sets rather than trusting
/// the model with it.
#[derive(Debug, Deserialize)]
struct CriticAnswer {
    score: f64,
    #[serde(default)]
    strengths: Vec<String>,
    #[serde(default)]
    issues: Vec<IssueAnswer>,
    #[serde(default)]
    suggestions: Vec<String>,
}

/// An issue as a model writes it: a missing field takes its default. The `Issue` kept in the
/// state always has all four (its TypeScript says so).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct IssueAnswer {
    severity: Severity,
    section: String,
    description: String,
    suggestion: String,
}

impl From<IssueAnswer> for Issue {
    fn from(answer: IssueAnswer) -> Self {
        Issue {
            severity: answer.severity,
            section: answer.section,
            description: answer.description,
            suggestion: answer.suggestion,
        }
    }
}

impl CriticAnswer {
    fn into_feedback(self, critic: &Critic) -> Feedback {
        // Clamped: a model answering 85 for "8.5" must not dominate the integrated score.
        let score = crate::workflows::common::clamp_score(self.score, 10.0);
        Feedback {
            agent_name: critic.feedback_name.to_string(),
            score,
            strengths: self.strengths,
            issues: self.issues.into_iter().map(Issue::from).collect(),
            suggestions: self.suggestions,
            error: None,
        }
    }
}

/// Runs one critic on the current resume.
pub async fn run_critic(
    deps: Rc<Deps>,
    critic: Critic,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let feedback = ask_critic(&deps, &critic, &state, &ctx).await?;
    // A failed critic is listed in `warnings` too, so a caller that reads only the final state
    // (the package's `result()`) learns which agent is missing from the score.
    let update = match &feedback.error {
        Some(error) => ReviewUpdate::default().warnings(vec![failed_warning(
            critic.agent.node,
            state.current_iteration,
            error,
            deps.settings.language(),
        )]),
        None => ReviewUpdate::default(),
    };
    with_feedback(update, &critic, feedback)
}

/// The warning for a critic whose call failed: which critic, which round, the error, and that the
/// score leaves it out.
fn failed_warning(node: &str, iteration: u32, error: &str, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "Round {iteration}: the `{node}` critic failed ({error}); its evaluation is left out of the score."
        ),
        Language::Zh => {
            format!("第 {iteration} 轮：评审 `{node}` 失败（{error}）；其评价未计入分数。")
        }
    }
}

/// One critic's feedback on `state.resume`: its answer, or a failure that holds only the error.
/// Cancellation and a refused key are the node's error instead.
pub async fn ask_critic(
    deps: &Deps,
    critic: &Critic,
    state: &ReviewState,
    ctx: &NodeContext,
) -> Result<Feedback, NodeError> {
    let user = user_message(&state.target_role, &[], &state.resume.text);
    Ok(
        match deps
            .try_ask::<CriticAnswer>(ctx, &critic.agent, state.current_iteration, user)
            .await?
        {
            Ok(answer) => {
                let feedback = answer.into_feedback(critic);
                // An answer that loops or says nothing is no evaluation: its score is not
                // averaged in (a 135M model's "until until until" scored like any other).
                match unreliable(&notes(&feedback)) {
                    Some(why) => {
                        let lang = deps.settings.language();
                        let reason = match lang {
                            Language::En => {
                                format!("its answer is not usable: it {}", why.describe(lang))
                            }
                            Language::Zh => format!("其回答不可用：{}", why.describe(lang)),
                        };
                        Feedback::failed(critic.feedback_name, &reason)
                    }
                    None => feedback,
                }
            }
            Err(error) => Feedback::failed(critic.feedback_name, &error.to_string()),
        },
    )
}

/// What a critic wrote besides its score, one item a line.
fn notes(feedback: &Feedback) -> String {
    let issues = feedback
        .issues
        .iter()
        .flat_map(|i| [i.description.as_str(), i.suggestion.as_str()]);
    feedback
        .strengths
        .iter()
        .map(String::as_str)
        .chain(issues)
        .chain(feedback.suggestions.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `update` with `feedback` written into `critic`'s own field.
pub fn with_feedback(
    update: ReviewUpdate,
    critic: &Critic,
    feedback: Feedback,
) -> Result<ReviewUpdate, NodeError> {
    match critic.agent.node {
        "recruiter" => Ok(update.recruiter_feedback(Some(feedback))),
        "tech_writer" => Ok(update.tech_writer_feedback(Some(feedback))),
        "copywriter" => Ok(update.copywriter_feedback(Some(feedback))),
        other => Err(NodeError::from(format!("`{other}` is not a critic"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflows::resume_review::agents::CRITICS;

    #[test]
    fn a_talked_up_score_is_clamped_to_ten() {
        for (score, expected) in [
            (10.0, 10.0),
            (100.0, 10.0),
            (1e9, 10.0),
            (-5.0, 0.0),
            (f64::NAN, 0.0),
        ] {
            let answer: CriticAnswer =
                crate::value_de::from_value(serde_json::json!({ "score": 0.0 })).unwrap();
            let answer = CriticAnswer { score, ..answer };
            assert_eq!(answer.into_feedback(&CRITICS[0]).score, expected, "{score}");
        }
    }
}
