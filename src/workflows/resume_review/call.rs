//! One agent call: stream the answer (each text delta goes out as a custom event so a page can fill
//! the agent's card live), then validate it into a Rust type with the llm layer's repair logic, and
//! report usage and cost as another custom event.

use std::rc::Rc;

use futures::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::graph::NodeContext;
use crate::llm::{validate_typed, ChatModel, ChatRequest, LlmError, StreamEvent};

use super::agents::Agent;
use super::settings::ReviewSettings;

/// What every node needs besides the state: the model and the caller's settings.
pub struct Deps {
    pub model: Rc<dyn ChatModel>,
    pub settings: ReviewSettings,
}

impl Deps {
    fn request(&self, agent: &Agent, user: String) -> ChatRequest {
        let mut request = ChatRequest::new(agent.node, agent.system)
            .user(user)
            .with_schema(agent.schema());
        request.model = self.settings.model_overrides.get(agent.node).cloned();
        request.cancel = self.settings.cancel.clone();
        request
    }

    /// Calls `agent` with `user` as the user message and returns its validated answer.
    ///
    /// Custom events (payloads of `StreamEvent::Custom`, tagged with the node by the engine):
    /// - `{"type": "delta", "agent": node, "iteration": n, "delta": text}` for every text delta;
    /// - `{"type": "usage", "agent": node, "iteration": n, "provider", "model", "input_tokens",
    ///   "output_tokens", "cost_usd": number|null, "repaired": bool}` once per successful call
    ///   (a repair retry's tokens are included).
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
        let request = self.request(agent, user);
        let mut first = None;
        {
            let mut stream = self.model.stream(request.clone());
            while let Some(event) = stream.next().await {
                match event? {
                    StreamEvent::TextDelta(delta) => ctx.emit(json!({
                        "type": "delta",
                        "agent": agent.node,
                        "iteration": iteration,
                        "delta": delta,
                    })),
                    StreamEvent::Done(response) => {
                        first = Some(response);
                        break;
                    }
                }
            }
        }
        let first = first.ok_or_else(|| LlmError::StreamInterrupted {
            provider: self.model.provider().to_string(),
            message: "the stream ended without a final answer".to_string(),
        })?;
        let typed = validate_typed::<T>(self.model.as_ref(), request, first).await?;
        let response = &typed.response;
        ctx.emit(json!({
            "type": "usage",
            "agent": agent.node,
            "iteration": iteration,
            "provider": response.provider,
            "model": response.model,
            "input_tokens": response.usage.input_tokens,
            "output_tokens": response.usage.output_tokens,
            "cost_usd": response.cost_usd,
            "repaired": typed.repaired_by_retry,
        }));
        Ok(typed.value)
    }
}

/// Tells the page an agent failed and what the run did instead:
/// `{"type": "agent_error", "agent": node, "iteration": n, "error": user-facing message}`.
pub fn emit_agent_error(ctx: &NodeContext, agent: &Agent, iteration: u32, error: &LlmError) {
    ctx.emit(json!({
        "type": "agent_error",
        "agent": agent.node,
        "iteration": iteration,
        "error": error.to_string(),
    }));
}
