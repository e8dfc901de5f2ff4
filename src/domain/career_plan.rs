//! CareerNavigator's plain data (docs/workflows/career_navigator.md): the user's profile, workflow stages, satisfaction
//! levels and feedback, the analysts' tasks and results, the integrated report, goals, the final
//! plan, the error log and the system metrics. Serde names follow the seed (snake_case), so the
//! state reads like its `CareerNavigatorState`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What the user tells about themselves (the seed's `UserProfile`). Every field is optional text
/// except the goal, which the coordinator judges.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct UserProfile {
    pub user_id: String,
    pub name: String,
    pub age: Option<u32>,
    pub current_position: String,
    pub years_experience: Option<u32>,
    pub education: String,
    pub skills: Vec<String>,
    pub interests: Vec<String>,
    /// The career goal in the user's words (the seed's `career_goals` text).
    pub career_goals: String,
    /// Time, money, location or family constraints the plan must respect.
    pub constraints: String,
    pub location: String,
}

impl UserProfile {
    /// The profile as `key: value` lines for prompts; empty fields are left out.
    pub fn to_prompt_text(&self) -> String {
        let mut lines = Vec::new();
        let mut push = |key: &str, value: String| {
            if !value.trim().is_empty() {
                lines.push(format!("{key}: {}", value.trim()));
            }
        };
        push("name", self.name.clone());
        push("age", self.age.map(|a| a.to_string()).unwrap_or_default());
        push("current_position", self.current_position.clone());
        push(
            "years_experience",
            self.years_experience
                .map(|y| y.to_string())
                .unwrap_or_default(),
        );
        push("education", self.education.clone());
        push("skills", self.skills.join(", "));
        push("interests", self.interests.join(", "));
        push("career_goals", self.career_goals.clone());
        push("constraints", self.constraints.clone());
        push("location", self.location.clone());
        lines.join("\n")
    }
}

/// Where a run is (the seed's `WorkflowStage`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum WorkflowStage {
    #[default]
    Initial,
    Planning,
    ParallelAnalysis,
    ResultIntegration,
    UserFeedback,
    GoalDecomposition,
    SchedulePlanning,
    FinalConfirmation,
    Completed,
}

impl WorkflowStage {
    pub const ALL: [WorkflowStage; 9] = [
        WorkflowStage::Initial,
        WorkflowStage::Planning,
        WorkflowStage::ParallelAnalysis,
        WorkflowStage::ResultIntegration,
        WorkflowStage::UserFeedback,
        WorkflowStage::GoalDecomposition,
        WorkflowStage::SchedulePlanning,
        WorkflowStage::FinalConfirmation,
        WorkflowStage::Completed,
    ];

    /// English and Chinese names, for progress lines and exports.
    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            WorkflowStage::Initial => ("Starting", "初始化"),
            WorkflowStage::Planning => ("Planning the analysis", "制定策略"),
            WorkflowStage::ParallelAnalysis => ("Analysing in parallel", "并行分析"),
            WorkflowStage::ResultIntegration => ("Integrating the results", "结果整合"),
            WorkflowStage::UserFeedback => ("Waiting for your feedback", "等待您的反馈"),
            WorkflowStage::GoalDecomposition => ("Breaking down goals", "目标拆分"),
            WorkflowStage::SchedulePlanning => ("Planning the schedule", "日程规划"),
            WorkflowStage::FinalConfirmation => ("Waiting for your confirmation", "等待最终确认"),
            WorkflowStage::Completed => ("Completed", "已完成"),
        }
    }
}

/// How satisfied the user is with a report (the seed's `UserSatisfactionLevel`), 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum UserSatisfactionLevel {
    VeryDissatisfied,
    Dissatisfied,
    Neutral,
    Satisfied,
    VerySatisfied,
}

impl UserSatisfactionLevel {
    pub const ALL: [UserSatisfactionLevel; 5] = [
        UserSatisfactionLevel::VeryDissatisfied,
        UserSatisfactionLevel::Dissatisfied,
        UserSatisfactionLevel::Neutral,
        UserSatisfactionLevel::Satisfied,
        UserSatisfactionLevel::VerySatisfied,
    ];

    /// 1 (very dissatisfied) … 5 (very satisfied).
    pub fn level(self) -> u8 {
        self as u8 + 1
    }

    pub fn from_level(level: u64) -> Option<Self> {
        Self::ALL.get(level.checked_sub(1)? as usize).copied()
    }

