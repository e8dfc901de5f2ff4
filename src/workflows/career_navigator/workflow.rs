//! CareerNavigator, declared for the registry: its input as callers send it and how a run is built.

use serde::{Deserialize, Serialize};

use crate::domain::injection::{scan_inputs, InjectionFinding};

use super::{
    demo, graph, initial_state, CareerNavigatorState, Clock, NavigatorInput, NavigatorSettings,
};
use crate::domain::calendar::CalendarDate;
use crate::domain::career_plan::UserProfile;
use crate::domain::Language;
use crate::llm::demo::DemoModel;
use crate::workflows::common::{check_text, RunControls};
use crate::workflows::registry::{
    AgentName, Bilingual, InputError, Prepared, RunEnv, Workflow, WorkflowMeta,
};

/// The profile part of `NavigatorRunInput`. Every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileInput {
    pub name: String,
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 120)))]
    pub age: Option<u32>,
    pub current_position: String,
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 70)))]
    pub years_experience: Option<u32>,
    pub education: String,
    pub skills: Vec<String>,
    pub interests: Vec<String>,
    /// Time, money, location or family constraints the plan must respect.
    pub constraints: String,
    pub location: String,
    pub user_id: String,
}

/// Input of `career_navigator`. The run pauses for a satisfaction rating of each report and for
/// the confirmation of the final plan.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavigatorRunInput {
    /// The career goal in the user's words; at most 60 000 characters.
    pub goal: String,
    #[serde(default)]
    pub profile: ProfileInput,
    /// The language every agent writes in. Default English.
    #[serde(default)]
    pub language: Language,
    /// Times a dissatisfied rating sends the analysis back (0–10); also caps plan revisions. Default 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "api", schemars(range(min = 0, max = 10)))]
    pub max_iterations: Option<u32>,
    /// YYYY-MM-DD: the plan's week 0. Default today (UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
}

fn clean_list(items: Vec<String>) -> Vec<String> {
    items
        .into_iter()
        .map(|i| i.trim().to_string())
        .filter(|i| !i.is_empty())
        .collect()
}

impl NavigatorRunInput {
    /// The suspicious lines of the goal and the profile's text fields, for the page's warning
    /// (the run's state records the same lines by profile path in `injection_findings`).
    pub fn injection_findings(&self) -> Vec<InjectionFinding> {
        let p = &self.profile;
        let mut inputs: Vec<(String, &str)> = vec![
            ("goal".into(), self.goal.as_str()),
            ("name".into(), p.name.as_str()),
            ("current_position".into(), p.current_position.as_str()),
            ("education".into(), p.education.as_str()),
            ("constraints".into(), p.constraints.as_str()),
            ("location".into(), p.location.as_str()),
        ];
        inputs.extend(p.skills.iter().map(|s| ("skills".to_string(), s.as_str())));
        inputs.extend(
            p.interests
                .iter()
                .map(|s| ("interests".to_string(), s.as_str())),
        );
        let inputs: Vec<(&str, &str)> = inputs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        scan_inputs(&inputs)
    }
}

/// The CareerNavigator of docs/workflows/career_navigator.md.
pub struct NavigatorWorkflow;

impl Workflow for NavigatorWorkflow {
    const ID: &'static str = "career_navigator";
    const THREAD_PREFIX: &'static str = "navigator";
    type Input = NavigatorRunInput;
    type State = CareerNavigatorState;
    type Pause = super::NavigatorPause;
    type Answer = super::NavigatorAnswer;

