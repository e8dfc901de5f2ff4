//! Browser test: the providers stream from the mock server over real `fetch` (CORS included).
//! Start the mock first: `cargo run --example mock_provider -- --port 8787`, then
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test browser llm::`
//! (another URL: set `MOCK_PROVIDER_URL` at compile time).

use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::http::fetch::FetchTransport;
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{
    complete_typed, ChatModel, ChatRequest, LlmError, OutputSchema, StreamEvent,
};
use futures::StreamExt;
use serde_json::json;
use wasm_bindgen_test::*;

const MOCK: &str = match option_env!("MOCK_PROVIDER_URL") {
    Some(url) => url,
    None => "http://127.0.0.1:8787",
};

fn openai(key: &str) -> OpenAiModel {
    OpenAiModel::new(
        OpenAiConfig::openai(key).with_base_url(&format!("{MOCK}/v1")),
        Rc::new(FetchTransport),
    )
}

async fn stream_text(
    model: &dyn ChatModel,
    request: ChatRequest,
) -> Result<(usize, String), LlmError> {
    let mut deltas = 0;
    let mut text = String::new();
    let mut events = model.stream(request);
    while let Some(event) = events.next().await {
        match event? {
            StreamEvent::TextDelta(delta) => {
                deltas += 1;
                text.push_str(&delta);
            }
            StreamEvent::Done(done) => {
                assert_eq!(done.text, text);
                assert!(done.usage.output_tokens > 0);
                return Ok((deltas, text));
            }
        }
    }
    panic!("stream ended without Done")
}

fn request(role: &str) -> ChatRequest {
    ChatRequest::new(role, format!("You are the {role}.")).user("Say something.")
}

#[wasm_bindgen_test]
async fn openai_streams_over_fetch() {
    let (deltas, text) = stream_text(&openai("sk-test-wasm"), request("writer"))
        .await
        .unwrap();
    assert!(deltas >= 2, "{deltas} deltas");
    assert!(text.contains("mock"), "{text}");
}

#[wasm_bindgen_test]
async fn anthropic_streams_over_fetch_with_the_browser_header() {
    let model = AnthropicModel::new(
        AnthropicConfig::new("sk-test-wasm").with_base_url(MOCK),
        Rc::new(FetchTransport),
    );
    let (deltas, _) = stream_text(&model, request("writer")).await.unwrap();
    assert!(deltas >= 2);
}

#[wasm_bindgen_test]
async fn gemini_streams_over_fetch() {
    let model = GeminiModel::new(
        GeminiConfig::new("test-wasm").with_base_url(MOCK),
        Rc::new(FetchTransport),
    );
    let (deltas, _) = stream_text(&model, request("writer")).await.unwrap();
    assert!(deltas >= 2);
}

#[derive(Debug, serde::Deserialize)]
struct Critique {
    score: f64,
}

#[wasm_bindgen_test]
async fn typed_json_over_fetch() {
    let schema = OutputSchema::new(
        "critique",
        json!({"type": "object", "properties": {"score": {"type": "number"}}, "required": ["score"], "additionalProperties": false}),
    );
    let typed = complete_typed::<Critique>(
        &openai("sk-test-wasm"),
        request("critic").with_schema(schema),
    )
    .await
    .unwrap();
    assert_eq!(typed.value.score, 7.5);
}

#[wasm_bindgen_test]
async fn bad_key_is_a_readable_auth_error() {
    let error = openai("wrong-key")
        .complete(request("writer"))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LlmError::Auth { status: 401, .. }),
        "{error:?}"
    );
}

#[wasm_bindgen_test]
async fn dropped_stream_is_reported_and_timeouts_fire() {
    // Script through the control endpoint, scoped to a role only this test uses.
    let rules = json!([
        {"provider": "openai", "role": "wasm-dropper", "text": "cut short in the browser", "drop_after_events": 3, "event_delay_ms": 5},
        {"provider": "openai", "role": "wasm-sleeper", "delay_ms": 3000}
    ]);
    let response = gloo_net::http::Request::post(&format!("{MOCK}/__mock/script"))
        .body(rules.to_string())
        .unwrap()
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    let error = stream_text(&openai("sk-test-wasm"), request("wasm-dropper"))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LlmError::StreamInterrupted { .. }),
        "{error:?}"
    );

    let slow = openai("sk-test-wasm")
        .with_retry(RetryPolicy::none())
        .with_timeout(Duration::from_millis(300));
    let error = slow.complete(request("wasm-sleeper")).await.unwrap_err();
    assert!(matches!(error, LlmError::Timeout { .. }), "{error:?}");
}
