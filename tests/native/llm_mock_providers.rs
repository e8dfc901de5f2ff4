//! Each provider through the real native HTTP stack against the in-process mock server:
//! complete, typed JSON, streaming, 401, 429-then-success, 5xx exhausted, dropped stream,
//! wrapped JSON repaired, invalid JSON → one repair retry → clear error.

use crate::mock_server;
use crate::native_transport;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{
    complete_typed, ChatModel, ChatRequest, LlmError, OutputSchema, StreamEvent,
};
use futures::StreamExt;
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use serde::Deserialize;
use serde_json::json;

struct Setup {
    mock: MockServer,
    model: Box<dyn ChatModel>,
    slept: Rc<RefCell<Vec<Duration>>>,
    provider: &'static str,
}

fn setup(provider: &'static str, key: &str) -> Setup {
    let mock = MockServer::start();
    let transport = Rc::new(ReqwestTransport::default());
    let (runtime, slept) = recording_runtime();
    let retry = RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(20),
        ..RetryPolicy::default()
    };
    let timeout = Duration::from_secs(10);
    let model: Box<dyn ChatModel> = match provider {
        "openai" => Box::new(
            OpenAiModel::new(
                OpenAiConfig::openai(key).with_base_url(&format!("{}/v1", mock.url)),
                transport,
            )
            .with_runtime(runtime)
            .with_retry(retry)
            .with_timeout(timeout),
        ),
        "anthropic" => Box::new(
            AnthropicModel::new(
                AnthropicConfig::new(key).with_base_url(&mock.url),
                transport,
            )
            .with_runtime(runtime)
            .with_retry(retry)
            .with_timeout(timeout),
        ),
        "gemini" => Box::new(
            GeminiModel::new(GeminiConfig::new(key).with_base_url(&mock.url), transport)
                .with_runtime(runtime)
                .with_retry(retry)
                .with_timeout(timeout),
        ),
        other => panic!("unknown provider {other}"),
    };
    Setup {
        mock,
        model,
        slept,
        provider,
    }
}

fn valid(provider: &'static str) -> Setup {
    setup(
        provider,
        if provider == "gemini" {
            "test-gemini-key"
        } else {
            "sk-test-key"
        },
    )
}

fn critique_schema() -> OutputSchema {
    OutputSchema::new(
        "critique",
        json!({
            "type": "object",
            "properties": {
                "score": {"type": "number"},
                "strengths": {"type": "array", "items": {"type": "string"}},
                "issues": {"type": "array", "items": {"type": "string"}}
            },
            "required": ["score", "strengths", "issues"],
            "additionalProperties": false
        }),
    )
}

#[derive(Debug, Deserialize, PartialEq)]
struct Critique {
    score: f64,
    strengths: Vec<String>,
    issues: Vec<String>,
}

fn critic_request() -> ChatRequest {
    ChatRequest::new("critic", "You are the resume critic. Score the resume.")
        .user("Resume: built things")
        .with_schema(critique_schema())
}

fn writer_request() -> ChatRequest {
    ChatRequest::new("writer", "You are the cover letter writer.").user("Write two sentences.")
}

fn rule(provider: &str) -> Rule {
    Rule {
        provider: Some(provider.into()),
        event_delay_ms: Some(5),
        ..Rule::default()
    }
}

async fn collect_stream(
    model: &dyn ChatModel,
    request: ChatRequest,
) -> (
    Vec<String>,
    Result<careergraph::llm::ChatResponse, LlmError>,
) {
    let mut deltas = Vec::new();
    let mut events = model.stream(request);
    while let Some(event) = events.next().await {
        match event {
            Ok(StreamEvent::TextDelta(delta)) => deltas.push(delta),
            Ok(StreamEvent::Done(done)) => return (deltas, Ok(done)),
            Err(error) => return (deltas, Err(error)),
        }
    }
    panic!("stream ended without Done or error")
}

