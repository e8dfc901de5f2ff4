//! The fault rules of the mock provider (`forever`, `body_bytes`, `finish`, `echo_key`,
//! `retry_after_header`) against the real clients over real HTTP: each ends in a clear error, fast,
//! with the key nowhere in it.

#![cfg(not(target_arch = "wasm32"))]

#[path = "mock_provider/server/mod.rs"]
mod mock_server;
#[path = "mock_provider/native_transport.rs"]
mod native_transport;

use std::rc::Rc;
use std::time::{Duration, Instant};

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::ollama::{OllamaConfig, OllamaModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{
    complete_typed, ChatModel, ChatRequest, ChatResponse, LlmError, OutputSchema, StreamEvent,
};
use futures::StreamExt;
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use serde_json::json;

const KEY: &str = "sk-test-mock-faults-0123456789";

fn model(provider: &str, mock: &MockServer) -> Box<dyn ChatModel> {
    let transport = Rc::new(ReqwestTransport::default());
    let (runtime, _) = recording_runtime();
    let retry = RetryPolicy {
        base_delay: Duration::from_millis(1),
        ..RetryPolicy::default()
    };
    match provider {
        "openai" => Box::new(
            OpenAiModel::new(
                OpenAiConfig::openai(KEY).with_base_url(&format!("{}/v1", mock.url)),
                transport,
            )
            .with_runtime(runtime)
            .with_retry(retry),
        ),
        "anthropic" => Box::new(
            AnthropicModel::new(
                AnthropicConfig::new(KEY).with_base_url(&mock.url),
                transport,
            )
            .with_runtime(runtime)
            .with_retry(retry),
        ),
        "gemini" => Box::new(
            GeminiModel::new(GeminiConfig::new(KEY).with_base_url(&mock.url), transport)
                .with_runtime(runtime)
                .with_retry(retry),
        ),
        "ollama" => Box::new(
            OllamaModel::new(
                OllamaConfig::new("llama3.2").with_base_url(&mock.url),
                transport,
            )
            .with_runtime(runtime)
            .with_retry(retry),
        ),
        other => panic!("{other}"),
    }
}

fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.").user("Resume: fictional Ada, Rust lead.")
}

async fn run(model: &dyn ChatModel, streaming: bool) -> Result<ChatResponse, LlmError> {
    if !streaming {
        return model.complete(request()).await;
    }
    let mut events = model.stream(request());
    while let Some(event) = events.next().await {
        match event {
            Ok(StreamEvent::Done(done)) => return Ok(done),
            Ok(StreamEvent::TextDelta(_)) => {}
            Err(error) => return Err(error),
        }
    }
    panic!("no Done")
}

#[tokio::test]
async fn a_20_mb_body_is_refused_at_8_mb_quickly() {
    let mock = MockServer::start();
    for provider in ["openai", "anthropic", "gemini", "ollama"] {
        for streaming in [false, true] {
            mock.reset();
            mock.script(vec![Rule {
                body_bytes: Some(20 * 1024 * 1024),
                ..Rule::default()
            }]);
            let model = model(provider, &mock);
            let started = Instant::now();
            let error = run(model.as_ref(), streaming).await.unwrap_err();
            let took = started.elapsed();
            assert!(
                matches!(error, LlmError::TooLarge { .. }),
                "{provider} stream={streaming}: {error:?}"
            );
            assert_eq!(mock.requests().len(), 1, "not retried");
            assert!(took < Duration::from_secs(15), "{took:?}");
            println!("mock {provider} stream={streaming}: 20 MB body refused in {took:?}");
        }
    }
}

