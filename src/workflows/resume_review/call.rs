//! The review's agent call: builds the request (model override, cancel token) and delegates to
//! [`crate::workflows::common::call_agent`] for streaming, validation and events.

use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::graph::NodeContext;
use crate::llm::{ChatModel, ChatRequest, LlmError};
use crate::workflows::common;

use super::agents::Agent;
use super::settings::ReviewSettings;

/// What every node needs besides the state: the model and the caller's settings.
pub struct Deps {
    pub model: Rc<dyn ChatModel>,
    pub settings: ReviewSettings,
}

impl Deps {
    fn request(&self, agent: &Agent, user: String) -> ChatRequest {
        let mut request = ChatRequest::new(
            agent.node,
            common::system_prompt(agent.system, self.settings.language),
        )
        .user(user)
        .with_schema(agent.schema());
        request.model = self.settings.model_overrides.get(agent.node).cloned();
        request.cancel = self.settings.cancel.clone();
        request
    }

    /// Calls `agent` with `user` as the user message and returns its validated answer; events as
    /// documented on [`common::call_agent`].
    pub async fn call<T: DeserializeOwned>(
        &self,
        ctx: &NodeContext,
        agent: &Agent,
        iteration: u32,
        user: String,
    ) -> Result<T, LlmError> {
        if self.settings.is_cancelled() {
            return Err(LlmError::Cancelled);
        }
        common::call_agent(
            self.model.as_ref(),
            ctx,
            self.request(agent, user),
            iteration,
        )
        .await
    }
}

/// Tells the page an agent failed and what the run did instead (see [`common::emit_agent_error`]).
pub fn emit_agent_error(ctx: &NodeContext, agent: &Agent, iteration: u32, error: &LlmError) {
    common::emit_agent_error(ctx, agent.node, iteration, error);
}