async fn complete_text(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        role: Some("cover letter writer".into()),
        text: Some("Dear team, I build things.".into()),
        ..rule(provider)
    }]);
    let response = s.model.complete(writer_request()).await.unwrap();
    assert_eq!(response.text, "Dear team, I build things.");
    assert_eq!(response.provider, s.provider);
    assert_eq!(response.role_name, "writer");
    assert!(response.usage.input_tokens > 0 && response.usage.output_tokens > 0);
    // Unscripted roles get the default answer.
    let other = s
        .model
        .complete(ChatRequest::new("coach", "You are the coach.").user("hi"))
        .await
        .unwrap();
    assert!(other.text.contains("mock"), "{}", other.text);
}

async fn typed_json(provider: &'static str) {
    let s = valid(provider);
    let typed = complete_typed::<Critique>(s.model.as_ref(), critic_request())
        .await
        .unwrap();
    assert_eq!(typed.value.score, 7.5);
    assert_eq!(typed.value.strengths.len(), 2);
    assert!(!typed.repaired_by_retry);
    assert_eq!(s.mock.requests().len(), 1);
}

async fn streaming(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        text: Some("One, two, three, four, five.".into()),
        ..rule(provider)
    }]);
    let (deltas, done) = collect_stream(s.model.as_ref(), writer_request()).await;
    let done = done.unwrap();
    assert!(deltas.len() >= 2, "several deltas: {deltas:?}");
    assert_eq!(deltas.concat(), "One, two, three, four, five.");
    assert_eq!(done.text, deltas.concat());
    assert!(done.usage.output_tokens > 0);
}

async fn bad_key(provider: &'static str) {
    let s = setup(provider, "wrong-key-123");
    let error = s.model.complete(writer_request()).await.unwrap_err();
    assert!(matches!(error, LlmError::Auth { .. }), "{error:?}");
    assert!(
        error.to_string().contains("rejected the API key"),
        "{error}"
    );
    assert_eq!(s.mock.requests().len(), 1, "auth errors are not retried");
    let (_, streamed) = collect_stream(s.model.as_ref(), writer_request()).await;
    assert!(matches!(streamed, Err(LlmError::Auth { .. })));
}

async fn rate_limited_then_ok(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        status: Some(429),
        retry_after: Some(1),
        times: Some(1),
        ..rule(provider)
    }]);
    let started = Instant::now();
    let response = s.model.complete(writer_request()).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After honoured"
    );
    assert!(
        s.slept.borrow().contains(&Duration::from_secs(1)),
        "slept {:?}",
        s.slept.borrow()
    );
    assert!(response.text.contains("mock"));
    assert_eq!(s.mock.requests().len(), 2);
}

