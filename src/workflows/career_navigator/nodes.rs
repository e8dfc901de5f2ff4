//! The nodes that plan and integrate: coordinator, planner, supervisor, reporter, goal_decomposer
//! and scheduler (the analysts are in `analysts.rs`, the two interrupts in `interaction.rs`).
//! Every LLM node has a deterministic fallback built from what the run already knows, so a failed
//! call is an `error_log` entry, not a lost run.

use std::rc::Rc;

use serde::Serialize;

use crate::domain::career_plan::{
    AgentStatus, AgentTask, CachedData, CareerGoal, CareerGoals, FeedbackAdjustments, FinalPlan,
    GoalAnalysis, IntegratedReport, ScheduleItem, TaskInput, TimelinePhase, WorkflowStage,
};
use crate::domain::Language;
use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;
use crate::workflows::common::RunSettings;

use super::agents::{
    CoordinatorAnswer, GoalsAnswer, PlanAnswer, PlannerAnswer, ReporterAnswer, SupervisorAnswer,
    ANALYSTS, COORDINATOR, GOAL_DECOMPOSER, PLANNER, REPORTER, SCHEDULER, SUPERVISOR,
};
use super::prompts::{bullets, user_message};
use super::routing;
use super::state::{CareerNavigatorState, ChatTurn, NavigatorUpdate};
use super::Deps;

/// Pretty JSON for a prompt block (agents and demo responders read the same text).
pub fn json_block<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

fn feedback_history_block(state: &CareerNavigatorState) -> String {
    if state.user_feedback_history.is_empty() {
        String::new()
    } else {
        json_block(&state.user_feedback_history)
    }
}

/// The question the reporter's interrupt asks.
pub fn satisfaction_question(language: Language) -> &'static str {
    language.pick(
        "Are you satisfied with this report? Please give your feedback or what to change.",
        "您对这份综合报告满意吗？请提供您的反馈或修改意见。",
    )
}

/// The question the final confirmation asks.
pub fn confirmation_question(language: Language) -> &'static str {
    language.pick(
        "This is your final action plan. Are you happy with it?",
        "这是为您生成的最终行动计划，您是否满意？",
    )
}

/// Judges how clear the goal is and routes (see [`routing::after_coordinator`]).
pub async fn coordinator(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let user = user_message(&[("profile", &json_block(&state.user_profile))]);
    let called = deps
        .ask_logged::<CoordinatorAnswer>(&ctx, &state, &COORDINATOR, WorkflowStage::Initial, user)
        .await?;
    let analysis = called.answer.map(|a| GoalAnalysis {
        is_goal_clear: a.is_goal_clear,
        clarity_score: a.clarity_score.round().clamp(0.0, 100.0) as u32,
        target_role: a.target_role,
        reasoning: a.reasoning,
        missing_information: a.missing_information,
    });
    let next = routing::after_coordinator(analysis.as_ref());
    let stage = if next == "goal_decomposer" {
        WorkflowStage::GoalDecomposition
    } else {
        WorkflowStage::Planning
    };
    let note = analysis
        .as_ref()
        .map(|a| a.reasoning.clone())
        .unwrap_or_default();
    Ok(NavigatorUpdate::default()
        .current_stage(stage)
        .next_node(next.to_string())
        .cached_data(CachedData {
            goal_analysis: analysis,
        })
        .messages(assistant(note))
        .error_log(called.errors)
        .system_metrics(called.metrics))
}

fn assistant(content: String) -> Vec<ChatTurn> {
    if content.trim().is_empty() {
        Vec::new()
    } else {
        vec![ChatTurn {
            role: "assistant".into(),
            content,
        }]
    }
}

/// Writes the analysis strategy (`planning_strategy`).
pub async fn planner(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let user = user_message(&[
        ("profile", &json_block(&state.user_profile)),
        (
            "goal_analysis",
            &json_block(&state.cached_data.goal_analysis),
        ),
        ("feedback_history", &feedback_history_block(&state)),
    ]);
    let called = deps
        .ask_logged::<PlannerAnswer>(&ctx, &state, &PLANNER, WorkflowStage::Planning, user)
        .await?;
    let strategy = match called.answer {
        Some(answer) if !answer.focus_areas.is_empty() => format!(
            "{}\n{}\n{}",
            answer.strategy.trim(),
            state.language.pick("Focus areas:", "重点领域："),
            bullets(&answer.focus_areas)
        ),
        Some(answer) => answer.strategy,
        None => state
            .language
            .pick(
                "Analyse the profile, the industry and the roles that fit the stated goal; settle what the goal leaves open.",
                "分析个人画像、行业以及与目标相符的岗位，明确目标中尚未确定的部分。",
            )
            .to_string(),
    };
    Ok(NavigatorUpdate::default()
        .current_stage(WorkflowStage::Planning)
        .planning_strategy(strategy)
        .error_log(called.errors)
        .system_metrics(called.metrics))
}