    /// The snake_case name (`"very_satisfied"`).
    pub fn id(self) -> &'static str {
        match self {
            UserSatisfactionLevel::VeryDissatisfied => "very_dissatisfied",
            UserSatisfactionLevel::Dissatisfied => "dissatisfied",
            UserSatisfactionLevel::Neutral => "neutral",
            UserSatisfactionLevel::Satisfied => "satisfied",
            UserSatisfactionLevel::VerySatisfied => "very_satisfied",
        }
    }

    /// A name as a person or a host page may write it: `"very_satisfied"`, `"Very satisfied"`,
    /// `"VERY-SATISFIED"`, or the level as text (`"4"`).
    pub fn from_name(name: &str) -> Option<Self> {
        let key = name.trim().to_lowercase().replace([' ', '-'], "_");
        if let Ok(level) = key.parse::<u64>() {
            return Self::from_level(level);
        }
        Self::ALL.into_iter().find(|l| l.id() == key)
    }

    /// The seed's routing rule: satisfied and very satisfied go on to the goals; neutral and
    /// below send the analysis round again.
    pub fn is_satisfied(self) -> bool {
        matches!(
            self,
            UserSatisfactionLevel::Satisfied | UserSatisfactionLevel::VerySatisfied
        )
    }

    /// 0.0 (very dissatisfied) … 1.0 (very satisfied), for `user_satisfaction_avg`.
    pub fn score(self) -> f64 {
        f64::from(self.level() - 1) / 4.0
    }

    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            UserSatisfactionLevel::VeryDissatisfied => ("Very dissatisfied", "非常不满意"),
            UserSatisfactionLevel::Dissatisfied => ("Dissatisfied", "不满意"),
            UserSatisfactionLevel::Neutral => ("Neutral", "一般"),
            UserSatisfactionLevel::Satisfied => ("Satisfied", "满意"),
            UserSatisfactionLevel::VerySatisfied => ("Very satisfied", "非常满意"),
        }
    }
}

/// One answer to the satisfaction question (the seed's `UserFeedback`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct UserFeedback {
    pub feedback_id: String,
    pub stage: WorkflowStage,
    pub satisfaction_level: UserSatisfactionLevel,
    pub feedback_text: String,
    /// The analysis round the feedback was about (0 for the first report).
    pub iteration: u32,
    /// ISO 8601, empty when the run has no clock.
    pub timestamp: String,
}

/// What the coordinator concluded about the goal (`cached_data.goal_analysis`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct GoalAnalysis {
    pub is_goal_clear: bool,
    /// 0–100; above 70 the run skips the analysis and decomposes the goal directly.
    pub clarity_score: u32,
    pub target_role: String,
    pub reasoning: String,
    /// What the goal leaves open (the analysis should settle it).
    pub missing_information: Vec<String>,
}

/// Data kept between nodes (the seed's `cached_data`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct CachedData {
    pub goal_analysis: Option<GoalAnalysis>,
}

/// Where the user's feedback points the next analysis round (`feedback_adjustments`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct FeedbackAdjustments {
    pub focus_areas: Vec<String>,
    /// The user's own words, passed to the analysts as they are.
    pub user_feedback: String,
    /// How each analyst should change its analysis.
    pub instructions: String,
}

impl FeedbackAdjustments {
    pub fn is_empty(&self) -> bool {
        self.focus_areas.is_empty()
            && self.user_feedback.trim().is_empty()
            && self.instructions.trim().is_empty()
    }
}

/// An analyst's state (the seed's `AgentStatus`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum AgentStatus {
    #[default]
    Idle,
    Running,
    Completed,
    Failed,
}

/// What an analyst's task carries besides its name (the seed's `input_data`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct TaskInput {
    pub user_profile: UserProfile,
    pub feedback_adjustments: FeedbackAdjustments,
    pub iteration_count: u32,
}

/// One parallel analysis task created by the supervisor (the seed's `AgentTask`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct AgentTask {
    pub task_id: String,
    pub agent_name: String,
    pub task_type: String,
    pub priority: u32,
    pub description: String,
    pub input_data: TaskInput,
    pub status: AgentStatus,
    pub created_at: String,
}

/// One analyst's result record (the seed's `AgentOutput`), appended by the analysts in parallel.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct AgentOutput {
    pub task_id: String,
    pub agent_name: String,
    pub status: AgentStatus,
    pub iteration: u32,
    pub summary: String,
    pub error: Option<String>,
    pub duration_ms: f64,
}

/// Round bookkeeping every analyst result carries (`iteration_info`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct IterationInfo {
    pub iteration_count: u32,
    pub adjustments_applied: FeedbackAdjustments,
    pub analysis_timestamp: String,
}

