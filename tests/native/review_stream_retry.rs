//! A critic's stream cut mid-answer (the connection drops after a few events) is streamed again
//! like a dropped connection, within the provider's retries: the page is told to take back the
//! text it already showed (`delta_reset`) and the critic ends with its answer. A stream cut every
//! time ends in the critic's named error once the retries are spent, not in a hang.

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
use serde_json::Value;

const RECRUITER: &str = "recruiter critic";

/// An OpenAI model on the mock with 2 retries and no backoff.
fn model(mock: &MockServer) -> Rc<dyn ChatModel> {
    let (runtime, _) = recording_runtime();
    let retry = RetryPolicy {
        max_retries: 2,
        base_delay: Duration::ZERO,
        max_delay: Duration::ZERO,
        ..RetryPolicy::default()
    };
    Rc::new(
        OpenAiModel::new(
            OpenAiConfig::openai("sk-test-key").with_base_url(&format!("{}/v1", mock.url)),
            Rc::new(ReqwestTransport::default()),
        )
        .with_runtime(runtime)
        .with_retry(retry)
        .with_timeout(Duration::from_secs(10)),
    )
}

/// The recruiter's answer, cut after two events `cut_times` times (`None`: every time).
fn cut_recruiter(cut_times: Option<u32>) -> Vec<Rule> {
    let answer = Rule {
        role: Some(RECRUITER.into()),
        json: Some(critic_json(8.0)),
        event_delay_ms: Some(1),
        ..Rule::default()
    };
    let cut = Rule {
        drop_after_events: Some(2),
        times: cut_times,
        ..answer.clone()
    };
    vec![cut, answer]
}

async fn review(mock: &MockServer) -> (ReviewState, Vec<Value>) {
    let settings = ReviewSettings {
        max_iterations: 1,
        ..ReviewSettings::default()
    };
    let graph = resume_review::graph(model(mock), settings.clone())
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

fn recruiter_requests(mock: &MockServer) -> usize {
    mock.requests()
        .iter()
        .filter(|r| r.body.to_lowercase().contains(RECRUITER))
        .count()
}

fn of_recruiter<'a>(payloads: &'a [Value], kind: &str) -> Vec<&'a Value> {
    payloads
        .iter()
        .filter(|p| p["type"] == kind && p["agent"] == "recruiter")
        .collect()
}

#[tokio::test]
async fn a_stream_cut_once_is_streamed_again_and_the_critic_answers() {
    let mock = MockServer::start();
    mock.script(cut_recruiter(Some(1)));
    let (state, payloads) = review(&mock).await;

    let feedback = state.recruiter_feedback.expect("the recruiter answered");
    assert!(!feedback.is_failure(), "{feedback:?}");
    assert_eq!(feedback.score, 8.0);
    assert_eq!(recruiter_requests(&mock), 2, "the cut stream and its retry");

    // The page is told to drop the cut text before the answer streams anew.
    let kinds: Vec<&str> = payloads
        .iter()
        .filter(|p| p["agent"] == "recruiter")
        .filter_map(|p| p["type"].as_str())
        .collect();
    let reset = kinds
        .iter()
        .position(|k| *k == "delta_reset")
        .expect("delta_reset");
    assert_eq!(kinds.iter().filter(|k| **k == "delta_reset").count(), 1);
    assert!(
        kinds[..reset].contains(&"delta"),
        "text streamed before the cut"
    );
    assert!(
        kinds[reset..].contains(&"delta"),
        "text streamed again after it"
    );
    assert_eq!(of_recruiter(&payloads, "delta_reset")[0]["iteration"], 1);
    // What streamed after the reset is the whole answer.
    let after: String = payloads
        .iter()
        .filter(|p| p["agent"] == "recruiter")
        .skip_while(|p| p["type"] != "delta_reset")
        .filter(|p| p["type"] == "delta")
        .filter_map(|p| p["delta"].as_str())
        .collect();
    let streamed: Value = serde_json::from_str(&after).expect("one whole JSON answer");
    assert_eq!(streamed["score"], 8.0);
}

#[tokio::test]
async fn a_stream_cut_every_time_ends_in_a_named_error_after_the_retries() {
    let mock = MockServer::start();
    mock.script(cut_recruiter(None));
    let run = review(&mock);
    let (state, payloads) = tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("the run ends");

    let failed = state.recruiter_feedback.expect("the recruiter's card");
    assert!(failed.is_failure());
    let error = failed.error.unwrap_or_default();
    assert!(error.contains("stopped streaming mid-answer"), "{error}");
    assert_eq!(recruiter_requests(&mock), 3, "first try + 2 retries");
    assert_eq!(of_recruiter(&payloads, "delta_reset").len(), 2);
    assert_eq!(of_recruiter(&payloads, "agent_error").len(), 1);
}
