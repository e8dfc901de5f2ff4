//! The agents of one run start their requests with the same bytes (one system prompt, then the
//! shared blocks: target role and resume), so a provider's prompt cache serves them: the usage
//! events carry the cached input tokens, and the cost counts them at their discount. Measured on
//! the mock, which emulates each provider's documented cache (see
//! `mock_provider/server/providers/prefix_cache.rs`): OpenAI caches the longest shared prefix of
//! 1,024+ tokens, Anthropic the prefix up to the `cache_control` breakpoint the app sets.

use crate::mock_server;
use crate::native_transport;
use crate::review_support;

use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::RunConfig;
use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::ChatModel;
use careergraph::workflows::common::envelope::fresh_nonce;
use careergraph::workflows::common::RunControls;
use careergraph::workflows::resume_review::{self, initial_state, ReviewInput, ReviewSettings};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use review_support::{custom_payloads, recorder};
use serde_json::Value;

/// The sample resume grown to about 8 KB (some 2,000 tokens): long enough for the providers'
/// 1,024-token minimum, like a real two-page resume.
fn long_resume() -> String {
    let mut resume = SAMPLE_RESUME.to_string();
    let mut n = 0;
    while resume.len() < 8_000 {
        n += 1;
        resume.push_str(&format!(
            "\n- Led migration {n} of the billing services to Rust, cutting p99 latency by {n}0 ms\n"
        ));
    }
    resume
}

fn openai(mock: &MockServer) -> Rc<dyn ChatModel> {
    let (runtime, _) = recording_runtime();
    let config = OpenAiConfig::openai("sk-test-key").with_base_url(&format!("{}/v1", mock.url));
    Rc::new(
        OpenAiModel::new(config, Rc::new(ReqwestTransport::default()))
            .with_runtime(runtime)
            .with_retry(RetryPolicy::none())
            .with_timeout(Duration::from_secs(10)),
    )
}

fn anthropic(mock: &MockServer) -> Rc<dyn ChatModel> {
    let (runtime, _) = recording_runtime();
    let config = AnthropicConfig::new("sk-test-anthropic-key").with_base_url(&mock.url);
    Rc::new(
        AnthropicModel::new(config, Rc::new(ReqwestTransport::default()))
            .with_runtime(runtime)
            .with_retry(RetryPolicy::none())
            .with_timeout(Duration::from_secs(10)),
    )
}

/// One review round on `model`: the usage payloads of its calls.
async fn usage_of_one_round(model: Rc<dyn ChatModel>) -> Vec<Value> {
    // One nonce for the run, as the session gives every run it starts (`RunControls::from_env`).
    let settings = ReviewSettings {
        max_iterations: 1,
        controls: RunControls {
            nonce: Some(fresh_nonce("prompt-cache-test")),
            ..RunControls::default()
        },
        ..ReviewSettings::default()
    };
    let graph = resume_review::graph(model, settings.clone())
        .compile()
        .unwrap();
    let (sink, events) = recorder();
    let input = ReviewInput::new(long_resume(), SAMPLE_TARGET_ROLE);
    graph
        .invoke(
            initial_state(&input, &settings),
            &RunConfig::default().with_events(sink),
        )
        .await
        .unwrap();
    let usage: Vec<Value> = custom_payloads(&events.borrow())
        .into_iter()
        .filter(|p| p["type"] == "usage")
        .collect();
    usage
}

fn total(usage: &[Value], key: &str) -> u64 {
    usage.iter().map(|u| u[key].as_u64().unwrap()).sum()
}

/// The three critics share one schema: all but the first to arrive find the prefix cached.
fn assert_critics_share_the_cache(usage: &[Value]) {
    let cached_of = |agent: &str| {
        usage
            .iter()
            .find(|u| u["agent"] == agent)
            .unwrap_or_else(|| panic!("no usage for {agent}"))["cached_input_tokens"]
            .as_u64()
            .unwrap()
    };
    let hits = ["recruiter", "tech_writer", "copywriter"]
        .into_iter()
        .filter(|critic| cached_of(critic) >= 1024)
        .count();
    assert!(hits >= 2, "{usage:#?}");
}

#[tokio::test]
async fn openai_serves_the_critics_shared_resume_from_its_cache() {
    let mock = MockServer::start();
    let usage = usage_of_one_round(openai(&mock)).await;
    // The requests as sent, for tests/real_model/prefix_bench.py to replay on the real server.
    if let Ok(path) = std::env::var("PREFIX_BENCH_DUMP") {
        let bodies: Vec<Value> = mock
            .requests()
            .iter()
            .map(|r| serde_json::from_str(&r.body).unwrap())
            .collect();
        std::fs::write(&path, serde_json::to_string(&bodies).unwrap()).unwrap();
    }
    let (input, cached) = (
        total(&usage, "input_tokens"),
        total(&usage, "cached_input_tokens"),
    );
    eprintln!(
        "mock, openai, one review round: {} calls, {input} input tokens, {cached} cached",
        usage.len()
    );
    assert_critics_share_the_cache(&usage);
    // The cost counts cached tokens at their discount: below the same tokens uncached.
    let cost: f64 = usage.iter().map(|u| u["cost_usd"].as_f64().unwrap()).sum();
    let uncached =
        (input as f64 * 2.5 + total(&usage, "output_tokens") as f64 * 10.0) / 1_000_000.0;
    assert!(cost < uncached, "{cost} vs {uncached}");
}

#[tokio::test]
async fn anthropic_is_told_where_the_shared_prefix_ends_and_reads_it_back() {
    let mock = MockServer::start();
    let usage = usage_of_one_round(anthropic(&mock)).await;
    eprintln!(
        "mock, anthropic, one review round: {} calls, {} input tokens, {} cached",
        usage.len(),
        total(&usage, "input_tokens"),
        total(&usage, "cached_input_tokens"),
    );
    let bodies: Vec<Value> = mock
        .requests()
        .iter()
        .map(|r| serde_json::from_str(&r.body).unwrap())
        .collect();
    assert!(!bodies.is_empty());
    for body in &bodies {
        let first = &body["messages"][0]["content"];
        assert_eq!(
            first[0]["cache_control"]["type"], "ephemeral",
            "the breakpoint is on the shared part: {first}"
        );
        assert!(first[0]["text"]
            .as_str()
            .unwrap()
            .contains("billing services"));
    }
    assert_critics_share_the_cache(&usage);
}
