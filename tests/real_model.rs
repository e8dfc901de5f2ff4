//! The real-model suite: every workflow end to end through the OpenAI-compatible provider and the
//! session (the path the app and the JS API take), against a real llama.cpp `llama-server`
//! serving a real small model (SmolLM2-135M-Instruct), which `tests/real_model/suite.sh` installs
//! and starts. The assertion is about honesty, not quality: each run ends within its bound with a
//! result whose scores are on their scales, or with an error that names its cause. Never a hang,
//! a panic, an "unknown error", or a score outside its scale.
//!
//! `#[ignore]`d in the plain native suite, which has no model server: the real-model suite runs
//! them with `-- --ignored`, and there a missing `REAL_MODEL_URL` fails instead of skipping.
#![cfg(not(target_arch = "wasm32"))]

#[path = "mock_provider/native_transport.rs"]
mod native_transport;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use careergraph::domain::facts::ungrounded;
use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{AnyRun, ProviderConfig, ProviderKind, Runtime};
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

/// Hang detection, not a speed target. On an idle machine a run of one workflow on the 135M model
/// takes seconds to a minute and a half (the hiring pipeline's 17 calls). In the suite it shares
/// one server thread with the other runs while the app's specs and the in-tab model take the
/// rest of the CPU, and its answers vary with how the server batches them: measured 2026-11-28,
/// hiring 425 s and batch screening 416 s, which 480 s left too little margin for (a CI run
/// failed near it). The runs' own limits (iterations, answer tokens, call deadlines) keep them
/// finite; this bound only catches a run that stops making progress.
const RUN_BOUND: Duration = Duration::from_secs(900);
/// Pauses answered at most, so a workflow that keeps asking cannot loop forever.
const MAX_PAUSES: usize = 20;
/// Settings → "Longest answer" for every run here: a CPU budget. At 20–60 tokens a second the
/// schemas' own bounds (answers of 1,000+ tokens, which a 135M model fills) made the five
/// workflows take 25 minutes; held to this ceiling the schemas shrink and answers stay whole.
const ANSWER_TOKENS: u32 = 300;
/// The cover letter's ceiling: three calls (evidence, framing, writer) in under ~40 s on one
/// server thread; a short letter still fits its schema in this many tokens.
const LETTER_ANSWER_TOKENS: u32 = 160;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/eval/en/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The server's OpenAI base URL (…/v1), from `suite.sh`; none is a failure, not a skip: these
/// tests only run when asked for with `--ignored`.
fn server_url(variable: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| {
        panic!(
            "{variable} is not set: run the real-model suite with `bash tests/real_model/suite.sh`"
        )
    })
}

fn runtime(base_url: &str, answer_tokens: u32) -> Runtime {
    let provider = ProviderConfig {
        provider: ProviderKind::OpenaiCompatible,
        model: Some("smollm2-135m-instruct".into()),
        base_url: Some(base_url.into()),
        max_answer_tokens: Some(answer_tokens),
        ..ProviderConfig::default()
    };
    Runtime::for_provider(&provider, Rc::new(ReqwestTransport::default())).expect("a local model")
}

/// What a run produced: its last step or its error, and what its events said.
#[derive(Debug, Default)]
struct Outcome {
    step: Option<Value>,
    error: Option<String>,
    answered_calls: u32,
    /// Input tokens of the answered calls, and of those, what the server's prefix cache served.
    input_tokens: u64,
    cached_input_tokens: u64,
    agent_errors: Vec<String>,
    deltas: u32,
    wall: Duration,
}

/// The answer a user gives to `pause`: a short answer to a question, approval with every fact the
/// draft invented removed (as a careful user does), top satisfaction, a confirmed plan. A pause
/// the test does not know gets `null`, which the workflow must refuse with a message (that
/// message is then the run's named error).
fn answer_for(pause: &Value) -> Value {
    match pause["type"].as_str() {
        Some("question") => {
            json!({"action": "answer", "answer": "I used it at work for two years."})
        }
        Some("review") => {
            let invented: Vec<&Value> = pause["ungrounded_facts"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|f| &f["key"])
                .collect();
            json!({"decision": "approve", "removed_facts": invented})
        }
        Some("satisfaction") => json!({"level": 5}),
        Some("confirm_plan") => json!({"confirm": true}),
        _ => Value::Null,
    }
}

