//! A hostile or broken server must not hang, crash or leak: Retry-After in any form, answers cut at
//! the token limit (asked again once, shorter, then a clear error) or filtered (a clear error, never
//! a paid repair call), size caps, and the key
//! scrubbed out of every message before it is cut.

use crate::llm_hardening_support as support;

use std::rc::Rc;
use std::time::{Duration, Instant};

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::finish::{classify, Finish};
use careergraph::llm::limits::{
    clean_message, output_ceiling, output_token_budget, MAX_BODY_BYTES, MAX_ERROR_MESSAGE_CHARS,
    MAX_LINE_BYTES,
};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::{parse_retry_after, RetryPolicy};
use careergraph::llm::{
    complete_typed, validate_typed, ApiKey, ChatModel, ChatRequest, ChatResponse, LlmError,
    OutputSchema,
};
use futures::executor::block_on;
use serde_json::json;
use support::{
    assert_no_key_piece, complete, instant_runtime, model, request, stream, transcript, Answer,
    Server, KEY,
};

// ---- Retry-After -------------------------------------------------------------------------------

#[test]
fn retry_after_parses_every_numeric_form_without_panicking() {
    assert_eq!(parse_retry_after("3"), Some(Duration::from_secs(3)));
    assert_eq!(
        parse_retry_after(" 1.5 "),
        Some(Duration::from_millis(1500))
    );
    assert_eq!(parse_retry_after("0"), Some(Duration::ZERO));
    assert_eq!(parse_retry_after("-0"), Some(Duration::ZERO));
    // Too large for a Duration: saturates (the retry loop then refuses to wait).
    assert_eq!(parse_retry_after("1e20"), Some(Duration::MAX));
    assert_eq!(parse_retry_after("inf"), Some(Duration::MAX));
    assert_eq!(parse_retry_after("+infinity"), Some(Duration::MAX));
    assert_eq!(
        parse_retry_after("18446744073709551616"),
        Some(Duration::MAX),
        "one past u64::MAX"
    );
    assert_eq!(parse_retry_after("1e-300"), Some(Duration::ZERO));
    // Meaningless: ignored.
    assert_eq!(parse_retry_after("-5"), None);
    assert_eq!(parse_retry_after("-inf"), None);
    assert_eq!(parse_retry_after("NaN"), None);
    assert_eq!(parse_retry_after(""), None);
    assert_eq!(parse_retry_after("soon"), None);
    assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
}

fn rate_limited_openai(retry_after: &str) -> (Rc<Server>, OpenAiModel, support::Slept) {
    let server = Server::new(
        Answer::body(
            429,
            r#"{"error":{"message":"Rate limit reached","type":"requests"}}"#,
        )
        .header("retry-after", retry_after),
    );
    let (runtime, slept) = instant_runtime();
    let model = OpenAiModel::new(OpenAiConfig::openai(KEY), server.clone())
        .with_runtime(runtime)
        .with_retry(RetryPolicy::default());
    (server, model, slept)
}

#[test]
fn a_huge_retry_after_fails_fast_saying_how_long_was_asked() {
    for huge in ["1e20", "inf", "99999999999999999999999", "86400000"] {
        let (server, model, slept) = rate_limited_openai(huge);
        let error = complete(&model, request()).unwrap_err();
        assert!(
            matches!(error, LlmError::RateLimited { .. }),
            "{huge}: {error:?}"
        );
        assert!(
            error.retry_after().unwrap() > RetryPolicy::default().max_retry_after,
            "{huge}: the asked wait is kept for the user"
        );
        let text = error.to_string();
        assert!(text.contains("retry after"), "{huge}: {text}");
        assert!(
            text.contains("year") || text.contains("days"),
            "{huge}: {text}"
        );
        assert_eq!(server.count(), 1, "{huge}: no retry");
        let long = slept.borrow().iter().any(|d| *d > Duration::from_secs(180));
        assert!(
            !long,
            "{huge}: never sleeps past the deadline: {:?}",
            slept.borrow()
        );
    }
}