/// Creates the round's three analyst tasks. After dissatisfied feedback it first turns the
/// feedback into `feedback_adjustments` (an LLM call; the user's own words are kept either way,
/// so the analysts always see them).
pub async fn supervisor(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    if deps.settings.is_cancelled() {
        return Err(LlmError::Cancelled.into());
    }
    let mut update = NavigatorUpdate::default();
    let mut adjustments = FeedbackAdjustments::default();
    let latest = state
        .latest_feedback()
        .filter(|_| state.iteration_count > 0)
        .cloned();
    if let Some(feedback) = latest {
        adjustments.user_feedback = feedback.feedback_text.clone();
        let user = user_message(&[
            ("profile", &json_block(&state.user_profile)),
            ("report", &json_block(&state.integrated_report)),
            ("feedback", &feedback.feedback_text),
        ]);
        let called = deps
            .ask_logged::<SupervisorAnswer>(
                &ctx,
                &state,
                &SUPERVISOR,
                WorkflowStage::Planning,
                user,
            )
            .await?;
        match called.answer {
            Some(answer) => {
                adjustments.focus_areas = answer
                    .focus_areas
                    .into_iter()
                    .filter(|f| !f.trim().is_empty())
                    .collect();
                adjustments.instructions = answer.instructions;
            }
            None => {
                adjustments.instructions = state
                    .language
                    .pick(
                        "Address the user's feedback directly.",
                        "请直接回应用户的反馈。",
                    )
                    .to_string()
            }
        }
        update = update
            .error_log(called.errors)
            .system_metrics(called.metrics);
    }
    let now = deps.settings.timestamp();
    let tasks: Vec<AgentTask> = ANALYSTS
        .iter()
        .enumerate()
        .map(|(i, (agent, task_en, task_zh))| AgentTask {
            task_id: format!(
                "{}-r{}-{}",
                state.session_id, state.iteration_count, agent.node
            ),
            agent_name: agent.node.to_string(),
            task_type: state.language.pick(task_en, task_zh).to_string(),
            priority: i as u32 + 1,
            description: format!(
                "{} ({} {})",
                state.language.pick(task_en, task_zh),
                state.language.pick("round", "轮次"),
                state.iteration_count + 1
            ),
            input_data: TaskInput {
                user_profile: state.user_profile.clone(),
                feedback_adjustments: adjustments.clone(),
                iteration_count: state.iteration_count,
            },
            status: AgentStatus::Idle,
            created_at: now.clone(),
        })
        .collect();
    Ok(update
        .current_stage(WorkflowStage::ParallelAnalysis)
        .feedback_adjustments(adjustments)
        .agent_tasks(tasks))
}

/// The three analyses as one prompt block; a failed analysis says so.
fn analyses_block(state: &CareerNavigatorState) -> String {
    json_block(&serde_json::json!({
        "self_insight_result": state.self_insight_result,
        "industry_research_result": state.industry_research_result,
        "career_analysis_result": state.career_analysis_result,
    }))
}

/// Integrates the three analyses into the report and asks for satisfaction (the interrupt itself
/// is the next node, `user_feedback`, so answering it does not repeat this call).
pub async fn reporter(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let user = user_message(&[
        ("profile", &json_block(&state.user_profile)),
        ("strategy", &state.planning_strategy),
        ("analyses", &analyses_block(&state)),
        ("feedback_history", &feedback_history_block(&state)),
        ("feedback_adjustments", &adjustments_block(&state)),
    ]);
    let called = deps
        .ask_logged::<ReporterAnswer>(
            &ctx,
            &state,
            &REPORTER,
            WorkflowStage::ResultIntegration,
            user,
        )
        .await?;
    let report = match called.answer {
        Some(a) => IntegratedReport {
            executive_summary: a.executive_summary,
            recommended_career: a.recommended_career,
            match_score: a.match_score.round().clamp(0.0, 100.0) as u32,
            strengths: a.strengths,
            development_areas: a.development_areas,
            recommendations: a.recommendations,
            iteration_summary: if state.iteration_count == 0 {
                String::new()
            } else {
                a.iteration_summary
            },
            iteration_count: state.iteration_count,
        },
        None => fallback_report(&state),
    };
    let question = satisfaction_question(state.language).to_string();
    Ok(NavigatorUpdate::default()
        .current_stage(WorkflowStage::UserFeedback)
        .messages(assistant(report.executive_summary.clone()))
        .integrated_report(Some(report))
        .requires_user_input(true)
        .pending_questions(vec![question])
        .error_log(called.errors)
        .system_metrics(called.metrics))
}