fn record(outcome: &RefCell<Outcome>, event: &StreamEvent) {
    let StreamEvent::Custom { payload, .. } = event else {
        return;
    };
    let mut o = outcome.borrow_mut();
    match payload["type"].as_str() {
        Some("usage") => {
            o.answered_calls += 1;
            o.input_tokens += payload["input_tokens"].as_u64().unwrap_or(0);
            o.cached_input_tokens += payload["cached_input_tokens"].as_u64().unwrap_or(0);
        }
        Some("delta") => o.deltas += 1,
        Some("agent_error") => o
            .agent_errors
            .push(payload["error"].as_str().unwrap_or_default().to_string()),
        _ => {}
    }
}

/// Runs `workflow` from `input` to its end (or its error), answering every pause, its answers
/// held to `answer_tokens`.
async fn run(base_url: &str, workflow: &str, input: Value, answer_tokens: u32) -> Outcome {
    let outcome = Rc::new(RefCell::new(Outcome::default()));
    let seen = outcome.clone();
    let sink = EventSink::new(move |event| record(&seen, &event));
    let started = Instant::now();
    let runtime = runtime(base_url, answer_tokens);
    let result: Result<Value, String> = async {
        let checked = AnyRun::check(workflow, input).map_err(|e| e.message)?;
        let run =
            futures::executor::block_on(AnyRun::new(checked, &runtime)).map_err(|e| e.message)?;
        let mut step = run.start(sink.clone()).await.map_err(|e| e.message)?;
        for _ in 0..MAX_PAUSES {
            if step["status"] != "interrupted" {
                return Ok(step);
            }
            let answer = answer_for(&step["interrupts"][0]["payload"]);
            let next = run.resume(answer, sink.clone()).map_err(|e| e.message)?;
            step = next.await.map_err(|e| e.message)?;
        }
        run.cancel();
        Err(format!("still pausing after {MAX_PAUSES} answers"))
    }
    .await;
    let mut outcome = outcome.take();
    outcome.wall = started.elapsed();
    match result {
        Ok(step) => outcome.step = Some(step),
        Err(error) => outcome.error = Some(error),
    }
    outcome
}

/// Every number under a key that names a score, with its JSON path.
fn scores(value: &Value, path: &str, out: &mut Vec<(String, f64)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let here = format!("{path}/{key}");
                if key.contains("score") {
                    if let Some(n) = child.as_f64() {
                        out.push((here.clone(), n));
                    }
                }
                scores(child, &here, out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                scores(child, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The honesty check every workflow passes: within the bound; a finished run has every score on
/// its scale (0–10 for the review's critics and totals, 0–100 elsewhere); an error names a cause.
fn assert_honest(workflow: &str, outcome: &Outcome, scale: f64) {
    eprintln!(
        "real model: {workflow}: {:.1} s, {} answered calls ({} input tokens, {} of them cached), {} deltas, {} agent errors{}",
        outcome.wall.as_secs_f64(),
        outcome.answered_calls,
        outcome.input_tokens,
        outcome.cached_input_tokens,
        outcome.deltas,
        outcome.agent_errors.len(),
        outcome
            .error
            .as_deref()
            .map(|e| format!(", ended with: {e}"))
            .unwrap_or_default(),
    );
    for error in &outcome.agent_errors {
        eprintln!("  agent error: {error}");
        assert_named(error);
    }
    assert!(
        outcome.wall < RUN_BOUND,
        "{workflow} took {:?}",
        outcome.wall
    );
    match (&outcome.step, &outcome.error) {
        (Some(step), None) => {
            assert_eq!(step["status"], "done", "{workflow}: {step}");
            let mut found = Vec::new();
            scores(&step["state"], "", &mut found);
            for (path, score) in found {
                assert!(
                    score.is_finite() && (0.0..=scale).contains(&score),
                    "{workflow}: {path} = {score} is off its 0–{scale} scale"
                );
            }
        }
        (None, Some(error)) => assert_named(error),
        _ => unreachable!(),
    }
}

/// A message a user can act on: not empty, not "unknown", not a Rust panic or debug dump.
fn assert_named(message: &str) {
    let lower = message.to_lowercase();
    assert!(
        message.trim().len() >= 12,
        "too short to name a cause: {message:?}"
    );
    // (Not "{": an unreadable answer's message quotes the start of the JSON the model wrote.)
    for vague in ["unknown error", "panicked", "called `option`"] {
        assert!(!lower.contains(vague), "not a named cause: {message:?}");
    }
}

async fn check(workflow: &str, input: Value, scale: f64) {
    check_with(workflow, input, scale, ANSWER_TOKENS).await;
}

/// [`check`] with answers held to `answer_tokens`; gives back the outcome for more checks.
async fn check_with(workflow: &str, input: Value, scale: f64, answer_tokens: u32) -> Outcome {
    let url = server_url("REAL_MODEL_URL");
    let outcome = tokio::time::timeout(RUN_BOUND, run(&url, workflow, input, answer_tokens))
        .await
        .unwrap_or_else(|_| panic!("{workflow} did not end within {RUN_BOUND:?}"));
    assert_honest(workflow, &outcome, scale);
    outcome
}

/// A resume far larger than the small server's context (1,024 tokens, `suite.sh`): the run stops
/// at its first call, before sending it, and says the model's context is too small, with its size.
#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn an_input_larger_than_the_context_stops_the_run_before_any_call() {
    let url = server_url("REAL_MODEL_SMALL_URL");
    let mut resume = fixture("resume.md");
    while resume.len() < 12_000 {
        resume.push_str(
            "\n- Kept the payment platform's deploys boring, safe and frequent across teams",
        );
    }
    let input = json!({"resume": resume, "targetRole": fixture("role.txt").trim()});
    let outcome = tokio::time::timeout(RUN_BOUND, run(&url, "resume_review", input, ANSWER_TOKENS))
        .await
        .expect("ends at once");
    eprintln!(
        "real model, context overflow: {:?}: {:?}",
        outcome.wall, outcome.error
    );
    let error = outcome.error.expect("the run stops with the reason");
    assert!(
        error.contains("context (1024 tokens) is too small"),
        "{error}"
    );
    assert_eq!(outcome.answered_calls, 0);
    assert_eq!(outcome.deltas, 0, "nothing was generated");
}

#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn resume_review_on_a_real_model() {
    let input = json!({"resume": fixture("resume.md"), "targetRole": fixture("role.txt").trim(),
        "maxIterations": 2});
    check("resume_review", input, 10.0).await;
}

#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn resume_tailoring_on_a_real_model() {
    let input = json!({"resume": fixture("resume.md"), "jobDescription": fixture("job.md"),
        "maxQuestions": 1, "maxRevisions": 1});
    check("resume_tailoring", input, 100.0).await;
}

