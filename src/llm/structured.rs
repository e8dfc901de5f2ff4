//! Structured output: ask for JSON, validate it against the Rust type by deserializing and against
//! the schema's number ranges, repair what a model commonly gets wrong, and give the model one
//! chance to fix what cannot be repaired: a wrong shape, a score off its scale, or an answer cut
//! at the token limit (asked again shorter). Never more than one extra call per answer.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::llm::error::{excerpt, LlmError};
use crate::llm::finish;
use crate::llm::json_repair::parse_lenient;
use crate::llm::model::ChatModel;
use crate::llm::schema_range::{clamp_in_range, out_of_range, OutOfRange};
use crate::llm::types::{ChatRequest, ChatResponse, Message};

/// A validated value plus the raw answer; usage and cost cover the repair call too, if there was one.
#[derive(Debug, Clone)]
pub struct Typed<T> {
    pub value: T,
    pub response: ChatResponse,
    /// Whether the model had to be asked a second time.
    pub repaired_by_retry: bool,
    /// Numbers that were still off their schema's scale after the second ask and were clamped
    /// into it, as sentences a page can show ([`OutOfRange::clamp_note`]).
    pub clamped: Vec<String>,
    /// The same numbers as data (path, value, scale), so a page can word the note in its own
    /// language.
    pub clamped_values: Vec<OutOfRange>,
}

/// What the re-ask after a cut answer adds to the request: a shorter, stricter instruction. The
/// cut answer itself is not sent back: it is often one item repeated until the limit.
pub const SHORTER_ANSWER: &str = "Your previous answer was cut off at the length limit before the JSON was complete: it was too long, or it repeated itself. Reply again with only the JSON object that follows the schema, much shorter: at most 3 items in each list, one or two sentences in each text field, and never the same item twice.";

/// The re-ask's repetition penalty (`ChatRequest::repetition_penalty`).
pub const REASK_REPETITION_PENALTY: f32 = 0.5;

/// Completes `request` (which should carry a schema) and deserializes the answer into `T`.
///
/// Fences and surrounding prose are stripped first; if the JSON still does not fit `T`, or a
/// number in it is off the scale its schema gives, the model is told why once and asked again. An
/// answer cut at the token limit is asked again once, shorter (see [`reask_after_cut`]). A second
/// failure is `LlmError::InvalidOutput` with the reason and a short excerpt of the answer; a number
/// still off its scale is clamped into it and noted in [`Typed::clamped`].
pub async fn complete_typed<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
) -> Result<Typed<T>, LlmError> {
    match model.complete(request.clone()).await {
        Ok(first) => validate_typed(model, request, first).await,
        Err(error) => reask_after_cut(model, request, error).await,
    }
}

/// The validation half of [`complete_typed`], for callers that obtained the first answer some other
/// way (e.g. by streaming it to show tokens live): parse `first` into `T`, repairing it and, if that
/// is not enough, asking `model` once more with the validation error.
pub async fn validate_typed<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
    first: ChatResponse,
) -> Result<Typed<T>, LlmError> {
    let first = finish::check(
        &first.provider,
        first.finish_reason.as_deref(),
        request.max_tokens,
    )
    .map(|()| first);
    typed_with(model, request, first).await
}

/// After the first structured call failed with `error`: an answer cut at the token limit is asked
/// once more, shorter and with a repetition penalty; any other error is returned as is. A second
/// cut answer is [`LlmError::RanOutOfRoom`], which names the likely cause.
pub async fn reask_after_cut<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
    error: LlmError,
) -> Result<Typed<T>, LlmError> {
    typed_with(model, request, Err(error)).await
}

/// [`validate_typed`] and [`reask_after_cut`] in one: parses with [`parse_in_range`], keeping the
/// value, and hands the rest to the non-generic [`validate_with`].
async fn typed_with<T: DeserializeOwned>(
    model: &dyn ChatModel,
    request: ChatRequest,
    first: Result<ChatResponse, LlmError>,
) -> Result<Typed<T>, LlmError> {
    let schema = request.schema.as_ref().map(|s| s.schema.clone());
    let mut value = None;
    let mut clamped = Vec::new();
    let mut clamped_values = Vec::new();
    let (response, repaired_by_retry) = validate_with(model, request, first, &mut |text, last| {
        let (parsed, notes) = parse_in_range::<T>(text, schema.as_ref(), last)?;
        value = Some(parsed);
        clamped = notes.iter().map(OutOfRange::clamp_note).collect();
        clamped_values = notes;
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
        clamped,
        clamped_values,
    })
}

