//! The fault rules of the mock provider (`forever`, `body_bytes`, `finish`, `echo_key`,
//! `retry_after_header`) against the real clients over real HTTP: each ends in a clear error, fast,
//! with the key nowhere in it.

use crate::mock_server;
use crate::native_transport;

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

#[derive(serde::Deserialize, Debug)]
#[allow(dead_code)]
struct Critique {
    score: f64,
    issues: Vec<String>,
}

fn critique_schema() -> OutputSchema {
    OutputSchema::new(
        "critique",
        json!({"type": "object", "properties": {
                "score": {"type": "number", "minimum": 0, "maximum": 10},
                "issues": {"type": "array", "items": {"type": "string", "maxLength": 200}, "maxItems": 6}},
               "required": ["score", "issues"], "additionalProperties": false}),
    )
}

/// The bodies the mock received, parsed.
fn bodies(mock: &MockServer) -> Vec<serde_json::Value> {
    mock.requests()
        .iter()
        .map(|r| serde_json::from_str(&r.body).unwrap())
        .collect()
}

#[tokio::test]
async fn an_answer_cut_twice_at_the_token_limit_says_the_model_ran_out_of_room() {
    let mock = MockServer::start();
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
                "{provider} stream={streaming}: a plain call is not asked again: {error:?}"
            );
        }
        mock.reset();
        mock.script(vec![Rule {
            finish: Some("length".into()),
            ..Rule::default()
        }]);
        let model = model(provider, &mock);
        let error =
            complete_typed::<Critique>(model.as_ref(), request().with_schema(critique_schema()))
                .await
                .unwrap_err();
        assert!(
            matches!(&error, LlmError::RanOutOfRoom { provider: p, .. } if p == provider),
            "{error:?}"
        );
        assert_eq!(mock.requests().len(), 2, "{provider}: exactly one re-ask");
    }
}

#[tokio::test]
async fn a_cut_answer_asked_again_shorter_is_used_with_a_repetition_penalty_on_local_servers() {
    let mock = MockServer::start();
    mock.script(vec![
        Rule {
            finish: Some("length".into()),
            times: Some(1),
            ..Rule::default()
        },
        Rule {
            json: Some(json!({"score": 6.5, "issues": ["Quantify the migration"]})),
            ..Rule::default()
        },
    ]);
    let local = OpenAiModel::new(
        OpenAiConfig::compatible("openai_compatible", &format!("{}/v1", mock.url), KEY, "m"),
        Rc::new(ReqwestTransport::default()),
    );
    let typed = complete_typed::<Critique>(&local, request().with_schema(critique_schema()))
        .await
        .unwrap();
    assert_eq!(typed.value.score, 6.5);
    assert!(typed.repaired_by_retry);
    let sent = bodies(&mock);
    assert_eq!(sent.len(), 2);
    assert_eq!(sent[0].get("presence_penalty"), None);
    assert_eq!(sent[1]["presence_penalty"], 0.5);
    let last = sent[1]["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert!(
        last["content"].as_str().unwrap().contains("much shorter"),
        "{last}"
    );
    // Both calls carried a token budget sized from the schema.
    assert!(sent.iter().all(|b| b["max_tokens"].as_u64().is_some()));
}

#[tokio::test]
async fn a_score_off_its_scale_is_asked_again_naming_the_scale_then_clamped() {
    let mock = MockServer::start();
    for provider in ["openai", "anthropic", "gemini"] {
        // Fixed on the second ask.
        mock.reset();
        mock.script(vec![
            Rule {
                json: Some(json!({"score": 95, "issues": ["Vague"]})),
                times: Some(1),
                ..Rule::default()
            },
            Rule {
                json: Some(json!({"score": 9.5, "issues": ["Vague"]})),
                ..Rule::default()
            },
        ]);
        let model = model(provider, &mock);
        let typed =
            complete_typed::<Critique>(model.as_ref(), request().with_schema(critique_schema()))
                .await
                .unwrap();
        assert_eq!(typed.value.score, 9.5, "{provider}");
        assert!(typed.clamped.is_empty());
        let repair = mock.requests()[1].body.clone();
        assert!(
            repair.contains("`score` is 95, outside the scale 0 to 10"),
            "{provider}: {repair}"
        );
        // Still off: clamped, and said so.
        mock.reset();
        mock.script(vec![Rule {
            json: Some(json!({"score": 95, "issues": ["Vague"]})),
            ..Rule::default()
        }]);
        let typed =
            complete_typed::<Critique>(model.as_ref(), request().with_schema(critique_schema()))
                .await
                .unwrap();
        assert_eq!(typed.value.score, 10.0, "{provider}: never 95/10");
        assert_eq!(mock.requests().len(), 2, "{provider}: one re-ask only");
        assert_eq!(
            typed.clamped,
            ["`score` was 95, outside the scale 0 to 10; it was set to 10"]
        );
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