/// `user_profiler`'s analysis (`self_insight_result`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct SelfInsight {
    pub summary: String,
    pub strengths: Vec<String>,
    pub improvement_areas: Vec<String>,
    pub work_style: String,
    pub iteration_info: IterationInfo,
}

/// `industry_researcher`'s analysis (`industry_research_result`). The seed's `market_data` came
/// from an external market API; here the model's own knowledge stands in, and says so.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct IndustryResearch {
    pub summary: String,
    pub trends: Vec<String>,
    pub opportunities: Vec<String>,
    pub risks: Vec<String>,
    pub iteration_info: IterationInfo,
}

/// A role the job analyzer considers, with a 0–100 fit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct RoleFit {
    pub title: String,
    pub fit_score: u32,
    pub reason: String,
}

/// `job_analyzer`'s analysis (`career_analysis_result`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct CareerAnalysis {
    pub summary: String,
    pub recommended_roles: Vec<RoleFit>,
    pub skill_gaps: Vec<String>,
    pub iteration_info: IterationInfo,
}

/// The reporter's integrated report.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct IntegratedReport {
    pub executive_summary: String,
    pub recommended_career: String,
    /// 0–100.
    pub match_score: u32,
    pub strengths: Vec<String>,
    pub development_areas: Vec<String>,
    pub recommendations: Vec<String>,
    /// What changed since the last round; empty in the first round.
    pub iteration_summary: String,
    pub iteration_count: u32,
}

/// Which horizon a goal belongs to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalTerm {
    Long,
    Medium,
    #[default]
    Short,
}

/// One goal (the seed's `CareerGoal`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct CareerGoal {
    pub title: String,
    pub description: String,
    /// Free text, e.g. "3–5 years" / "3–5 年".
    pub timeframe: String,
    pub success_criteria: Vec<String>,
}

/// Goals by horizon (the seed's `career_goals`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct CareerGoals {
    pub long_term_goals: Vec<CareerGoal>,
    pub medium_term_goals: Vec<CareerGoal>,
    pub short_term_goals: Vec<CareerGoal>,
}

impl CareerGoals {
    pub fn is_empty(&self) -> bool {
        self.long_term_goals.is_empty()
            && self.medium_term_goals.is_empty()
            && self.short_term_goals.is_empty()
    }
}

/// One action item of the plan (the seed's `ScheduleItem`), placed in weeks from the plan's start.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct ScheduleItem {
    pub title: String,
    pub description: String,
    /// Weeks after the start date the item begins (0 = the first week).
    pub start_week: u32,
    /// At least one week.
    pub duration_weeks: u32,
    /// "high" | "medium" | "low".
    pub priority: String,
    /// The goal it serves (a goal title).
    pub goal: String,
}

/// A phase of the timeline, in weeks from the start.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct TimelinePhase {
    pub name: String,
    pub start_week: u32,
    pub end_week: u32,
    pub focus: String,
}

/// The scheduler's plan (the seed's `final_plan`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct FinalPlan {
    pub schedule_overview: String,
    pub action_items: Vec<ScheduleItem>,
    pub timeline: Vec<TimelinePhase>,
    pub resources: Vec<String>,
}

/// One entry of the seed's `error_log`: something failed and the run went on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct ErrorEntry {
    pub error: String,
    pub timestamp: String,
    pub session_id: String,
    pub stage: WorkflowStage,
    /// The node that hit it.
    pub agent: String,
}

/// Calls and successes of one agent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct AgentCounter {
    pub calls: u32,
    pub successes: u32,
}

/// The seed's `system_metrics`, for the details panel. Each node writes a delta (its own calls,
/// errors, ratings); [`SystemMetrics::merge`] adds them up and recomputes the rates, so the
/// parallel analysts can write in the same step. The seed's server-side figures (MCP success
/// rate, memory usage, concurrent users) have no meaning in a browser and are left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    js_api,
    derive(tsify::Tsify),
    tsify(missing_as_null, hashmap_as_object)
)]
pub struct SystemMetrics {
    /// Mean seconds per model call.
    pub response_time: f64,
    /// Agent → share of its calls that succeeded (0–1).
    pub agent_success_rate: BTreeMap<String, f64>,
    /// Mean satisfaction 0–1 over the ratings given; `None` before the first.
    pub user_satisfaction_avg: Option<f64>,
    pub iteration_count: u32,
    pub max_iterations: u32,
    pub error_count: u32,
    pub last_updated: String,
    // Counters the figures above are computed from.
    pub agent_calls: BTreeMap<String, AgentCounter>,
    pub total_response_ms: f64,
    pub timed_calls: u32,
    pub satisfaction_sum: f64,
    pub satisfaction_count: u32,
}

