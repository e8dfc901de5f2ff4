//! The whole review offline with the demo model: honest, input-derived scores (a weaker resume
//! scores lower, the role matters), a real revision that keeps every fact, and — when the real
//! resumes folder `../shared/corpus` exists — a run over each of them.

use crate::review_support;
use crate::shared_support;

use std::rc::Rc;

use careergraph::graph::RunConfig;
use careergraph::workflows::resume_review::demo::{revise, score_copywriter, Signals};
use careergraph::workflows::resume_review::{
    self, demo_model, facts, initial_state, integrated_score, ReviewInput, ReviewSettings,
    ReviewState,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use futures::executor::block_on;
use review_support::{custom_payloads, recorder};

fn review(resume: &str, role: &str, settings: ReviewSettings) -> ReviewState {
    let graph = resume_review::graph(Rc::new(demo_model()), settings.clone())
        .compile()
        .unwrap();
    let input = ReviewInput::new(resume, role);
    block_on(graph.invoke(initial_state(&input, &settings), &RunConfig::default()))
        .unwrap()
        .into_state()
}

fn first_round_score(state: &ReviewState) -> f64 {
    integrated_score(&state.feedback_history[0])
}

/// The sample with its evidence taken out: no numbers, weak openings, no summary.
const WEAK_RESUME: &str = "\
# Jordan Avery
Backend engineer

## Experience
### Software Engineer — Parcelwise (2021–present)
- Worked on the shipment-tracking ingestion service.
- Responsible for the ledger.
- Helped with design reviews.

### Software Engineer — Tillpoint Payments (2018–2021)
- Worked on the reconciliation service.
- Responsible for nightly batch jobs.

## Education
BSc Computer Science — University of Porto (2014–2018)
";

#[test]
fn demo_reviews_the_sample_offline_end_to_end() {
    let graph = resume_review::graph(Rc::new(demo_model()), ReviewSettings::default())
        .compile()
        .unwrap();
    let (sink, events) = recorder();
    let input = ReviewInput::new(SAMPLE_RESUME, SAMPLE_TARGET_ROLE);
    let state = block_on(graph.invoke(
        initial_state(&input, &ReviewSettings::default()),
        &RunConfig::default().with_events(sink),
    ))
    .unwrap()
    .into_state();
    assert!((0.0..=10.0).contains(&state.final_score));
    assert!(
        state.final_score > 5.0,
        "a good resume: {}",
        state.final_score
    );
    assert_eq!(state.current_feedback.len(), 3);
    for feedback in &state.current_feedback {
        assert!(!feedback.strengths.is_empty(), "{feedback:?}");
    }
    let portfolio = state.portfolio_advice.as_ref().unwrap();
    assert!(!portfolio.pieces.is_empty());
    assert!(state.design_advice.is_some());
    // Streamed like a real model: deltas and zero-cost usage for every call.
    let payloads = custom_payloads(&events.borrow());
    assert!(payloads
        .iter()
        .any(|p| p["type"] == "delta" && p["agent"] == "copywriter"));
    assert!(payloads
        .iter()
        .any(|p| p["type"] == "usage" && p["cost_usd"] == 0.0));
    // Every revision (if the score asked for one) kept every fact.
    for revision in &state.revision_history {
        assert!(
            revision.accepted && revision.fact_check.is_clean(),
            "{revision:?}"
        );
    }
    assert!(state.warnings.is_empty(), "{:?}", state.warnings);
}

#[test]
fn a_weaker_resume_scores_lower() {
    let strong = review(SAMPLE_RESUME, SAMPLE_TARGET_ROLE, ReviewSettings::default());
    let weak = review(WEAK_RESUME, SAMPLE_TARGET_ROLE, ReviewSettings::default());
    for (s, w) in strong.feedback_history[0]
        .iter()
        .zip(&weak.feedback_history[0])
    {
        assert!(
            s.score > w.score,
            "{}: {} vs {}",
            s.agent_name,
            s.score,
            w.score
        );
    }
    assert!(first_round_score(&strong) > first_round_score(&weak) + 1.0);
    assert!(weak.feedback_history[0][2]
        .issues
        .iter()
        .any(|i| i.description.contains("worked on")));
}

#[test]
fn the_target_role_changes_the_recruiter_score() {
    let backend = review(SAMPLE_RESUME, SAMPLE_TARGET_ROLE, ReviewSettings::default());
    let nurse = review(
        SAMPLE_RESUME,
        "Registered Nurse, intensive care unit",
        ReviewSettings::default(),
    );
    let recruiter = |s: &ReviewState| s.feedback_history[0][0].score;
    assert!(recruiter(&backend) > recruiter(&nurse) + 2.0);
}

#[test]
fn demo_revision_strengthens_weak_openings_and_keeps_every_fact() {
    let (revised, changes) = revise(WEAK_RESUME);
    assert!(revised.contains("- Contributed to the shipment-tracking ingestion service."));
    assert!(revised.contains("- Owned the ledger."));
    assert!(revised.contains("- Supported design reviews."));
    assert!(!revised.to_lowercase().contains("worked on"));
    assert_eq!(changes.len(), 3, "{changes:?}");
    assert!(facts::check(WEAK_RESUME, &revised).is_clean());
    let before = score_copywriter(&Signals::new(WEAK_RESUME, SAMPLE_TARGET_ROLE));
    let after = score_copywriter(&Signals::new(&revised, SAMPLE_TARGET_ROLE));
    assert!(after > before, "{before} → {after}");
}

#[test]
fn the_weak_resume_loops_and_its_revisions_are_accepted() {
    let state = review(WEAK_RESUME, SAMPLE_TARGET_ROLE, ReviewSettings::default());
    assert_eq!(state.current_iteration, 3, "below 8.0: all rounds used");
    assert_eq!(state.revision_history.len(), 2);
    assert!(state
        .revision_history
        .iter()
        .all(|r| r.accepted && r.fact_check.is_clean()));
    assert!(
        state.feedback_history[1][2].score > state.feedback_history[0][2].score,
        "copywriter sees the stronger verbs"
    );
    assert_eq!(state.original_resume.text, WEAK_RESUME);
}

/// Runs the demo review over the real resumes in `../shared/corpus` when the folder exists. The
/// files are read in place, never copied into the repository.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn demo_reviews_every_corpus_resume() {
    let Some(dir) = shared_support::shared_dir("corpus") else {
        return;
    };
    let entries = std::fs::read_dir(&dir).expect("corpus readable");
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            (name.starts_with("resume-") && name.ends_with(".md"))
                || (name.starts_with("jsonresume-") && name.ends_with(".json"))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "corpus folder without resumes");
    let role = "Backend Engineer (Python, Go, distributed systems, cloud)";
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let state = review(&text, role, ReviewSettings::default());
        let name = path.display();
        assert!(
            (0.0..=10.0).contains(&state.final_score),
            "{name}: {}",
            state.final_score
        );
        for feedback in state.feedback_history.iter().flatten() {
            assert!(
                (0.0..=10.0).contains(&feedback.score),
                "{name}: {feedback:?}"
            );
            assert!(!feedback.is_failure(), "{name}: {feedback:?}");
        }
        assert!(state.portfolio_advice.is_some(), "{name}");
        assert!(state.design_advice.is_some(), "{name}");
        assert!(
            state
                .revision_history
                .iter()
                .all(|r| r.accepted && r.fact_check.is_clean()),
            "{name}: {:?}",
            state
                .revision_history
                .iter()
                .map(|r| &r.fact_check)
                .collect::<Vec<_>>()
        );
        eprintln!(
            "{name}: {} after {} round(s)",
            state.final_score, state.current_iteration
        );
    }
}

