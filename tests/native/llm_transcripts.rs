//! Every recorded provider response (shared/provider-transcripts) decodes to the right text, JSON,

//! usage or error through the full model pipeline, whole and cut into arbitrary chunks.

use crate::shared_support;

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::client::{HttpChatModel, Protocol};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::ollama::{OllamaConfig, OllamaModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{
    complete_typed, ChatModel, ChatRequest, ChatResponse, LlmError, OutputSchema, Runtime,
    StreamEvent, Usage,
};
use futures::executor::block_on;
use futures::future::{self, LocalBoxFuture};
use futures::stream::{self, StreamExt};
use serde::Deserialize;

fn transcripts_dir() -> Option<PathBuf> {
    shared_support::shared_dir("provider-transcripts")
}

fn transcript(name: &str) -> Option<Vec<u8>> {
    Some(std::fs::read(transcripts_dir()?.join(name)).expect("transcript readable"))
}

/// Serves one recorded body with a fixed status, cut at the given offsets.
struct ReplayTransport {
    status: u16,
    body: Vec<u8>,
    cuts: RefCell<Vec<usize>>,
}

impl HttpTransport for ReplayTransport {
    fn send(
        &self,
        _request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let mut cuts = self.cuts.borrow().clone();
        cuts.retain(|&c| c > 0 && c < self.body.len());
        cuts.sort_unstable();
        cuts.dedup();
        let mut chunks = Vec::new();
        let mut start = 0;
        for cut in cuts.into_iter().chain([self.body.len()]) {
            chunks.push(Ok(self.body[start..cut].to_vec()));
            start = cut;
        }
        let response = HttpResponse {
            status: self.status,
            headers: vec![],
            body: stream::iter(chunks).boxed_local(),
        };
        Box::pin(future::ready(Ok(response)))
    }
}

/// No timers and no retries: transcript decoding must not depend on time.
fn quiet<P: Protocol>(model: HttpChatModel<P>) -> HttpChatModel<P> {
    let runtime = Runtime::new(Rc::new(|_| Box::pin(future::pending())), Rc::new(|| 0.5));
    model.with_runtime(runtime).with_retry(RetryPolicy::none())
}

fn model_for(provider: &str, transport: Rc<ReplayTransport>) -> Box<dyn ChatModel> {
    match provider {
        "openai" => Box::new(quiet(OpenAiModel::new(
            OpenAiConfig::openai("sk-test-transcripts"),
            transport,
        ))),
        "anthropic" => Box::new(quiet(AnthropicModel::new(
            AnthropicConfig::new("sk-test-transcripts"),
            transport,
        ))),
        "gemini" => Box::new(quiet(GeminiModel::new(
            GeminiConfig::new("test-transcripts"),
            transport,
        ))),
        "ollama" => Box::new(quiet(OllamaModel::new(
            OllamaConfig::new("llama3"),
            transport,
        ))),
        other => panic!("unknown provider {other}"),
    }
}

fn request(schema: bool) -> ChatRequest {
    let request = ChatRequest::new("tester", "You are the tester.").user("hello");
    if schema {
        request.with_schema(OutputSchema::new(
            "answer",
            serde_json::json!({"type": "object"}),
        ))
    } else {
        request
    }
}

/// Streams `body` through `provider`'s pipeline; returns concatenated deltas and the final event.
fn run_stream(
    provider: &str,
    status: u16,
    body: &[u8],
    cuts: Vec<usize>,
) -> Result<(String, ChatResponse), LlmError> {
    let transport = Rc::new(ReplayTransport {
        status,
        body: body.to_vec(),
        cuts: RefCell::new(cuts),
    });
    let model = model_for(provider, transport);
    block_on(async {
        let mut deltas = String::new();
        let mut events = model.stream(request(false));
        while let Some(event) = events.next().await {
            match event? {
                StreamEvent::TextDelta(delta) => deltas.push_str(&delta),
                StreamEvent::Done(done) => return Ok((deltas, done)),
            }
        }
        panic!("stream ended without Done")
    })
}

fn run_complete(
    provider: &str,
    status: u16,
    body: &[u8],
    cuts: Vec<usize>,
) -> Result<ChatResponse, LlmError> {
    let transport = Rc::new(ReplayTransport {
        status,
        body: body.to_vec(),
        cuts: RefCell::new(cuts),
    });
    let model = model_for(provider, transport);
    block_on(model.complete(request(false)))
}

/// Whole, 1-byte chunks, single split points (every one for small bodies, every 3rd past 2 KB to
/// keep the suite fast), and seeded random multi-splits.
fn chunkings(len: usize) -> Vec<Vec<usize>> {
    let mut plans = vec![vec![], (1..len).collect()];
    let stride = if len <= 2048 { 1 } else { 3 };
    plans.extend((1..len).step_by(stride).map(|cut| vec![cut]));
    let mut seed: u64 = 0x5eed_1234_abcd_0042;
    for _ in 0..64 {
        let mut cuts = Vec::new();
        let mut at = 0;
        loop {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            at += 1 + (seed % 97) as usize;
            if at >= len {
                break;
            }
            cuts.push(at);
        }
        plans.push(cuts);
    }
    plans
}

fn check_every_chunking<T: PartialEq + std::fmt::Debug>(
    body: &[u8],
    run: impl Fn(Vec<usize>) -> T,
) {
    let whole = run(vec![]);
    for cuts in chunkings(body.len()) {
        assert_eq!(run(cuts.clone()), whole, "differs when cut at {cuts:?}");
    }
}

fn usage(input: u64, output: u64) -> Usage {
    Usage {
        input_tokens: input,
        output_tokens: output,
        ..Usage::default()
    }
}

#[test]
fn openai_nonstream() {
    let Some(body) = transcript("openai/chat-nonstream.json") else {
        return;
    };
    let response = run_complete("openai", 200, &body, vec![]).unwrap();
    assert_eq!(response.text, "Hello! How can I assist you today?");
    assert_eq!(response.usage, usage(11, 9));
    assert_eq!(response.model, "gpt-4o-2024-08-06");
    assert_eq!(response.finish_reason.as_deref(), Some("stop"));
    assert!(response.cost_usd.unwrap() > 0.0);
    check_every_chunking(&body, |cuts| run_complete("openai", 200, &body, cuts));
}

#[test]
fn openai_stream_with_usage() {
    let Some(body) = transcript("openai/chat-stream-usage.sse") else {
        return;
    };
    let (deltas, done) = run_stream("openai", 200, &body, vec![]).unwrap();
    assert_eq!(deltas, "Hello! How can I assist you today?");
    assert_eq!(done.text, deltas);
    assert_eq!(done.usage, usage(11, 9));
    assert_eq!(done.finish_reason.as_deref(), Some("stop"));
    check_every_chunking(&body, |cuts| run_stream("openai", 200, &body, cuts));
}

#[test]
fn openai_stream_tool_call_arguments() {
    let Some(body) = transcript("openai/chat-stream-tool-calls.sse") else {
        return;
    };
    let (deltas, done) = run_stream("openai", 200, &body, vec![]).unwrap();
    assert_eq!(deltas, "", "tool-call arguments are not text deltas");
    assert_eq!(done.text, r#"{"a":1231,"b":2331}"#);
    assert_eq!(done.usage, usage(54, 20));
    assert_eq!(done.finish_reason.as_deref(), Some("tool_calls"));
    check_every_chunking(&body, |cuts| run_stream("openai", 200, &body, cuts));
}

#[derive(Debug, PartialEq, Deserialize)]
struct MathAnswer {
    steps: Vec<MathStep>,
    final_answer: String,
}

#[derive(Debug, PartialEq, Deserialize)]
struct MathStep {
    explanation: String,
    output: String,
}

#[test]
fn openai_json_schema_into_struct() {
    let Some(body) = transcript("openai/chat-json-schema.json") else {
        return;
    };
    let transport = Rc::new(ReplayTransport {
        status: 200,
        body: body.clone(),
        cuts: RefCell::new(vec![]),
    });
    let model = model_for("openai", transport);
    let typed = block_on(complete_typed::<MathAnswer>(model.as_ref(), request(true))).unwrap();
    assert_eq!(typed.value.steps.len(), 3);
    assert_eq!(typed.value.final_answer, r"x = -\frac{29}{8}");
    assert_eq!(typed.response.usage, usage(127, 93));
    assert!(!typed.repaired_by_retry);
}

#[test]
fn openai_401_is_auth_error() {
    let Some(body) = transcript("openai/error-401-invalid-api-key.json") else {
        return;
    };
    let error = run_complete("openai", 401, &body, vec![]).unwrap_err();
    match &error {
        LlmError::Auth {
            status: 401,
            message,
            ..
        } => assert!(message.starts_with("Incorrect API key provided")),
        other => panic!("expected Auth, got {other:?}"),
    }
    check_every_chunking(&body, |cuts| run_complete("openai", 401, &body, cuts));
    let streamed = run_stream("openai", 401, &body, vec![]).unwrap_err();
    assert_eq!(streamed, error);
}

#[test]
fn anthropic_nonstream() {
    let Some(body) = transcript("anthropic/messages-nonstream.json") else {
        return;
    };
    let response = run_complete("anthropic", 200, &body, vec![]).unwrap();
    assert_eq!(
        response.text,
        "Hello! It's nice to meet you. How are you doing today?"
    );
    assert_eq!(response.usage, usage(9, 18));
    assert_eq!(response.model, "claude-sonnet-4-20250514");
    assert_eq!(response.finish_reason.as_deref(), Some("end_turn"));
    check_every_chunking(&body, |cuts| run_complete("anthropic", 200, &body, cuts));
}

#[test]
fn anthropic_stream_with_padded_data_lines() {
    let Some(body) = transcript("anthropic/messages-stream.sse") else {
        return;
    };
    let (deltas, done) = run_stream("anthropic", 200, &body, vec![]).unwrap();
    assert_eq!(deltas, "- Captain\n- Scoop");
    assert_eq!(done.text, deltas);
    assert_eq!(done.usage, usage(17, 10));
    assert_eq!(done.model, "claude-sonnet-4-5-20250929");
    assert_eq!(done.finish_reason.as_deref(), Some("end_turn"));
    check_every_chunking(&body, |cuts| run_stream("anthropic", 200, &body, cuts));
}

#[derive(Debug, PartialEq, Deserialize)]
struct Greeting {
    greeting: String,
    language: String,
}

#[test]
fn anthropic_forced_tool_into_struct() {
    let Some(body) = transcript("anthropic/messages-tool-use-forced.json") else {
        return;
    };
    let transport = Rc::new(ReplayTransport {
        status: 200,
        body,
        cuts: RefCell::new(vec![]),
    });
    let model = model_for("anthropic", transport);
    let typed = block_on(complete_typed::<Greeting>(model.as_ref(), request(true))).unwrap();
    assert_eq!(
        typed.value,
        Greeting {
            greeting: "Bonjour".into(),
            language: "French".into()
        }
    );
    assert_eq!(typed.response.usage, usage(436, 53));
}

#[derive(Debug, PartialEq, Deserialize)]
struct Dog {
    name: String,
    age: u32,
    bio: String,
}

#[test]
fn anthropic_stream_forced_tool_json() {
    let Some(body) = transcript("anthropic/messages-stream-tool-use-forced.sse") else {
        return;
    };
    let (deltas, done) = run_stream("anthropic", 200, &body, vec![]).unwrap();
    assert_eq!(deltas, done.text);
    let dog: Dog = serde_json::from_str(&done.text).unwrap();
    assert_eq!(dog.name, "Buddy");
    assert_eq!(dog.age, 3);
    assert!(dog.bio.starts_with("Buddy is a loyal"));
    assert_eq!(done.usage, usage(429, 140));
    assert_eq!(done.finish_reason.as_deref(), Some("tool_use"));
    check_every_chunking(&body, |cuts| run_stream("anthropic", 200, &body, cuts));
}

#[test]
fn anthropic_401_is_auth_error() {
    let Some(body) = transcript("anthropic/error-401-authentication.json") else {
        return;
    };
    let error = run_complete("anthropic", 401, &body, vec![]).unwrap_err();
    assert_eq!(
        error,
        LlmError::Auth {
            provider: "anthropic".into(),
            status: 401,
            message: "invalid x-api-key".into()
        }
    );
    check_every_chunking(&body, |cuts| run_stream("anthropic", 401, &body, cuts));
}

#[test]
fn gemini_generate_content() {
    let Some(body) = transcript("gemini/generate-content.json") else {
        return;
    };
    let response = run_complete("gemini", 200, &body, vec![]).unwrap();
    assert_eq!(response.text, "The capital of France is **Paris**.\n");
    assert_eq!(response.usage, usage(7, 9));
    assert_eq!(response.model, "gemini-2.0-flash-001");
    assert_eq!(response.finish_reason.as_deref(), Some("STOP"));
    check_every_chunking(&body, |cuts| run_complete("gemini", 200, &body, cuts));
}

#[test]
fn gemini_stream_with_crlf_event_separators() {
    let Some(body) = transcript("gemini/stream-generate-content.sse") else {
        return;
    };
    let (deltas, done) = run_stream("gemini", 200, &body, vec![]).unwrap();
    assert_eq!(deltas, "The capital of France is Paris.\n");
    assert_eq!(done.text, deltas);
    assert_eq!(
        done.usage,
        usage(13, 8),
        "the last event's running totals win"
    );
    assert_eq!(done.finish_reason.as_deref(), Some("STOP"));
    check_every_chunking(&body, |cuts| run_stream("gemini", 200, &body, cuts));
}

#[derive(Debug, PartialEq, Deserialize)]
struct Topic {
    topic: String,
    key_points: Vec<String>,
    summary: String,
}

#[test]
fn gemini_json_schema_into_struct_with_thought_tokens() {
    let Some(body) = transcript("gemini/generate-content-json-schema.json") else {
        return;
    };
    let transport = Rc::new(ReplayTransport {
        status: 200,
        body,
        cuts: RefCell::new(vec![]),
    });
    let model = model_for("gemini", transport);
    let typed = block_on(complete_typed::<Topic>(model.as_ref(), request(true))).unwrap();
    assert_eq!(typed.value.topic, "Benefits of Remote Work");
    assert_eq!(typed.value.key_points.len(), 4);
    assert!(typed.value.summary.starts_with("Remote work offers"));
    assert_eq!(
        typed.response.usage,
        usage(51, 90 + 162),
        "thinking tokens are billed as output"
    );
}

#[test]
fn gemini_400_bad_key_on_a_stream_request_is_auth_error() {
    // Sent as text/event-stream but the body is plain JSON: the status decides, not the content type.
    let Some(body) = transcript("gemini/error-400-api-key-invalid.json") else {
        return;
    };
    let error = run_stream("gemini", 400, &body, vec![]).unwrap_err();
    assert_eq!(
        error,
        LlmError::Auth {
            provider: "gemini".into(),
            status: 400,
            message: "API key not valid. Please pass a valid API key.".into()
        }
    );
    check_every_chunking(&body, |cuts| run_stream("gemini", 400, &body, cuts));
}

#[test]
fn gemini_429_is_rate_limited() {
    let Some(body) = transcript("gemini/error-429-resource-exhausted.json") else {
        return;
    };
    let error = run_complete("gemini", 429, &body, vec![]).unwrap_err();
    match &error {
        LlmError::RateLimited { message, .. } => assert!(message.starts_with("Resource exhausted")),
        other => panic!("expected RateLimited, got {other:?}"),
    }
    assert!(error.to_string().contains("rate limiting"));
    check_every_chunking(&body, |cuts| run_complete("gemini", 429, &body, cuts));
}

#[test]
fn ollama_ndjson_stream() {
    let Some(body) = transcript("ollama/api-chat-stream.ndjson") else {
        return;
    };
    let (deltas, done) = run_stream("ollama", 200, &body, vec![]).unwrap();
    assert!(deltas.starts_with(
        "Why did the OpenTelemetry agent go to therapy?\n\nBecause it was feeling traced out"
    ));
    assert!(deltas.ends_with("brought a smile to your face!)"));
    assert_eq!(done.text, deltas);
    assert_eq!(done.usage, usage(17, 50));
    assert_eq!(done.finish_reason.as_deref(), Some("stop"));
    check_every_chunking(&body, |cuts| run_stream("ollama", 200, &body, cuts));
}

#[test]
fn ollama_nonstream() {
    let Some(body) = transcript("ollama/api-chat.json") else {
        return;
    };
    let response = run_complete("ollama", 200, &body, vec![]).unwrap();
    assert!(response.text.starts_with("A joke about OpenTelemetry!"));
    assert_eq!(response.usage, usage(17, 66));
    assert_eq!(response.cost_usd, None, "a local model has no price");
    check_every_chunking(&body, |cuts| run_complete("ollama", 200, &body, cuts));
}

/// The SSE decoder alone yields the recorded number of events, whatever the chunking.
#[test]
fn sse_event_counts_match_the_recordings() {
    use careergraph::llm::decode::sse::SseDecoder;
    use careergraph::llm::decode::PushDecoder;
    let cases = [
        ("openai/chat-stream-usage.sse", 13),
        ("openai/chat-stream-tool-calls.sse", 15),
        ("anthropic/messages-stream.sse", 10),
        ("anthropic/messages-stream-tool-use-forced.sse", 25),
        ("gemini/stream-generate-content.sse", 3),
    ];
    for (name, expected) in cases {
        let Some(body) = transcript(name) else { return };
        for cut in (0..=body.len()).step_by(if body.len() > 2048 { 3 } else { 1 }) {
            let mut decoder = SseDecoder::new();
            let mut events = decoder.push(&body[..cut]);
            events.extend(decoder.push(&body[cut..]));
            events.extend(decoder.finish());
            assert_eq!(events.len(), expected, "{name} cut at {cut}");
            for event in &events {
                assert!(
                    event.data == "[DONE]"
                        || serde_json::from_str::<serde_json::Value>(&event.data).is_ok()
                );
            }
        }
    }
}