#[test]
fn a_small_or_odd_retry_after_is_honoured_or_ignored() {
    // Fractional: waited as asked, then retried (all attempts fail here).
    let (server, model, slept) = rate_limited_openai("0.25");
    assert!(complete(&model, request()).is_err());
    assert_eq!(server.count(), 3);
    assert!(slept.borrow().contains(&Duration::from_millis(250)));
    // Negative and NaN: ignored, the normal backoff applies.
    for odd in ["-3", "NaN"] {
        let (server, model, slept) = rate_limited_openai(odd);
        let error = complete(&model, request()).unwrap_err();
        assert_eq!(error.retry_after(), None, "{odd}");
        assert_eq!(server.count(), 3, "{odd}");
        assert!(
            slept.borrow().contains(&Duration::from_millis(375)),
            "{odd}: {:?}",
            slept.borrow()
        );
    }
}

/// A caller that paces calls itself (the batch's rate limiter) gets a 429 back at once: the
/// client neither sleeps nor sends again, so the limiter can slow every caller.
#[test]
fn a_429_goes_straight_back_to_a_caller_that_paces_itself() {
    let (server, model, slept) = rate_limited_openai("2");
    let paced = ChatRequest {
        rate_limits_to_caller: true,
        ..request()
    };
    let error = complete(&model, paced).unwrap_err();
    assert!(matches!(error, LlmError::RateLimited { .. }), "{error:?}");
    assert_eq!(error.retry_after(), Some(Duration::from_secs(2)));
    assert_eq!(server.count(), 1, "sent once");
    let backoff = Duration::from_secs(2);
    assert!(!slept.borrow().contains(&backoff), "{:?}", slept.borrow());
    // Any other caller: the client's own retries, as before.
    let (server, model, slept) = rate_limited_openai("2");
    assert!(complete(&model, request()).is_err());
    assert_eq!(server.count(), 3);
    assert!(slept.borrow().contains(&backoff), "{:?}", slept.borrow());
}

// ---- Finish reasons ----------------------------------------------------------------------------

#[test]
fn finish_reasons_are_classified_for_every_provider() {
    for cut in ["length", "max_tokens", "MAX_TOKENS"] {
        assert_eq!(classify(Some(cut)), Finish::Truncated, "{cut}");
    }
    for filtered in [
        "content_filter",
        "refusal",
        "SAFETY",
        "RECITATION",
        "PROHIBITED_CONTENT",
    ] {
        assert_eq!(classify(Some(filtered)), Finish::Filtered, "{filtered}");
    }
    for fine in [
        "stop",
        "end_turn",
        "tool_use",
        "tool_calls",
        "STOP",
        "stop_sequence",
    ] {
        assert_eq!(classify(Some(fine)), Finish::Complete, "{fine}");
    }
    assert_eq!(classify(None), Finish::Complete);
}

