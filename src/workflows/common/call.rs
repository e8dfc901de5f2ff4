//! One agent call: stream the answer (each text delta goes out as a custom event so a page can fill
//! the agent's card live), then validate it into a Rust type with the llm layer's repair logic, and
//! report usage and cost as another custom event. The agent is named by `request.role_name`.

use serde::de::DeserializeOwned;

use crate::graph::NodeContext;
use crate::llm::{reask_after_cut, validate_typed, ChatModel, ChatRequest, LlmError};

use super::events::{
    AgentErrorPayload, ClampedPayload, ClampedValue, CustomEvent, StructuredModePayload,
    UsagePayload,
};
use super::stream::stream_answer;

/// Calls `model` with `request` and returns its validated answer.
///
/// Custom events ([`CustomEvent`], tagged with the node by the engine): a `delta` for every text
/// delta (`delta_reset` when the stream broke mid-answer and is streamed again, see
/// `common::stream`); once per successful call its `usage` (a repair retry's tokens included);
/// `clamped` when numbers of the answer were still off their schema's scale after the second ask
/// and were clamped into it; and `structured_mode` after every call of a model whose answer format
/// depends on the server (`ChatModel::structured_mode`): per call, not once per run, because the
/// mode can step down on any call and the last one is what holds.
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
        let values = typed.clamped_values.iter().map(|off| ClampedValue {
            path: off.path.clone(),
            value: off.value,
            minimum: off.minimum,
            maximum: off.maximum,
            shown: off.clamped(),
        });
        CustomEvent::Clamped(ClampedPayload {
            agent: agent.clone(),
            iteration,
            notes: typed.clamped.clone(),
            values: values.collect(),
        })
        .emit(ctx);
    }
    // After the call: the first refusal of a format steps the server down, so this is what it
    // accepted (or the way it is asked now).
    if let Some(mode) = model.structured_mode() {
        CustomEvent::StructuredMode(StructuredModePayload {
            agent: agent.clone(),
            iteration,
            mode: mode.to_string(),
        })
        .emit(ctx);
    }
    let response = &typed.response;
    CustomEvent::Usage(UsagePayload {
        agent: agent.clone(),
        iteration,
        provider: response.provider.clone(),
        model: response.model.clone(),
        input_tokens: response.usage.input_tokens,
        cached_input_tokens: response.usage.cached_input_tokens,
        output_tokens: response.usage.output_tokens,
        cost_usd: response.cost_usd,
        repaired: typed.repaired_by_retry,
    })
    .emit(ctx);
    Ok(typed.value)
}

/// Tells the page an agent failed and what the run did instead:
/// `{"type": "agent_error", "agent": node, "iteration": n, "error": user-facing message,
/// "invalid_output": bool}`; `invalid_output` says the answer did not fit the schema even after
/// the repair round (what `make eval` counts as a schema failure, apart from network errors).
pub fn emit_agent_error(ctx: &NodeContext, agent: &str, iteration: u32, error: &LlmError) {
    CustomEvent::AgentError(AgentErrorPayload {
        agent: agent.to_string(),
        iteration,
        error: error.to_string(),
        invalid_output: matches!(error, LlmError::InvalidOutput { .. }),
    })
    .emit(ctx);
}
