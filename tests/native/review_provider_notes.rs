//! What the provider layer decided reaches the page as events: a critic's score still off its
//! scale after the second ask is clamped with its data (`clamped.values`, for a page to word in
//! its language), and an OpenAI-compatible model says which answer format the server took
//! (`structured_mode`), after the step-down when the server refused JSON schema.

use crate::mock_server;
use crate::native_transport;
use crate::review_support;

use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::RunConfig;
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::ChatModel;
use careergraph::workflows::resume_review::{
    self, initial_state, ReviewInput, ReviewSettings, ReviewState,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use review_support::{critic_json, custom_payloads, recorder};
use serde_json::{json, Value};

const RECRUITER: &str = "recruiter critic";

/// A model on the mock, without retries (none are needed here): OpenAI itself, or an
/// OpenAI-compatible server (whose answer format is learned per base URL).
fn model(mock: &MockServer, compatible: bool) -> Rc<dyn ChatModel> {
    let (runtime, _) = recording_runtime();
    let base_url = format!("{}/v1", mock.url);
    let config = if compatible {
        OpenAiConfig::compatible(
            "openai_compatible",
            &base_url,
            "sk-test-key",
            "qwen2.5-0.5b",
        )
    } else {
        OpenAiConfig::openai("sk-test-key").with_base_url(&base_url)
    };
    Rc::new(
        OpenAiModel::new(config, Rc::new(ReqwestTransport::default()))
            .with_runtime(runtime)
            .with_retry(RetryPolicy::none())
            .with_timeout(Duration::from_secs(10)),
    )
}

async fn review(mock: &MockServer, compatible: bool) -> (ReviewState, Vec<Value>) {
    let settings = ReviewSettings {
        max_iterations: 1,
        ..ReviewSettings::default()
    };
    let graph = resume_review::graph(model(mock, compatible), settings.clone())
        .compile()
        .unwrap();
    let (sink, events) = recorder();
    let input = ReviewInput::new(SAMPLE_RESUME, SAMPLE_TARGET_ROLE);
    let state = graph
        .invoke(
            initial_state(&input, &settings),
            &RunConfig::default().with_events(sink),
        )
        .await
        .unwrap()
        .into_state();
    let payloads = custom_payloads(&events.borrow());
    (state, payloads)
}

#[tokio::test]
async fn a_score_off_its_scale_twice_is_clamped_and_the_event_carries_the_numbers() {
    let mock = MockServer::start();
    mock.script(vec![Rule {
        role: Some(RECRUITER.into()),
        json: Some(critic_json(95.0)),
        event_delay_ms: Some(1),
        ..Rule::default()
    }]);
    let (state, payloads) = review(&mock, false).await;

    assert_eq!(state.recruiter_feedback.unwrap().score, 10.0);
    // OpenAI itself takes one fixed format: nothing to report.
    assert!(!payloads.iter().any(|p| p["type"] == "structured_mode"));
    let clamped: Vec<&Value> = payloads.iter().filter(|p| p["type"] == "clamped").collect();
    assert_eq!(clamped.len(), 1, "only the recruiter was off: {clamped:?}");
    assert_eq!(clamped[0]["agent"], "recruiter");
    assert_eq!(
        clamped[0]["values"],
        json!([{"path": "score", "value": 95.0, "minimum": 0.0, "maximum": 10.0, "shown": 10.0}])
    );
    assert_eq!(clamped[0]["notes"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_answer_format_the_server_took_is_reported_after_a_step_down() {
    let mock = MockServer::start();
    // A server that refuses JSON schema (llama.cpp builds without it): the client steps down.
    mock.script(vec![Rule {
        reject_response_format: vec!["json_schema".into()],
        json: Some(critic_json(7.0)),
        event_delay_ms: Some(1),
        ..Rule::default()
    }]);
    let (_, payloads) = review(&mock, true).await;

    let modes: Vec<&str> = payloads
        .iter()
        .filter(|p| p["type"] == "structured_mode")
        .filter_map(|p| p["mode"].as_str())
        .collect();
    assert!(!modes.is_empty(), "reported after the calls");
    assert_eq!(modes.last(), Some(&"json_object"), "{modes:?}");
}