#[test]
fn json_resume_is_read_as_its_sections_and_bullets() {
    let json = r#"{"basics": {"name": "Ann", "summary": "Rust engineer"},
        "work": [{"name": "Acme", "startDate": "2019-03-01",
                  "highlights": ["Built a queue handling 40k jobs a day", "Worked on billing"]}],
        "education": [{"institution": "Uni"}], "skills": [{"name": "Rust"}]}"#;
    let signals = Signals::new(json, "Rust engineer");
    assert_eq!(signals.bullets, 2);
    assert_eq!(signals.strong_bullets, 1);
    assert_eq!(signals.metrics, 1, "40k counts, the date does not");
    assert_eq!(signals.sections.len(), 4, "{:?}", signals.sections);
    assert_eq!(signals.weak_phrases, ["worked on"]);
}

#[test]
fn demo_revision_only_rewrites_openings() {
    let text = "- Responsible for billing. Worked on the API.\nI was responsible for hiring.\n[\"Helped with onboarding\"]";
    let (revised, _) = revise(text);
    assert_eq!(
        revised,
        "- Owned billing. Contributed to the API.\nI was responsible for hiring.\n[\"Supported onboarding\"]"
    );
}

#[test]
fn markdown_report_has_score_feedback_advice_and_the_final_resume() {
    let provider: careergraph::session::ProviderConfig =
        serde_json::from_value(serde_json::json!({"provider": "demo"})).unwrap();
    let model = careergraph::session::build_model(&provider, std::rc::Rc::new(NoNetwork)).unwrap();
    let input = serde_json::json!({"resume": careergraph::workflows::sample::SAMPLE_RESUME, "targetRole": "Backend engineer"});
    let run = crate::run_support::any_run(
        "resume_review",
        input,
        &careergraph::session::Runtime::new(model),
    )
    .unwrap();
    let state: careergraph::workflows::resume_review::ReviewState = serde_json::from_value(
        futures::executor::block_on(run.start(careergraph::graph::EventSink::new(|_| {}))).unwrap()
            ["state"]
            .take(),
    )
    .unwrap();
    let report = careergraph::workflows::resume_review::report_markdown(&state);
    assert!(report.starts_with("# Resume review — Backend engineer"));
    assert!(report.contains(&format!("**{:.1}/10**", state.final_score)));
    assert!(report.contains("### Recruiter"));
    assert!(report.contains("## Portfolio"));
    assert!(report.contains("## Final resume"));
    assert!(
        report.contains("Parcelwise"),
        "the resume's facts are in the report"
    );
}

/// The demo model never sends a request; this transport proves it by failing if asked.
struct NoNetwork;

impl careergraph::llm::http::HttpTransport for NoNetwork {
    fn send(
        &self,
        _request: careergraph::llm::http::HttpRequest,
    ) -> futures::future::LocalBoxFuture<
        'static,
        Result<careergraph::llm::http::HttpResponse, careergraph::llm::http::TransportError>,
    > {
        panic!("the demo model must not use the network")
    }
}