    const AGENTS: &'static [AgentName] = &[
        AgentName::new("coordinator", "Coordinator", "协调员"),
        AgentName::new("planner", "Planner", "规划员"),
        AgentName::new("supervisor", "Supervisor", "主管"),
        AgentName::new("user_profiler", "Profile analysis", "个人分析"),
        AgentName::new("industry_researcher", "Industry research", "行业研究"),
        AgentName::new("job_analyzer", "Job analysis", "职业分析"),
        AgentName::new("reporter", "Report writer", "报告撰写"),
        AgentName::new("goal_decomposer", "Goal planning", "目标分解"),
        AgentName::new("scheduler", "Scheduler", "日程安排"),
        AgentName::step("user_feedback", "Your rating", "你的评价"),
        AgentName::step("final_confirmation", "Your confirmation", "你的确认"),
    ];

    fn meta() -> WorkflowMeta {
        WorkflowMeta {
            id: Self::ID,
            title: Bilingual::new("Career plan", "职业规划"),
            description: Bilingual::new(
                "A coordinator judges how clear your goal is; unclear goals get a profile analysis, \
                 industry research and job analysis in parallel and a report you rate until satisfied; \
                 then long-, medium- and short-term goals and an action plan you confirm.",
                "画像、行业与岗位分析并行进行，你评价报告直到满意，然后分解目标并生成日程计划。",
            ),
            interactive: true,
        }
    }

    fn check(input: &NavigatorRunInput) -> Result<(), InputError> {
        check_text("career goal", &input.goal)?;
        let p = &input.profile;
        let profile_text = [
            &p.name,
            &p.current_position,
            &p.education,
            &p.constraints,
            &p.location,
        ]
        .iter()
        .map(|s| s.as_str())
        .chain(p.skills.iter().map(String::as_str))
        .chain(p.interests.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("\n");
        if !profile_text.trim().is_empty() {
            check_text("profile", &profile_text)?;
        }
        match input.start_date.as_deref().map(str::trim) {
            None | Some("") => Ok(()),
            Some(date) => CalendarDate::parse(date).map(|_| ()).ok_or_else(|| {
                InputError(format!(
                    "The start date “{date}” is not a date: use YYYY-MM-DD."
                ))
            }),
        }
    }

    fn prepare(
        input: NavigatorRunInput,
        env: &RunEnv,
    ) -> Result<Prepared<CareerNavigatorState>, InputError> {
        Self::check(&input)?;
        let p = input.profile;
        // A saved run's input keeps the date it started with, so a run re-opened tomorrow is
        // rebuilt with the same week 0.
        let start_date = match input.start_date.as_deref().map(str::trim) {
            None | Some("") => CalendarDate::from_unix_ms((env.now_ms)()).to_string(),
            Some(date) => CalendarDate::parse(date)
                .ok_or_else(|| {
                    InputError(format!(
                        "The start date “{date}” is not a date: use YYYY-MM-DD."
                    ))
                })?
                .to_string(),
        };
        let settings = NavigatorSettings {
            max_iterations: input
                .max_iterations
                .unwrap_or(NavigatorSettings::default().max_iterations)
                .min(10),
            controls: RunControls::from_env(env, input.language),
            clock: Some(Clock::new(env.now_ms)),
        };
        let graph = env.compile(graph(env.model.clone(), settings.clone())?)?;
        let navigator_input = NavigatorInput {
            session_id: input
                .session_id
                .filter(|s| !s.trim().is_empty())
                .unwrap_or_else(|| env.thread_id.clone()),
            profile: UserProfile {
                user_id: p.user_id,
                name: p.name.trim().to_string(),
                age: p.age.filter(|a| *a <= 120),
                current_position: p.current_position.trim().to_string(),
                years_experience: p.years_experience.filter(|y| *y <= 70),
                education: p.education.trim().to_string(),
                skills: clean_list(p.skills),
                interests: clean_list(p.interests),
                career_goals: String::new(),
                constraints: p.constraints.trim().to_string(),
                location: p.location.trim().to_string(),
            },
            goal: input.goal.trim().to_string(),
            start_date,
        };
        Ok(Prepared {
            graph,
            initial: initial_state(&navigator_input, &settings),
            recursion_limit: settings.recursion_limit(),
        })
    }

    fn sample_input() -> NavigatorRunInput {
        NavigatorRunInput {
            goal: "Not sure yet, maybe something closer to product".into(),
            profile: ProfileInput {
                current_position: "Senior backend engineer".into(),
                years_experience: Some(6),
                skills: vec!["Rust".into(), "Go".into(), "PostgreSQL".into()],
                ..ProfileInput::default()
            },
            start_date: Some("2026-01-05".into()),
            ..NavigatorRunInput::default()
        }
    }

    fn with_demo(model: DemoModel) -> DemoModel {
        demo::with_navigator_responders(model)
    }

    /// The plan's words: the report's summary and the schedule's overview, each an answer in
    /// the run's language (not empty, looping or in the other language). A plan makes its own
    /// dates and goals, so nothing is held to the profile's facts. A run with neither is not
    /// usable.
    fn check_result(finished: &CareerNavigatorState) -> crate::workflows::registry::Verdict {
        let report = finished
            .integrated_report
            .as_ref()
            .map(|r| r.executive_summary.as_str());
        let plan = finished
            .final_plan
            .as_ref()
            .map(|p| p.schedule_overview.as_str());
        let parts: Vec<&str> = [report, plan].into_iter().flatten().collect();
        let parts = if parts.is_empty() { vec![""] } else { parts };
        crate::workflows::registry::Verdict::of_parts(&parts, finished.language)
    }
}