pub fn adjustments_block(state: &CareerNavigatorState) -> String {
    if state.feedback_adjustments.is_empty() {
        String::new()
    } else {
        json_block(&state.feedback_adjustments)
    }
}

/// The report put together from the analyses alone, when the reporter failed.
fn fallback_report(state: &CareerNavigatorState) -> IntegratedReport {
    let lang = state.language;
    let insight = state.self_insight_result.clone().unwrap_or_default();
    let industry = state.industry_research_result.clone().unwrap_or_default();
    let career = state.career_analysis_result.clone().unwrap_or_default();
    let top = career
        .recommended_roles
        .first()
        .cloned()
        .unwrap_or_default();
    let target = state
        .cached_data
        .goal_analysis
        .as_ref()
        .map(|g| g.target_role.clone())
        .unwrap_or_default();
    let summaries: Vec<String> = [insight.summary, industry.summary, career.summary]
        .into_iter()
        .filter(|s| !s.trim().is_empty())
        .collect();
    IntegratedReport {
        executive_summary: if summaries.is_empty() {
            lang.pick(
                "The analyses could not be completed; see the error log. Rate the report as not satisfied to try again.",
                "分析未能完成，请查看错误日志。如需重试，请将满意度选为不满意。",
            )
            .to_string()
        } else {
            summaries.join(" ")
        },
        recommended_career: if top.title.is_empty() {
            target
        } else {
            top.title
        },
        match_score: top.fit_score.min(100),
        strengths: insight.strengths,
        development_areas: career.skill_gaps,
        recommendations: industry.opportunities,
        iteration_summary: String::new(),
        iteration_count: state.iteration_count,
    }
}

/// Breaks the direction into long-, medium- and short-term goals.
pub async fn goal_decomposer(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let user = user_message(&[
        ("profile", &json_block(&state.user_profile)),
        (
            "goal_analysis",
            &json_block(&state.cached_data.goal_analysis),
        ),
        (
            "report",
            &state
                .integrated_report
                .as_ref()
                .map(json_block)
                .unwrap_or_default(),
        ),
    ]);
    let called = deps
        .ask_logged::<GoalsAnswer>(
            &ctx,
            &state,
            &GOAL_DECOMPOSER,
            WorkflowStage::GoalDecomposition,
            user,
        )
        .await?;
    let goals = called
        .answer
        .map(|a| CareerGoals {
            long_term_goals: a.long_term_goals,
            medium_term_goals: a.medium_term_goals,
            short_term_goals: a.short_term_goals,
        })
        .filter(|g| !g.is_empty())
        .unwrap_or_else(|| fallback_goals(&state));
    Ok(NavigatorUpdate::default()
        .current_stage(WorkflowStage::SchedulePlanning)
        .career_goals(Some(goals))
        .requires_user_input(false)
        .pending_questions(Vec::<String>::new())
        .error_log(called.errors)
        .system_metrics(called.metrics))
}

/// Goals from the report and the stated goal, when the decomposer failed.
fn fallback_goals(state: &CareerNavigatorState) -> CareerGoals {
    let lang = state.language;
    let report = state.integrated_report.clone().unwrap_or_default();
    let direction = if report.recommended_career.trim().is_empty() {
        state.user_profile.career_goals.clone()
    } else {
        report.recommended_career.clone()
    };
    let goal = |title: String, timeframe: &str| CareerGoal {
        title,
        timeframe: timeframe.to_string(),
        ..Default::default()
    };
    CareerGoals {
        long_term_goals: vec![goal(direction, lang.pick("3–5 years", "3–5 年"))],
        medium_term_goals: report
            .development_areas
            .iter()
            .take(2)
            .map(|d| goal(d.clone(), lang.pick("1–2 years", "1–2 年")))
            .collect(),
        short_term_goals: report
            .recommendations
            .iter()
            .take(3)
            .map(|r| goal(r.clone(), lang.pick("3–6 months", "3–6 个月")))
            .collect(),
    }
}