impl SystemMetrics {
    /// A delta for one model call of `agent`.
    pub fn call(agent: &str, ok: bool, duration_ms: f64, now: &str) -> Self {
        let mut delta = SystemMetrics {
            last_updated: now.to_string(),
            error_count: u32::from(!ok),
            total_response_ms: duration_ms.max(0.0),
            timed_calls: 1,
            ..Default::default()
        };
        delta.agent_calls.insert(
            agent.to_string(),
            AgentCounter {
                calls: 1,
                successes: u32::from(ok),
            },
        );
        delta
    }

    /// A delta for one error that was not a model call (e.g. an answer the run did not understand).
    pub fn error(now: &str) -> Self {
        SystemMetrics {
            error_count: 1,
            last_updated: now.to_string(),
            ..Default::default()
        }
    }

    /// A delta for one satisfaction rating.
    pub fn rating(level: UserSatisfactionLevel, now: &str) -> Self {
        SystemMetrics {
            satisfaction_sum: level.score(),
            satisfaction_count: 1,
            last_updated: now.to_string(),
            ..Default::default()
        }
    }

    /// Adds `delta`'s counters; iteration figures and `last_updated` are taken when set.
    pub fn add(&mut self, delta: &SystemMetrics) {
        for (agent, counter) in &delta.agent_calls {
            let mine = self.agent_calls.entry(agent.clone()).or_default();
            mine.calls += counter.calls;
            mine.successes += counter.successes;
        }
        self.total_response_ms += delta.total_response_ms;
        self.timed_calls += delta.timed_calls;
        self.satisfaction_sum += delta.satisfaction_sum;
        self.satisfaction_count += delta.satisfaction_count;
        self.error_count += delta.error_count;
        self.iteration_count = self.iteration_count.max(delta.iteration_count);
        if delta.max_iterations > 0 {
            self.max_iterations = delta.max_iterations;
        }
        if !delta.last_updated.is_empty() {
            self.last_updated = delta.last_updated.clone();
        }
        self.recompute();
    }

    fn recompute(&mut self) {
        self.response_time = if self.timed_calls == 0 {
            0.0
        } else {
            self.total_response_ms / f64::from(self.timed_calls) / 1000.0
        };
        self.agent_success_rate = self
            .agent_calls
            .iter()
            .filter(|(_, c)| c.calls > 0)
            .map(|(agent, c)| (agent.clone(), f64::from(c.successes) / f64::from(c.calls)))
            .collect();
        self.user_satisfaction_avg = (self.satisfaction_count > 0)
            .then(|| self.satisfaction_sum / f64::from(self.satisfaction_count));
    }

    /// The state reducer: every write of a step is a delta added in task order.
    pub fn merge(current: &mut SystemMetrics, writes: Vec<SystemMetrics>) -> bool {
        for delta in &writes {
            current.add(delta);
        }
        !writes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn satisfaction_levels_parse_from_numbers_and_names() {
        assert_eq!(
            UserSatisfactionLevel::from_level(1),
            Some(UserSatisfactionLevel::VeryDissatisfied)
        );
        assert_eq!(UserSatisfactionLevel::from_level(0), None);
        assert_eq!(UserSatisfactionLevel::from_level(6), None);
        assert_eq!(
            UserSatisfactionLevel::from_name("Very satisfied"),
            Some(UserSatisfactionLevel::VerySatisfied)
        );
        assert_eq!(
            UserSatisfactionLevel::from_name("3"),
            Some(UserSatisfactionLevel::Neutral)
        );
        assert_eq!(UserSatisfactionLevel::from_name("great"), None);
        for level in UserSatisfactionLevel::ALL {
            assert_eq!(UserSatisfactionLevel::from_name(level.id()), Some(level));
        }
    }

    #[test]
    fn metrics_add_up_deltas_and_recompute_rates() {
        let mut metrics = SystemMetrics::default();
        let changed = SystemMetrics::merge(
            &mut metrics,
            vec![
                SystemMetrics::call("a", true, 1000.0, "t1"),
                SystemMetrics::call("a", false, 3000.0, "t2"),
                SystemMetrics::rating(UserSatisfactionLevel::Satisfied, "t3"),
            ],
        );
        assert!(changed);
        assert_eq!(metrics.agent_success_rate["a"], 0.5);
        assert_eq!(metrics.response_time, 2.0);
        assert_eq!(metrics.error_count, 1);
        assert_eq!(metrics.user_satisfaction_avg, Some(0.75));
        assert_eq!(metrics.last_updated, "t3");
    }
}
