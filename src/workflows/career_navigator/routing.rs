//! Routing decisions as pure functions of plain values, tested directly (the nodes that route
//! with `Command` call them).

use crate::domain::career_plan::{GoalAnalysis, UserSatisfactionLevel};

use super::state::CareerNavigatorState;

/// Above this clarity score (0–100) the goal is clear enough to decompose directly.
pub const CLARITY_THRESHOLD: u32 = 70;

/// The seed's rule: `clarity_score > 70` → `goal_decomposer`, else `planner`. A missing analysis
/// (the coordinator failed) counts as unclear: the full analysis is the safe path.
pub fn after_coordinator(analysis: Option<&GoalAnalysis>) -> &'static str {
    match analysis {
        Some(a) if a.clarity_score > CLARITY_THRESHOLD => "goal_decomposer",
        _ => "planner",
    }
}

/// The conditional edge after `coordinator`.
pub fn route_after_coordinator(state: &CareerNavigatorState) -> &'static str {
    after_coordinator(state.cached_data.goal_analysis.as_ref())
}

/// Where a satisfaction rating sends the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedbackRoute {
    /// Satisfied or very satisfied: on to the goals.
    Decompose,
    /// Not satisfied and rounds left: the supervisor re-runs the analysis with the feedback.
    Reanalyse,
    /// Not satisfied but `max_iterations` re-analysis rounds were used: on to the goals anyway.
    LimitReached,
}

impl FeedbackRoute {
    pub fn node(self) -> &'static str {
        match self {
            FeedbackRoute::Reanalyse => "supervisor",
            FeedbackRoute::Decompose | FeedbackRoute::LimitReached => "goal_decomposer",
        }
    }
}

/// `iteration_count` is the number of re-analysis rounds so far: a dissatisfied rating goes back
/// to the supervisor at most `max_iterations` times.
pub fn after_feedback(
    level: UserSatisfactionLevel,
    iteration_count: u32,
    max_iterations: u32,
) -> FeedbackRoute {
    if level.is_satisfied() {
        FeedbackRoute::Decompose
    } else if iteration_count < max_iterations {
        FeedbackRoute::Reanalyse
    } else {
        FeedbackRoute::LimitReached
    }
}

/// Where the answer to the final confirmation sends the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmRoute {
    /// Confirmed: the run completes.
    Complete,
    /// Not confirmed, revisions left: the scheduler revises the plan with the feedback.
    Revise,
    /// Not confirmed, `max_iterations` revisions used: the run completes, unconfirmed.
    RevisionLimit,
}

impl ConfirmRoute {
    pub fn node(self) -> &'static str {
        match self {
            ConfirmRoute::Revise => "scheduler",
            ConfirmRoute::Complete | ConfirmRoute::RevisionLimit => crate::graph::END,
        }
    }
}

pub fn after_confirmation(
    confirmed: bool,
    plan_revision_count: u32,
    max_iterations: u32,
) -> ConfirmRoute {
    if confirmed {
        ConfirmRoute::Complete
    } else if plan_revision_count < max_iterations {
        ConfirmRoute::Revise
    } else {
        ConfirmRoute::RevisionLimit
    }
}
