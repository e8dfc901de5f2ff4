//! An API key goes only to its own provider, only in that provider's auth header: never in a URL,
//! a body, another provider's request, an error message, or Debug/Display output.

use crate::mock_server;
use crate::native_transport;

use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::client::Protocol;
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{
    complete_typed, ApiKey, ChatModel, ChatRequest, LlmError, OutputSchema, StreamEvent,
};
use futures::StreamExt;
use mock_server::rules::{RecordedRequest, Rule};
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use serde_json::json;

const OPENAI_KEY: &str = "sk-test-openai-SECRET-0001";
const ANTHROPIC_KEY: &str = "sk-test-anthropic-SECRET-0002";
const GEMINI_KEY: &str = "test-gemini-SECRET-0003";

fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.").user("Resume: led a team of 5")
}

fn schema_request() -> ChatRequest {
    request().with_schema(OutputSchema::new(
        "critique",
        json!({"type": "object", "properties": {"score": {"type": "number"}}}),
    ))
}

async fn exercise(
    model: &dyn ChatModel,
    mock: &MockServer,
    provider: &str,
    key: &str,
    errors: &mut Vec<LlmError>,
) {
    model.complete(request()).await.unwrap();
    let _ = complete_typed::<serde_json::Value>(model, schema_request())
        .await
        .unwrap();
    let mut stream = model.stream(request());
    while let Some(event) = stream.next().await {
        if let StreamEvent::Done(done) = event.unwrap() {
            assert!(!format!("{done:?}").contains("SECRET"));
        }
    }
    // Failures whose bodies echo the key must not carry it into the error.
    mock.script(echoing_error_rules(provider, key));
    errors.push(model.complete(request()).await.unwrap_err());
    errors.push(model.complete(request()).await.unwrap_err());
}

fn echoing_error_rules(provider: &str, key: &str) -> Vec<Rule> {
    let body = json!({"error": {"message": format!("key {key} is not allowed here"), "type": "invalid_request_error"}, "type": "error"});
    vec![
        Rule {
            provider: Some(provider.into()),
            status: Some(400),
            body: Some(body.to_string()),
            times: Some(1),
            ..Rule::default()
        },
        Rule {
            provider: Some(provider.into()),
            status: Some(503),
            body: Some(body.to_string()),
            times: Some(3),
            ..Rule::default()
        },
    ]
}

/// `key` appears in exactly the expected header of every request to its own server, nowhere else.
fn assert_key_confined(requests: &[RecordedRequest], key: &str, header: &str, others: &[&str]) {
    assert!(!requests.is_empty());
    for request in requests {
        assert!(
            !request.target.contains(key),
            "key in URL {}",
            request.target
        );
        assert!(!request.body.contains(key), "key in body");
        for (name, value) in &request.headers {
            if name == header {
                assert!(value.contains(key));
            } else {
                assert!(!value.contains(key), "key in header {name}");
            }
            for other in others {
                assert!(!value.contains(other), "another provider's key in {name}");
            }
        }
        for other in others {
            assert!(!request.body.contains(other) && !request.target.contains(other));
        }
    }
}