/// The first JSON in `text` that fits `T` and, unless this is the `last` chance, has every number
/// on the scale `schema` gives it. Numbers still off (or only under a floor) are clamped and the
/// notes say which.
fn parse_in_range<T: DeserializeOwned>(
    text: &str,
    schema: Option<&Value>,
    last: bool,
) -> Result<(T, Vec<OutOfRange>), String> {
    let mut json = parse_lenient::<Value>(text)?;
    let mut notes = Vec::new();
    if let Some(schema) = schema {
        let off = out_of_range(schema, &json);
        // A number off a scale (both ends given: a score) is worth asking again; one under a
        // mere floor (a duration of 0 weeks) is clamped at once, as workflows would anyway.
        let off_scale: Vec<String> = off
            .iter()
            .filter(|o| o.minimum.is_some() && o.maximum.is_some())
            .map(ToString::to_string)
            .collect();
        if !last && !off_scale.is_empty() {
            return Err(off_scale.join("; "));
        }
        if !off.is_empty() {
            notes = clamp_in_range(schema, &mut json);
        }
    }
    let value =
        crate::value_de::from_value::<T>(json.clone()).or_else(|_| parse_lenient::<T>(text))?;
    Ok((value, notes))
}

/// The body of [`typed_with`], compiled once for every `T` (wasm size): `parse(text, last)` keeps
/// the value it parsed and says why it could not (`last`: no further ask follows, clamp rather than
/// refuse). Returns the answer that parsed and whether it took a second call. At most one second
/// call is made, whatever went wrong with the first.
async fn validate_with(
    model: &dyn ChatModel,
    request: ChatRequest,
    first: Result<ChatResponse, LlmError>,
    parse: &mut dyn FnMut(&str, bool) -> Result<(), String>,
) -> Result<(ChatResponse, bool), LlmError> {
    let first = match first {
        Ok(first) => first,
        // A structured answer cut at the token limit is half a JSON: repairing it is hopeless, but
        // small models that ran out of room (or looped on one list item) usually fit when asked
        // for less. A filtered answer, or any other error, is final.
        Err(LlmError::Truncated { .. }) if request.schema.is_some() => {
            return reask_shorter(model, request, parse).await
        }
        Err(error) => return Err(error),
    };
    let reason = match parse(&first.text, false) {
        Ok(()) => return Ok((first, false)),
        Err(reason) => reason,
    };

    let mut repair = request;
    repair.messages.push(Message::assistant(first.text.clone()));
    repair.messages.push(Message::user(format!(
        "Your previous answer could not be used: {reason}. Reply again with only the JSON object that \
         follows the schema: no code fences, no explanations."
    )));
    let second = model.complete(repair).await.map_err(ran_out_of_room)?;
    let combined = combine(&first, second);
    match parse(&combined.text, true) {
        Ok(()) => Ok((combined, true)),
        Err(reason) => Err(LlmError::InvalidOutput {
            reason,
            excerpt: excerpt(&combined.text, 120),
        }),
    }
}

/// The one re-ask after a cut answer: shorter, stricter, with a repetition penalty.
async fn reask_shorter(
    model: &dyn ChatModel,
    request: ChatRequest,
    parse: &mut dyn FnMut(&str, bool) -> Result<(), String>,
) -> Result<(ChatResponse, bool), LlmError> {
    let mut shorter = request;
    shorter.messages.push(Message::user(SHORTER_ANSWER));
    shorter.repetition_penalty = Some(REASK_REPETITION_PENALTY);
    let second = model.complete(shorter).await.map_err(ran_out_of_room)?;
    match parse(&second.text, true) {
        Ok(()) => Ok((second, true)),
        Err(reason) => Err(LlmError::InvalidOutput {
            reason,
            excerpt: excerpt(&second.text, 120),
        }),
    }
}

/// A second answer cut at the token limit says why in words a user can act on.
fn ran_out_of_room(error: LlmError) -> LlmError {
    match error {
        LlmError::Truncated {
            provider,
            max_tokens,
            ..
        } => LlmError::RanOutOfRoom {
            provider,
            max_tokens,
        },
        other => other,
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