/// Each provider's own wire form of "cut at the limit" and "filtered", whole and streamed.
fn wire(provider: &str, finish: &str, stream: bool) -> String {
    let half = r#"{\"score\": 7, \"issues\": [\"Quantify"#;
    match (provider, stream) {
        ("openai", false) => format!(
            r#"{{"model":"gpt-4o-mini","choices":[{{"message":{{"content":"{half}"}},"finish_reason":"{finish}"}}],"usage":{{"prompt_tokens":9,"completion_tokens":50}}}}"#
        ),
        ("openai", true) => format!(
            "data: {{\"choices\":[{{\"delta\":{{\"content\":\"{half}\"}},\"finish_reason\":null}}]}}\n\n\
             data: {{\"choices\":[{{\"delta\":{{}},\"finish_reason\":\"{finish}\"}}]}}\n\ndata: [DONE]\n\n"
        ),
        ("anthropic", false) => format!(
            r#"{{"model":"claude-sonnet-4-5","content":[{{"type":"text","text":"{half}"}}],"stop_reason":"{finish}","usage":{{"input_tokens":9,"output_tokens":50}}}}"#
        ),
        ("anthropic", true) => format!(
            "event: message_start\ndata: {{\"type\":\"message_start\",\"message\":{{\"model\":\"claude-sonnet-4-5\",\"usage\":{{\"input_tokens\":9}}}}}}\n\n\
             event: content_block_start\ndata: {{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{{\"type\":\"text\",\"text\":\"\"}}}}\n\n\
             event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{half}\"}}}}\n\n\
             event: message_delta\ndata: {{\"type\":\"message_delta\",\"delta\":{{\"stop_reason\":\"{finish}\"}},\"usage\":{{\"output_tokens\":50}}}}\n\n\
             event: message_stop\ndata: {{\"type\":\"message_stop\"}}\n\n"
        ),
        ("gemini", false) => format!(
            r#"{{"candidates":[{{"content":{{"parts":[{{"text":"{half}"}}]}},"finishReason":"{finish}"}}]}}"#
        ),
        ("gemini", true) => format!(
            "data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"{half}\"}}]}}}}]}}\r\n\r\n\
             data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"\"}}]}},\"finishReason\":\"{finish}\"}}]}}\r\n\r\n"
        ),
        ("ollama", false) => format!(
            r#"{{"model":"llama3.2","message":{{"content":"{half}"}},"done":true,"done_reason":"{finish}"}}"#
        ),
        ("ollama", true) => format!(
            "{{\"model\":\"llama3.2\",\"message\":{{\"content\":\"{half}\"}},\"done\":false}}\n\
             {{\"model\":\"llama3.2\",\"message\":{{\"content\":\"\"}},\"done\":true,\"done_reason\":\"{finish}\"}}\n"
        ),
        _ => unreachable!(),
    }
}

#[test]
fn an_answer_cut_at_the_token_limit_is_truncated_on_every_provider() {
    let cases = [
        ("openai", "length"),
        ("anthropic", "max_tokens"),
        ("gemini", "MAX_TOKENS"),
        ("ollama", "length"),
    ];
    for (provider, finish) in cases {
        for streaming in [false, true] {
            let server = Server::new(Answer::body(200, wire(provider, finish, streaming)));
            let model = model(provider, &server);
            let request = request().with_max_tokens(2000);
            let result = if streaming {
                let (deltas, result) = stream(model.as_ref(), request);
                assert!(
                    deltas.contains("Quantify"),
                    "{provider}: deltas still shown live"
                );
                result
            } else {
                complete(model.as_ref(), request)
            };
            let error = result.unwrap_err();
            assert_eq!(
                error,
                LlmError::Truncated {
                    provider: provider.into(),
                    max_tokens: Some(2000),
                    finish_reason: finish.into(),
                },
                "{provider} stream={streaming}"
            );
            let text = error.to_string();
            assert!(
                text.contains("token limit") && text.contains("2000"),
                "{text}"
            );
            assert!(
                text.contains("shorter input") && text.contains("larger output limit"),
                "{text}"
            );
        }
    }
}

#[test]
fn a_filtered_answer_is_a_clear_error_on_every_provider() {
    let cases = [
        ("openai", "content_filter"),
        ("anthropic", "refusal"),
        ("gemini", "SAFETY"),
        ("gemini", "RECITATION"),
    ];
    for (provider, finish) in cases {
        for streaming in [false, true] {
            let server = Server::new(Answer::body(200, wire(provider, finish, streaming)));
            let model = model(provider, &server);
            let result = if streaming {
                stream(model.as_ref(), request()).1
            } else {
                complete(model.as_ref(), request())
            };
            match result.unwrap_err() {
                LlmError::ContentFiltered {
                    provider: p,
                    reason,
                } => {
                    assert_eq!((p.as_str(), reason.as_str()), (provider, finish));
                }
                other => panic!("{provider} {finish} stream={streaming}: {other:?}"),
            }
        }
    }
}