#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn hiring_pipeline_on_a_real_model() {
    let input = json!({"resume": fixture("resume.md"), "jobDescription": fixture("job.md")});
    check("hiring_pipeline", input, 100.0).await;
}

#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn career_navigator_on_a_real_model() {
    let profile: Value = serde_json::from_str(&fixture("profile.json")).unwrap();
    let input = json!({"goal": fixture("goal.txt"), "profile": profile, "maxIterations": 1,
        "startDate": "2026-01-05"});
    check("career_navigator", input, 100.0).await;
}

#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn batch_screening_on_a_real_model() {
    let resumes = json!([
        {"label": "marta.md", "text": fixture("resume.md")},
        {"label": "marta-hostile.md", "text": fixture("resume_hostile.md")},
    ]);
    let input = json!({"jobDescription": fixture("job.md"), "resumes": resumes});
    check("batch_screening", input, 100.0).await;
}

/// The cover letter: its review answered with every flagged fact removed, then a letter (or a
/// named error) in which no fact remains that the resume, the company or the role do not hold
/// (the posting is not a source: docs/workflows/cover_letter.md).
#[tokio::test]
#[ignore = "needs the real model server: tests/real_model/suite.sh"]
async fn cover_letter_on_a_real_model() {
    let (resume, company, role) = (
        fixture("resume.md"),
        "Copperfield Energy",
        fixture("role.txt").trim().to_string(),
    );
    let input = json!({"resume": resume, "jobDescription": fixture("job.md"),
        "company": company, "role": role, "length": "short", "maxRevisions": 1});
    let outcome = check_with("cover_letter", input, 100.0, LETTER_ANSWER_TOKENS).await;
    let Some(step) = outcome.step else {
        return; // a named error, asserted by `check_with`
    };
    let state = &step["state"];
    let letter = state["letter_markdown"].as_str().unwrap_or_default();
    let error = state["error"].as_str();
    // Or the result check says it is not usable: a draft whose every sentence held a flagged
    // fact is empty once they are removed, and the page says so instead of "ready".
    let said_unusable = step["verdict"]["problems"]
        .as_array()
        .is_some_and(|p| !p.is_empty());
    assert!(
        !letter.trim().is_empty() || error.is_some() || said_unusable,
        "neither a letter, a named error nor a verdict: {step}"
    );
    if let Some(error) = error {
        assert_named(error);
    }
    let invented = ungrounded(letter, &[&resume, company, &role]);
    let removed = state["ungrounded_removed"].as_array().map_or(0, Vec::len);
    eprintln!(
        "real model: cover_letter: {} paragraph(s), {removed} invented fact(s) removed at the review, {} left",
        state["letter"].as_array().map_or(0, Vec::len),
        invented.len()
    );
    assert!(
        invented.is_empty(),
        "invented facts left in the letter: {invented:?}\n{letter}"
    );
}
