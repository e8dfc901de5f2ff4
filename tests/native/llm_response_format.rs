//! OpenAI-compatible servers that refuse `response_format: json_schema` (some llama.cpp
//! builds) or `json_object` too (LM Studio) still get structured answers: the client steps down
//! to `json_object`, then to the schema in the system prompt, remembers what worked for the base
//! URL, and says which mode the server accepted.

use crate::mock_server;
use crate::native_transport;

use std::rc::Rc;

use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::{complete_typed, ChatModel, ChatRequest, OutputSchema, StreamEvent};
use futures::StreamExt;
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

#[derive(serde::Deserialize, Debug)]
struct Critique {
    score: f64,
    issues: Vec<String>,
}

fn local(mock: &MockServer) -> OpenAiModel {
    OpenAiModel::new(
        OpenAiConfig::compatible(
            "openai_compatible",
            &format!("{}/v1", mock.url),
            "sk-test-format",
            "qwen2.5-0.5b",
        ),
        Rc::new(ReqwestTransport::default()),
    )
}

fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.")
        .user("Resume: fictional Ada, Rust lead.")
        .with_schema(OutputSchema::new(
            "critique",
            json!({"type": "object", "properties": {
                    "score": {"type": "number", "minimum": 0, "maximum": 10},
                    "issues": {"type": "array", "items": {"type": "string", "maxLength": 200}, "maxItems": 6}},
                   "required": ["score", "issues"], "additionalProperties": false}),
        ))
}

fn refusing(formats: &[&str]) -> Rule {
    Rule {
        reject_response_format: formats.iter().map(|f| f.to_string()).collect(),
        json: Some(json!({"score": 7.0, "issues": ["Quantify the migration"]})),
        ..Rule::default()
    }
}

/// `response_format.type` of each request the mock received (`None`: not sent), and whether
/// its system message carried the schema.
fn sent(mock: &MockServer) -> Vec<(Option<String>, bool)> {
    mock.requests()
        .iter()
        .map(|r| {
            let body: Value = serde_json::from_str(&r.body).unwrap();
            let format = body
                .pointer("/response_format/type")
                .and_then(Value::as_str)
                .map(str::to_string);
            let system = body["messages"][0]["content"].as_str().unwrap_or_default();
            (format, system.contains("\"maxItems\""))
        })
        .collect()
}

#[tokio::test]
async fn a_server_without_json_schema_gets_json_object_and_keeps_it() {
    let mock = MockServer::start();
    mock.script(vec![refusing(&["json_schema"])]);
    let model = local(&mock);
    assert_eq!(model.structured_mode(), Some("json_schema"));
    let typed = complete_typed::<Critique>(&model, request()).await.unwrap();
    assert_eq!(typed.value.issues, ["Quantify the migration"]);
    assert_eq!(model.structured_mode(), Some("json_object"));
    // The next call (a new model on the same server, as the next run builds) asks right away.
    let again = local(&mock);
    complete_typed::<Critique>(&again, request()).await.unwrap();
    assert_eq!(
        sent(&mock),
        [
            (Some("json_schema".into()), false),
            (Some("json_object".into()), true),
            (Some("json_object".into()), true),
        ]
    );
}

#[tokio::test]
async fn a_server_without_either_format_gets_the_schema_in_the_prompt_streamed_too() {
    let mock = MockServer::start();
    mock.script(vec![refusing(&["json_schema", "json_object"])]);
    let model = local(&mock);
    let mut events = model.stream(request());
    let mut text = String::new();
    while let Some(event) = events.next().await {
        match event.unwrap() {
            StreamEvent::TextDelta(delta) => text.push_str(&delta),
            StreamEvent::Done(done) => assert_eq!(done.text, text),
        }
    }
    let critique: Critique = serde_json::from_str(&text).unwrap();
    assert_eq!(critique.score, 7.0);
    assert_eq!(model.structured_mode(), Some("prompt"));
    assert_eq!(
        sent(&mock),
        [
            (Some("json_schema".into()), false),
            (Some("json_object".into()), true),
            (None, true),
        ]
    );
}

#[tokio::test]
async fn openai_itself_and_other_bad_requests_never_step_down() {
    let mock = MockServer::start();
    mock.script(vec![Rule {
        status: Some(400),
        ..Rule::default()
    }]);
    let model = local(&mock);
    assert!(complete_typed::<Critique>(&model, request()).await.is_err());
    assert_eq!(
        mock.requests().len(),
        1,
        "a 400 about something else is final"
    );
    assert_eq!(model.structured_mode(), Some("json_schema"));
    let openai = OpenAiModel::new(
        OpenAiConfig::openai("sk-test-format").with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    );
    assert_eq!(openai.structured_mode(), None);
}
