//! OpenAI-compatible servers (one client, another config) and Ollama's native NDJSON endpoint,
//! through the native HTTP stack against the mock.

use crate::mock_server;
use crate::native_transport;

use std::rc::Rc;

use careergraph::llm::client::Protocol;
use careergraph::llm::ollama::{OllamaConfig, OllamaModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::{complete_typed, ChatModel, ChatRequest, OutputSchema, StreamEvent};
use futures::StreamExt;
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::json;

fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.").user("Resume: shipped 3 apps")
}

#[tokio::test]
async fn openai_compatible_config_names_the_provider_and_prices_unknown_models_as_tokens_only() {
    let mock = MockServer::start();
    let config = OpenAiConfig::openrouter("sk-test-router", "meta-llama/llama-3.1-8b")
        .with_base_url(&format!("{}/v1", mock.url));
    let model = OpenAiModel::new(config, Rc::new(ReqwestTransport::default()));
    let response = model
        .complete(request().with_temperature(0.2).with_max_tokens(64))
        .await
        .unwrap();
    assert_eq!(response.provider, "openrouter");
    assert_eq!(response.model, "meta-llama/llama-3.1-8b");
    assert_eq!(response.cost_usd, None);
    assert!(response.usage.total() > 0);
    let body: serde_json::Value = serde_json::from_str(&mock.requests()[0].body).unwrap();
    assert_eq!(body["max_tokens"], 64, "compatible servers get max_tokens");
    assert!(body.get("max_completion_tokens").is_none());
}

#[test]
fn keyless_local_servers_get_no_authorization_header() {
    let config = OpenAiConfig::ollama("llama3.2");
    let http = config.build_request(&request(), "llama3.2", true).unwrap();
    assert_eq!(http.url, "http://localhost:11434/v1/chat/completions");
    assert!(http.headers.iter().all(|(name, _)| name != "authorization"));
    let body: serde_json::Value = serde_json::from_str(&http.body).unwrap();
    assert_eq!(body["stream_options"]["include_usage"], true);
    let lm_studio = OpenAiConfig::lm_studio("qwen");
    assert_eq!(lm_studio.base_url, "http://localhost:1234/v1");
}

#[tokio::test]
async fn ollama_native_streams_ndjson_and_fills_schemas() {
    let mock = MockServer::start();
    let model = OllamaModel::new(
        OllamaConfig::new("llama3").with_base_url(&mock.url),
        Rc::new(ReqwestTransport::default()),
    );
    let mut events = model.stream(request());
    let mut deltas = Vec::new();
    let mut done = None;
    while let Some(event) = events.next().await {
        match event.unwrap() {
            StreamEvent::TextDelta(delta) => deltas.push(delta),
            StreamEvent::Done(response) => done = Some(response),
        }
    }
    let done = done.expect("Done");
    assert!(deltas.len() >= 2);
    assert_eq!(done.text, deltas.concat());
    assert_eq!(done.provider, "ollama");

    #[derive(serde::Deserialize)]
    struct Score {
        score: f64,
    }
    let schema = OutputSchema::new(
        "score",
        json!({"type": "object", "properties": {"score": {"type": "number"}}}),
    );
    let typed = complete_typed::<Score>(&model, request().with_schema(schema))
        .await
        .unwrap();
    assert_eq!(typed.value.score, 7.5);
    let sent: serde_json::Value = serde_json::from_str(&mock.requests()[1].body).unwrap();
    assert_eq!(
        sent["format"]["type"], "object",
        "the schema goes in `format`"
    );
}
