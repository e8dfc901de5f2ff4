//! The LLM agents of CareerNavigator: node name, system prompt and answer schema. Every answer is
//! validated into its Rust type (with the llm layer's repair retry); numbers are clamped where
//! they are used.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::career_plan::{CareerGoal, RoleFit, ScheduleItem, TimelinePhase};
use crate::workflows::common::schema::{long_text, object, strings, text};
pub use crate::workflows::common::Agent;

pub const COORDINATOR: Agent = Agent {
    node: "coordinator",
    prompt: include_str!("prompts/coordinator.md"),
    schema_name: "goal_analysis",
    schema: coordinator_schema,
};
pub const PLANNER: Agent = Agent {
    node: "planner",
    prompt: include_str!("prompts/planner.md"),
    schema_name: "analysis_strategy",
    schema: planner_schema,
};
pub const SUPERVISOR: Agent = Agent {
    node: "supervisor",
    prompt: include_str!("prompts/supervisor.md"),
    schema_name: "feedback_adjustments",
    schema: supervisor_schema,
};
pub const USER_PROFILER: Agent = Agent {
    node: "user_profiler",
    prompt: include_str!("prompts/user_profiler.md"),
    schema_name: "self_insight",
    schema: profiler_schema,
};
pub const INDUSTRY_RESEARCHER: Agent = Agent {
    node: "industry_researcher",
    prompt: include_str!("prompts/industry_researcher.md"),
    schema_name: "industry_research",
    schema: researcher_schema,
};
pub const JOB_ANALYZER: Agent = Agent {
    node: "job_analyzer",
    prompt: include_str!("prompts/job_analyzer.md"),
    schema_name: "career_analysis",
    schema: job_schema,
};
pub const REPORTER: Agent = Agent {
    node: "reporter",
    prompt: include_str!("prompts/reporter.md"),
    schema_name: "integrated_report",
    schema: reporter_schema,
};
pub const GOAL_DECOMPOSER: Agent = Agent {
    node: "goal_decomposer",
    prompt: include_str!("prompts/goal_decomposer.md"),
    schema_name: "career_goals",
    schema: goals_schema,
};
pub const SCHEDULER: Agent = Agent {
    node: "scheduler",
    prompt: include_str!("prompts/scheduler.md"),
    schema_name: "final_plan",
    schema: plan_schema,
};

/// Every agent, in graph order.
pub const AGENTS: [Agent; 9] = [
    COORDINATOR,
    PLANNER,
    SUPERVISOR,
    USER_PROFILER,
    INDUSTRY_RESEARCHER,
    JOB_ANALYZER,
    REPORTER,
    GOAL_DECOMPOSER,
    SCHEDULER,
];

