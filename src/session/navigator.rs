//! Starting a CareerNavigator run (seed 004) from JSON input: validated before any model is
//! called, checkpointed in memory, answered with `resume_run` (payloads in
//! `workflows::career_navigator::interaction`).

use std::rc::Rc;

use serde::Deserialize;
use serde_json::Value;

use super::error::SessionError;
use super::provider::ProviderConfig;
use super::run::{check_text, invalid, step_json, Interactive, Resumable, Run, RunHandle, PAUSED};
use crate::domain::calendar::CalendarDate;
use crate::domain::career_plan::UserProfile;
use crate::domain::Language;
use crate::graph::{EventSink, MemorySaver, RunConfig};
use crate::llm::{CancelToken, ChatModel};
use crate::workflows::career_navigator::{self, Clock, NavigatorInput, NavigatorSettings};

/// The profile as the JS API and the page send it (camelCase).
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
struct ProfileInput {
    name: String,
    age: Option<u32>,
    current_position: String,
    years_experience: Option<u32>,
    education: String,
    skills: Vec<String>,
    interests: Vec<String>,
    constraints: String,
    location: String,
    user_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NavigatorRunInput {
    goal: String,
    #[serde(default)]
    profile: ProfileInput,
    language: Option<String>,
    max_iterations: Option<u32>,
    start_date: Option<String>,
    session_id: Option<String>,
}

/// Now, from the platform's clock: `Date.now()` in the browser (std's clock panics there).
fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

fn clean_list(items: Vec<String>) -> Vec<String> {
    items
        .into_iter()
        .map(|i| i.trim().to_string())
        .filter(|i| !i.is_empty())
        .collect()
}

pub(super) fn start_navigator(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    let input: NavigatorRunInput = serde_json::from_value(input)
        .map_err(|e| invalid(format!("The career plan input is not valid: {e}.")))?;
    check_text("career goal", &input.goal)?;
    let p = input.profile;
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
    let start_date = match input.start_date.as_deref().map(str::trim) {
        None | Some("") => CalendarDate::from_unix_ms(now_ms()).to_string(),
        Some(date) => CalendarDate::parse(date)
            .ok_or_else(|| {
                invalid(format!(
                    "The start date “{date}” is not a date: use YYYY-MM-DD."
                ))
            })?
            .to_string(),
    };

    let cancel = CancelToken::new();
    let language = Language::from_id(input.language.as_deref().unwrap_or("en"));
    let mut settings = NavigatorSettings::default()
        .with_cancel(cancel.clone())
        .with_language(language)
        .with_clock(Clock::new(now_ms));
    settings.max_iterations = input
        .max_iterations
        .unwrap_or(settings.max_iterations)
        .min(10);
    for (agent, name) in &provider.agent_models {
        if !name.trim().is_empty() {
            settings = settings.with_model_override(agent, name.trim());
        }
    }

    let graph = career_navigator::build_with_checkpointer(
        model,
        settings.clone(),
        Rc::new(MemorySaver::new()),
    )
    .map_err(|e| SessionError::from_graph(&e))?;
    let mermaid = graph.to_mermaid();
    let thread_id = super::ids::new_thread_id("navigator");
    let navigator_input = NavigatorInput {
        session_id: input
            .session_id
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| thread_id.clone()),
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
    let initial = career_navigator::initial_state(&navigator_input, &settings);
    let interactive = Rc::new(Interactive {
        graph: Rc::new(graph),
        config: RunConfig::thread(thread_id.clone())
            .with_recursion_limit(settings.recursion_limit()),
        cancel: cancel.clone(),
    });
    PAUSED.with(|paused| {
        let run: Rc<dyn Resumable> = interactive.clone();
        paused.borrow_mut().insert(thread_id.clone(), run)
    });
    let handle = RunHandle {
        cancel,
        thread_id: Some(thread_id),
    };
    let outcome = async move {
        let config = interactive.config(events);
        let outcome = interactive
            .graph
            .invoke(initial, &config)
            .await
            .map_err(|e| SessionError::from_run(&e, &interactive.cancel))?;
        step_json(&config.thread_id, outcome)
    };
    Ok(Run {
        handle,
        mermaid,
        outcome: Box::pin(outcome),
    })
}
