//! `CareerNavigatorState` as docs/workflows/career_navigator.md lists it, plus what this implementation adds: the output
//! language, the plan's start date, the plan confirmation, and whether the feedback loop was cut
//! off by `max_iterations`.

use crate::domain::career_plan::{
    AgentOutput, AgentTask, CachedData, CareerAnalysis, CareerGoals, ErrorEntry,
    FeedbackAdjustments, FinalPlan, IndustryResearch, IntegratedReport, SelfInsight, SystemMetrics,
    UserFeedback, UserProfile, UserSatisfactionLevel, WorkflowStage,
};
use crate::domain::injection::{scan_json, InjectionFinding};
use crate::domain::Language;
use crate::state;
use crate::workflows::common::RunSettings;

use super::settings::{NavigatorInput, NavigatorSettings};

/// One message of the conversation (the seed's `messages`).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct ChatTurn {
    /// "user" or "assistant".
    pub role: String,
    pub content: String,
}

fn merge_metrics(current: &mut SystemMetrics, writes: Vec<SystemMetrics>) -> bool {
    SystemMetrics::merge(current, writes)
}

state! {
    /// Everything a CareerNavigator run knows (`CareerNavigatorState` in docs/workflows/career_navigator.md).
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null, rename = "NavigatorState"))]
    pub struct CareerNavigatorState updates NavigatorUpdate {
        pub session_id: String,
        pub current_stage: WorkflowStage,
        pub user_profile: UserProfile,
        pub messages: Vec<ChatTurn> => append,
        /// The language every agent writes in (and exports use).
        pub language: Language,
        /// `YYYY-MM-DD` the plan's week 0 starts (exports compute dates from it).
        pub start_date: String,
        /// The node routing chose last (the seed's `next_node`).
        pub next_node: String,
        pub cached_data: CachedData,
        pub planning_strategy: String,
        /// Every round's three tasks, appended by the supervisor (the seed's
        /// `Annotated[List, operator.add]`); a round's tasks carry its `iteration_count`.
        pub agent_tasks: Vec<AgentTask> => append,
        /// Every analyst's output record, appended in parallel.
        pub agent_outputs: Vec<AgentOutput> => append,
        pub feedback_adjustments: FeedbackAdjustments,
        pub self_insight_result: Option<SelfInsight>,
        pub industry_research_result: Option<IndustryResearch>,
        pub career_analysis_result: Option<CareerAnalysis>,
        pub integrated_report: Option<IntegratedReport>,
        pub user_feedback_history: Vec<UserFeedback> => append,
        pub current_satisfaction: Option<UserSatisfactionLevel>,
        /// Analysis rounds sent back by dissatisfied feedback so far (0 in the first round).
        pub iteration_count: u32,
        pub max_iterations: u32,
        /// Set when dissatisfied feedback met the `max_iterations` limit and the run went on.
        pub iteration_limit_reached: bool,
        pub requires_user_input: bool,
        pub pending_questions: Vec<String>,
        pub career_goals: Option<CareerGoals>,
        pub final_plan: Option<FinalPlan>,
        /// The user's last remark on the plan (asked at the final confirmation).
        pub plan_feedback: Option<String>,
        /// Times the plan was revised after "not confirmed".
        pub plan_revision_count: u32,
        pub plan_confirmed: bool,
        pub error_log: Vec<ErrorEntry> => append,
        pub system_metrics: SystemMetrics => custom(merge_metrics),
        /// Suspicious lines of the input (prompt injection, hidden text), found before any model
        /// call; shown to the user as a warning. The run proceeds regardless.
        pub injection_findings: Vec<InjectionFinding>,
    }
}

impl CareerNavigatorState {
    /// The latest feedback, if any.
    pub fn latest_feedback(&self) -> Option<&UserFeedback> {
        self.user_feedback_history.last()
    }

    /// The current round's task of `agent` (the last one created for this iteration).
    pub fn current_task(&self, agent: &str) -> Option<&AgentTask> {
        self.agent_tasks
            .iter()
            .rev()
            .find(|t| t.agent_name == agent && t.input_data.iteration_count == self.iteration_count)
    }

    /// The current round's output records.
    pub fn current_outputs(&self) -> Vec<&AgentOutput> {
        self.agent_outputs
            .iter()
            .filter(|o| o.iteration == self.iteration_count)
            .collect()
    }
}

/// The first update of a run: the input and the settings routing reads.
pub fn initial_state(input: &NavigatorInput, settings: &NavigatorSettings) -> NavigatorUpdate {
    let mut profile = input.profile.clone();
    if !input.goal.trim().is_empty() {
        profile.career_goals = input.goal.trim().to_string();
    }
    let request = if profile.career_goals.trim().is_empty() {
        String::new()
    } else {
        profile.career_goals.clone()
    };
    let findings = serde_json::to_value(&profile)
        .map(|value| scan_json("profile", &value))
        .unwrap_or_default();
    NavigatorUpdate::default()
        .injection_findings(findings)
        .session_id(input.session_id.clone())
        .current_stage(WorkflowStage::Initial)
        .user_profile(profile)
        .messages(vec![ChatTurn {
            role: "user".into(),
            content: request,
        }])
        .language(settings.language())
        .start_date(input.start_date.clone())
        .max_iterations(settings.max_iterations)
        .iteration_count(0u32)
        .requires_user_input(false)
        .system_metrics(SystemMetrics {
            max_iterations: settings.max_iterations,
            ..Default::default()
        })
}
