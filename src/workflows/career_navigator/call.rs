//! One agent call with the bookkeeping the seed asks for: a failed call (rate limit, malformed
//! JSON twice) becomes an `error_log` entry and a metrics delta instead of failing the run, so
//! every node has a fallback and the run always reaches a result. Cancellation still stops the
//! run, and so does a refused key (see `common::refusal`): a plan made of fallbacks only is no
//! result.

use crate::workflows::common::Envelope;
use serde::de::DeserializeOwned;

use crate::domain::career_plan::{ErrorEntry, SystemMetrics, WorkflowStage};
use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;
use crate::workflows::common::{self, Agent, RunSettings};

use super::state::CareerNavigatorState;
use super::Deps;

/// A call's answer (None when it failed) plus what it adds to `error_log` and `system_metrics`.
pub struct Called<T> {
    pub answer: Option<T>,
    pub errors: Vec<ErrorEntry>,
    pub metrics: SystemMetrics,
    pub duration_ms: f64,
    /// The failure, user-facing, when there was one.
    pub error: Option<String>,
}

// An inherent method on the shared `Deps`, for this workflow's settings only: the bookkeeping is
// CareerNavigator's.
impl Deps {
    /// Asks `agent` with `user` as the message; see the module docs for failures.
    pub async fn ask_logged<T: DeserializeOwned>(
        &self,
        ctx: &NodeContext,
        state: &CareerNavigatorState,
        agent: &Agent,
        stage: WorkflowStage,
        user: Envelope,
    ) -> Result<Called<T>, NodeError> {
        // Checked before the clock is read, so a cancelled run records no timing.
        if self.settings.is_cancelled() {
            return Err(LlmError::Cancelled.into());
        }
        let started = self.settings.now_ms();
        let result = self.ask::<T>(ctx, agent, state.iteration_count, user).await;
        let duration_ms = (self.settings.now_ms() - started).max(0.0);
        let now = self.settings.timestamp();
        match result {
            Ok(answer) => Ok(Called {
                answer: Some(answer),
                errors: Vec::new(),
                metrics: SystemMetrics::call(agent.node, true, duration_ms, &now),
                duration_ms,
                error: None,
            }),
            Err(LlmError::Cancelled) => Err(LlmError::Cancelled.into()),
            Err(error) if common::refuses_key(&error) => {
                common::emit_agent_error(ctx, agent.node, state.iteration_count, &error);
                Err(common::KeyRefused(error).into())
            }
            // Every later call would be refused the same way: stop with the reason.
            Err(error @ LlmError::ContextTooSmall { .. }) => {
                common::emit_agent_error(ctx, agent.node, state.iteration_count, &error);
                Err(error.into())
            }
            Err(error) => {
                common::emit_agent_error(ctx, agent.node, state.iteration_count, &error);
                let message = error.to_string();
                Ok(Called {
                    answer: None,
                    errors: vec![ErrorEntry {
                        error: format!("{} failed: {message}", agent.node),
                        timestamp: now.clone(),
                        session_id: state.session_id.clone(),
                        stage,
                        agent: agent.node.to_string(),
                    }],
                    metrics: SystemMetrics::call(agent.node, false, duration_ms, &now),
                    duration_ms,
                    error: Some(message),
                })
            }
        }
    }
}
