//! Starting a run: JSON input in, engine events out, the final state as JSON at the end.

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde::Deserialize;
use serde_json::Value;

use super::error::{ErrorCode, SessionError};
use super::provider::ProviderConfig;
use crate::graph::{EventSink, RunConfig};
use crate::llm::{CancelToken, ChatModel};
use crate::workflows::resume_review::{self, ReviewInput, ReviewSettings};

/// Largest resume or job description accepted, in characters: far above any real resume, low
/// enough that a pasted book cannot run up a bill.
pub const MAX_INPUT_CHARS: usize = 60_000;

/// Stops a run: in-flight model calls are aborted and the run ends with `ErrorCode::Cancelled`.
#[derive(Clone, Debug, Default)]
pub struct RunHandle {
    cancel: CancelToken,
}

impl RunHandle {
    pub fn cancel(&self) {
        self.cancel.cancel();
    }
}

/// A started run: the handle, the workflow's Mermaid diagram, and the future that drives it to the end.
pub struct Run {
    pub handle: RunHandle,
    pub mermaid: String,
    pub outcome: LocalBoxFuture<'static, Result<Value, SessionError>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReviewRunInput {
    resume: String,
    target_role: String,
    threshold: Option<f64>,
    max_iterations: Option<u32>,
    design_review: Option<bool>,
}

fn invalid(message: impl Into<String>) -> SessionError {
    SessionError::new(ErrorCode::InvalidInput, message)
}

/// Checks what the user typed before any model is called, with messages that say what to fix.
fn check_text(what: &str, text: &str) -> Result<(), SessionError> {
    if text.trim().is_empty() {
        return Err(invalid(format!("The {what} is empty: paste it first.")));
    }
    let chars = text.chars().count();
    if chars > MAX_INPUT_CHARS {
        return Err(invalid(format!(
            "The {what} is {chars} characters long; the limit is {MAX_INPUT_CHARS}. Trim it to the relevant parts."
        )));
    }
    Ok(())
}

/// Starts `workflow_id` with `input` (its `WorkflowInfo::input_schema`) on `model`. Events go to
/// `events` as they happen; nothing runs until `outcome` is polled.
pub fn start_run(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    match workflow_id {
        "resume_review" => start_review(input, provider, model, events),
        other => Err(SessionError::new(
            ErrorCode::UnknownWorkflow,
            format!("There is no workflow called “{other}”."),
        )),
    }
}

fn start_review(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    let input: ReviewRunInput = serde_json::from_value(input)
        .map_err(|e| invalid(format!("The review input is not valid: {e}.")))?;
    check_text("resume", &input.resume)?;
    check_text("target role", &input.target_role)?;

    let handle = RunHandle::default();
    let mut settings = ReviewSettings::default().with_cancel(handle.cancel.clone());
    settings.threshold = input
        .threshold
        .unwrap_or(settings.threshold)
        .clamp(0.0, 10.0);
    settings.max_iterations = input
        .max_iterations
        .unwrap_or(settings.max_iterations)
        .clamp(1, 10);
    settings.design_review = input.design_review.unwrap_or(settings.design_review);
    for (agent, name) in &provider.agent_models {
        if !name.trim().is_empty() {
            settings = settings.with_model_override(agent, name.trim());
        }
    }

    let graph =
        resume_review::build(model, settings.clone()).map_err(|e| SessionError::from_graph(&e))?;
    let mermaid = graph.to_mermaid();
    let initial = resume_review::initial_state(
        &ReviewInput::new(input.resume, input.target_role),
        &settings,
    );
    // Enough supersteps for max_iterations rounds of four steps, plus portfolio and design.
    let limit = settings.max_iterations as usize * 4 + 4;
    let outcome = async move {
        let config = RunConfig::default()
            .with_events(events)
            .with_recursion_limit(limit);
        let state = graph
            .invoke(initial, &config)
            .await
            .map_err(|e| SessionError::from_graph(&e))?
            .into_state();
        serde_json::to_value(&state)
            .map_err(|e| SessionError::new(ErrorCode::RunFailed, e.to_string()))
    };
    Ok(Run {
        handle,
        mermaid,
        outcome: Box::pin(outcome),
    })
}
