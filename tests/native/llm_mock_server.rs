//! The mock server itself: control endpoints, byte-exact replay of the recordings, CORS, request
//! validation like the real APIs, and scripted delays driving client timeouts and cancellation.

use crate::mock_server;
use crate::native_transport;
use crate::shared_support;

use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{CancelToken, ChatModel, ChatRequest, LlmError, StreamEvent};
use futures::StreamExt;
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use serde_json::{json, Value};

fn client() -> reqwest::Client {
    reqwest::Client::new()
}

async fn post(url: &str, headers: &[(&str, &str)], body: Value) -> (u16, Value) {
    let mut request = client().post(url).body(body.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.bytes().await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn control_endpoints_script_record_and_reset() {
    let mock = MockServer::start();
    let (status, added) = post(
        &format!("{}/__mock/script", mock.url),
        &[],
        json!([{"provider": "openai", "role": "critic", "text": "scripted critic reply", "times": 1}]),
    )
    .await;
    assert_eq!((status, added["added"].clone()), (200, json!(1)));

    let body = json!({"model": "gpt-4o", "messages": [{"role": "system", "content": "You are the Critic."}, {"role": "user", "content": "hi"}]});
    let (status, reply) = post(
        &format!("{}/v1/chat/completions", mock.url),
        &[("authorization", "Bearer sk-test-1")],
        body.clone(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        reply["choices"][0]["message"]["content"],
        "scripted critic reply"
    );
    let (_, second) = post(
        &format!("{}/v1/chat/completions", mock.url),
        &[("authorization", "Bearer sk-test-1")],
        body,
    )
    .await;
    assert_ne!(
        second["choices"][0]["message"]["content"], "scripted critic reply",
        "times: 1 used up"
    );

    let listed = client()
        .get(format!("{}/__mock/requests", mock.url))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let requests: Value = serde_json::from_slice(&listed).unwrap();
    assert_eq!(requests.as_array().unwrap().len(), 2);
    assert_eq!(requests[0]["provider"], "openai");
    assert_eq!(requests[0]["rule"], 0);
    assert!(requests[0]["headers"]
        .to_string()
        .contains("Bearer sk-test-1"));

    let (status, _) = post(&format!("{}/__mock/reset", mock.url), &[], json!({})).await;
    assert_eq!(status, 200);
    assert!(mock.requests().is_empty());
}

fn transcripts_dir() -> Option<PathBuf> {
    shared_support::shared_dir("provider-transcripts")
}

#[tokio::test]
async fn replays_every_recording_byte_for_byte() {
    let Some(dir) = transcripts_dir() else { return };
    let mock = MockServer::start();
    let cases = [
        (
            "openai",
            "openai/chat-nonstream.json",
            "/v1/chat/completions",
        ),
        (
            "openai",
            "openai/chat-stream-usage.sse",
            "/v1/chat/completions",
        ),
        (
            "openai",
            "openai/chat-stream-tool-calls.sse",
            "/v1/chat/completions",
        ),
        (
            "openai",
            "openai/chat-json-schema.json",
            "/v1/chat/completions",
        ),
        (
            "openai",
            "openai/error-401-invalid-api-key.json",
            "/v1/chat/completions",
        ),
        (
            "anthropic",
            "anthropic/messages-nonstream.json",
            "/v1/messages",
        ),
        ("anthropic", "anthropic/messages-stream.sse", "/v1/messages"),
        (
            "anthropic",
            "anthropic/messages-tool-use-forced.json",
            "/v1/messages",
        ),
        (
            "anthropic",
            "anthropic/messages-stream-tool-use-forced.sse",
            "/v1/messages",
        ),
        (
            "anthropic",
            "anthropic/error-401-authentication.json",
            "/v1/messages",
        ),
        (
            "gemini",
            "gemini/generate-content.json",
            "/v1beta/models/gemini-2.0-flash:generateContent",
        ),
        (
            "gemini",
            "gemini/stream-generate-content.sse",
            "/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
        ),
        (
            "gemini",
            "gemini/generate-content-json-schema.json",
            "/v1beta/models/gemini-2.5-flash:generateContent",
        ),
        (
            "gemini",
            "gemini/error-400-api-key-invalid.json",
            "/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
        ),
        (
            "gemini",
            "gemini/error-429-resource-exhausted.json",
            "/v1beta/models/gemini-2.0-flash:generateContent",
        ),
        ("ollama", "ollama/api-chat-stream.ndjson", "/api/chat"),
        ("ollama", "ollama/api-chat.json", "/api/chat"),
    ];
    for (provider, name, path) in cases {
        let file = dir.join(name);
        let (status, content_type) = match name {
            n if n.contains("error-401") => (401, None),
            n if n.contains("error-400") => (400, Some("text/event-stream")),
            n if n.contains("error-429") => (429, None),
            _ => (200, None),
        };
        mock.reset();
        let (code, _) = post(
            &format!("{}/__mock/script", mock.url),
            &[],
            json!({"provider": provider, "replay": file, "status": status, "content_type": content_type}),
        )
        .await;
        assert_eq!(code, 200);
        let (body, headers): (Value, Vec<(&str, &str)>) = match provider {
            "openai" => (
                json!({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}),
                vec![("authorization", "Bearer sk-test-1")],
            ),
            "anthropic" => (
                json!({"model": "claude-x", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}),
                vec![
                    ("x-api-key", "sk-test-1"),
                    ("anthropic-version", "2023-06-01"),
                ],
            ),
            "gemini" => (
                json!({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}),
                vec![("x-goog-api-key", "test-1")],
            ),
            _ => (
                json!({"model": "llama3", "messages": [{"role": "user", "content": "hi"}]}),
                vec![],
            ),
        };
        let mut request = client()
            .post(format!("{}{}", mock.url, path))
            .body(body.to_string());
        for (header, value) in headers {
            request = request.header(header, value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{name}");
        let expected_type = content_type.unwrap_or(if name.ends_with(".sse") {
            "text/event-stream"
        } else if name.ends_with(".ndjson") {
            "application/x-ndjson"
        } else {
            "application/json"
        });
        assert_eq!(response.headers()["content-type"], expected_type, "{name}");
        let bytes = response.bytes().await.unwrap();
        assert_eq!(
            bytes.as_ref(),
            std::fs::read(&file).unwrap().as_slice(),
            "{name} replayed byte for byte"
        );
    }
}

#[tokio::test]
async fn replayed_gemini_stream_decodes_through_the_model() {
    let Some(dir) = transcripts_dir() else { return };
    let mock = MockServer::start();
    mock.script(vec![mock_server::rules::Rule {
        replay: Some(
            dir.join("gemini/stream-generate-content.sse")
                .display()
                .to_string(),
        ),
        ..Default::default()
    }]);
    let model = GeminiModel::new(
        GeminiConfig::new("test-key").with_base_url(&mock.url),
        Rc::new(ReqwestTransport::default()),
    );
    let mut stream =
        model.stream(ChatRequest::new("geo", "You are a geographer.").user("Capital of France?"));
    let mut text = String::new();
    while let Some(event) = stream.next().await {
        match event.unwrap() {
            StreamEvent::TextDelta(delta) => text.push_str(&delta),
            StreamEvent::Done(done) => assert_eq!(done.text, text),
        }
    }
    assert_eq!(text, "The capital of France is Paris.\n");
}

#[tokio::test]
async fn cors_preflight_allows_the_providers_headers() {
    let mock = MockServer::start();
    let response = client()
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/v1/messages", mock.url),
        )
        .header("origin", "http://localhost:8080")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "x-api-key,anthropic-version,anthropic-dangerous-direct-browser-access,content-type",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 204);
    let headers = response.headers();
    assert_eq!(
        headers["access-control-allow-origin"],
        "http://localhost:8080"
    );
    assert!(headers["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .contains("anthropic-dangerous-direct-browser-access"));
    assert!(headers["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .contains("POST"));
}

#[tokio::test]
async fn validation_answers_like_the_real_apis() {
    let mock = MockServer::start();
    let anthropic = format!("{}/v1/messages", mock.url);
    let ok_messages = json!([{"role": "user", "content": "hi"}]);

    let (status, body) = post(
        &anthropic,
        &[("x-api-key", "sk-test-1")],
        json!({"model": "claude-x", "max_tokens": 5, "messages": ok_messages}),
    )
    .await;
    assert_eq!(
        (status, body["error"]["type"].as_str()),
        (400, Some("invalid_request_error")),
        "anthropic-version required"
    );

    let headers = [
        ("x-api-key", "sk-test-1"),
        ("anthropic-version", "2023-06-01"),
    ];
    let (status, body) = post(
        &anthropic,
        &headers,
        json!({"model": "claude-x", "messages": ok_messages}),
    )
    .await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (400, Some("max_tokens: Field required"))
    );

    let (status, body) = post(
        &anthropic,
        &[("x-api-key", "nope"), ("anthropic-version", "2023-06-01")],
        json!({}),
    )
    .await;
    assert_eq!(
        (status, body["error"]["type"].as_str()),
        (401, Some("authentication_error"))
    );

    let browser = [
        ("x-api-key", "sk-test-1"),
        ("anthropic-version", "2023-06-01"),
        ("origin", "http://localhost"),
    ];
    let (status, _) = post(
        &anthropic,
        &browser,
        json!({"model": "claude-x", "max_tokens": 5, "messages": ok_messages}),
    )
    .await;
    assert_eq!(
        status, 401,
        "browser calls need anthropic-dangerous-direct-browser-access"
    );

    let openai = format!("{}/v1/chat/completions", mock.url);
    let auth = [("authorization", "Bearer sk-test-1")];
    let (status, body) = post(
        &openai,
        &auth,
        json!({"model": "gpt-4o", "messages": ok_messages, "response_format": {"type": "json_schema", "json_schema": {"schema": {"type": "object"}}}}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"]["message"],
        "Missing required parameter: 'response_format.json_schema.name'."
    );
    let (status, body) = post(
        &openai,
        &auth,
        json!({"model": "gpt-does-not-exist", "messages": ok_messages}),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("model_not_found"))
    );
    let (status, _) = post(&openai, &auth, json!({"model": "gpt-4o", "messages": ok_messages, "stream_options": {"include_usage": true}})).await;
    assert_eq!(status, 400, "stream_options only with stream");

    let gemini = format!(
        "{}/v1beta/models/gemini-2.5-flash:generateContent",
        mock.url
    );
    let contents = json!([{"role": "user", "parts": [{"text": "hi"}]}]);
    let (status, _) = post(
        &format!("{gemini}?key=test-1"),
        &[],
        json!({"contents": contents}),
    )
    .await;
    assert_eq!(status, 400, "a key in the URL is refused by the mock");
    let (status, body) = post(
        &gemini,
        &[("x-goog-api-key", "test-1")],
        json!({"contents": contents, "generationConfig": {"responseMimeType": "application/json", "responseSchema": {"type": "object", "additionalProperties": false}}}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("additionalProperties"));
}

fn quick_openai(mock: &MockServer, timeout: Duration) -> OpenAiModel {
    let (runtime, _) = recording_runtime();
    OpenAiModel::new(
        OpenAiConfig::openai("sk-test-1").with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    )
    .with_runtime(runtime)
    .with_retry(RetryPolicy::none())
    .with_timeout(timeout)
}

#[tokio::test]
async fn slow_answers_time_out() {
    let mock = MockServer::start();
    mock.script(vec![mock_server::rules::Rule {
        delay_ms: Some(2000),
        ..Default::default()
    }]);
    let model = quick_openai(&mock, Duration::from_millis(200));
    let started = Instant::now();
    let error = model
        .complete(ChatRequest::new("critic", "You are the critic.").user("hi"))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LlmError::Timeout {
            provider: "openai".into(),
            after: Duration::from_millis(200)
        }
    );
    assert!(started.elapsed() < Duration::from_millis(1500));
    // A per-call timeout overrides the model's.
    let error = model
        .complete(
            ChatRequest::new("critic", "You are the critic.")
                .user("hi")
                .with_timeout(Duration::from_millis(50)),
        )
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Timeout { after, .. } if after == Duration::from_millis(50)));
}

#[tokio::test]
async fn cancelling_stops_a_call_in_flight() {
    let mock = MockServer::start();
    mock.script(vec![mock_server::rules::Rule {
        delay_ms: Some(2000),
        ..Default::default()
    }]);
    let model = quick_openai(&mock, Duration::from_secs(10));
    let cancel = CancelToken::new();
    let trigger = cancel.clone();
    let started = Instant::now();
    let call = model.complete(
        ChatRequest::new("critic", "You are the critic.")
            .user("hi")
            .with_cancel(cancel),
    );
    let (result, _) = futures::join!(call, async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        trigger.cancel();
    });
    assert_eq!(result.unwrap_err(), LlmError::Cancelled);
    assert!(started.elapsed() < Duration::from_millis(1500));
}

#[tokio::test]
async fn a_retry_after_longer_than_we_wait_fails_fast() {
    let mock = MockServer::start();
    mock.script(vec![mock_server::rules::Rule {
        status: Some(429),
        retry_after: Some(120),
        ..Default::default()
    }]);
    let (runtime, _) = recording_runtime();
    let model = OpenAiModel::new(
        OpenAiConfig::openai("sk-test-1").with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    )
    .with_runtime(runtime);
    let started = Instant::now();
    let error = model
        .complete(ChatRequest::new("critic", "You are the critic.").user("hi"))
        .await
        .unwrap_err();
    assert_eq!(error.retry_after(), Some(Duration::from_secs(120)));
    assert!(error.to_string().contains("retry after 120s"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(mock.requests().len(), 1);
}

async fn stats(mock: &MockServer) -> Value {
    let bytes = client()
        .get(format!("{}/__mock/stats", mock.url))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// What a batch test reads to prove a concurrency limit: how many provider calls overlapped, and
/// when each started and finished.
#[tokio::test]
async fn the_mock_counts_calls_in_flight_and_times_each_call() {
    let mock = MockServer::start();
    post(
        &format!("{}/__mock/script", mock.url),
        &[],
        json!({"delay_ms": 300, "text": "slow"}),
    )
    .await;
    let body = json!({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]});
    let url = format!("{}/v1/chat/completions", mock.url);
    let call = || post(&url, &[("authorization", "Bearer sk-test-1")], body.clone());

    // One after the other: never more than one in flight.
    call().await;
    call().await;
    assert_eq!(
        stats(&mock).await,
        json!({"in_flight": 0, "max_in_flight": 1})
    );

    // Four at once: all four overlap.
    futures::future::join_all((0..4).map(|_| call())).await;
    assert_eq!(
        stats(&mock).await,
        json!({"in_flight": 0, "max_in_flight": 4})
    );

    let requests = mock.requests();
    assert_eq!(requests.len(), 6);
    for request in &requests {
        let finished = request
            .finished_ms
            .expect("every answered call has its finish time");
        assert!(finished >= request.started_ms + 300, "{request:?}");
    }
    // The concurrent four started before any of them finished.
    let last_start = requests[2..].iter().map(|r| r.started_ms).max().unwrap();
    let first_end = requests[2..]
        .iter()
        .filter_map(|r| r.finished_ms)
        .min()
        .unwrap();
    assert!(last_start < first_end);

    // A reset starts the count again.
    post(&format!("{}/__mock/reset", mock.url), &[], json!({})).await;
    assert_eq!(
        stats(&mock).await,
        json!({"in_flight": 0, "max_in_flight": 0})
    );
}
