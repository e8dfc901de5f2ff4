//! The pure pieces: SSE/NDJSON/UTF-8 decoding per spec, JSON extraction, backoff, prices.

use std::time::Duration;

use careergraph::llm::decode::ndjson::NdjsonDecoder;
use careergraph::llm::decode::sse::{SseDecoder, SseEvent};
use careergraph::llm::decode::utf8::Utf8Decoder;
use careergraph::llm::decode::PushDecoder;
use careergraph::llm::json_repair::{json_candidates, parse_lenient};
use careergraph::llm::pricing::estimate_cost;
use careergraph::llm::retry::{parse_retry_after, RetryPolicy};
use careergraph::llm::Usage;

fn sse_all(chunks: &[&[u8]]) -> Vec<SseEvent> {
    let mut decoder = SseDecoder::new();
    let mut events: Vec<SseEvent> = chunks.iter().flat_map(|c| decoder.push(c)).collect();
    events.extend(decoder.finish());
    events
}

fn data(events: &[SseEvent]) -> Vec<&str> {
    events.iter().map(|e| e.data.as_str()).collect()
}

#[test]
fn sse_accepts_lf_crlf_and_cr_line_endings() {
    assert_eq!(
        data(&sse_all(&[
            b"data: a\n\ndata: b\r\n\r\ndata: c\r\rdata: d\n\n"
        ])),
        ["a", "b", "c", "d"]
    );
}

#[test]
fn sse_crlf_split_between_chunks_is_one_line_ending() {
    assert_eq!(
        data(&sse_all(&[b"data: a\r", b"\n\r", b"\ndata: b\r\n\r\n"])),
        ["a", "b"]
    );
}

#[test]
fn sse_joins_multiline_data_and_skips_comments_and_empty_events() {
    let events =
        sse_all(&[b": keep-alive\n\nevent: delta\ndata: one\ndata:two\nid: 7\nretry: 100\n\n"]);
    assert_eq!(
        events,
        vec![SseEvent {
            event: "delta".into(),
            data: "one\ntwo".into(),
            id: Some("7".into())
        }]
    );
}

#[test]
fn sse_field_without_colon_and_single_space_strip() {
    assert_eq!(
        data(&sse_all(&[b"data\n\ndata:  two spaces\n\n"])),
        ["", " two spaces"]
    );
}

#[test]
fn sse_last_event_without_blank_line_is_still_delivered() {
    assert_eq!(
        data(&sse_all(&[b"data: first\n\ndata: last"])),
        ["first", "last"]
    );
}

#[test]
fn utf8_characters_split_across_chunks_wait_for_their_bytes() {
    let text = "héllo → 世界 🎉";
    let bytes = text.as_bytes();
    for cut in 0..=bytes.len() {
        let mut decoder = Utf8Decoder::default();
        let mut out = decoder.push(&bytes[..cut]);
        out.push_str(&decoder.push(&bytes[cut..]));
        out.push_str(&decoder.finish());
        assert_eq!(out, text, "cut at {cut}");
    }
    let mut one_by_one = Utf8Decoder::default();
    let out: String = bytes.iter().map(|b| one_by_one.push(&[*b])).collect();
    assert_eq!(out, text);
}

#[test]
fn utf8_invalid_bytes_become_replacement_characters() {
    let mut decoder = Utf8Decoder::default();
    assert_eq!(decoder.push(b"a\xffb"), "a\u{fffd}b");
    assert_eq!(decoder.push(b"\xe4\xb8"), "");
    assert_eq!(decoder.finish(), "\u{fffd}");
}

