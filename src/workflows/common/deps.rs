//! What every workflow's nodes need besides the state, and the one way a node asks an agent.

use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::graph::{NodeContext, NodeError};
use crate::llm::{ChatModel, LlmError};

use super::agent::Agent;
use super::call::{call_agent, emit_agent_error};
use super::controls::RunSettings;
use super::envelope::Envelope;
use super::refusal::{refuses_key, KeyRefused};

/// The model (which carries the API key) and the run's settings, shared by a graph's nodes.
pub struct Deps<S> {
    pub model: Rc<dyn ChatModel>,
    pub settings: S,
}

/// `node` as the graph takes a node (state and context only): each call gets its own handle on
/// the shared `deps`, which the graph cannot pass.
pub fn with_deps<D: 'static, S, Fut>(
    deps: &Rc<D>,
    node: impl Fn(Rc<D>, S, NodeContext) -> Fut + 'static,
) -> impl Fn(S, NodeContext) -> Fut + 'static {
    let deps = deps.clone();
    move |state, ctx| node(deps.clone(), state, ctx)
}

impl<S: RunSettings> Deps<S> {
    /// Asks `agent` with `user` as the user message (the request as [`Agent::request`] builds it
    /// from the run's controls) and returns its validated answer; events as documented on
    /// [`call_agent`], which also refuses to call once the run is cancelled.
    pub async fn ask<T: DeserializeOwned>(
        &self,
        ctx: &NodeContext,
        agent: &Agent,
        iteration: u32,
        user: Envelope,
    ) -> Result<T, LlmError> {
        let request = agent.request(self.settings.controls(), user);
        call_agent(self.model.as_ref(), ctx, request, iteration).await
    }

    /// [`Self::ask`] for nodes that go on without the answer: a failed call is announced
    /// (`agent_error` event) and handed back as `Ok(Err(error))` for the node's fallback, while
    /// cancellation stops the node, and so does a refused key (announced, then [`KeyRefused`]):
    /// every other call of the run would be refused too.
    pub async fn try_ask<T: DeserializeOwned>(
        &self,
        ctx: &NodeContext,
        agent: &Agent,
        iteration: u32,
        user: Envelope,
    ) -> Result<Result<T, LlmError>, NodeError> {
        match self.ask(ctx, agent, iteration, user).await {
            Ok(answer) => Ok(Ok(answer)),
            Err(LlmError::Cancelled) => Err(LlmError::Cancelled.into()),
            Err(error) if refuses_key(&error) => {
                emit_agent_error(ctx, agent.node, iteration, &error);
                Err(KeyRefused(error).into())
            }
            // No fallback can help: every other call of the run would be refused the same way,
            // so the run stops here with the reason (before any call was sent).
            Err(error @ LlmError::ContextTooSmall { .. }) => {
                emit_agent_error(ctx, agent.node, iteration, &error);
                Err(error.into())
            }
            Err(error) => {
                emit_agent_error(ctx, agent.node, iteration, &error);
                Ok(Err(error))
            }
        }
    }
}
