//! CareerNavigator (docs/workflows/career_navigator.md) with a scripted model and `MemorySaver`: the coordinator's routing,
//! the parallel analysts, the satisfaction loop and its limit, the final confirmation, the error
//! log and metrics, the language instruction, and the exports (.ics and Markdown).
use crate::review_support;

use std::cell::Cell;
use std::rc::Rc;

use careergraph::domain::calendar::{action_items_ics, fold_line, CalendarDate, IcsOptions};
use careergraph::domain::career_plan::{
    AgentStatus, ScheduleItem, UserProfile, UserSatisfactionLevel, WorkflowStage,
};
use careergraph::domain::Language;
use careergraph::graph::{CompiledGraph, Interrupt, MemorySaver, Resume, RunConfig, RunOutcome};
use careergraph::llm::{ChatModel, LlmError};
use careergraph::workflows::career_navigator::{
    self, export, interaction, routing, CareerNavigatorState, Clock, NavigatorInput,
    NavigatorSettings,
};
use careergraph::workflows::RunSettings;
use futures::executor::block_on;
use review_support::{recorder, started_per_step, ScriptedModel};
use serde_json::{json, Value};

const VAGUE_GOAL: &str = "Not sure yet, maybe something closer to product.";

fn coordinator(score: u32) -> String {
    json!({"is_goal_clear": score > 70, "clarity_score": score, "target_role": "Product manager",
           "reasoning": "scripted", "missing_information": ["timeframe"]})
    .to_string()
}

fn analysts(model: ScriptedModel) -> ScriptedModel {
    model
        .answer("user_profiler", vec![Ok(json!({"summary": "Backend engineer with 6 years", "strengths": ["Go", "APIs"], "improvement_areas": ["user research"], "work_style": "curious"}).to_string())])
        .answer("industry_researcher", vec![Ok(json!({"summary": "Product roles value technical depth", "trends": ["AI features"], "opportunities": ["internal move"], "risks": ["competition"]}).to_string())])
        .answer("job_analyzer", vec![Ok(json!({"summary": "Technical PM fits", "recommended_roles": [{"title": "Technical PM", "fit_score": 78, "reason": "APIs"}], "skill_gaps": ["roadmapping"]}).to_string())])
}

fn report(summary: &str) -> Result<String, LlmError> {
    Ok(json!({"executive_summary": summary, "recommended_career": "Technical PM", "match_score": 78,
              "strengths": ["APIs"], "development_areas": ["roadmapping"], "recommendations": ["shadow a PM"],
              "iteration_summary": "changed as asked"}).to_string())
}

fn goals_and_plan(model: ScriptedModel) -> ScriptedModel {
    let goal = |t: &str| json!({"title": t, "description": "d", "timeframe": "t", "success_criteria": ["c"]});
    model
        .answer("goal_decomposer", vec![Ok(json!({"long_term_goals": [goal("Lead product")], "medium_term_goals": [goal("Own a roadmap")], "short_term_goals": [goal("Learn discovery")]}).to_string())])
        .answer("scheduler", vec![Ok(json!({"schedule_overview": "twelve weeks", "action_items": [
            {"title": "Take a discovery course", "description": "evenings", "start_week": 0, "duration_weeks": 4, "priority": "high", "goal": "Learn discovery"},
            {"title": "Shadow a PM", "description": "two sprints", "start_week": 4, "duration_weeks": 0, "priority": "medium", "goal": "Own a roadmap"}
        ], "timeline": [{"name": "Learn", "start_week": 0, "end_week": 4, "focus": "basics"}], "resources": ["Inspired"]}).to_string())])
}

/// A model scripted for the whole unclear path.
fn full_script(score: u32) -> ScriptedModel {
    let model = ScriptedModel::new()
        .answer("coordinator", vec![Ok(coordinator(score))])
        .answer("planner", vec![Ok(json!({"strategy": "compare paths", "focus_areas": ["fit"]}).to_string())])
        .answer("supervisor", vec![Ok(json!({"focus_areas": ["AI products", "large models"], "instructions": "focus on AI"}).to_string())])
        .answer("reporter", vec![report("round one"), report("round two"), report("round three"), report("round four")]);
    goals_and_plan(analysts(model))
}

