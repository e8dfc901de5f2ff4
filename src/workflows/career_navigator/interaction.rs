//! The two pauses for the user. Each is its own node after the agent that prepares it, so when a
//! run resumes (the paused node runs again from its start) no model call is repeated.
//!
//! **`user_feedback`** (after `reporter`) pauses with:
//! ```json
//! {"type": "satisfaction", "question": "Are you satisfied with this report? …",
//!  "report": {IntegratedReport}, "iteration": 0, "max_iterations": 3, "rounds_left": 3,
//!  "levels": [{"level": 1, "id": "very_dissatisfied", "label": "Very dissatisfied"}, …],
//!  "error": "only when the previous answer was not understood"}
//! ```
//! Answer `{"level": 1..5 | "very_dissatisfied" | … | "very_satisfied", "feedback": "text"}`
//! (also a bare level or name). Satisfied (4, 5) → `goal_decomposer`; otherwise → `supervisor`
//! with the feedback, at most `max_iterations` times, then on to `goal_decomposer` with
//! `iteration_limit_reached` set and an `error_log` note.
//!
//! **`final_confirmation`** (after `scheduler`) pauses with:
//! ```json
//! {"type": "confirm_plan", "question": "This is your final action plan. …",
//!  "plan": {FinalPlan}, "career_goals": {CareerGoals}, "revision": 0, "max_revisions": 3}
//! ```
//! Answer `{"confirm": true}` → completed. `{"confirm": false, "feedback": "text"}` → the
//! scheduler revises the plan with the feedback (the seed leaves "not confirmed" open; a plan
//! the user rejects is worth one more try, not a dead end), at most `max_iterations` times; after
//! that the run completes with `plan_confirmed: false` and an `error_log` note.
//!
//! An answer that cannot be read asks again with `error` set in the payload (nothing is lost),
//! up to [`MAX_ATTEMPTS`] times; then the run goes on as if the user had given no rating
//! (neutral) or had not confirmed, with an `error_log` entry.

use serde_json::{json, Value};

use crate::domain::career_plan::{
    ErrorEntry, SystemMetrics, UserFeedback, UserSatisfactionLevel, WorkflowStage,
};
use crate::graph::{Command, NodeContext, NodeError};

use super::pause::{ConfirmPlanPause, NavigatorPause, SatisfactionPause};
use super::routing::{self, ConfirmRoute, FeedbackRoute};
use super::settings::NavigatorSettings;
use super::state::{CareerNavigatorState, ChatTurn, NavigatorUpdate};

/// Unreadable answers accepted before the run goes on without one.
pub const MAX_ATTEMPTS: usize = 5;

fn text_field(answer: &Value, keys: &[&str]) -> Option<String> {
    keys.iter()
        .find_map(|k| answer.get(*k))
        .and_then(Value::as_str)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

fn level_of(value: &Value) -> Option<UserSatisfactionLevel> {
    match value {
        Value::Number(n) => n.as_u64().and_then(UserSatisfactionLevel::from_level),
        Value::String(s) => UserSatisfactionLevel::from_name(s),
        _ => None,
    }
}

/// Reads a satisfaction answer: the level and the feedback text (may be empty).
pub fn parse_satisfaction(answer: &Value) -> Option<(UserSatisfactionLevel, String)> {
    if let Some(level) = level_of(answer) {
        return Some((level, String::new()));
    }
    let level = ["level", "satisfaction", "satisfaction_level"]
        .iter()
        .find_map(|k| answer.get(*k))
        .and_then(level_of)?;
    let feedback = text_field(answer, &["feedback", "feedback_text"]).unwrap_or_default();
    Some((level, feedback))
}

/// Reads a confirmation answer: confirmed or not, and the feedback text.
pub fn parse_confirmation(answer: &Value) -> Option<(bool, Option<String>)> {
    let as_bool = |v: &Value| match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.trim().to_lowercase().as_str() {
            "yes" | "true" | "confirm" | "confirmed" | "approve" | "ok" => Some(true),
            "no" | "false" | "revise" | "reject" | "rejected" => Some(false),
            _ => None,
        },
        _ => None,
    };
    if let Some(confirmed) = as_bool(answer) {
        return Some((confirmed, None));
    }
    let confirmed = ["confirm", "confirmed", "decision"]
        .iter()
        .find_map(|k| answer.get(*k))
        .and_then(as_bool)?;
    Some((
        confirmed,
        text_field(answer, &["feedback", "feedback_text"]),
    ))
}