#[tokio::test]
async fn keys_stay_with_their_provider() {
    // One mock per provider: separate hosts (ports), as in production.
    let (openai_mock, anthropic_mock, gemini_mock) = (
        MockServer::start(),
        MockServer::start(),
        MockServer::start(),
    );
    let transport = Rc::new(ReqwestTransport::default());
    let (runtime, _) = recording_runtime();
    let retry = RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(5),
        ..RetryPolicy::default()
    };

    let openai_config =
        OpenAiConfig::openai(OPENAI_KEY).with_base_url(&format!("{}/v1", openai_mock.url));
    let anthropic_config = AnthropicConfig::new(ANTHROPIC_KEY).with_base_url(&anthropic_mock.url);
    let gemini_config = GeminiConfig::new(GEMINI_KEY).with_base_url(&gemini_mock.url);

    // Debug of configs and of built requests never shows a key.
    for debug in [
        format!("{openai_config:?}"),
        format!("{anthropic_config:?}"),
        format!("{gemini_config:?}"),
        format!(
            "{:?}",
            openai_config
                .build_request(&request(), "gpt-4o", false)
                .unwrap()
        ),
        format!(
            "{:?}",
            anthropic_config
                .build_request(&request(), "claude-x", true)
                .unwrap()
        ),
        format!(
            "{:?}",
            gemini_config
                .build_request(&request(), "gemini-x", true)
                .unwrap()
        ),
    ] {
        assert!(!debug.contains("SECRET"), "{debug}");
        assert!(debug.contains("***"), "{debug}");
    }
    let gemini_request = gemini_config
        .build_request(&request(), "gemini-x", true)
        .unwrap();
    assert!(!gemini_request.url.contains(GEMINI_KEY) && !gemini_request.url.contains("key="));

    let openai = OpenAiModel::new(openai_config, transport.clone())
        .with_runtime(runtime.clone())
        .with_retry(retry.clone());
    let anthropic = AnthropicModel::new(anthropic_config, transport.clone())
        .with_runtime(runtime.clone())
        .with_retry(retry.clone());
    let gemini = GeminiModel::new(gemini_config, transport)
        .with_runtime(runtime)
        .with_retry(retry);
    for debug in [
        format!("{openai:?}"),
        format!("{anthropic:?}"),
        format!("{gemini:?}"),
    ] {
        assert!(!debug.contains("SECRET"), "{debug}");
    }

    let mut errors = Vec::new();
    exercise(&openai, &openai_mock, "openai", OPENAI_KEY, &mut errors).await;
    exercise(
        &anthropic,
        &anthropic_mock,
        "anthropic",
        ANTHROPIC_KEY,
        &mut errors,
    )
    .await;
    exercise(&gemini, &gemini_mock, "gemini", GEMINI_KEY, &mut errors).await;

    assert_key_confined(
        &openai_mock.requests(),
        OPENAI_KEY,
        "authorization",
        &[ANTHROPIC_KEY, GEMINI_KEY],
    );
    assert_key_confined(
        &anthropic_mock.requests(),
        ANTHROPIC_KEY,
        "x-api-key",
        &[OPENAI_KEY, GEMINI_KEY],
    );
    assert_key_confined(
        &gemini_mock.requests(),
        GEMINI_KEY,
        "x-goog-api-key",
        &[OPENAI_KEY, ANTHROPIC_KEY],
    );

    assert_eq!(errors.len(), 6);
    for error in &errors {
        let (display, debug) = (error.to_string(), format!("{error:?}"));
        assert!(
            !display.contains("SECRET") && !debug.contains("SECRET"),
            "{debug}"
        );
        assert!(
            display.contains("***"),
            "the echoed key is masked: {display}"
        );
    }
}

#[tokio::test]
async fn wrong_key_errors_do_not_echo_the_key() {
    let mock = MockServer::start();
    let key = "sk-live-WRONG-SECRET-9999";
    let model = OpenAiModel::new(
        OpenAiConfig::openai(key).with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    );
    let error = model.complete(request()).await.unwrap_err();
    assert!(matches!(error, LlmError::Auth { status: 401, .. }));
    assert!(!error.to_string().contains("WRONG-SECRET"), "{error}");
    assert!(!format!("{error:?}").contains("WRONG-SECRET"));
}

#[test]
fn api_key_debug_and_display_are_masked() {
    let key = ApiKey::new("sk-test-SECRET");
    assert_eq!(format!("{key:?}"), "***");
    assert_eq!(format!("{key}"), "***");
    assert_eq!(key.expose(), "sk-test-SECRET");
    assert_eq!(key.scrub("bad key sk-test-SECRET!"), "bad key ***!");
}
