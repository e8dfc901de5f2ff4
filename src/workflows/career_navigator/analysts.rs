//! The three analysts the supervisor dispatches: `user_profiler`, `industry_researcher` and
//! `job_analyzer`. They run in the same superstep; each writes its own result field and appends
//! one `AgentOutput`, so their writes never collide (`current_stage` stays the supervisor's).

use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::domain::career_plan::{
    AgentOutput, AgentStatus, CareerAnalysis, IndustryResearch, IterationInfo, SelfInsight,
    TaskInput, WorkflowStage,
};
use crate::graph::{NodeContext, NodeError};

use super::agents::{
    Agent, JobAnswer, ProfilerAnswer, ResearcherAnswer, INDUSTRY_RESEARCHER, JOB_ANALYZER,
    USER_PROFILER,
};
use super::call::Called;
use super::nodes::json_block;
use super::prompts::user_message;
use super::state::{CareerNavigatorState, NavigatorUpdate};
use super::Deps;

/// One analyst's call on its task; returns the answer, the round info and the update's
/// bookkeeping half (output record, error log, metrics).
async fn analyse<T: DeserializeOwned>(
    deps: &Deps,
    agent: &Agent,
    state: &CareerNavigatorState,
    ctx: &NodeContext,
) -> Result<(Option<T>, IterationInfo, NavigatorUpdate), NodeError> {
    let task = state.current_task(agent.node).cloned().unwrap_or_default();
    // A task always exists (the supervisor made it); the profile stands in if state was edited.
    let input = if task.agent_name.is_empty() {
        TaskInput {
            user_profile: state.user_profile.clone(),
            feedback_adjustments: state.feedback_adjustments.clone(),
            iteration_count: state.iteration_count,
        }
    } else {
        task.input_data.clone()
    };
    let adjustments = if input.feedback_adjustments.is_empty() {
        String::new()
    } else {
        json_block(&input.feedback_adjustments)
    };
    let user = user_message(&[
        ("profile", &json_block(&input.user_profile)),
        ("strategy", &state.planning_strategy),
        ("feedback_adjustments", &adjustments),
    ]);
    let called: Called<T> = deps
        .ask_logged(ctx, state, agent, WorkflowStage::ParallelAnalysis, user)
        .await?;
    let info = IterationInfo {
        iteration_count: input.iteration_count,
        adjustments_applied: input.feedback_adjustments,
        analysis_timestamp: deps.settings.timestamp(),
    };
    let output = AgentOutput {
        task_id: task.task_id,
        agent_name: agent.node.to_string(),
        status: if called.answer.is_some() {
            AgentStatus::Completed
        } else {
            AgentStatus::Failed
        },
        iteration: state.iteration_count,
        summary: String::new(),
        error: called.error,
        duration_ms: called.duration_ms,
    };
    let update = NavigatorUpdate::default()
        .agent_outputs(vec![output])
        .error_log(called.errors)
        .system_metrics(called.metrics);
    Ok((called.answer, info, update))
}

/// Sets the summary of the single output record in `update`.
fn with_summary(mut update: NavigatorUpdate, summary: &str) -> NavigatorUpdate {
    if let Some(outputs) = update.agent_outputs.as_mut() {
        for output in outputs {
            output.summary = summary.to_string();
        }
    }
    update
}

pub async fn user_profiler(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let (answer, info, update) =
        analyse::<ProfilerAnswer>(&deps, &USER_PROFILER, &state, &ctx).await?;
    let answer = answer.unwrap_or_default();
    let result = SelfInsight {
        summary: answer.summary,
        strengths: answer.strengths,
        improvement_areas: answer.improvement_areas,
        work_style: answer.work_style,
        iteration_info: info,
    };
    Ok(with_summary(update, &result.summary).self_insight_result(Some(result)))
}

pub async fn industry_researcher(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let (answer, info, update) =
        analyse::<ResearcherAnswer>(&deps, &INDUSTRY_RESEARCHER, &state, &ctx).await?;
    let answer = answer.unwrap_or_default();
    let result = IndustryResearch {
        summary: answer.summary,
        trends: answer.trends,
        opportunities: answer.opportunities,
        risks: answer.risks,
        iteration_info: info,
    };
    Ok(with_summary(update, &result.summary).industry_research_result(Some(result)))
}

pub async fn job_analyzer(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let (answer, info, update) = analyse::<JobAnswer>(&deps, &JOB_ANALYZER, &state, &ctx).await?;
    let answer = answer.unwrap_or_default();
    let mut roles = answer.recommended_roles;
    for role in &mut roles {
        role.fit_score = role.fit_score.min(100);
    }
    let result = CareerAnalysis {
        summary: answer.summary,
        recommended_roles: roles,
        skill_gaps: answer.skill_gaps,
        iteration_info: info,
    };
    Ok(with_summary(update, &result.summary).career_analysis_result(Some(result)))
}
