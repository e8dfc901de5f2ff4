//! One agent call: stream the answer (each text delta goes out as a custom event so a page can fill
//! the agent's card live), then validate it into a Rust type with the llm layer's repair logic, and
//! report usage and cost as another custom event. The agent is named by `request.role_name`.

use futures::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::graph::NodeContext;
use crate::llm::{
    reask_after_cut, validate_typed, ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent,
};

/// Calls `model` with `request` and returns its validated answer.
///
/// Custom events (payloads of `StreamEvent::Custom`, tagged with the node by the engine):
/// - `{"type": "delta", "agent": role, "iteration": n, "delta": text}` for every text delta;
/// - `{"type": "usage", "agent": role, "iteration": n, "provider", "model", "input_tokens",
///   "output_tokens", "cost_usd": number|null, "repaired": bool}` once per successful call
///   (a repair retry's tokens are included);
/// - `{"type": "clamped", "agent", "iteration", "notes": [sentence, …]}` when numbers of the answer
///   were still off their schema's scale after the second ask and were clamped into it (the notes
///   say which, from what, to what), so a page can say the score was corrected.
pub async fn call_agent<T: DeserializeOwned>(
    model: &dyn ChatModel,
    ctx: &NodeContext,
    request: ChatRequest,
    iteration: u32,
) -> Result<T, LlmError> {
    if request.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
        return Err(LlmError::Cancelled);
    }
    let agent = request.role_name.clone();
    let typed = match stream_first(model, ctx, &request, iteration).await {
        Ok(first) => validate_typed::<T>(model, request, first).await?,
        // An answer cut at the token limit is asked again once, shorter (llm::structured).
        Err(error) => reask_after_cut::<T>(model, request, error).await?,
    };
    if !typed.clamped.is_empty() {
        ctx.emit(json!({
            "type": "clamped",
            "agent": agent,
            "iteration": iteration,
            "notes": typed.clamped,
        }));
    }
    let response = &typed.response;
    ctx.emit(json!({
        "type": "usage",
        "agent": agent,
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

/// Streams `request`, emitting each text delta, and returns the finished answer.
async fn stream_first(
    model: &dyn ChatModel,
    ctx: &NodeContext,
    request: &ChatRequest,
    iteration: u32,
) -> Result<ChatResponse, LlmError> {
    let mut stream = model.stream(request.clone());
    while let Some(event) = stream.next().await {
        match event? {
            StreamEvent::TextDelta(delta) => ctx.emit(json!({
                "type": "delta",
                "agent": request.role_name,
                "iteration": iteration,
                "delta": delta,
            })),
            StreamEvent::Done(response) => return Ok(response),
        }
    }
    Err(LlmError::StreamInterrupted {
        provider: model.provider().to_string(),
        message: "the stream ended without a final answer".to_string(),
    })
}

/// Tells the page an agent failed and what the run did instead:
/// `{"type": "agent_error", "agent": node, "iteration": n, "error": user-facing message,
/// "invalid_output": bool}`; `invalid_output` says the answer did not fit the schema even after
/// the repair round (what `make eval` counts as a schema failure, apart from network errors).
pub fn emit_agent_error(ctx: &NodeContext, agent: &str, iteration: u32, error: &LlmError) {
    ctx.emit(json!({
        "type": "agent_error",
        "agent": agent,
        "iteration": iteration,
        "error": error.to_string(),
        "invalid_output": matches!(error, LlmError::InvalidOutput { .. }),
    }));
}