#[derive(serde::Deserialize, Debug)]
#[allow(dead_code)]
struct Critique {
    score: f64,
    issues: Vec<String>,
}

fn schema() -> OutputSchema {
    OutputSchema::new(
        "critique",
        json!({"type": "object", "properties": {"score": {"type": "number"},
               "issues": {"type": "array", "items": {"type": "string"}}},
               "required": ["score", "issues"], "additionalProperties": false}),
    )
}

#[test]
fn a_cut_answer_is_asked_again_once_and_a_filtered_one_never() {
    for (provider, finish) in [
        ("openai", "length"),
        ("anthropic", "max_tokens"),
        ("gemini", "MAX_TOKENS"),
        ("gemini", "SAFETY"),
    ] {
        let server = Server::new(Answer::body(200, wire(provider, finish, false)));
        let model = model(provider, &server);
        let error = block_on(complete_typed::<Critique>(
            model.as_ref(),
            request().with_schema(schema()),
        ))
        .unwrap_err();
        let (calls, cut) = match &error {
            LlmError::RanOutOfRoom { provider: p, .. } => (2, p == provider),
            LlmError::ContentFiltered { .. } => (1, false),
            other => panic!("{provider} {finish}: {other:?}"),
        };
        assert_eq!(cut, finish != "SAFETY", "{provider} {finish}: {error:?}");
        assert_eq!(
            server.count(),
            calls,
            "{provider} {finish}: one re-ask for a cut answer, none for a filtered one"
        );
        if cut {
            let text = error.to_string();
            assert!(
                text.contains("twice") && text.contains("repeating itself"),
                "{text}"
            );
        }
    }
}

#[test]
fn validate_typed_asks_again_shorter_after_a_truncated_first_answer() {
    // The first answer came from elsewhere (e.g. a stream): half a JSON with finish "length".
    let whole = r#"{"model":"gpt-4o-mini","choices":[{"message":{"content":"{\"score\": 7, \"issues\": [\"Quantify\"]}"},"finish_reason":"stop"}]}"#;
    let server = Server::new(Answer::body(200, whole));
    let model = model("openai", &server);
    let first = ChatResponse {
        text: "{\"score\": 7, \"issues\": [\"Quan".into(),
        provider: "openai".into(),
        finish_reason: Some("length".into()),
        ..ChatResponse::default()
    };
    let request = request().with_schema(schema()).with_max_tokens(900);
    let typed = block_on(validate_typed::<Critique>(model.as_ref(), request, first)).unwrap();
    assert_eq!(typed.value.issues, ["Quantify"]);
    assert!(typed.repaired_by_retry);
    assert_eq!(server.count(), 1, "exactly one re-ask");
    let asked: serde_json::Value = serde_json::from_str(&server.requests.borrow()[0].body).unwrap();
    let messages = asked["messages"].as_array().unwrap();
    let last = messages.last().unwrap();
    assert_eq!(last["role"], "user");
    let last = last["content"].as_str().unwrap();
    assert!(last.contains("cut off at the length limit"), "{last}");
    assert!(
        messages.iter().all(|m| m["role"] != "assistant"),
        "the cut answer is not sent back: {asked}"
    );
}