struct Harness {
    graph: CompiledGraph<CareerNavigatorState>,
    config: RunConfig,
    settings: NavigatorSettings,
    model: Rc<ScriptedModel>,
}

impl Harness {
    fn new(model: ScriptedModel, settings: NavigatorSettings) -> Self {
        let model = Rc::new(model);
        let chat: Rc<dyn ChatModel> = model.clone();
        let graph = career_navigator::graph(chat, settings.clone())
            .unwrap()
            .compile_with_checkpointer(Rc::new(MemorySaver::new()))
            .unwrap();
        let config = RunConfig::thread("nav-1").with_recursion_limit(settings.recursion_limit());
        Harness {
            graph,
            config,
            settings,
            model,
        }
    }

    fn start(&self, goal: &str) -> RunOutcome<CareerNavigatorState> {
        let input = NavigatorInput {
            session_id: "s1".into(),
            profile: UserProfile {
                current_position: "Backend engineer".into(),
                years_experience: Some(6),
                skills: vec!["Go".into(), "APIs".into()],
                ..Default::default()
            },
            goal: goal.into(),
            start_date: "2026-01-05".into(),
        };
        block_on(self.graph.invoke(
            career_navigator::initial_state(&input, &self.settings),
            &self.config,
        ))
        .unwrap()
    }

    fn answer(&self, value: Value) -> RunOutcome<CareerNavigatorState> {
        block_on(self.graph.resume(&self.config, Resume::value(value))).unwrap()
    }

    fn state(&self) -> CareerNavigatorState {
        block_on(self.graph.get_state(&self.config)).unwrap().values
    }
}

fn only_interrupt(outcome: &RunOutcome<CareerNavigatorState>) -> &Interrupt {
    let interrupts = outcome.interrupts();
    assert_eq!(interrupts.len(), 1, "{outcome:?}");
    &interrupts[0]
}