pub fn satisfaction_payload(state: &CareerNavigatorState) -> Value {
    json!(NavigatorPause::Satisfaction(SatisfactionPause::of(state)))
}

pub fn confirmation_payload(state: &CareerNavigatorState) -> Value {
    json!(NavigatorPause::ConfirmPlan(ConfirmPlanPause::of(state)))
}

/// Asks until `parse` reads the answer (see the module docs); `None` after [`MAX_ATTEMPTS`].
fn ask<T>(
    ctx: &NodeContext,
    mut payload: Value,
    error: &str,
    parse: impl Fn(&Value) -> Option<T>,
) -> Result<Option<T>, NodeError> {
    for _ in 0..MAX_ATTEMPTS {
        let answer = ctx.interrupt(payload.clone())?;
        if let Some(parsed) = parse(&answer) {
            return Ok(Some(parsed));
        }
        payload["error"] = json!(error);
    }
    Ok(None)
}

fn log(
    state: &CareerNavigatorState,
    settings: &NavigatorSettings,
    agent: &str,
    error: String,
) -> ErrorEntry {
    ErrorEntry {
        error,
        timestamp: settings.timestamp(),
        session_id: state.session_id.clone(),
        stage: state.current_stage,
        agent: agent.to_string(),
    }
}

/// The `user_feedback` node.
pub fn user_feedback(
    settings: &NavigatorSettings,
    state: &CareerNavigatorState,
    ctx: &NodeContext,
) -> Result<Command<CareerNavigatorState>, NodeError> {
    let lang = state.language;
    let error = lang.pick(
        "Please choose one of the five satisfaction levels.",
        "请从五个满意度等级中选择一个。",
    );
    let answer = ask(ctx, satisfaction_payload(state), error, parse_satisfaction)?;
    let mut errors = Vec::new();
    let mut metrics = Vec::new();
    let (level, feedback) = answer.unwrap_or_else(|| {
        errors.push(log(
            state,
            settings,
            "user_feedback",
            "The satisfaction answer was not understood; the run went on as neutral.".into(),
        ));
        metrics.push(SystemMetrics::error(&settings.timestamp()));
        (UserSatisfactionLevel::Neutral, String::new())
    });
    Ok(decide_feedback(
        settings, state, level, feedback, errors, metrics,
    ))
}

/// The update and route for one rating (see [`routing::after_feedback`]).
pub fn decide_feedback(
    settings: &NavigatorSettings,
    state: &CareerNavigatorState,
    level: UserSatisfactionLevel,
    feedback: String,
    mut errors: Vec<ErrorEntry>,
    mut metrics: Vec<SystemMetrics>,
) -> Command<CareerNavigatorState> {
    let now = settings.timestamp();
    let record = UserFeedback {
        feedback_id: format!(
            "{}-feedback-{}",
            state.session_id,
            state.user_feedback_history.len() + 1
        ),
        stage: WorkflowStage::UserFeedback,
        satisfaction_level: level,
        feedback_text: feedback.clone(),
        iteration: state.iteration_count,
        timestamp: now.clone(),
    };
    let route = routing::after_feedback(level, state.iteration_count, state.max_iterations);
    let mut iteration = state.iteration_count;
    let mut update = NavigatorUpdate::default();
    let stage = match route {
        FeedbackRoute::Decompose => WorkflowStage::GoalDecomposition,
        FeedbackRoute::Reanalyse => {
            iteration += 1;
            update = update.iteration_count(iteration);
            WorkflowStage::Planning
        }
        FeedbackRoute::LimitReached => {
            update = update.iteration_limit_reached(true);
            errors.push(log(
                state,
                settings,
                "user_feedback",
                state
                    .language
                    .pick(
                        "Maximum number of analysis rounds reached; continuing with the last report.",
                        "已达到最大分析轮次，将基于最新报告继续。",
                    )
                    .to_string(),
            ));
            WorkflowStage::GoalDecomposition
        }
    };
    let mut rating = SystemMetrics::rating(level, &now);
    rating.iteration_count = iteration;
    metrics.push(rating);
    let turn = ChatTurn {
        role: "user".into(),
        content: format!("[{}] {}", level.id(), feedback)
            .trim_end()
            .to_string(),
    };
    // One write per field: fold the metrics deltas into one.
    let mut delta = SystemMetrics::default();
    for m in &metrics {
        delta.add(m);
    }
    Command::goto(route.node()).with_update(
        update
            .user_feedback_history(vec![record])
            .current_satisfaction(Some(level))
            .current_stage(stage)
            .next_node(route.node().to_string())
            .requires_user_input(false)
            .pending_questions(Vec::<String>::new())
            .messages(vec![turn])
            .error_log(errors)
            .system_metrics(delta),
    )
}