/// The real recordings, with their finish reason swapped for the provider's "cut" value.
#[test]
fn recorded_transcripts_with_a_cut_finish_reason_are_truncated() {
    let cases = [
        (
            "openai",
            "openai/chat-nonstream.json",
            false,
            r#""finish_reason": "stop""#,
            r#""finish_reason": "length""#,
        ),
        (
            "openai",
            "openai/chat-stream-usage.sse",
            true,
            r#""finish_reason":"stop""#,
            r#""finish_reason":"length""#,
        ),
        (
            "anthropic",
            "anthropic/messages-nonstream.json",
            false,
            r#""stop_reason":"end_turn""#,
            r#""stop_reason":"max_tokens""#,
        ),
        (
            "anthropic",
            "anthropic/messages-stream.sse",
            true,
            r#""stop_reason":"end_turn""#,
            r#""stop_reason":"max_tokens""#,
        ),
        (
            "gemini",
            "gemini/generate-content.json",
            false,
            r#""finishReason": "STOP""#,
            r#""finishReason": "MAX_TOKENS""#,
        ),
        (
            "gemini",
            "gemini/stream-generate-content.sse",
            true,
            r#""finishReason": "STOP""#,
            r#""finishReason": "MAX_TOKENS""#,
        ),
        (
            "ollama",
            "ollama/api-chat.json",
            false,
            r#""done_reason":"stop""#,
            r#""done_reason":"length""#,
        ),
        (
            "ollama",
            "ollama/api-chat-stream.ndjson",
            true,
            r#""done_reason":"stop""#,
            r#""done_reason":"length""#,
        ),
    ];
    for (provider, file, streaming, normal, cut) in cases {
        let Some(recorded) = transcript(file) else {
            return;
        };
        assert!(recorded.contains(normal), "{file} holds {normal}");
        for (body, want_cut) in [
            (recorded.clone(), false),
            (recorded.replace(normal, cut), true),
        ] {
            let server = Server::new(Answer::body(200, body));
            let model = model(provider, &server);
            let result = if streaming {
                stream(model.as_ref(), request()).1
            } else {
                complete(model.as_ref(), request())
            };
            match (want_cut, result) {
                (false, Ok(_)) => {}
                (true, Err(LlmError::Truncated { provider: p, .. })) => assert_eq!(p, provider),
                (_, other) => panic!("{file} cut={want_cut}: {other:?}"),
            }
        }
    }
}

// ---- max_tokens sized from the input -------------------------------------------------------------

#[test]
fn the_output_budget_grows_with_input_and_schema_and_stays_under_the_ceiling() {
    let short = ChatRequest::new("r", "s").user("Rust lead.");
    let floor = output_token_budget(&short, 64_000);
    assert!(
        (1024..1040).contains(&floor),
        "a floor for short inputs: {floor}"
    );

    let resume = "Led a team of four engineers. ".repeat(1000); // 30 000 bytes
    let long = ChatRequest::new("r", "s").user(resume.clone());
    assert_eq!(
        output_token_budget(&long, 64_000),
        30_000 / 3 * 5 / 4 + 1024
    );
    assert!(
        output_token_budget(&long, 64_000) > 10_000,
        "room for a rewrite as long as the input"
    );

    let with_schema = long.clone().with_schema(schema());
    assert!(output_token_budget(&with_schema, 64_000) > output_token_budget(&long, 64_000));

    assert_eq!(
        output_token_budget(&long, 8192),
        8192,
        "clamped to the model's ceiling"
    );
    let huge = ChatRequest::new("r", "s").user("x".repeat(10_000_000));
    assert_eq!(output_token_budget(&huge, 64_000), 64_000);
    // CJK: 3 bytes a character, about one token each: the budget covers a rewrite of it.
    let chinese = ChatRequest::new("r", "s").user("负责后端服务的设计与实现。".repeat(500));
    assert!(output_token_budget(&chinese, 64_000) >= 6_000);
}

#[test]
fn output_ceilings_follow_the_model() {
    assert_eq!(output_ceiling("anthropic", "claude-sonnet-4-5"), 64_000);
    assert_eq!(output_ceiling("anthropic", "claude-haiku-4-5"), 64_000);
    assert_eq!(output_ceiling("anthropic", "claude-opus-4-1"), 32_000);
    assert_eq!(output_ceiling("anthropic", "claude-3-5-haiku-latest"), 8192);
    assert_eq!(output_ceiling("anthropic", "claude-3-haiku-20240307"), 4096);
    assert_eq!(output_ceiling("anthropic", "some-future-model"), 8192);
}