fn kind(outcome: &RunOutcome<CareerNavigatorState>) -> String {
    only_interrupt(outcome).payload["type"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn clear_goal_goes_to_the_goal_decomposer_directly() {
    let h = Harness::new(full_script(85), NavigatorSettings::default());
    let (events, seen) = recorder();
    let config = h.config.clone().with_events(events);
    let input = NavigatorInput {
        goal: "Engineering manager within 2 years".into(),
        ..Default::default()
    };
    let paused = block_on(h.graph.invoke(
        career_navigator::initial_state(&input, &h.settings),
        &config,
    ))
    .unwrap();
    assert_eq!(kind(&paused), "confirm_plan");
    let steps = started_per_step(&seen.borrow());
    assert_eq!(
        steps,
        vec![
            vec!["coordinator"],
            vec!["goal_decomposer"],
            vec!["scheduler"],
            vec!["final_confirmation"]
        ]
    );
    for skipped in ["planner", "supervisor", "user_profiler", "reporter"] {
        assert_eq!(h.model.calls(skipped), 0, "{skipped} must not run");
    }
    let state = paused.state();
    assert_eq!(
        state
            .cached_data
            .goal_analysis
            .as_ref()
            .unwrap()
            .clarity_score,
        85
    );
    assert_eq!(state.next_node, "goal_decomposer");
    assert!(state.integrated_report.is_none());
    assert!(state.requires_user_input);
    assert_eq!(state.current_stage, WorkflowStage::FinalConfirmation);

    let done = h.answer(json!({"confirm": true}));
    assert!(done.is_done());
    let state = done.into_state();
    assert!(state.plan_confirmed);
    assert_eq!(state.current_stage, WorkflowStage::Completed);
    assert!(!state.requires_user_input);
}

#[test]
fn clarity_of_exactly_seventy_is_not_clear() {
    let analysis = |score| careergraph::domain::career_plan::GoalAnalysis {
        clarity_score: score,
        ..Default::default()
    };
    assert_eq!(
        routing::after_coordinator(Some(&analysis(71))),
        "goal_decomposer"
    );
    assert_eq!(routing::after_coordinator(Some(&analysis(70))), "planner");
    assert_eq!(routing::after_coordinator(None), "planner");
}

#[test]
fn unclear_goal_is_analysed_then_dissatisfied_twice_then_satisfied() {
    let h = Harness::new(full_script(45), NavigatorSettings::default());
    let first = h.start(VAGUE_GOAL);
    assert_eq!(kind(&first), "satisfaction");
    let payload = &only_interrupt(&first).payload;
    assert_eq!(payload["iteration"], 0);
    assert_eq!(payload["report"]["executive_summary"], "round one");
    assert_eq!(payload["levels"].as_array().unwrap().len(), 5);
    assert_eq!(h.model.calls("planner"), 1);
    assert_eq!(
        h.model.calls("supervisor"),
        0,
        "no feedback yet: no adjustment call"
    );
    let state = first.state();
    assert_eq!(state.current_stage, WorkflowStage::UserFeedback);
    assert!(state.planning_strategy.contains("compare paths"));
    assert_eq!(state.pending_questions.len(), 1);

    let second =
        h.answer(json!({"level": "dissatisfied", "feedback": "Focus on AI product roles"}));
    assert_eq!(kind(&second), "satisfaction");
    assert_eq!(only_interrupt(&second).payload["iteration"], 1);
    assert_eq!(
        only_interrupt(&second).payload["report"]["executive_summary"],
        "round two"
    );
    let third = h.answer(json!({"level": 1, "feedback": "Still too generic"}));
    assert_eq!(only_interrupt(&third).payload["iteration"], 2);
    let plan = h.answer(json!({"level": 4, "feedback": "Good"}));
    assert_eq!(kind(&plan), "confirm_plan");
    let done = h.answer(json!({"confirm": true}));
    let state = done.into_state();

    assert_eq!(state.iteration_count, 2);
    assert!(!state.iteration_limit_reached);
    assert_eq!(
        state.current_satisfaction,
        Some(UserSatisfactionLevel::Satisfied)
    );
    let levels: Vec<_> = state
        .user_feedback_history
        .iter()
        .map(|f| f.satisfaction_level)
        .collect();
    assert_eq!(
        levels,
        [
            UserSatisfactionLevel::Dissatisfied,
            UserSatisfactionLevel::VeryDissatisfied,
            UserSatisfactionLevel::Satisfied
        ]
    );
    assert_eq!(h.model.calls("reporter"), 3);
    assert_eq!(h.model.calls("supervisor"), 2);
    for analyst in career_navigator::ANALYST_NODES {
        assert_eq!(h.model.calls(analyst), 3, "{analyst}");
    }
    assert_eq!(state.agent_tasks.len(), 9);
    assert_eq!(state.agent_outputs.len(), 9);
    assert_eq!(
        state.integrated_report.unwrap().executive_summary,
        "round three"
    );
    let goals = state.career_goals.unwrap();
    assert_eq!(goals.long_term_goals[0].title, "Lead product");
    assert_eq!(goals.short_term_goals.len(), 1);
    let plan = state.final_plan.unwrap();
    assert_eq!(
        plan.action_items[1].duration_weeks, 1,
        "a zero-week item is made one week long"
    );
    assert!(state.plan_confirmed);
    assert_eq!(
        state.system_metrics.user_satisfaction_avg,
        Some((0.25 + 0.0 + 0.75) / 3.0)
    );
    assert_eq!(state.system_metrics.iteration_count, 2);
    assert_eq!(state.system_metrics.max_iterations, 3);
}

#[test]
fn parallel_analysts_run_in_one_step_and_all_outputs_are_kept() {
    let h = Harness::new(full_script(30), NavigatorSettings::default());
    let (events, seen) = recorder();
    let config = h.config.clone().with_events(events);
    let input = NavigatorInput {
        goal: VAGUE_GOAL.into(),
        ..Default::default()
    };
    let paused = block_on(h.graph.invoke(
        career_navigator::initial_state(&input, &h.settings),
        &config,
    ))
    .unwrap();
    let steps = started_per_step(&seen.borrow());
    assert_eq!(
        steps,
        vec![
            vec!["coordinator"],
            vec!["planner"],
            vec!["supervisor"],
            vec!["industry_researcher", "job_analyzer", "user_profiler"],
            vec!["reporter"],
            vec!["user_feedback"],
        ]
    );
    let state = paused.state();
    assert_eq!(state.current_stage, WorkflowStage::UserFeedback);
    let mut names: Vec<_> = state
        .agent_outputs
        .iter()
        .map(|o| o.agent_name.as_str())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["industry_researcher", "job_analyzer", "user_profiler"]
    );
    assert!(state
        .agent_outputs
        .iter()
        .all(|o| o.status == AgentStatus::Completed && o.iteration == 0));
    for task in &state.agent_tasks {
        assert!(
            state
                .agent_outputs
                .iter()
                .any(|o| o.task_id == task.task_id),
            "{}",
            task.task_id
        );
    }
    assert_eq!(
        state.self_insight_result.as_ref().unwrap().strengths,
        ["Go", "APIs"]
    );
    assert_eq!(
        state.industry_research_result.as_ref().unwrap().trends,
        ["AI features"]
    );
    assert_eq!(
        state
            .career_analysis_result
            .as_ref()
            .unwrap()
            .recommended_roles[0]
            .fit_score,
        78
    );
}

#[test]
fn dissatisfied_feedback_stops_at_max_iterations() {
    let settings = NavigatorSettings::default().with_max_iterations(1);
    let h = Harness::new(full_script(10), settings);
    h.start(VAGUE_GOAL);
    let second = h.answer(json!({"level": 2, "feedback": "more AI"}));
    assert_eq!(kind(&second), "satisfaction");
    assert_eq!(only_interrupt(&second).payload["rounds_left"], 0);
    let plan = h.answer(json!({"level": 2, "feedback": "still not it"}));
    assert_eq!(
        kind(&plan),
        "confirm_plan",
        "the limit moves on to the goals"
    );
    let state = plan.state();
    assert!(state.iteration_limit_reached);
    assert_eq!(state.iteration_count, 1);
    assert_eq!(h.model.calls("reporter"), 2);
    assert!(state
        .error_log
        .iter()
        .any(|e| e.error.contains("Maximum number of analysis rounds")));

    // With no rounds at all, the first dissatisfied rating moves on.
    let h = Harness::new(
        full_script(10),
        NavigatorSettings::default().with_max_iterations(0),
    );
    h.start(VAGUE_GOAL);
    assert_eq!(kind(&h.answer(json!({"level": 1}))), "confirm_plan");
    assert_eq!(h.model.calls("reporter"), 1);
}

#[test]
fn satisfaction_levels_route_as_the_seed_says() {
    use routing::FeedbackRoute::*;
    let expected = [Reanalyse, Reanalyse, Reanalyse, Decompose, Decompose];
    for (level, route) in UserSatisfactionLevel::ALL.into_iter().zip(expected) {
        assert_eq!(routing::after_feedback(level, 0, 3), route, "{level:?}");
        let at_limit = if level.is_satisfied() {
            Decompose
        } else {
            LimitReached
        };
        assert_eq!(routing::after_feedback(level, 3, 3), at_limit, "{level:?}");
    }
    let parse = interaction::parse_satisfaction;
    assert_eq!(
        parse(&json!(5)).unwrap().0,
        UserSatisfactionLevel::VerySatisfied
    );
    assert_eq!(
        parse(&json!("neutral")).unwrap().0,
        UserSatisfactionLevel::Neutral
    );
    let (level, text) = parse(&json!({"level": "Very dissatisfied", "feedback": " x "})).unwrap();
    assert_eq!(
        (level, text.as_str()),
        (UserSatisfactionLevel::VeryDissatisfied, "x")
    );
    assert_eq!(
        parse(&json!({"satisfaction": 4})).unwrap().0,
        UserSatisfactionLevel::Satisfied
    );
    assert!(parse(&json!({"level": 9})).is_none());
    assert!(parse(&json!({"feedback": "no level"})).is_none());
}

#[test]
fn an_unreadable_rating_is_asked_again_and_nothing_is_lost() {
    let h = Harness::new(full_script(10), NavigatorSettings::default());
    h.start(VAGUE_GOAL);
    let again = h.answer(json!({"level": "amazing"}));
    let payload = &only_interrupt(&again).payload;
    assert_eq!(payload["type"], "satisfaction");
    assert!(payload["error"]
        .as_str()
        .unwrap()
        .contains("five satisfaction levels"));
    assert_eq!(payload["report"]["executive_summary"], "round one");
    assert_eq!(h.model.calls("reporter"), 1, "asking again calls no model");
    assert_eq!(kind(&h.answer(json!({"level": 5}))), "confirm_plan");
}

#[test]
fn feedback_reaches_the_supervisor_tasks_and_the_analysts() {
    let h = Harness::new(full_script(10), NavigatorSettings::default());
    h.start(VAGUE_GOAL);
    h.answer(json!({"level": 3, "feedback": "Focus on large-model product roles"}));
    let state = h.state();
    let supervisor_request = h
        .model
        .requests
        .borrow()
        .iter()
        .find(|r| r.role_name == "supervisor")
        .cloned()
        .unwrap();
    assert!(supervisor_request
        .user_text()
        .contains("Focus on large-model product roles"));
    let round_two: Vec<_> = state
        .agent_tasks
        .iter()
        .filter(|t| t.input_data.iteration_count == 1)
        .collect();
    assert_eq!(round_two.len(), 3);
    for task in round_two {
        let adjustments = &task.input_data.feedback_adjustments;
        assert_eq!(
            adjustments.user_feedback,
            "Focus on large-model product roles"
        );
        assert_eq!(adjustments.focus_areas, ["AI products", "large models"]);
    }
    let first_round = &state.agent_tasks[0].input_data.feedback_adjustments;
    assert!(first_round.is_empty(), "round one has no adjustments");
    let analyst_requests: Vec<_> = h
        .model
        .requests
        .borrow()
        .iter()
        .filter(|r| r.role_name == "job_analyzer")
        .map(|r| r.user_text())
        .collect();
    assert_eq!(analyst_requests.len(), 2);
    assert!(!analyst_requests[0].contains("large models"));
    assert!(analyst_requests[1].contains("large models"));
    assert!(state
        .integrated_report
        .unwrap()
        .iteration_summary
        .contains("changed as asked"));
}

#[test]
fn failures_fill_the_error_log_and_metrics_and_the_run_goes_on() {
    let down = LlmError::ProviderDown {
        provider: "scripted".into(),
        status: 503,
        message: "overloaded".into(),
    };
    let model = full_script(10).answer("job_analyzer", vec![Err(down)]);
    // A clock that moves 250 ms every time it is read: two reads per call.
    let now = Rc::new(Cell::new(1_767_225_600_000.0));
    let tick = now.clone();
    let clock = Clock::new(move || {
        tick.set(tick.get() + 250.0);
        tick.get()
    });
    let h = Harness::new(model, NavigatorSettings::default().with_clock(clock));
    let paused = h.start(VAGUE_GOAL);
    assert_eq!(
        kind(&paused),
        "satisfaction",
        "a failed analyst does not stop the run"
    );
    let state = paused.state();
    assert_eq!(state.error_log.len(), 1);
    let entry = &state.error_log[0];
    assert_eq!(entry.agent, "job_analyzer");
    assert_eq!(entry.stage, WorkflowStage::ParallelAnalysis);
    assert_eq!(entry.session_id, "s1");
    assert!(entry.error.contains("unavailable"), "{}", entry.error);
    assert!(
        entry.timestamp.starts_with("2026-01-01T"),
        "{}",
        entry.timestamp
    );
    let output = state
        .agent_outputs
        .iter()
        .find(|o| o.agent_name == "job_analyzer")
        .unwrap();
    assert_eq!(output.status, AgentStatus::Failed);
    let metrics = &state.system_metrics;
    assert_eq!(metrics.error_count, 1);
    assert_eq!(metrics.agent_success_rate["job_analyzer"], 0.0);
    assert_eq!(metrics.agent_success_rate["user_profiler"], 1.0);
    assert_eq!(metrics.agent_success_rate["coordinator"], 1.0);
    assert!(metrics.response_time > 0.0);
    assert!(metrics.last_updated.starts_with("2026-01-01T"));
}

#[test]
fn chinese_runs_put_the_chinese_instruction_in_every_prompt() {
    let settings = NavigatorSettings::default().with_language(Language::Zh);
    let h = Harness::new(full_script(10), settings);
    let paused = h.start("我想转向产品方向，但还不确定具体岗位");
    assert_eq!(
        only_interrupt(&paused).payload["question"],
        "您对这份综合报告满意吗？请提供您的反馈或修改意见。"
    );
    assert_eq!(
        only_interrupt(&paused).payload["levels"][3]["label"],
        "满意"
    );
    let requests = h.model.requests.borrow();
    assert!(requests.len() >= 6);
    for request in requests.iter() {
        assert!(
            request.system.contains(Language::Zh.prompt_instruction()),
            "{}",
            request.role_name
        );
        assert!(!request.system.contains(Language::En.prompt_instruction()));
    }
}

#[test]
fn an_unconfirmed_plan_is_revised_with_the_feedback_then_capped() {
    let h = Harness::new(
        full_script(90),
        NavigatorSettings::default().with_max_iterations(1),
    );
    h.start("Engineering manager within 2 years");
    let revised = h.answer(json!({"confirm": false, "feedback": "Fewer evenings please"}));
    assert_eq!(kind(&revised), "confirm_plan");
    assert_eq!(only_interrupt(&revised).payload["revision"], 1);
    assert_eq!(h.model.calls("scheduler"), 2);
    let last = h
        .model
        .requests
        .borrow()
        .iter()
        .rev()
        .find(|r| r.role_name == "scheduler")
        .unwrap()
        .user_text();
    assert!(last.contains("Fewer evenings please") && last.contains("<previous_plan id="));
    let done = h.answer(json!({"confirm": false, "feedback": "still no"}));
    assert!(done.is_done());
    let state = done.into_state();
    assert!(!state.plan_confirmed);
    assert_eq!(state.current_stage, WorkflowStage::Completed);
    assert!(state
        .error_log
        .iter()
        .any(|e| e.agent == "final_confirmation"));
}

#[test]
fn a_cancelled_run_stops() {
    let cancel = careergraph::llm::CancelToken::new();
    cancel.cancel();
    let h = Harness::new(
        full_script(10),
        NavigatorSettings::default().with_cancel(cancel),
    );
    let input = NavigatorInput {
        goal: VAGUE_GOAL.into(),
        ..Default::default()
    };
    let result = block_on(h.graph.invoke(
        career_navigator::initial_state(&input, &h.settings),
        &h.config,
    ));
    assert!(result
        .unwrap_err()
        .to_string()
        .to_lowercase()
        .contains("cancelled"));
}

#[test]
fn the_demo_model_runs_a_chinese_plan_end_to_end() {
    let settings = NavigatorSettings::default().with_language(Language::Zh);
    let graph = career_navigator::graph(Rc::new(career_navigator::demo_model()), settings.clone())
        .unwrap()
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("zh").with_recursion_limit(settings.recursion_limit());
    let input = NavigatorInput {
        profile: UserProfile {
            current_position: "后端工程师".into(),
            years_experience: Some(5),
            skills: vec!["Go".into(), "系统设计".into()],
            interests: vec!["产品".into()],
            ..Default::default()
        },
        goal: "我想转向产品方向，但还不确定具体岗位".into(),
        ..Default::default()
    };
    let paused =
        block_on(graph.invoke(career_navigator::initial_state(&input, &settings), &config))
            .unwrap();
    let report = &paused.interrupts()[0].payload["report"];
    let summary = report["executive_summary"].as_str().unwrap();
    assert!(
        summary.contains("后端工程师") && summary.contains("产品"),
        "{summary}"
    );
    assert_eq!(report["recommended_career"], "技术产品经理");
    let next = block_on(graph.resume(
        &config,
        Resume::value(json!({"level": 2, "feedback": "重点关注大模型和多智能体方向"})),
    ))
    .unwrap();
    let report = &next.interrupts()[0].payload["report"];
    assert!(
        report["iteration_summary"]
            .as_str()
            .unwrap()
            .contains("大模型"),
        "{report}"
    );
    let plan =
        block_on(graph.resume(&config, Resume::value(json!({"level": "satisfied"})))).unwrap();
    let items = plan.interrupts()[0].payload["plan"]["action_items"]
        .as_array()
        .unwrap()
        .clone();
    assert!(!items.is_empty());
    let state = block_on(graph.resume(&config, Resume::value(json!({"confirm": true}))))
        .unwrap()
        .into_state();
    let markdown = export::markdown(&state, CalendarDate::parse("2026-03-02").unwrap());
    assert!(markdown.starts_with("# 职业规划"));
    assert!(markdown.contains("## 行动计划") && markdown.contains("2026-03-02"));
    assert!(markdown.contains("计划已确认"));
}

// ---- .ics export ----

fn sample_items() -> Vec<ScheduleItem> {
    vec![
        ScheduleItem {
            title: "Course; evenings, weekends".into(),
            description: "Line one\nback\\slash".into(),
            start_week: 0,
            duration_weeks: 4,
            priority: "high".into(),
            goal: "Learn".into(),
        },
        ScheduleItem {
            title: "学习产品发现方法，并完成一个包含用户访谈、竞品分析和需求文档的完整练习项目"
                .into(),
            description: "x".repeat(200),
            start_week: 6,
            duration_weeks: 2,
            priority: "low".into(),
            goal: String::new(),
        },
    ]
}

fn ics() -> String {
    action_items_ics(
        &sample_items(),
        &IcsOptions {
            start: CalendarDate::parse("2026-12-28").unwrap(),
            now_ms: 1_767_225_600_000.0,
            uid_prefix: "s1".into(),
            calendar_name: "Career plan".into(),
        },
    )
}

/// Unfolds lines (RFC 5545 §3.1): a CRLF followed by a space joins.
fn unfold(text: &str) -> Vec<String> {
    text.replace("\r\n ", "")
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn ics_lines_end_in_crlf_and_are_folded_at_75_octets() {
    let text = ics();
    assert!(text.ends_with("END:VCALENDAR\r\n"));
    assert!(
        !text.replace("\r\n", "").contains('\n'),
        "every line break is CRLF"
    );
    for line in text.split("\r\n") {
        assert!(line.len() <= 75, "{} octets: {line}", line.len());
    }
    // Folding never splits a UTF-8 character and unfolds to the original.
    let long = format!("SUMMARY:{}", "职业规划".repeat(30));
    let folded = fold_line(&long);
    assert!(folded.split("\r\n").all(|l| l.len() <= 75));
    assert_eq!(folded.replace("\r\n ", ""), format!("{long}\r\n"));
}

#[test]
fn ics_events_have_uids_stamps_escaped_text_and_all_day_dates_from_the_start() {
    let lines = unfold(&ics());
    assert_eq!(lines[0], "BEGIN:VCALENDAR");
    assert!(lines.contains(&"VERSION:2.0".to_string()));
    assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
    assert_eq!(lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(), 2);
    let uids: Vec<_> = lines.iter().filter(|l| l.starts_with("UID:")).collect();
    assert_eq!(uids, ["UID:s1-1@careergraph", "UID:s1-2@careergraph"]);
    assert_eq!(
        lines
            .iter()
            .filter(|l| *l == "DTSTAMP:20260101T000000Z")
            .count(),
        2
    );
    // Week 0 starts on the start date; DTEND is exclusive; week 6 crosses into the new year.
    assert!(lines.contains(&"DTSTART;VALUE=DATE:20261228".to_string()));
    assert!(lines.contains(&"DTEND;VALUE=DATE:20270125".to_string()));
    assert!(lines.contains(&"DTSTART;VALUE=DATE:20270208".to_string()));
    assert!(lines.contains(&"DTEND;VALUE=DATE:20270222".to_string()));
    assert!(lines.contains(&"SUMMARY:Course\\; evenings\\, weekends".to_string()));
    assert!(lines.contains(&"DESCRIPTION:Line one\\nback\\\\slash\\n\\nGoal: Learn".to_string()));
    assert!(lines.contains(&"PRIORITY:1".to_string()));
    assert!(lines.contains(&"PRIORITY:9".to_string()));
}

#[test]
fn exports_of_a_run_use_its_plan_and_start_date() {
    let h = Harness::new(full_script(90), NavigatorSettings::default());
    h.start("Engineering manager within 2 years");
    let state = h.answer(json!({"confirm": true})).into_state();
    let start = export::start_date(&state, CalendarDate::parse("2030-01-01").unwrap());
    assert_eq!(
        start.to_string(),
        "2026-01-05",
        "the input's start date wins"
    );
    let lines = unfold(&export::calendar(&state, start, 0.0));
    assert!(lines.contains(&"SUMMARY:Take a discovery course".to_string()));
    assert!(
        lines.contains(&"DTSTART;VALUE=DATE:20260202".to_string()),
        "week 4"
    );
    let markdown = export::markdown(&state, start);
    assert!(markdown.contains("### Long term") && markdown.contains("Lead product"));
    assert!(markdown.contains("| 2026-01-05 | 4 | Take a discovery course: evenings | high |"));
    assert!(markdown.contains("Plan confirmed."));
}
