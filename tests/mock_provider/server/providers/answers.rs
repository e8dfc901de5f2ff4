//! Answers in each provider's format: whole JSON bodies and stream events.

use serde_json::{json, Value};

use super::{Ask, Provider};

pub(super) fn tokens(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4).max(1)
}

/// OpenAI's usage object (llama-server's too): cached tokens are counted within the prompt's.
fn openai_usage(ask: &Ask, output: u64) -> Value {
    let input = ask.input_tokens;
    json!({"prompt_tokens": input, "completion_tokens": output, "total_tokens": input + output,
           "prompt_tokens_details": {"cached_tokens": ask.cached.read, "audio_tokens": 0}})
}

/// Anthropic's: `input_tokens` are only those neither read from nor written to the cache.
fn anthropic_usage(ask: &Ask, output: u64) -> Value {
    let fresh = ask.input_tokens - ask.cached.read - ask.cached.written;
    json!({"input_tokens": fresh, "cache_creation_input_tokens": ask.cached.written,
           "cache_read_input_tokens": ask.cached.read, "output_tokens": output})
}

/// Gemini's: the cached count is within the prompt's.
fn gemini_usage(ask: &Ask, output: u64) -> Value {
    let input = ask.input_tokens;
    json!({"promptTokenCount": input, "candidatesTokenCount": output, "totalTokenCount": input + output,
           "cachedContentTokenCount": ask.cached.read})
}

/// Text cut into about four pieces at char boundaries.
pub(super) fn pieces_of(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let size = chars.len().div_ceil(4).max(1);
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}

/// For Anthropic's forced tool: the answer as a JSON object, if it is one (a fenced or prose
/// answer is sent as a text block instead, as a model ignoring the tool would).
pub(super) fn tool_input(ask: &Ask, answer: &str) -> Option<Value> {
    ask.tool.as_ref()?;
    serde_json::from_str::<Value>(answer)
        .ok()
        .filter(Value::is_object)
}

/// A rule's `finish` in `provider`'s wire form; `None` keeps the normal end.
pub(super) fn finish_wire(provider: Provider, finish: Option<&str>) -> Option<String> {
    let wire = match (finish?, provider) {
        ("length", Provider::Anthropic) => "max_tokens",
        ("length", Provider::Gemini) => "MAX_TOKENS",
        ("content_filter", Provider::Anthropic) => "refusal",
        ("content_filter", Provider::Gemini) => "SAFETY",
        (other, _) => other,
    };
    Some(wire.to_string())
}

pub(super) fn full_answer(
    provider: Provider,
    ask: &Ask,
    answer: &str,
    finish: Option<&str>,
) -> Value {
    let (input, output) = (ask.input_tokens, tokens(answer));
    let finish = finish_wire(provider, finish);
    let or = |normal: &str| finish.clone().unwrap_or_else(|| normal.to_string());
    match provider {
        Provider::OpenAi => json!({
            "id": "chatcmpl-mock", "object": "chat.completion", "created": 1_750_000_000, "model": ask.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": answer, "refusal": null}, "logprobs": null, "finish_reason": or("stop")}],
            "usage": openai_usage(ask, output),
        }),
        Provider::Anthropic => {
            let (content, stop) = match tool_input(ask, answer) {
                Some(input_json) => (
                    json!([{"type": "tool_use", "id": "toolu_mock", "name": ask.tool, "input": input_json}]),
                    "tool_use",
                ),
                None => (json!([{"type": "text", "text": answer}]), "end_turn"),
            };
            json!({
                "id": "msg_mock", "type": "message", "role": "assistant", "model": ask.model, "content": content,
                "stop_reason": or(stop), "stop_sequence": null,
                "usage": anthropic_usage(ask, output),
            })
        }
        Provider::Gemini => json!({
            "candidates": [{"content": {"parts": [{"text": answer}], "role": "model"}, "finishReason": or("STOP"), "index": 0}],
            "usageMetadata": gemini_usage(ask, output),
            "modelVersion": ask.model, "responseId": "mock",
        }),
        Provider::Ollama => json!({
            "model": ask.model, "created_at": "2025-01-01T00:00:00Z", "message": {"role": "assistant", "content": answer},
            "done_reason": or("stop"), "done": true, "prompt_eval_count": input, "eval_count": output,
        }),
    }
}

pub(super) fn sse(event: Option<&str>, data: &Value) -> Vec<u8> {
    match event {
        Some(name) => format!("event: {name}\ndata: {data}\n\n").into_bytes(),
        None => format!("data: {data}\n\n").into_bytes(),
    }
}

