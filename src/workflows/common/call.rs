//! One agent call: stream the answer (each text delta goes out as a custom event so a page can fill
//! the agent's card live), then validate it into a Rust type with the llm layer's repair logic, and
//! report usage and cost as another custom event. The agent is named by `request.role_name`.

use serde::de::DeserializeOwned;
use serde_json::json;

use crate::graph::NodeContext;
use crate::llm::{reask_after_cut, validate_typed, ChatModel, ChatRequest, LlmError};

use super::stream::stream_answer;

/// Calls `model` with `request` and returns its validated answer.
///
/// Custom events (payloads of `StreamEvent::Custom`, tagged with the node by the engine):
/// - `{"type": "delta", "agent": role, "iteration": n, "delta": text}` for every text delta;
/// - `{"type": "delta_reset", "agent", "iteration"}` when the stream broke mid-answer and is
///   streamed again: the deltas so far are void (see `common::stream`);
/// - `{"type": "usage", "agent": role, "iteration": n, "provider", "model", "input_tokens",
///   "cached_input_tokens" (of the input, served by the provider's prompt cache), "output_tokens", "cost_usd": number|null, "repaired": bool}` once per successful call
///   (a repair retry's tokens are included);
/// - `{"type": "clamped", "agent", "iteration", "notes": [sentence, …]}` when numbers of the answer
///   were still off their schema's scale after the second ask and were clamped into it (the notes
///   say which, from what, to what), so a page can say the score was corrected; `values` holds the
///   same as data, `[{"path", "value", "minimum", "maximum", "shown"}]`, for a page to word in its
///   own language;
/// - `{"type": "structured_mode", "agent", "iteration", "mode"}` after every successful call of a
///   model whose answer format depends on the server (`ChatModel::structured_mode`: `json_schema`,
///   `json_object` or `prompt`), so a page can say what a local server accepted. Sent per call,
///   not once per run: the mode can step down on any call, and the last one is what holds.
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
    let typed = match stream_answer(model, ctx, &request, iteration).await {
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
            "values": typed.clamped_values.iter().map(|off| json!({
                "path": off.path,
                "value": off.value,
                "minimum": off.minimum,
                "maximum": off.maximum,
                "shown": off.clamped(),
            })).collect::<Vec<_>>(),
        }));
    }
    // After the call: the first refusal of a format steps the server down, so this is what it
    // accepted (or the way it is asked now).
    if let Some(mode) = model.structured_mode() {
        ctx.emit(json!({
            "type": "structured_mode",
            "agent": agent,
            "iteration": iteration,
            "mode": mode,
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
        "cached_input_tokens": response.usage.cached_input_tokens,
        "output_tokens": response.usage.output_tokens,
        "cost_usd": response.cost_usd,
        "repaired": typed.repaired_by_retry,
    }));
    Ok(typed.value)
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
