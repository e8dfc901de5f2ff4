//! The `supervisor_agent` node: skips the model when the routing rules already decide
//! ([`routing::precheck`]), otherwise asks it which agent runs next and checks the answer with
//! [`routing::decide`]. Writes the seed's control fields and one step of the routing trail.

use crate::workflows::common::Envelope;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;
use crate::workflows::common::RunSettings;

use super::agents::SUPERVISOR;
use super::prompts::user_message;
use super::routing::{self, Decision, AGENTS};
use super::state::{HiringState, HiringUpdate, RouteStep};
use super::Deps;

/// The model's routing answer. `next_agent` is a plain string: a name outside the schema's enum
/// is the routing rules' business (a parse failure), not a deserialisation error.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SupervisorAnswer {
    pub next_agent: String,
    #[serde(default)]
    pub reason: String,
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        "(none)".to_string()
    } else {
        names.join("\n")
    }
}

/// What the supervisor model sees: the task and which outputs exist (not the documents: the
/// decision needs only the inventory, and it keeps every routing call small).
pub fn supervisor_message(state: &HiringState) -> Envelope {
    let available = routing::produced(state);
    let missing: Vec<&str> = AGENTS
        .into_iter()
        .filter(|agent| !available.contains(agent))
        .collect();
    let history: Vec<&str> = state.workflow_history.iter().map(String::as_str).collect();
    user_message(&[
        ("task", &state.task),
        ("available_outputs", &list(&available)),
        ("missing_outputs", &list(&missing)),
        ("workflow_history", &list(&history)),
    ])
}

pub async fn supervisor(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    if deps.settings.is_cancelled() {
        return Err(LlmError::Cancelled.into());
    }
    let step = state.routing.len() as u32 + 1;
    let (decision, proposed) = match routing::precheck(&state) {
        Some(decision) => (decision, None),
        None => {
            let user = supervisor_message(&state);
            match deps
                .try_ask::<SupervisorAnswer>(&ctx, &SUPERVISOR, step, user)
                .await?
            {
                Ok(answer) => {
                    let mut decision = routing::decide(&state, Ok(&answer.next_agent));
                    if decision.note.is_empty() {
                        decision.note = answer.reason.trim().to_string();
                    }
                    (decision, Some(answer.next_agent))
                }
                Err(error) => (routing::decide(&state, Err(error.to_string())), None),
            }
        }
    };
    Ok(update(&state, step, decision, proposed))
}

/// The supervisor's writes for `decision` (the seed's `next_agent`, `workflow_stage`,
/// `workflow_history`, plus the trail, `completed` and `error`).
pub fn update(
    state: &HiringState,
    step: u32,
    decision: Decision,
    proposed: Option<String>,
) -> HiringUpdate {
    let route = RouteStep {
        step,
        proposed,
        next: decision.next.to_string(),
        reason: decision.reason,
        note: decision.note.clone(),
        available: routing::produced(state)
            .into_iter()
            .map(str::to_string)
            .collect(),
    };
    let mut update = HiringUpdate::default()
        .next_agent(decision.next)
        .workflow_stage(decision.next)
        .routing(vec![route]);
    if decision.is_finished() {
        update = update.completed(true);
    } else {
        update = update.workflow_history(vec![decision.next.to_string()]);
    }
    if let Some(error) = decision.error {
        update = update.error(Some(error));
    }
    update
}

/// The router after the supervisor: the agent it chose, or the end.
pub fn route(state: &HiringState) -> String {
    match routing::agent_named(&state.next_agent) {
        Some(agent) if !state.completed => agent.to_string(),
        _ => crate::graph::END.to_string(),
    }
}
