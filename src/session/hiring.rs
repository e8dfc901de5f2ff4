//! Starting a hiring run (seed 002): JSON input in, the final `HiringState` as JSON out.

use std::rc::Rc;

use serde::Deserialize;
use serde_json::Value;

use super::error::SessionError;
use super::provider::ProviderConfig;
use super::run::{check_text, invalid, one_shot_run, Run, RunHandle};
use crate::domain::Language;
use crate::graph::EventSink;
use crate::llm::ChatModel;
use crate::workflows::hiring::{self, HiringInput, HiringSettings};

/// The workflow id, as the registry, the JS API and the app's picker know it.
pub const HIRING_WORKFLOW_ID: &str = "hiring_pipeline";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HiringRunInput {
    resume: String,
    job_description: String,
    /// "en" or "zh" (`Language::id`); absent or unknown: English.
    language: Option<String>,
    task: Option<String>,
}

pub(super) fn start_hiring(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    let input: HiringRunInput = serde_json::from_value(input)
        .map_err(|e| invalid(format!("The hiring input is not valid: {e}.")))?;
    check_text("resume", &input.resume)?;
    check_text("job description", &input.job_description)?;

    let handle = RunHandle::default();
    let language = input
        .language
        .as_deref()
        .map(Language::from_id)
        .unwrap_or_default();
    let mut settings = HiringSettings::default()
        .with_language(language)
        .with_cancel(handle.cancel_token());
    for (agent, name) in &provider.agent_models {
        if !name.trim().is_empty() {
            settings = settings.with_model_override(agent, name.trim());
        }
    }

    let graph = hiring::build(model, settings.clone()).map_err(|e| SessionError::from_graph(&e))?;
    let mermaid = graph.to_mermaid();
    let initial = hiring::initial_state(
        &HiringInput {
            resume: input.resume,
            job_description: input.job_description,
            task: input.task,
        },
        &settings,
    );
    let limit = settings.recursion_limit();
    Ok(one_shot_run(handle, mermaid, graph, initial, limit, events))
}