#[tokio::test]
async fn an_answer_cut_at_the_token_limit_is_truncated_and_never_repaired() {
    let mock = MockServer::start();
    let schema = OutputSchema::new(
        "critique",
        json!({"type": "object", "properties": {"score": {"type": "number"}, "issues": {"type": "array", "items": {"type": "string"}}},
               "required": ["score", "issues"], "additionalProperties": false}),
    );
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Critique {
        score: f64,
        issues: Vec<String>,
    }
    for provider in ["openai", "anthropic", "gemini", "ollama"] {
        for streaming in [false, true] {
            mock.reset();
            mock.script(vec![Rule {
                finish: Some("length".into()),
                event_delay_ms: Some(1),
                ..Rule::default()
            }]);
            let model = model(provider, &mock);
            let error = run(model.as_ref(), streaming).await.unwrap_err();
            assert!(
                matches!(&error, LlmError::Truncated { provider: p, .. } if p == provider),
                "{provider} stream={streaming}: {error:?}"
            );
        }
        mock.reset();
        mock.script(vec![Rule {
            finish: Some("length".into()),
            ..Rule::default()
        }]);
        let model = model(provider, &mock);
        let error =
            complete_typed::<Critique>(model.as_ref(), request().with_schema(schema.clone()))
                .await
                .unwrap_err();
        assert!(matches!(error, LlmError::Truncated { .. }), "{error:?}");
        assert_eq!(mock.requests().len(), 1, "{provider}: no repair call");
    }
}

#[tokio::test]
async fn a_content_filter_finish_is_a_clear_error() {
    let mock = MockServer::start();
    for provider in ["openai", "anthropic", "gemini"] {
        mock.reset();
        mock.script(vec![Rule {
            finish: Some("content_filter".into()),
            ..Rule::default()
        }]);
        let error = run(model(provider, &mock).as_ref(), false)
            .await
            .unwrap_err();
        assert!(
            matches!(error, LlmError::ContentFiltered { .. }),
            "{provider}: {error:?}"
        );
    }
}

#[tokio::test]
async fn an_error_body_echoing_the_key_is_scrubbed() {
    let mock = MockServer::start();
    for provider in ["openai", "anthropic", "gemini"] {
        for (status, streaming) in [(401, false), (400, true), (500, false)] {
            mock.reset();
            mock.script(vec![Rule {
                echo_key: true,
                status: Some(status),
                ..Rule::default()
            }]);
            let error = run(model(provider, &mock).as_ref(), streaming)
                .await
                .unwrap_err();
            let shown = format!("{error} {error:?}");
            assert!(shown.contains("Incorrect API key provided"), "{shown}");
            assert!(
                !shown.contains(KEY) && !shown.contains("mock-faults"),
                "{shown}"
            );
        }
    }
}

#[tokio::test]
async fn any_retry_after_string_is_survived() {
    let mock = MockServer::start();
    for (raw, fails_fast) in [
        ("1e20", true),
        ("inf", true),
        ("86400", true),
        ("-1", false),
        ("NaN", false),
        ("soon", false),
    ] {
        mock.reset();
        mock.script(vec![Rule {
            status: Some(429),
            retry_after_header: Some(raw.into()),
            ..Rule::default()
        }]);
        let started = Instant::now();
        let error = run(model("openai", &mock).as_ref(), false)
            .await
            .unwrap_err();
        assert!(
            matches!(error, LlmError::RateLimited { .. }),
            "{raw}: {error:?}"
        );
        let attempts = mock.requests().len();
        assert_eq!(attempts, if fails_fast { 1 } else { 3 }, "{raw}");
        assert!(started.elapsed() < Duration::from_secs(5), "{raw}");
    }
}

#[tokio::test]
async fn a_stream_trickling_forever_ends_at_the_deadline() {
    // Real time, kept short: 50 ms events, a 600 ms deadline (the exact-deadline test is llm_deadline).
    let mock = MockServer::start();
    mock.script(vec![Rule {
        forever: true,
        event_delay_ms: Some(50),
        ..Rule::default()
    }]);
    let model = OpenAiModel::new(
        OpenAiConfig::openai(KEY).with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    )
    .with_runtime(recording_runtime().0)
    .with_deadline(Duration::from_millis(600));
    let started = Instant::now();
    let error = run(&model, true).await.unwrap_err();
    assert!(
        matches!(error, LlmError::Timeout { after, .. } if after == Duration::from_millis(600)),
        "{error:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
}