#[test]
fn anthropic_max_tokens_is_sized_from_the_request_unless_set() {
    let server = Server::new(Answer::body(200, wire("anthropic", "end_turn", false)));
    let model = AnthropicModel::new(AnthropicConfig::new(KEY), server.clone())
        .with_runtime(support::frozen_runtime().0);
    let resume = "Shipped a fictional payments service in Rust. ".repeat(800);
    let long = ChatRequest::new("r", "s")
        .user(resume)
        .with_schema(schema());
    complete(&model, long.clone()).unwrap();
    complete(&model, long.clone().with_max_tokens(777)).unwrap();
    let sent: Vec<serde_json::Value> = server
        .requests
        .borrow()
        .iter()
        .map(|r| serde_json::from_str(&r.body).unwrap())
        .collect();
    assert_eq!(
        sent[0]["max_tokens"],
        json!(output_token_budget(
            &long,
            output_ceiling("anthropic", "claude-sonnet-4-5")
        ))
    );
    assert!(
        sent[0]["max_tokens"].as_u64().unwrap() > 4096,
        "no longer a fixed 4096"
    );
    assert_eq!(sent[1]["max_tokens"], json!(777));
}

// ---- Size caps ---------------------------------------------------------------------------------

const MB: usize = 1024 * 1024;

#[test]
fn a_20_mb_body_fails_quickly_without_being_buffered() {
    for provider in ["openai", "anthropic", "gemini", "ollama"] {
        for streaming in [false, true] {
            // Produced lazily in 64 KB chunks: a JSON start then filler, or valid no-op events.
            let answer = if streaming {
                // 1 KB events: a fast server, not a million tiny events (debug builds decode slowly).
                let pad = "p".repeat(1000);
                let event = match provider {
                    "anthropic" => format!("data: {{\"type\":\"padding\",\"pad\":\"{pad}\"}}\n\n"),
                    "ollama" => format!("{{\"done\":false,\"pad\":\"{pad}\"}}\n"),
                    _ => format!("data: {{\"pad\":\"{pad}\"}}\n\n"),
                }
                .into_bytes();
                let chunk = event.repeat(64 * 1024 / event.len());
                let mut answer = Answer::body(200, Vec::new());
                answer.chunks = vec![chunk.clone(); 20 * MB / chunk.len()];
                answer
            } else {
                let mut answer = Answer::body(200, "{\"x\":\"");
                answer.chunks.extend(vec![vec![b'a'; 64 * 1024]; 20 * 16]);
                answer
            };
            let server = Server::new(answer);
            let model = model(provider, &server);
            let started = Instant::now();
            let result = if streaming {
                stream(model.as_ref(), request()).1
            } else {
                complete(model.as_ref(), request())
            };
            let took = started.elapsed();
            let error = result.unwrap_err();
            assert!(
                matches!(error, LlmError::TooLarge { limit_bytes, .. } if limit_bytes == MAX_BODY_BYTES),
                "{provider} stream={streaming}: {error:?}"
            );
            assert!(error.to_string().contains("larger than 8 MB"), "{error}");
            let pulled = server.pulled.get();
            assert!(
                pulled <= MAX_BODY_BYTES + 64 * 1024,
                "{provider}: read {pulled} bytes"
            );
            assert!(took < Duration::from_secs(10), "{provider}: {took:?}");
            println!("{provider} stream={streaming}: 20 MB body refused after {pulled} bytes in {took:?}");
        }
    }
}

#[test]
fn openai_stream_of_many_small_events_stops_at_the_body_cap() {
    let event = format!(
        "data: {{\"choices\":[{{\"delta\":{{\"content\":\"{}\"}}}}]}}\n\n",
        "a".repeat(500)
    );
    let mut answer = Answer::body(200, Vec::new());
    answer.endless_chunk = Some(event.repeat(100).into_bytes());
    let server = Server::new(answer);
    let model = model("openai", &server);
    let started = Instant::now();
    let (deltas, result) = stream(model.as_ref(), request());
    assert!(
        matches!(result, Err(LlmError::TooLarge { .. })),
        "{result:?}"
    );
    assert!(deltas.len() < MAX_BODY_BYTES);
    println!(
        "endless stream refused after {} bytes in {:?}",
        server.pulled.get(),
        started.elapsed()
    );
}