#[test]
fn ndjson_lines_skip_blanks_and_keep_unterminated_last_line() {
    let mut decoder = NdjsonDecoder::new();
    let mut lines = decoder.push(b"{\"a\":1}\n\n{\"b\"");
    lines.extend(decoder.push(b":2}\r\n{\"c\":3}"));
    lines.extend(decoder.finish());
    assert_eq!(lines, [r#"{"a":1}"#, r#"{"b":2}"#, r#"{"c":3}"#]);
}

#[derive(Debug, serde::Deserialize, PartialEq)]
struct Score {
    score: f64,
}

#[test]
fn json_is_found_inside_fences_and_prose() {
    let fenced = "```json\n{\"score\": 7}\n```";
    let prose =
        "Sure! Here it is: {\"score\": 8, \"note\": \"a } brace in a string\"} Hope it helps.";
    let fenced_in_prose = "Result:\n```\n{\"score\": 9}\n```\nDone.";
    assert_eq!(
        parse_lenient::<Score>(fenced).unwrap(),
        Score { score: 7.0 }
    );
    assert_eq!(parse_lenient::<Score>(prose).unwrap(), Score { score: 8.0 });
    assert_eq!(
        parse_lenient::<Score>(fenced_in_prose).unwrap(),
        Score { score: 9.0 }
    );
    assert_eq!(json_candidates("{\"a\":1}"), vec!["{\"a\":1}".to_string()]);
}

#[test]
fn json_validation_error_names_the_problem() {
    let error = parse_lenient::<Score>("{\"score\": \"high\"}").unwrap_err();
    assert!(error.contains("invalid type"), "{error}");
    let missing = parse_lenient::<Score>("Here: {\"points\": 3}").unwrap_err();
    assert!(missing.contains("missing field `score`"), "{missing}");
}

#[test]
fn backoff_is_exponential_capped_jittered_and_honours_retry_after() {
    let policy = RetryPolicy {
        base_delay: Duration::from_millis(100),
        max_delay: Duration::from_millis(500),
        ..RetryPolicy::default()
    };
    assert_eq!(policy.delay(0, None, 1.0), Duration::from_millis(100));
    assert_eq!(policy.delay(1, None, 1.0), Duration::from_millis(200));
    assert_eq!(policy.delay(5, None, 1.0), Duration::from_millis(500));
    assert_eq!(
        policy.delay(1, None, 0.0),
        Duration::from_millis(100),
        "jitter keeps at least half"
    );
    assert_eq!(
        policy.delay(3, Some(Duration::from_secs(2)), 0.3),
        Duration::from_secs(2)
    );
    assert_eq!(
        policy.delay(0, Some(Duration::from_secs(600)), 0.3),
        policy.max_retry_after
    );
    assert_eq!(parse_retry_after("3"), Some(Duration::from_secs(3)));
    assert_eq!(
        parse_retry_after(" 1.5 "),
        Some(Duration::from_millis(1500))
    );
    assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
}

#[test]
fn cost_is_estimated_for_known_models_only() {
    let usage = Usage {
        input_tokens: 1_000_000,
        output_tokens: 1_000_000,
        ..Usage::default()
    };
    assert_eq!(estimate_cost("gpt-4o-2024-08-06", &usage), Some(12.5));
    assert_eq!(
        estimate_cost("gpt-4o-mini", &usage),
        Some(0.75),
        "longest prefix wins"
    );
    assert_eq!(
        estimate_cost("openai/gpt-4o-mini", &usage),
        Some(0.75),
        "OpenRouter names"
    );
    assert_eq!(
        estimate_cost("claude-sonnet-4-5-20250929", &usage),
        Some(18.0)
    );
    assert_eq!(estimate_cost("llama3", &usage), None);
}

#[test]
fn sse_ignores_a_leading_byte_order_mark() {
    assert_eq!(data(&sse_all(&[b"\xef\xbb", b"\xbfdata: x\n\n"])), ["x"]);
}

#[test]
fn a_bracket_in_prose_does_not_hide_the_object() {
    let answer = "As noted [1], here it is: {\"score\": 4}";
    assert_eq!(
        parse_lenient::<Score>(answer).unwrap(),
        Score { score: 4.0 }
    );
}
