//! Structured output: ask for JSON, validate it against the Rust type by deserializing, repair what
//! a model commonly gets wrong, and give the model one chance to fix what cannot be repaired.

use serde::de::DeserializeOwned;

use crate::llm::error::{excerpt, LlmError};
use crate::llm::finish;
use crate::llm::json_repair::parse_lenient;
use crate::llm::model::ChatModel;
use crate::llm::types::{ChatRequest, ChatResponse, Message};

/// A validated value plus the raw answer; usage and cost cover the repair call too, if there was one.
#[derive(Debug, Clone)]
pub struct Typed<T> {
    pub value: T,
    pub response: ChatResponse,
    /// Whether the model had to be asked a second time.
    pub repaired_by_retry: bool,
}

/// Completes `request` (which should carry a schema) and deserializes the answer into `T`.
///
/// Fences and surrounding prose are stripped first; if the JSON still does not fit `T`, the model is
/// told the validation error once and asked again. A second failure is `LlmError::InvalidOutput` with
/// the reason and a short excerpt of the answer.
pub async fn complete_typed<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
) -> Result<Typed<T>, LlmError> {
    let first = model.complete(request.clone()).await?;
    validate_typed(model, request, first).await
}

/// The validation half of [`complete_typed`], for callers that obtained the first answer some other
/// way (e.g. by streaming it to show tokens live): parse `first` into `T`, repairing it and, if that
/// is not enough, asking `model` once more with the validation error.
pub async fn validate_typed<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
    first: ChatResponse,
) -> Result<Typed<T>, LlmError> {
    let mut value = None;
    let (response, repaired_by_retry) = validate_with(model, request, first, &mut |text| {
        value = Some(parse_lenient::<T>(text)?);
        Ok(())
    })
    .await?;
    let value = value.ok_or_else(|| LlmError::InvalidOutput {
        reason: "no value was parsed".to_string(),
        excerpt: String::new(),
    })?;
    Ok(Typed {
        value,
        response,
        repaired_by_retry,
    })
}

/// The body of [`validate_typed`], compiled once for every `T` (wasm size): `parse` keeps the
/// value it parsed and says why it could not. Returns the answer that parsed and whether it took
/// a second call.
async fn validate_with(
    model: &dyn ChatModel,
    request: ChatRequest,
    first: ChatResponse,
    parse: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<(ChatResponse, bool), LlmError> {
    // An answer cut at the token limit is half a JSON and a filtered one is no answer: asking the
    // model to "fix" either is a second paid call that fails the same way.
    finish::check(
        &first.provider,
        first.finish_reason.as_deref(),
        request.max_tokens,
    )?;
    let reason = match parse(&first.text) {
        Ok(()) => return Ok((first, false)),
        Err(reason) => reason,
    };

    let mut repair = request;
    repair.messages.push(Message::assistant(first.text.clone()));
    repair.messages.push(Message::user(format!(
        "Your previous answer could not be used: {reason}. Reply again with only the JSON object that \
         follows the schema: no code fences, no explanations."
    )));
    let second = model.complete(repair).await?;
    let combined = combine(&first, second);
    match parse(&combined.text) {
        Ok(()) => Ok((combined, true)),
        Err(reason) => Err(LlmError::InvalidOutput {
            reason,
            excerpt: excerpt(&combined.text, 120),
        }),
    }
}

/// The second answer, with the first call's usage and cost added.
fn combine(first: &ChatResponse, mut second: ChatResponse) -> ChatResponse {
    second.usage.input_tokens += first.usage.input_tokens;
    second.usage.output_tokens += first.usage.output_tokens;
    second.cost_usd = match (first.cost_usd, second.cost_usd) {
        (Some(a), Some(b)) => Some(a + b),
        _ => None,
    };
    second
}