#[test]
fn one_line_or_event_over_1_mb_is_refused() {
    // A line without a newline, an NDJSON line, and an SSE event made of many short data lines.
    let long_line = format!(
        "data: {{\"choices\":[{{\"delta\":{{\"content\":\"{}",
        "b".repeat(2 * MB)
    );
    let many_data_lines = "data: xxxxxxxxxx\n".repeat(MAX_LINE_BYTES / 11 + 10);
    let ndjson = format!("{{\"message\":{{\"content\":\"{}", "c".repeat(2 * MB));
    for (provider, body) in [
        ("openai", long_line),
        ("anthropic", many_data_lines),
        ("ollama", ndjson),
    ] {
        let server = Server::new(Answer::body(200, body));
        let model = model(provider, &server);
        let error = stream(model.as_ref(), request()).1.unwrap_err();
        match &error {
            LlmError::TooLarge {
                what, limit_bytes, ..
            } => {
                assert_eq!(*limit_bytes, MAX_LINE_BYTES, "{provider}");
                assert!(what.contains("event"), "{what}");
                assert!(error.to_string().contains("larger than 1 MB"), "{error}");
            }
            other => panic!("{provider}: {other:?}"),
        }
    }
}

// ---- Messages: scrubbed, then cut ---------------------------------------------------------------

#[test]
fn a_key_straddling_the_message_limit_is_scrubbed_before_the_cut() {
    let key = ApiKey::new(KEY);
    for offset in [
        MAX_ERROR_MESSAGE_CHARS - 20,
        MAX_ERROR_MESSAGE_CHARS - 5,
        10,
    ] {
        let text = format!("{}{KEY} and more text after it", "x".repeat(offset));
        let cleaned = clean_message(&key, &text);
        assert_no_key_piece(&cleaned);
        assert!(
            cleaned.chars().count() <= MAX_ERROR_MESSAGE_CHARS + 1,
            "{}",
            cleaned.len()
        );
    }
}

#[test]
fn an_error_body_echoing_the_key_never_reaches_the_message() {
    // The key sits right across the 2 KB cut, and again in a 20 KB body.
    let message = format!(
        "{}Incorrect API key provided: {KEY}. {}",
        "y".repeat(2010),
        "z".repeat(20_000)
    );
    for (provider, status) in [
        ("openai", 401),
        ("openai", 400),
        ("anthropic", 500),
        ("gemini", 429),
        ("ollama", 404),
    ] {
        let body =
            json!({"error": {"message": message, "type": "invalid_request_error"}}).to_string();
        let body = if provider == "ollama" {
            json!({"error": message}).to_string()
        } else {
            body
        };
        let server = Server::new(Answer::body(status, body));
        let model = model(provider, &server);
        for streaming in [false, true] {
            let error = if streaming {
                stream(model.as_ref(), request()).1.unwrap_err()
            } else {
                complete(model.as_ref(), request()).unwrap_err()
            };
            let text = error.to_string();
            assert_no_key_piece(&text);
            assert_no_key_piece(&format!("{error:?}"));
            assert!(
                text.len() < 3 * 1024,
                "{provider} {status}: {} bytes",
                text.len()
            );
        }
    }
}

#[test]
fn an_undecodable_body_echoing_the_key_is_scrubbed_in_the_excerpt() {
    // The key straddles the 160-character excerpt: cutting first would leave its front half.
    let body = format!("{}{KEY} not json", "<".repeat(150));
    let server = Server::new(Answer::body(200, body));
    let error = complete(model("openai", &server).as_ref(), request()).unwrap_err();
    assert!(matches!(error, LlmError::Decode { .. }), "{error:?}");
    assert_no_key_piece(&format!("{error} {error:?}"));
}