pub(super) fn stream_pieces(
    provider: Provider,
    ask: &Ask,
    answer: &str,
    finish: Option<&str>,
) -> (&'static str, Vec<Vec<u8>>) {
    let (input, output) = (ask.input_tokens, tokens(answer));
    let parts = pieces_of(answer);
    let finish = finish_wire(provider, finish);
    let or = |normal: &str| finish.clone().unwrap_or_else(|| normal.to_string());
    match provider {
        Provider::OpenAi => {
            let chunk = |delta: Value, finish: Value| {
                json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_750_000_000, "model": ask.model,
                       "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}], "usage": null})
            };
            let mut out = vec![sse(
                None,
                &chunk(json!({"role": "assistant", "content": ""}), Value::Null),
            )];
            out.extend(
                parts
                    .iter()
                    .map(|p| sse(None, &chunk(json!({"content": p}), Value::Null))),
            );
            out.push(sse(None, &chunk(json!({}), json!(or("stop")))));
            if ask.include_usage {
                let usage = json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "model": ask.model, "choices": [],
                                   "usage": openai_usage(ask, output)});
                out.push(sse(None, &usage));
            }
            out.push(b"data: [DONE]\n\n".to_vec());
            ("text/event-stream; charset=utf-8", out)
        }
        Provider::Anthropic => {
            let tool = tool_input(ask, answer).map(|_| ask.tool.clone().unwrap_or_default());
            let (block, delta_kind, stop) = match &tool {
                Some(name) => (
                    json!({"type": "tool_use", "id": "toolu_mock", "name": name, "input": {}}),
                    "input_json_delta",
                    "tool_use",
                ),
                None => (
                    json!({"type": "text", "text": ""}),
                    "text_delta",
                    "end_turn",
                ),
            };
            let mut out = vec![
                sse(
                    Some("message_start"),
                    &json!({"type": "message_start", "message": {"id": "msg_mock", "type": "message", "role": "assistant", "model": ask.model, "content": [], "stop_reason": null, "usage": anthropic_usage(ask, 1)}}),
                ),
                sse(
                    Some("content_block_start"),
                    &json!({"type": "content_block_start", "index": 0, "content_block": block}),
                ),
                sse(Some("ping"), &json!({"type": "ping"})),
            ];
            for part in &parts {
                let delta = if tool.is_some() {
                    json!({"type": delta_kind, "partial_json": part})
                } else {
                    json!({"type": delta_kind, "text": part})
                };
                out.push(sse(
                    Some("content_block_delta"),
                    &json!({"type": "content_block_delta", "index": 0, "delta": delta}),
                ));
            }
            out.push(sse(
                Some("content_block_stop"),
                &json!({"type": "content_block_stop", "index": 0}),
            ));
            out.push(sse(Some("message_delta"), &json!({"type": "message_delta", "delta": {"stop_reason": or(stop), "stop_sequence": null}, "usage": {"output_tokens": output}})));
            out.push(sse(Some("message_stop"), &json!({"type": "message_stop"})));
            ("text/event-stream; charset=utf-8", out)
        }
        Provider::Gemini => {
            let count = parts.len();
            let out = parts
                .iter()
                .enumerate()
                .map(|(i, part)| {
                    let last = i + 1 == count;
                    let mut candidate = json!({"content": {"parts": [{"text": part}], "role": "model"}, "index": 0});
                    if last {
                        candidate["finishReason"] = json!(or("STOP"));
                    }
                    let used = if last { output } else { 0 };
                    let event = json!({"candidates": [candidate], "usageMetadata": gemini_usage(ask, used), "modelVersion": ask.model});
                    // Google separates events with CRLF CRLF.
                    format!("data: {event}\r\n\r\n").into_bytes()
                })
                .collect();
            ("text/event-stream", out)
        }
        Provider::Ollama => {
            let mut out: Vec<Vec<u8>> = parts
                .iter()
                .map(|part| format!("{}\n", json!({"model": ask.model, "message": {"role": "assistant", "content": part}, "done": false})).into_bytes())
                .collect();
            out.push(format!("{}\n", json!({"model": ask.model, "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": or("stop"), "prompt_eval_count": input, "eval_count": output})).into_bytes());
            ("application/x-ndjson", out)
        }
    }
}

/// A stream taken apart around its text events, to repeat one (for `forever` and `body_bytes`).
pub(super) struct AroundDelta {
    pub(super) content_type: &'static str,
    /// Events before the first text event.
    pub(super) head: Vec<Vec<u8>>,
    /// One text event carrying the requested text.
    pub(super) event: Vec<u8>,
    /// The end of the stream (the last text event emptied, and what follows it).
    pub(super) tail: Vec<Vec<u8>>,
}

pub(super) fn stream_parts_around_delta(provider: Provider, ask: &Ask, text: &str) -> AroundDelta {
    // Four one-character pieces of a marker no event otherwise holds.
    const MARK: &str = "\u{1F9F5}";
    let (content_type, pieces) = stream_pieces(provider, ask, &MARK.repeat(4), None);
    let is_delta = |p: &Vec<u8>| String::from_utf8_lossy(p).contains(MARK);
    let first = pieces.iter().position(is_delta).unwrap_or(0);
    let last = pieces.iter().rposition(is_delta).unwrap_or(first);
    let escaped = serde_json::to_string(text).unwrap_or_default();
    let escaped = &escaped[1..escaped.len() - 1];
    let template = String::from_utf8_lossy(&pieces[first]).replace(MARK, escaped);
    // The last delta event, emptied, keeps what it carries besides text (Gemini's finishReason).
    let mut tail = vec![String::from_utf8_lossy(&pieces[last])
        .replace(MARK, "")
        .into_bytes()];
    tail.extend(pieces[last + 1..].iter().cloned());
    AroundDelta {
        content_type,
        head: pieces[..first].to_vec(),
        event: template.into_bytes(),
        tail,
    }
}