/// The three analysts the supervisor dispatches in parallel, with the seed's task types.
pub const ANALYSTS: [(Agent, &str, &str); 3] = [
    (USER_PROFILER, "personal analysis", "个人分析"),
    (INDUSTRY_RESEARCHER, "industry research", "行业研究"),
    (JOB_ANALYZER, "career analysis", "职业分析"),
];

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CoordinatorAnswer {
    pub is_goal_clear: bool,
    pub clarity_score: f64,
    pub target_role: String,
    pub reasoning: String,
    #[serde(default)]
    pub missing_information: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PlannerAnswer {
    pub strategy: String,
    #[serde(default)]
    pub focus_areas: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SupervisorAnswer {
    pub focus_areas: Vec<String>,
    pub instructions: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ProfilerAnswer {
    pub summary: String,
    #[serde(default)]
    pub strengths: Vec<String>,
    #[serde(default)]
    pub improvement_areas: Vec<String>,
    #[serde(default)]
    pub work_style: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ResearcherAnswer {
    pub summary: String,
    #[serde(default)]
    pub trends: Vec<String>,
    #[serde(default)]
    pub opportunities: Vec<String>,
    #[serde(default)]
    pub risks: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct JobAnswer {
    pub summary: String,
    #[serde(default)]
    pub recommended_roles: Vec<RoleFit>,
    #[serde(default)]
    pub skill_gaps: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ReporterAnswer {
    pub executive_summary: String,
    pub recommended_career: String,
    pub match_score: f64,
    #[serde(default)]
    pub strengths: Vec<String>,
    #[serde(default)]
    pub development_areas: Vec<String>,
    #[serde(default)]
    pub recommendations: Vec<String>,
    #[serde(default)]
    pub iteration_summary: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct GoalsAnswer {
    pub long_term_goals: Vec<CareerGoal>,
    pub medium_term_goals: Vec<CareerGoal>,
    pub short_term_goals: Vec<CareerGoal>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PlanAnswer {
    pub schedule_overview: String,
    pub action_items: Vec<ScheduleItem>,
    #[serde(default)]
    pub timeline: Vec<TimelinePhase>,
    #[serde(default)]
    pub resources: Vec<String>,
}

// Strict-mode schemas (every property required, no extra properties), as in the other workflows.

fn coordinator_schema() -> Value {
    object(json!({
        "is_goal_clear": {"type": "boolean", "description": "Whether the goal names a concrete target"},
        "clarity_score": {"type": "integer", "minimum": 0, "maximum": 100, "description": "0–100: how specific the goal is (role, field, timeframe)"},
        "target_role": text("The role the goal points to, or empty"),
        "reasoning": text("Why this score"),
        "missing_information": strings("What the goal leaves open")
    }))
}

fn planner_schema() -> Value {
    object(json!({
        "strategy": text("A short personalised strategy for the analysis"),
        "focus_areas": strings("What the analysts should look at first")
    }))
}

fn supervisor_schema() -> Value {
    object(json!({
        "focus_areas": strings("Analysis focus areas the user's feedback asks for"),
        "instructions": text("How the analysts should change their analysis")
    }))
}

fn profiler_schema() -> Value {
    object(json!({
        "summary": text("The person's profile in two or three sentences"),
        "strengths": strings("Strengths the profile shows"),
        "improvement_areas": strings("Areas to develop for the goal"),
        "work_style": text("Work style and motivations, as far as the profile shows them")
    }))
}

fn researcher_schema() -> Value {
    object(json!({
        "summary": text("The industry outlook for this goal"),
        "trends": strings("Relevant industry trends"),
        "opportunities": strings("Opportunities for this person"),
        "risks": strings("Risks and headwinds")
    }))
}

fn job_schema() -> Value {
    let role = object(json!({
        "title": text("Role title"),
        "fit_score": {"type": "integer", "minimum": 0, "maximum": 100, "description": "0–100 fit with the profile"},
        "reason": text("Why it fits or not")
    }));
    object(json!({
        "summary": text("The career analysis in two or three sentences"),
        "recommended_roles": {"type": "array", "items": role, "description": "Roles worth considering, best first"},
        "skill_gaps": strings("Skills the target roles need that the profile lacks")
    }))
}

fn reporter_schema() -> Value {
    object(json!({
        "executive_summary": long_text("The integrated conclusion, a short paragraph", 1000),
        "recommended_career": text("The recommended career direction"),
        "match_score": {"type": "integer", "minimum": 0, "maximum": 100, "description": "0–100 match of the person with the recommended career"},
        "strengths": strings("Strengths to build on"),
        "development_areas": strings("What to develop"),
        "recommendations": strings("Concrete recommendations"),
        "iteration_summary": text("What changed from the previous report after the user's feedback; empty in the first round")
    }))
}

fn goal_schema() -> Value {
    object(json!({
        "title": text("The goal"),
        "description": text("What reaching it means"),
        "timeframe": text("When, e.g. 3–5 years"),
        "success_criteria": strings("How to tell it is reached")
    }))
}

fn goals_schema() -> Value {
    let goals = |d: &str| json!({"type": "array", "items": goal_schema(), "description": d});
    object(json!({
        "long_term_goals": goals("3–5 years"),
        "medium_term_goals": goals("1–2 years"),
        "short_term_goals": goals("The next 3–6 months")
    }))
}

fn plan_schema() -> Value {
    let item = object(json!({
        "title": text("The action"),
        "description": text("What to do, concretely"),
        "start_week": {"type": "integer", "minimum": 0, "description": "Weeks after the plan starts (0 = first week)"},
        "duration_weeks": {"type": "integer", "minimum": 1, "description": "How many weeks it takes"},
        "priority": {"type": "string", "enum": ["high", "medium", "low"]},
        "goal": text("The goal it serves (a goal title)")
    }));
    let phase = object(json!({
        "name": text("Phase name"),
        "start_week": {"type": "integer", "minimum": 0},
        "end_week": {"type": "integer", "minimum": 0},
        "focus": text("What the phase is about")
    }));
    object(json!({
        "schedule_overview": long_text("The plan in a few sentences", 800),
        "action_items": {"type": "array", "maxItems": 10, "items": item, "description": "Action items in start order"},
        "timeline": {"type": "array", "items": phase, "description": "Phases of the plan"},
        "resources": strings("Courses, books, communities, tools")
    }))
}
