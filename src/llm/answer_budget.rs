//! A ceiling on every answer's length that the user chooses (Settings: "Longest answer").
//!
//! On a CPU a small local model writes 20–60 tokens a second, so an agent whose schema allows a
//! 1,200-token answer takes half a minute or more, and a small model tends to fill every list and
//! string to its bound. Cutting such an answer at `max_tokens` alone would leave half a JSON; so
//! the schema's own bounds shrink first (fewer items, shorter strings) until its longest answer
//! fits the ceiling, and constrained decoding ends the JSON inside it. A run gets shorter answers,
//! sooner, and whole ones.

use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use serde_json::Value;

use crate::llm::error::LlmError;
use crate::llm::limits::{longest_answer_chars, CHARS_PER_TOKEN, FRAME_TOKENS};
use crate::llm::model::ChatModel;
use crate::llm::schema_bounds::{bounded, for_each_subschema};
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};

/// The smallest ceiling accepted: below it even a score and one short sentence do not fit.
pub const MIN_ANSWER_TOKENS: u32 = 128;

/// A list keeps at least this many items and a string this many characters, however small the
/// ceiling: an answer with no room for one finding is no answer.
const MIN_ITEMS: u64 = 1;
const MIN_LENGTH: u64 = 60;

/// Characters a ceiling of `tokens` holds, counted as `limits::schema_token_budget` counts them
/// (the same constants), so a fitted schema's budget is never above the ceiling.
fn chars_for(tokens: u32) -> u64 {
    u64::from(tokens).saturating_sub(FRAME_TOKENS) * CHARS_PER_TOKEN
}

/// `schema` with its `maxLength` and `maxItems` bounds lowered (see the passes below) until its
/// longest answer fits `tokens` (or every bound is at its floor). A schema that already fits is
/// returned unchanged; one without bounds gets the defaults first (`schema_bounds::bounded`).
pub fn fit_schema(schema: Value, tokens: u32) -> Value {
    let mut schema = bounded(schema);
    let room = chars_for(tokens.max(MIN_ANSWER_TOKENS));
    // Each pass takes a fifth off every string's bound and, every other pass, one item off every
    // list: a few short findings read better than one long one, and no field is emptied to
    // save another.
    for pass in 0..64 {
        match longest_answer_chars(&schema) {
            Some(chars) if chars > room => {
                if !shrink(&mut schema, pass % 2 == 1) {
                    break;
                }
            }
            _ => break,
        }
    }
    schema
}

/// Takes a fifth off every `maxLength` in `schema` above its floor and, with `items`, one off
/// every `maxItems` above its floor; whether any bound moved.
fn shrink(schema: &mut Value, items: bool) -> bool {
    let Some(map) = schema.as_object_mut() else {
        return false;
    };
    let mut moved = false;
    if let Some(bound) = map.get("maxLength").and_then(Value::as_u64) {
        let lower = (bound * 4 / 5).max(MIN_LENGTH);
        if lower < bound {
            map.insert("maxLength".into(), Value::from(lower));
            moved = true;
        }
    }
    if let Some(bound) = map.get("maxItems").and_then(Value::as_u64) {
        if bound > MIN_ITEMS {
            if items {
                map.insert("maxItems".into(), Value::from(bound - 1));
            }
            // A list that may still lose items counts as movable, so the pass that skips lists
            // does not end the fitting.
            moved = true;
        }
    }
    for_each_subschema(map, &mut |child| moved |= shrink(child, items));
    moved
}

/// `request` held to `tokens`: its schema fitted (see [`fit_schema`]) and its `max_tokens` at most
/// the ceiling.
pub fn within(mut request: ChatRequest, tokens: u32) -> ChatRequest {
    let tokens = tokens.max(MIN_ANSWER_TOKENS);
    if let Some(schema) = request.schema.as_mut() {
        schema.schema = fit_schema(std::mem::take(&mut schema.schema), tokens);
    }
    request.max_tokens = Some(request.max_tokens.map_or(tokens, |own| own.min(tokens)));
    request
}