/// The `final_confirmation` node.
pub fn final_confirmation(
    settings: &NavigatorSettings,
    state: &CareerNavigatorState,
    ctx: &NodeContext,
) -> Result<Command<CareerNavigatorState>, NodeError> {
    let error = state.language.pick(
        "Please confirm the plan or say what to change.",
        "请确认计划，或说明需要修改的地方。",
    );
    let answer = ask(ctx, confirmation_payload(state), error, parse_confirmation)?;
    let mut errors = Vec::new();
    let (confirmed, feedback) = answer.unwrap_or_else(|| {
        errors.push(log(
            state,
            settings,
            "final_confirmation",
            "The confirmation was not understood; the plan is left unconfirmed.".into(),
        ));
        (false, None)
    });
    // An unreadable answer is not a request to revise.
    let route = if answer_missing(&errors) {
        ConfirmRoute::RevisionLimit
    } else {
        routing::after_confirmation(confirmed, state.plan_revision_count, state.max_iterations)
    };
    Ok(decide_confirmation(
        state, settings, route, feedback, errors,
    ))
}

fn answer_missing(errors: &[ErrorEntry]) -> bool {
    !errors.is_empty()
}

pub fn decide_confirmation(
    state: &CareerNavigatorState,
    settings: &NavigatorSettings,
    route: ConfirmRoute,
    feedback: Option<String>,
    mut errors: Vec<ErrorEntry>,
) -> Command<CareerNavigatorState> {
    let lang = state.language;
    let mut update = NavigatorUpdate::default()
        .requires_user_input(false)
        .pending_questions(Vec::<String>::new())
        .next_node(route.node().to_string());
    if let Some(text) = &feedback {
        update = update.messages(vec![ChatTurn {
            role: "user".into(),
            content: text.clone(),
        }]);
    }
    update = match route {
        ConfirmRoute::Complete => update
            .plan_confirmed(true)
            .plan_feedback(feedback)
            .current_stage(WorkflowStage::Completed),
        ConfirmRoute::Revise => update
            .plan_feedback(Some(feedback.unwrap_or_else(|| {
                lang.pick("Please revise the plan.", "请修改这份计划。")
                    .to_string()
            })))
            .plan_revision_count(state.plan_revision_count + 1)
            .current_stage(WorkflowStage::SchedulePlanning),
        ConfirmRoute::RevisionLimit => {
            if errors.is_empty() {
                errors.push(log(
                    state,
                    settings,
                    "final_confirmation",
                    lang.pick(
                        "Maximum number of plan revisions reached; the last plan is kept unconfirmed.",
                        "已达到计划修改次数上限，保留最后一版计划（未确认）。",
                    )
                    .to_string(),
                ));
            }
            update
                .plan_confirmed(false)
                .plan_feedback(feedback)
                .current_stage(WorkflowStage::Completed)
        }
    };
    Command::goto(route.node()).with_update(update.error_log(errors))
}