#[test]
fn stream_decode_errors_and_error_events_are_scrubbed() {
    let bad_event = format!("data: {{\"choices\": [oops {KEY}\n\n");
    let anthropic_error = format!(
        "event: error\ndata: {{\"type\":\"error\",\"error\":{{\"type\":\"invalid_request_error\",\"message\":\"{} key {KEY}\"}}}}\n\n",
        "w".repeat(2040)
    );
    let ollama_error = format!("{{\"error\":\"bad key {KEY}\"}}\n");
    let gemini_bad = format!("data: {{\"candidates\": {}{KEY}\n\n", "[".repeat(140));
    for (provider, body) in [
        ("openai", bad_event),
        ("anthropic", anthropic_error),
        ("ollama", ollama_error),
        ("gemini", gemini_bad),
    ] {
        let server = Server::new(Answer::body(200, body));
        let error = stream(model(provider, &server).as_ref(), request())
            .1
            .unwrap_err();
        assert_no_key_piece(&format!("{error} {error:?}"));
    }
}

#[test]
fn error_display_is_a_sentence_a_user_can_act_on() {
    let truncated = LlmError::Truncated {
        provider: "anthropic".into(),
        max_tokens: Some(4096),
        finish_reason: "max_tokens".into(),
    };
    assert!(truncated.to_string().contains("4096 tokens"), "{truncated}");
    let unknown_limit = LlmError::Truncated {
        provider: "openai".into(),
        max_tokens: None,
        finish_reason: "length".into(),
    };
    assert!(
        unknown_limit.to_string().contains("token limit"),
        "{unknown_limit}"
    );
    assert!(
        !truncated.is_retryable(),
        "retrying the same input is cut the same way"
    );
    let filtered = LlmError::ContentFiltered {
        provider: "gemini".into(),
        reason: "SAFETY".into(),
    };
    assert!(
        filtered.to_string().contains("content filter"),
        "{filtered}"
    );
    assert!(!filtered.is_retryable());
    let big = LlmError::TooLarge {
        provider: "openai".into(),
        what: "a response".into(),
        limit_bytes: MAX_BODY_BYTES,
    };
    assert!(!big.is_retryable());
}

#[test]
fn a_truncated_call_through_the_trait_object_is_typed() {
    // The same behaviour through `&dyn ChatModel` as the workflows use it.
    let server = Server::new(Answer::body(200, wire("openai", "length", true)));
    let model: Box<dyn ChatModel> = model("openai", &server);
    let (_, result) = stream(model.as_ref(), request());
    assert!(
        matches!(
            result,
            Err(LlmError::Truncated {
                max_tokens: None,
                ..
            })
        ),
        "{result:?}"
    );
}

#[test]
fn an_openai_refusal_and_a_blocked_gemini_prompt_are_filtered_not_decode_errors() {
    let refusal = r#"{"choices":[{"message":{"content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}"#;
    let server = Server::new(Answer::body(200, refusal));
    let error = complete(model("openai", &server).as_ref(), request()).unwrap_err();
    assert!(
        matches!(error, LlmError::ContentFiltered { .. }),
        "{error:?}"
    );

    let blocked = r#"{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"},"usageMetadata":{"promptTokenCount":9}}"#;
    let server = Server::new(Answer::body(200, blocked));
    let error = complete(model("gemini", &server).as_ref(), request()).unwrap_err();
    assert!(
        matches!(&error, LlmError::ContentFiltered { reason, .. } if reason == "PROHIBITED_CONTENT"),
        "{error:?}"
    );
    let server = Server::new(Answer::body(200, format!("data: {blocked}\r\n\r\n")));
    let error = stream(model("gemini", &server).as_ref(), request())
        .1
        .unwrap_err();
    assert!(
        matches!(error, LlmError::ContentFiltered { .. }),
        "{error:?}"
    );
}