/// A chat model whose every answer is held to a ceiling of tokens (see the module docs).
pub struct AnswerBudget<M> {
    inner: M,
    tokens: u32,
}

impl<M: ChatModel> AnswerBudget<M> {
    pub fn new(inner: M, tokens: u32) -> Self {
        AnswerBudget {
            inner,
            tokens: tokens.max(MIN_ANSWER_TOKENS),
        }
    }
}

impl<M: ChatModel> ChatModel for AnswerBudget<M> {
    crate::llm::model::pass_through_model_info!(inner);

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.inner.complete(within(request, self.tokens))
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.inner.stream(within(request, self.tokens))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::types::OutputSchema;
    use serde_json::json;

    fn critique() -> Value {
        json!({"type": "object", "properties": {
            "score": {"type": "number", "minimum": 0, "maximum": 10},
            "verdict": {"type": "string", "enum": ["hire", "no_hire"]},
            "issues": {"type": "array", "maxItems": 6, "items": {"type": "string", "maxLength": 300}},
            "summary": {"type": "string", "maxLength": 600},
        }})
    }

    #[test]
    fn a_fitted_schemas_longest_answer_fits_the_ceiling() {
        for tokens in [200, 300, 512, 800] {
            let fitted = fit_schema(critique(), tokens);
            let chars = longest_answer_chars(&fitted).unwrap();
            assert!(chars <= chars_for(tokens), "{tokens}: {chars} chars");
        }
    }

    #[test]
    fn bounds_shrink_together_and_never_below_their_floors() {
        // 128 tokens cannot hold even the floors: fitting stops there, at every floor.
        let fitted = fit_schema(critique(), 128);
        let p = &fitted["properties"];
        assert_eq!(p["issues"]["maxItems"], MIN_ITEMS);
        assert_eq!(p["issues"]["items"]["maxLength"], MIN_LENGTH);
        assert_eq!(p["summary"]["maxLength"], MIN_LENGTH);
        // Enums and numeric ranges are not bounds on length: untouched.
        assert_eq!(p["verdict"]["enum"], json!(["hire", "no_hire"]));
        assert_eq!(p["score"]["maximum"], 10);
        let middle = fit_schema(critique(), 400);
        let items = middle["properties"]["issues"]["maxItems"].as_u64().unwrap();
        assert!((2..6).contains(&items), "{items}");
    }

    #[test]
    fn a_schema_that_fits_is_left_as_it_is() {
        let small = json!({"type": "object", "properties": {
            "score": {"type": "integer"}, "note": {"type": "string", "maxLength": 80}}});
        assert_eq!(fit_schema(small.clone(), 300), small);
    }

    #[test]
    fn an_unbounded_schema_gets_bounds_before_fitting() {
        let open = json!({"type": "object", "properties": {
            "notes": {"type": "array", "items": {"type": "string"}}}});
        let fitted = fit_schema(open, 300);
        assert!(longest_answer_chars(&fitted).unwrap() <= chars_for(300));
    }

    #[test]
    fn requests_get_the_ceiling_as_max_tokens_unless_they_ask_for_less() {
        let request = ChatRequest::new("critic", "Review.")
            .user("A resume.")
            .with_schema(OutputSchema::new("critique", critique()));
        let held = within(request.clone(), 300);
        assert_eq!(held.max_tokens, Some(300));
        assert!(longest_answer_chars(&held.schema.unwrap().schema).unwrap() <= chars_for(300));
        let mut modest = request;
        modest.max_tokens = Some(100);
        assert_eq!(within(modest, 300).max_tokens, Some(100));
        // A ceiling below the floor is raised to it.
        let plain = ChatRequest::new("writer", "Write.").user("Hi.");
        assert_eq!(within(plain, 10).max_tokens, Some(MIN_ANSWER_TOKENS));
    }
}
