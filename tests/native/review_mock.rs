//! The review workflow against the in-process mock provider server, through the real OpenAI
//! client and native HTTP stack: streamed critic answers, the seed example score, a critic
//! failing with HTTP 500 (retries exhausted with zero backoff) → left out of the score, and a
//! revision that keeps the original's facts.

use crate::mock_server;
use crate::native_transport;
use crate::review_support;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::{RunConfig, StreamEvent};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::ChatModel;
use careergraph::workflows::resume_review::{
    self, facts, initial_state, ReviewInput, ReviewSettings, ReviewState,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::{recording_runtime, ReqwestTransport};
use review_support::{critic_json, custom_payloads, recorder, started_per_step};
use serde_json::json;

struct Setup {
    mock: MockServer,
    model: Rc<dyn ChatModel>,
    slept: Rc<RefCell<Vec<Duration>>>,
}

/// An OpenAI model on the mock; 2 retries with zero backoff so a failing role exhausts at once.
fn setup() -> Setup {
    let mock = MockServer::start();
    let (runtime, slept) = recording_runtime();
    let retry = RetryPolicy {
        max_retries: 2,
        base_delay: Duration::ZERO,
        max_delay: Duration::ZERO,
        ..RetryPolicy::default()
    };
    let model = OpenAiModel::new(
        OpenAiConfig::openai("sk-test-key").with_base_url(&format!("{}/v1", mock.url)),
        Rc::new(ReqwestTransport::default()),
    )
    .with_runtime(runtime)
    .with_retry(retry)
    .with_timeout(Duration::from_secs(10));
    Setup {
        mock,
        model: Rc::new(model),
        slept,
    }
}

/// System-prompt phrases that tell the agents apart (what the mock's `role` matches on).
const RECRUITER: &str = "recruiter critic";
const TECH_WRITER: &str = "technical writer critic";
const COPYWRITER: &str = "copywriter critic";
const REVISOR: &str = "resume revisor";

fn answer(role: &str, json: serde_json::Value, times: Option<u32>) -> Rule {
    Rule {
        role: Some(role.into()),
        json: Some(json),
        times,
        event_delay_ms: Some(1),
        ..Rule::default()
    }
}

async fn run(setup: &Setup, settings: ReviewSettings) -> (ReviewState, Vec<StreamEvent>) {
    let graph = resume_review::graph(setup.model.clone(), settings.clone())
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
    let events = events.borrow().clone();
    (state, events)
}

fn requests_for(mock: &MockServer, phrase: &str) -> usize {
    mock.requests()
        .iter()
        .filter(|r| r.body.to_lowercase().contains(phrase))
        .count()
}

#[tokio::test]
async fn seed_example_scores_streamed_from_the_provider() {
    let s = setup();
    s.mock.script(vec![
        answer(RECRUITER, critic_json(8.5), None),
        answer(TECH_WRITER, critic_json(7.0), None),
        answer(COPYWRITER, critic_json(8.0), None),
    ]);
    let settings = ReviewSettings {
        threshold: 7.8,
        ..ReviewSettings::default()
    };
    let (state, events) = run(&s, settings).await;
    assert_eq!(state.integrated_score, 7.8);
    assert!(state.threshold_met);
    let scores: Vec<f64> = state.current_feedback.iter().map(|f| f.score).collect();
    assert_eq!(scores, [8.5, 7.0, 8.0]);
    // Portfolio and design get the mock's schema-conforming default answers.
    assert!(state.portfolio_advice.is_some());
    assert!(state.design_advice.is_some());
    assert!(state.warnings.is_empty(), "{:?}", state.warnings);
    let payloads = custom_payloads(&events);
    let recruiter_deltas = payloads
        .iter()
        .filter(|p| p["type"] == "delta" && p["agent"] == "recruiter")
        .count();
    assert!(
        recruiter_deltas >= 2,
        "streamed in pieces: {recruiter_deltas}"
    );
    let usage = payloads
        .iter()
        .find(|p| p["type"] == "usage" && p["agent"] == "recruiter")
        .unwrap();
    assert!(usage["input_tokens"].as_u64().unwrap() > 0);
    assert_eq!(usage["provider"], "openai");
    // Every agent call was a streaming request with the schema.
    for request in s.mock.requests() {
        let body: serde_json::Value = serde_json::from_str(&request.body).unwrap();
        assert_eq!(body["stream"], true);
        assert_eq!(body["response_format"]["type"], "json_schema");
    }
}

#[tokio::test]
async fn a_critic_failing_with_500_is_left_out_of_the_score_and_the_run_completes() {
    let s = setup();
    s.mock.script(vec![
        Rule {
            role: Some(TECH_WRITER.into()),
            status: Some(500),
            ..Rule::default()
        },
        answer(RECRUITER, critic_json(9.0), None),
        answer(COPYWRITER, critic_json(9.0), None),
    ]);
    let settings = ReviewSettings {
        max_iterations: 1,
        ..ReviewSettings::default()
    };
    let (state, events) = run(&s, settings).await;
    let failed = state.tech_writer_feedback.unwrap();
    assert_eq!(failed.agent_name, "technical_writer");
    assert!(failed.is_failure());
    assert!(failed.strengths.is_empty() && failed.issues.is_empty());
    assert!(
        failed
            .error
            .as_deref()
            .unwrap()
            .starts_with("openai is unavailable right now (HTTP 500)"),
        "{failed:?}"
    );
    assert_eq!(
        state.integrated_score, 9.0,
        "(9 + 9) / 2: the failure is left out"
    );
    // The final state says which agent failed (the package's README promises it in `warnings`).
    let named: Vec<_> = state
        .warnings
        .iter()
        .filter(|w| w.contains("`tech_writer`") && w.contains("HTTP 500"))
        .collect();
    assert_eq!(named.len(), 1, "{:?}", state.warnings);
    assert_eq!(
        requests_for(&s.mock, TECH_WRITER),
        3,
        "first try + 2 retries"
    );
    assert!(s
        .slept
        .borrow()
        .iter()
        .all(|d| d.is_zero() || *d >= Duration::from_secs(1)));
    let steps = started_per_step(&events);
    assert_eq!(
        steps.last().unwrap(),
        &["design".to_string()],
        "the run completed"
    );
}

#[tokio::test]
async fn a_critic_whose_answer_loops_is_left_out_of_the_score_and_named() {
    let s = setup();
    let looping = json!({"score": 10.0, "strengths": ["until until until until"],
        "issues": [], "suggestions": ["until until"]});
    s.mock.script(vec![
        answer(RECRUITER, looping, None),
        answer(TECH_WRITER, critic_json(6.0), None),
        answer(COPYWRITER, critic_json(8.0), None),
    ]);
    let settings = ReviewSettings {
        max_iterations: 1,
        ..ReviewSettings::default()
    };
    let (state, _) = run(&s, settings).await;
    let recruiter = state.recruiter_feedback.unwrap();
    assert!(recruiter.is_failure(), "{recruiter:?}");
    let error = recruiter.error.unwrap();
    assert!(
        error.contains("not usable") && error.contains("until"),
        "{error}"
    );
    assert_eq!(
        state.integrated_score, 7.0,
        "(6 + 8) / 2: the loop's 10 is left out"
    );
    assert!(
        state.warnings.iter().any(|w| w.contains("`recruiter`")),
        "{:?}",
        state.warnings
    );
}

#[tokio::test]
async fn the_revision_keeps_the_original_facts() {
    let s = setup();
    // The revision the model returns: stronger wording, same facts.
    let revised = SAMPLE_RESUME.replace("- Worked on fraud rules", "- Contributed fraud rules");
    s.mock.script(vec![
        answer(RECRUITER, critic_json(7.0), Some(1)),
        answer(RECRUITER, critic_json(9.0), None),
        answer(TECH_WRITER, critic_json(7.0), Some(1)),
        answer(TECH_WRITER, critic_json(9.0), None),
        answer(COPYWRITER, critic_json(7.0), Some(1)),
        answer(COPYWRITER, critic_json(9.0), None),
        answer(
            REVISOR,
            json!({"revised_resume": revised, "changes": ["stronger verb"]}),
            None,
        ),
    ]);
    let (state, _) = run(&s, ReviewSettings::default()).await;
    assert_eq!(state.current_iteration, 2);
    assert_eq!(state.final_score, 9.0);
    let revision = &state.revision_history[0];
    assert!(revision.accepted);
    assert!(revision.fact_check.is_clean(), "{:?}", revision.fact_check);
    assert!(state.warnings.is_empty(), "{:?}", state.warnings);
    assert_eq!(state.resume.text, revised);
    // Every employer, year and number of the original is in the reviewed resume.
    let mut facts_of_original: Vec<String> = facts::employers(SAMPLE_RESUME).into_iter().collect();
    facts_of_original.extend(facts::numbers(SAMPLE_RESUME));
    assert!(facts_of_original.len() >= 12, "{facts_of_original:?}");
    for fact in &facts_of_original {
        assert!(
            state
                .resume
                .text
                .to_lowercase()
                .contains(&fact.to_lowercase()),
            "{fact} kept"
        );
    }
    assert_eq!(state.original_resume.text, SAMPLE_RESUME);
    // The revisor was told the facts rule and what to fix.
    let revisor_request = s
        .mock
        .requests()
        .into_iter()
        .find(|r| r.body.to_lowercase().contains(REVISOR))
        .unwrap();
    assert!(revisor_request
        .body
        .contains("Do not invent, remove or alter employers"));
    assert!(revisor_request.body.contains("<feedback id="));
}