/// Turns the goals into the action plan and asks for the final confirmation (next node).
pub async fn scheduler(
    deps: Rc<Deps>,
    state: CareerNavigatorState,
    ctx: NodeContext,
) -> Result<NavigatorUpdate, NodeError> {
    let revising = state.plan_revision_count > 0;
    let previous = if revising {
        state
            .final_plan
            .as_ref()
            .map(json_block)
            .unwrap_or_default()
    } else {
        String::new()
    };
    let plan_feedback = if revising {
        state.plan_feedback.clone().unwrap_or_default()
    } else {
        String::new()
    };
    let user = user_message(&[
        ("profile", &json_block(&state.user_profile)),
        ("goals", &json_block(&state.career_goals)),
        ("previous_plan", &previous),
        ("plan_feedback", &plan_feedback),
    ]);
    let called = deps
        .ask_logged::<PlanAnswer>(
            &ctx,
            &state,
            &SCHEDULER,
            WorkflowStage::SchedulePlanning,
            user,
        )
        .await?;
    let plan = called
        .answer
        .map(|a| FinalPlan {
            schedule_overview: a.schedule_overview,
            action_items: a.action_items,
            timeline: a.timeline,
            resources: a.resources,
        })
        .filter(|p| !p.action_items.is_empty())
        .unwrap_or_else(|| fallback_plan(&state));
    let question = confirmation_question(state.language).to_string();
    Ok(NavigatorUpdate::default()
        .current_stage(WorkflowStage::FinalConfirmation)
        .final_plan(Some(normalize_plan(plan)))
        .requires_user_input(true)
        .pending_questions(vec![question])
        .error_log(called.errors)
        .system_metrics(called.metrics))
}

/// Longest plan accepted, in weeks (five years): beyond it a model's number is a mistake.
pub const MAX_PLAN_WEEKS: u32 = 260;

/// Clamps weeks into range, makes every item at least a week long, orders items by start and
/// phases so they never end before they begin.
pub fn normalize_plan(mut plan: FinalPlan) -> FinalPlan {
    for item in &mut plan.action_items {
        item.start_week = item.start_week.min(MAX_PLAN_WEEKS);
        item.duration_weeks = item.duration_weeks.clamp(1, MAX_PLAN_WEEKS);
        item.priority = item.priority.trim().to_lowercase();
    }
    crate::domain::stable_sort::sort_by_key(&mut plan.action_items, |i| i.start_week);
    for phase in &mut plan.timeline {
        phase.start_week = phase.start_week.min(MAX_PLAN_WEEKS);
        phase.end_week = phase.end_week.clamp(phase.start_week, MAX_PLAN_WEEKS);
    }
    crate::domain::stable_sort::sort_by_key(&mut plan.timeline, |p| p.start_week);
    plan
}

/// A plan made from the goals alone, when the scheduler failed: short-term goals first, one
/// after another, then medium-term ones, then the long-term direction.
fn fallback_plan(state: &CareerNavigatorState) -> FinalPlan {
    let lang = state.language;
    let goals = state.career_goals.clone().unwrap_or_default();
    let mut items = Vec::new();
    let mut week = 0;
    for goal in &goals.short_term_goals {
        items.push(item(goal, week, 4, "high"));
        week += 4;
    }
    let medium_start = week.max(12);
    for (i, goal) in goals.medium_term_goals.iter().enumerate() {
        items.push(item(goal, medium_start + 8 * i as u32, 8, "medium"));
    }
    let long_start = (medium_start + 8 * goals.medium_term_goals.len() as u32).max(26);
    for goal in &goals.long_term_goals {
        items.push(item(goal, long_start, 26, "low"));
    }
    let end = items
        .iter()
        .map(|i| i.start_week + i.duration_weeks)
        .max()
        .unwrap_or(4);
    FinalPlan {
        schedule_overview: lang
            .pick(
                "A plan built from your goals: short-term goals first, then medium- and long-term ones.",
                "根据您的目标制定的计划：先完成短期目标，再推进中期和长期目标。",
            )
            .to_string(),
        action_items: items,
        timeline: vec![
            phase(
                lang.pick("Foundation", "打基础"),
                0,
                medium_start,
                lang.pick("Short-term goals", "短期目标"),
            ),
            phase(
                lang.pick("Growth", "成长"),
                medium_start,
                end.max(medium_start),
                lang.pick("Medium- and long-term goals", "中长期目标"),
            ),
        ],
        resources: Vec::new(),
    }
}

/// `goal` as one schedule item (also how the demo's scheduler schedules goals).
pub(super) fn item(
    goal: &CareerGoal,
    start_week: u32,
    duration_weeks: u32,
    priority: &str,
) -> ScheduleItem {
    ScheduleItem {
        title: goal.title.clone(),
        description: goal.description.clone(),
        start_week,
        duration_weeks,
        priority: priority.into(),
        goal: goal.title.clone(),
    }
}

/// One phase of a plan's timeline (also how the demo's scheduler lays out its phases).
pub(super) fn phase(name: &str, start_week: u32, end_week: u32, focus: &str) -> TimelinePhase {
    TimelinePhase {
        name: name.into(),
        start_week,
        end_week,
        focus: focus.into(),
    }
}