async fn server_error_exhausted(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        status: Some(500),
        ..rule(provider)
    }]);
    let error = s.model.complete(writer_request()).await.unwrap_err();
    assert!(
        matches!(error, LlmError::ProviderDown { status: 500, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("unavailable"));
    assert_eq!(s.mock.requests().len(), 3, "first try + 2 retries");
    let backoffs: Vec<Duration> = s
        .slept
        .borrow()
        .iter()
        .copied()
        .filter(|d| *d < Duration::from_secs(1))
        .collect();
    assert_eq!(
        backoffs,
        vec![Duration::from_millis(15), Duration::from_millis(30)],
        "exponential with jitter 0.5"
    );
}

async fn dropped_stream(provider: &'static str) {
    let s = valid(provider);
    // Cut after the second text event (Anthropic sends three framing events first).
    let cut = match provider {
        "anthropic" => 5,
        "openai" => 3,
        _ => 2,
    };
    s.mock.script(vec![Rule {
        text: Some("This answer will be cut off before the end.".into()),
        drop_after_events: Some(cut),
        ..rule(provider)
    }]);
    let (deltas, result) = collect_stream(s.model.as_ref(), writer_request()).await;
    assert!(!deltas.is_empty(), "some text arrived before the drop");
    let error = result.unwrap_err();
    assert!(
        matches!(error, LlmError::StreamInterrupted { .. }),
        "{error:?}"
    );
    assert_eq!(
        s.mock.requests().len(),
        1,
        "a stream is not retried once text was shown"
    );
}

async fn wrapped_json_repaired(provider: &'static str) {
    let s = valid(provider);
    let answer = json!({"score": 6.0, "strengths": ["clear"], "issues": ["few metrics"]});
    s.mock.script(vec![Rule {
        json: Some(answer),
        fenced: true,
        prose: true,
        role: Some("resume critic".into()),
        ..rule(provider)
    }]);
    let typed = complete_typed::<Critique>(s.model.as_ref(), critic_request())
        .await
        .unwrap();
    assert_eq!(
        typed.value,
        Critique {
            score: 6.0,
            strengths: vec!["clear".into()],
            issues: vec!["few metrics".into()]
        }
    );
    assert!(
        !typed.repaired_by_retry,
        "fences and prose are stripped locally"
    );
    assert_eq!(s.mock.requests().len(), 1);
}

async fn invalid_json_one_repair_then_error(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        text: Some("{\"score\": \"high\", oops".into()),
        ..rule(provider)
    }]);
    let error = complete_typed::<Critique>(s.model.as_ref(), critic_request())
        .await
        .unwrap_err();
    match &error {
        LlmError::InvalidOutput { reason, excerpt } => {
            assert!(!reason.is_empty());
            assert!(excerpt.starts_with("{\"score\""), "{excerpt}");
        }
        other => panic!("expected InvalidOutput, got {other:?}"),
    }
    assert!(error
        .to_string()
        .contains("does not match the expected format"));
    let requests = s.mock.requests();
    assert_eq!(requests.len(), 2, "exactly one repair retry");
    assert!(
        requests[1].body.contains("could not be used"),
        "the repair prompt carries the validation error"
    );
}

async fn invalid_json_repaired_by_retry(provider: &'static str) {
    let s = valid(provider);
    s.mock.script(vec![Rule {
        text: Some("{\"score\": 5}".into()),
        times: Some(1),
        ..rule(provider)
    }]);
    let typed = complete_typed::<Critique>(s.model.as_ref(), critic_request())
        .await
        .unwrap();
    assert!(typed.repaired_by_retry);
    assert_eq!(typed.value.score, 7.5);
    assert!(
        s.mock.requests()[1].body.contains("missing field"),
        "the model is told what was wrong"
    );
}

macro_rules! provider_tests {
    ($module:ident, $provider:literal) => {
        mod $module {
            #[tokio::test]
            async fn complete() {
                super::complete_text($provider).await
            }
            #[tokio::test]
            async fn typed_json() {
                super::typed_json($provider).await
            }
            #[tokio::test]
            async fn streaming() {
                super::streaming($provider).await
            }
            #[tokio::test]
            async fn bad_key_is_401() {
                super::bad_key($provider).await
            }
            #[tokio::test]
            async fn rate_limited_then_ok() {
                super::rate_limited_then_ok($provider).await
            }
            #[tokio::test]
            async fn server_error_exhausted() {
                super::server_error_exhausted($provider).await
            }
            #[tokio::test]
            async fn dropped_stream() {
                super::dropped_stream($provider).await
            }
            #[tokio::test]
            async fn wrapped_json_repaired() {
                super::wrapped_json_repaired($provider).await
            }
            #[tokio::test]
            async fn invalid_json_one_repair_then_error() {
                super::invalid_json_one_repair_then_error($provider).await
            }
            #[tokio::test]
            async fn invalid_json_repaired_by_retry() {
                super::invalid_json_repaired_by_retry($provider).await
            }
        }
    };
}

provider_tests!(openai, "openai");
provider_tests!(anthropic, "anthropic");
provider_tests!(gemini, "gemini");
