//! The review workflow's routing, aggregation and events with a scripted model (no network):
//! threshold met → portfolio → design; not met → revisor loop; max iterations; design off;
//! exact supersteps of a two-round run; aggregator formula and missing feedback; streamed
//! deltas and usage events; failed critic → neutral 5.0; failed advice → a warning in the run's
//! language; model overrides; cancellation.

use crate::review_support;

use std::rc::Rc;

use careergraph::domain::{Feedback, Language};
use careergraph::graph::{GraphError, RunConfig};
use careergraph::llm::{CancelToken, LlmError};
use careergraph::workflows::resume_review::{
    self, answered, answered_line, initial_state, integrated_score, merge_feedback,
    score_is_meaningful, should_continue_review, ReviewInput, ReviewSettings, ReviewState,
};
use careergraph::workflows::RunSettings;
use futures::executor::block_on;
use review_support::*;

const RESUME: &str =
    "### Engineer — Acme (2019–2023)\n- Built a billing service handling 40k requests a day\n";

fn run_with(
    model: Rc<ScriptedModel>,
    settings: ReviewSettings,
) -> (
    Result<ReviewState, GraphError>,
    Vec<careergraph::graph::StreamEvent>,
) {
    let graph = resume_review::graph(model, settings.clone())
        .compile()
        .unwrap();
    let (sink, events) = recorder();
    let input = ReviewInput::new(RESUME, "Backend Engineer");
    let result = block_on(graph.invoke(
        initial_state(&input, &settings),
        &RunConfig::default().with_events(sink),
    ))
    .map(|outcome| outcome.into_state());
    let events = events.borrow().clone();
    (result, events)
}

fn critics(scores: [&[f64]; 3]) -> ScriptedModel {
    ScriptedModel::new()
        .critic_scores("recruiter", scores[0])
        .critic_scores("tech_writer", scores[1])
        .critic_scores("copywriter", scores[2])
        .with_default_advisors(RESUME)
}

fn round(critics_and_then: &[&str]) -> Vec<Vec<String>> {
    let mut steps = vec![names(&["router"]), names(&CRITICS), names(&["aggregator"])];
    steps.extend(critics_and_then.iter().map(|n| names(&[n])));
    steps
}

#[test]
fn threshold_met_in_round_one_goes_to_portfolio_then_design() {
    let model = Rc::new(critics([&[9.0], &[8.5], &[8.0]]));
    let (state, events) = run_with(model.clone(), ReviewSettings::default());
    let state = state.unwrap();
    assert_eq!(started_per_step(&events), round(&["portfolio", "design"]));
    assert_eq!(state.current_iteration, 1);
    assert_eq!(state.integrated_score, 8.5);
    assert!(state.threshold_met);
    assert_eq!(state.final_score, 8.5);
    assert_eq!(state.feedback_history.len(), 1);
    assert!(state.portfolio_advice.is_some());
    assert_eq!(state.design_advice.unwrap().readability_score, 7.5);
    assert_eq!(model.calls("revisor"), 0);
}

#[test]
fn two_round_run_has_the_exact_superstep_sequence() {
    // Round 1: 7.0 → revise; round 2: 8.3 → done.
    let model = Rc::new(critics([&[7.0, 8.5], &[7.0, 8.0], &[7.0, 8.5]]));
    let (state, events) = run_with(model.clone(), ReviewSettings::default());
    let state = state.unwrap();
    let mut expected = round(&["revisor"]);
    expected.extend(round(&["portfolio", "design"]));
    assert_eq!(started_per_step(&events), expected);
    assert_eq!(state.current_iteration, 2);
    assert_eq!(state.final_score, 8.3);
    let history: Vec<f64> = state
        .feedback_history
        .iter()
        .map(|f| integrated_score(f))
        .collect();
    assert_eq!(history, [7.0, 8.3]);
    assert_eq!(state.revision_history.len(), 1);
    assert!(state.revision_history[0].accepted);
    assert_eq!(state.revised_resume.as_deref(), Some(RESUME));
}

#[test]
fn stops_at_max_iterations_when_the_threshold_is_never_met() {
    let model = Rc::new(critics([&[6.0], &[6.0], &[6.0]]));
    let settings = ReviewSettings {
        max_iterations: 3,
        ..ReviewSettings::default()
    };
    let (state, events) = run_with(model.clone(), settings);
    let state = state.unwrap();
    let steps = started_per_step(&events);
    assert_eq!(
        steps.len(),
        3 * 3 + 2 + 2,
        "3 rounds, 2 revisions, portfolio, design"
    );
    assert_eq!(state.current_iteration, 3);
    assert!(!state.threshold_met);
    assert_eq!(state.feedback_history.len(), 3);
    assert_eq!(
        model.calls("revisor"),
        2,
        "no revision after the last round"
    );
    assert_eq!(model.calls("recruiter"), 3);
}

#[test]
fn threshold_is_configurable() {
    let model = Rc::new(critics([&[6.0], &[6.0], &[6.0]]));
    let settings = ReviewSettings {
        threshold: 6.0,
        ..ReviewSettings::default()
    };
    let state = run_with(model, settings).0.unwrap();
    assert_eq!(state.current_iteration, 1);
    assert!(state.threshold_met);
}

#[test]
fn design_off_ends_after_portfolio() {
    let model = Rc::new(critics([&[9.0], &[9.0], &[9.0]]));
    let settings = ReviewSettings {
        design_review: false,
        ..ReviewSettings::default()
    };
    let (state, events) = run_with(model.clone(), settings);
    assert_eq!(started_per_step(&events), round(&["portfolio"]));
    assert!(state.unwrap().design_advice.is_none());
    assert_eq!(model.calls("design"), 0);
}

#[test]
fn failed_advice_leaves_a_warning_in_the_run_language() {
    let down = LlmError::ProviderDown {
        provider: "scripted".into(),
        status: 500,
        message: "boom".into(),
    };
    for (language, expected) in [
        (
            Language::En,
            [
                format!("The portfolio advice could not be produced ({down})"),
                format!("The design review could not be produced ({down})"),
            ],
        ),
        (
            Language::Zh,
            [
                format!("未能生成作品集建议（{down}）"),
                format!("未能生成版式评审（{down}）"),
            ],
        ),
    ] {
        let model = critics([&[9.0], &[9.0], &[9.0]])
            .answer("portfolio", vec![Err(down.clone())])
            .answer("design", vec![Err(down.clone())]);
        let settings = ReviewSettings::default().with_language(language);
        let state = run_with(Rc::new(model), settings).0.unwrap();
        assert!(state.portfolio_advice.is_none() && state.design_advice.is_none());
        assert_eq!(state.warnings, expected);
    }
}

#[test]
fn a_failed_critic_is_left_out_of_the_score_and_the_run_completes() {
    let down = LlmError::ProviderDown {
        provider: "scripted".into(),
        status: 500,
        message: "boom".into(),
    };
    let model =
        Rc::new(critics([&[9.0], &[9.0], &[9.0]]).answer("tech_writer", vec![Err(down.clone())]));
    let (state, events) = run_with(model, ReviewSettings::default());
    let state = state.unwrap();
    let failed = state.tech_writer_feedback.clone().unwrap();
    assert_eq!(
        failed,
        Feedback::failed("technical_writer", &down.to_string())
    );
    assert!(failed.is_failure());
    assert!(
        failed.strengths.is_empty(),
        "a failure is no strength: {failed:?}"
    );
    assert!(failed
        .error
        .as_deref()
        .unwrap()
        .starts_with("scripted is unavailable right now (HTTP 500)"));
    // The two that answered make the score (9 + 9) / 2, not (9 + 5 + 9) / 3: no made-up 5.0.
    assert_eq!(state.feedback_history[0].len(), 3);
    assert_eq!(integrated_score(&state.feedback_history[0]), 9.0);
    assert!(state.threshold_met, "2 of 3 answered: a meaningful score");
    let errors: Vec<_> = custom_payloads(&events)
        .into_iter()
        .filter(|p| p["type"] == "agent_error")
        .collect();
    assert!(!errors.is_empty());
    assert_eq!(errors[0]["agent"], "tech_writer");
}

#[test]
fn with_one_critic_of_three_answering_the_score_is_not_meaningful_and_never_meets_the_threshold() {
    let timeout = LlmError::Timeout {
        provider: "scripted".into(),
        after: std::time::Duration::from_secs(60),
    };
    let model = critics([&[9.5], &[9.5], &[9.5]])
        .answer("tech_writer", vec![Err(timeout.clone()); 10])
        .answer("copywriter", vec![Err(timeout); 10]);
    let settings = ReviewSettings {
        threshold: 8.0,
        max_iterations: 2,
        ..ReviewSettings::default()
    };
    let state = run_with(Rc::new(model), settings).0.unwrap();
    assert!(!state.threshold_met, "one critic's 9.5 is no review");
    assert_eq!(state.current_iteration, 2, "it kept trying, then stopped");
    assert_eq!(answered(&state.current_feedback), (1, 3));
    assert!(!score_is_meaningful(&state.current_feedback));
    let report = careergraph::workflows::resume_review::report_markdown(&state);
    assert!(
        report.contains(&answered_line(&state.current_feedback, Language::En)),
        "the report says how many answered"
    );
}

#[test]
fn the_result_is_the_best_scoring_version_not_the_last() {
    // A real run: 6.3 → 7.0 → 5.7, round 3's text having lost a section.
    let better = RESUME.replace("- Built", "- Designed and built");
    let worse = "### Engineer — Acme (2019–2023)\n";
    let revisions = [&better, worse]
        .iter()
        .map(|text| Ok(serde_json::json!({"revised_resume": text, "changes": ["c"]}).to_string()))
        .collect();
    let rounds: &[f64] = &[6.3, 7.0, 5.7];
    let model = critics([rounds, rounds, rounds]).answer("revisor", revisions);
    let settings = ReviewSettings {
        threshold: 8.0,
        max_iterations: 3,
        ..ReviewSettings::default()
    };
    let state = run_with(Rc::new(model), settings).0.unwrap();
    let history: Vec<f64> = state
        .feedback_history
        .iter()
        .map(|round| integrated_score(round))
        .collect();
    assert_eq!(history, [6.3, 7.0, 5.7], "the history stays as it happened");
    assert_eq!(state.final_score, 7.0);
    assert_eq!(state.resume.text, better, "round 2 read the best version");
    assert_eq!(state.revised_resume.as_deref(), Some(better.as_str()));
    assert_eq!(integrated_score(&state.current_feedback), 7.0);
    assert_eq!(state.best_round.as_ref().map(|b| b.round), Some(2));
    assert!(!state.warnings.is_empty(), "the swap is said");
}

#[test]
fn when_the_first_round_is_best_the_result_is_the_original() {
    let rounds: &[f64] = &[7.5, 6.0];
    let model = critics([rounds, rounds, rounds]).answer(
        "revisor",
        vec![Ok(
            serde_json::json!({"revised_resume": "### Engineer\n", "changes": []}).to_string(),
        )],
    );
    let settings = ReviewSettings {
        threshold: 8.0,
        max_iterations: 2,
        ..ReviewSettings::default()
    };
    let state = run_with(Rc::new(model), settings).0.unwrap();
    assert_eq!(state.resume.text, state.original_resume.text);
    assert_eq!(state.revised_resume, None);
    assert_eq!(state.final_score, 7.5);
}

#[test]
fn aggregator_merges_in_fixed_order_and_tolerates_missing_feedback() {
    let fb = |agent: &str, score: f64| Feedback {
        agent_name: agent.into(),
        score,
        ..Feedback::default()
    };
    let mut state = ReviewState {
        recruiter_feedback: Some(fb("recruiter", 8.5)),
        tech_writer_feedback: Some(fb("technical_writer", 7.0)),
        copywriter_feedback: Some(fb("copywriter", 8.0)),
        threshold: 8.0,
        max_iterations: 3,
        current_iteration: 1,
        ..ReviewState::default()
    };
    let merged = merge_feedback(&state);
    let order: Vec<&str> = merged.iter().map(|f| f.agent_name.as_str()).collect();
    assert_eq!(order, ["recruiter", "technical_writer", "copywriter"]);
    assert_eq!(
        integrated_score(&merged),
        7.8,
        "(8.5 + 7.0 + 8.0) / 3 = 7.83"
    );

    state.tech_writer_feedback = None;
    let merged = merge_feedback(&state);
    assert_eq!(merged.len(), 2);
    assert_eq!(
        integrated_score(&merged),
        8.3,
        "(8.5 + 8.0) / 2 = 8.25 → 8.3"
    );
    state.recruiter_feedback = None;
    state.copywriter_feedback = None;
    assert_eq!(integrated_score(&merge_feedback(&state)), 0.0);

    state.threshold_met = false;
    assert_eq!(should_continue_review(&state), "revisor");
    state.current_iteration = 3;
    assert_eq!(should_continue_review(&state), "portfolio");
    state.current_iteration = 1;
    state.threshold_met = true;
    assert_eq!(should_continue_review(&state), "portfolio");
}

#[test]
fn critics_stream_deltas_and_report_usage_as_custom_events() {
    let model = Rc::new(critics([&[9.0], &[9.0], &[9.0]]));
    let (_, events) = run_with(model, ReviewSettings::default());
    let payloads = custom_payloads(&events);
    for agent in [
        "recruiter",
        "tech_writer",
        "copywriter",
        "portfolio",
        "design",
    ] {
        let deltas: String = payloads
            .iter()
            .filter(|p| p["type"] == "delta" && p["agent"] == agent)
            .map(|p| p["delta"].as_str().unwrap().to_string())
            .collect();
        let parsed: serde_json::Value = serde_json::from_str(&deltas).unwrap();
        assert!(parsed.is_object(), "{agent}: deltas join into the answer");
        let usage: Vec<_> = payloads
            .iter()
            .filter(|p| p["type"] == "usage" && p["agent"] == agent)
            .collect();
        assert_eq!(usage.len(), 1, "{agent}");
        assert_eq!(usage[0]["input_tokens"], 100);
        assert_eq!(usage[0]["output_tokens"], 20);
        assert_eq!(usage[0]["cost_usd"], 0.001);
        assert_eq!(usage[0]["iteration"], 1);
    }
}

#[test]
fn model_overrides_and_cancel_token_reach_every_request() {
    let model = Rc::new(critics([&[9.0], &[9.0], &[9.0]]));
    let cancel = CancelToken::new();
    let settings = ReviewSettings::default()
        .with_model_override("recruiter", "big-model")
        .with_cancel(cancel);
    run_with(model.clone(), settings).0.unwrap();
    let requests = model.requests.borrow();
    assert_eq!(requests.len(), 5);
    for request in requests.iter() {
        let expected = (request.role_name == "recruiter").then(|| "big-model".to_string());
        assert_eq!(request.model, expected, "{}", request.role_name);
        assert!(request.cancel.is_some());
        assert!(request.schema.is_some());
    }
}

#[test]
fn a_cancelled_run_fails_instead_of_scoring() {
    let model = Rc::new(critics([&[9.0], &[9.0], &[9.0]]));
    let cancel = CancelToken::new();
    cancel.cancel();
    let (result, _) = run_with(model.clone(), ReviewSettings::default().with_cancel(cancel));
    let error = result.unwrap_err();
    assert!(error.to_string().contains("cancelled"), "{error}");
    assert_eq!(model.requests.borrow().len(), 0, "no call after cancel");
}

/// A revision that invents facts is kept, its new facts are listed for the user to
/// keep or remove, a warning counts them, and the exported resume and report leave out each one
/// the user did not keep.
#[test]
fn a_revision_that_invents_numbers_lists_them_and_exports_leave_them_out() {
    let invented = "### Engineer — Acme (2019–2023)\n- Built a billing service handling 40k requests a day\n- Served 12 banks\n";
    let model = Rc::new(critics([&[6.0, 9.0], &[6.0, 9.0], &[6.0, 9.0]]).answer(
        "revisor",
        vec![Ok(
            serde_json::json!({"revised_resume": invented, "changes": []}).to_string(),
        )],
    ));
    let state = run_with(model, ReviewSettings::default()).0.unwrap();
    assert_eq!(state.resume.text, invented, "kept for the user to decide");
    let revision = &state.revision_history[0];
    assert!(revision.accepted);
    let facts = &state.ungrounded_facts;
    assert!(facts.iter().any(|f| f.text.contains("12")), "{facts:?}");
    for fact in facts {
        assert_eq!(&state.resume.text[fact.start..fact.end], fact.text);
    }
    assert!(
        state.warnings[0].contains("not in your resume") && !state.warnings[0].contains("12"),
        "counted, not repeated: {:?}",
        state.warnings
    );
    let exported = resume_review::final_resume_kept(&state, &[]);
    assert!(!exported.contains("12 banks"), "{exported}");
    assert!(exported.contains("40k requests"), "{exported}");
    let report = resume_review::report_markdown_in(&state, Language::En);
    assert!(!report.contains("12 banks"), "{report}");
    let keys: Vec<String> = facts.iter().map(|f| f.key.clone()).collect();
    assert!(resume_review::final_resume_kept(&state, &keys).contains("12 banks"));
    assert!(resume_review::report_markdown_kept(&state, Language::En, &keys).contains("12 banks"));
}

#[test]
fn the_graph_draws_as_the_seed() {
    let graph = resume_review::graph(Rc::new(ScriptedModel::new()), ReviewSettings::default())
        .compile()
        .unwrap();
    let mermaid = graph.to_mermaid();
    for line in [
        "\trouter --> recruiter;",
        "\trevisor --> router;",
        "\tdesign --> __end__;",
    ] {
        assert!(mermaid.contains(line), "{line} in\n{mermaid}");
    }
    for line in [
        "\tcopywriter --> aggregator;",
        "\ttech_writer --> aggregator;",
        "\taggregator -.-> revisor;",
        "\taggregator -.-> portfolio;",
        "\tportfolio -.-> design;",
        "\tportfolio -.-> __end__;",
        // Every run starts at the router; only a finished run's follow-up ("Retry failed
        // critics") starts at retry_critics, which ends it.
        "\t__start__ -.-> router;",
        "\t__start__ -.-> retry_critics;",
        "\tretry_critics --> __end__;",
    ] {
        assert!(mermaid.contains(line), "{line} in\n{mermaid}");
    }
}

#[test]
fn cancelling_mid_run_stops_before_the_next_call() {
    use careergraph::graph::{EventSink, StreamEvent};
    let model = Rc::new(critics([&[6.0], &[6.0], &[6.0]]));
    let cancel = CancelToken::new();
    let settings = ReviewSettings::default().with_cancel(cancel.clone());
    let graph = resume_review::graph(model.clone(), settings.clone())
        .compile()
        .unwrap();
    // The "user" presses stop as soon as the first round is scored.
    let sink = EventSink::new(move |event| {
        if let StreamEvent::NodeFinished { node, .. } = &event {
            if node == "aggregator" {
                cancel.cancel();
            }
        }
    });
    let input = ReviewInput::new(RESUME, "Backend Engineer");
    let error = block_on(graph.invoke(
        initial_state(&input, &settings),
        &RunConfig::default().with_events(sink),
    ))
    .unwrap_err();
    assert!(error.to_string().contains("cancelled"), "{error}");
    assert_eq!(model.calls("recruiter"), 1, "no second round");
    assert_eq!(model.calls("revisor"), 0);
}

#[test]
fn runs_with_a_checkpointer_and_the_state_round_trips() {
    use careergraph::graph::MemorySaver;
    let model = Rc::new(critics([&[7.0, 9.0], &[7.0, 9.0], &[7.0, 9.0]]));
    let settings = ReviewSettings::default();
    let graph = resume_review::graph(model, settings.clone())
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("review-1");
    let input = ReviewInput::new(RESUME, "Backend Engineer");
    let done = block_on(graph.invoke(initial_state(&input, &settings), &config))
        .unwrap()
        .into_state();
    let saved = block_on(graph.get_state(&config)).unwrap();
    assert_eq!(saved.values.final_score, done.final_score);
    assert_eq!(saved.values.feedback_history, done.feedback_history);
    let json = serde_json::to_value(&done).unwrap();
    assert!(json.get("api_key").is_none(), "no keys in state");
    let back: ReviewState = serde_json::from_value(json).unwrap();
    assert_eq!(back.revision_history, done.revision_history);
}

#[test]
fn a_malformed_critic_answer_is_repaired_once_and_out_of_range_scores_are_clamped() {
    let fenced = format!("Sure! ```json\n{}\n```", critic_json(9.0));
    let model = Rc::new(
        critics([&[9.0], &[9.0], &[9.0]])
            // Unusable first answer; the repair request (non-streaming) gets a valid one.
            .answer(
                "recruiter",
                vec![
                    Ok("I think it is good".into()),
                    Ok(critic_json(8.0).to_string()),
                ],
            )
            // Wrapped in prose and a fence: repaired locally, no second call.
            .answer("tech_writer", vec![Ok(fenced)])
            .answer("copywriter", vec![Ok(critic_json(85.0).to_string())]),
    );
    let (state, events) = run_with(model.clone(), ReviewSettings::default());
    let state = state.unwrap();
    let scores: Vec<f64> = state.current_feedback.iter().map(|f| f.score).collect();
    assert_eq!(scores, [8.0, 9.0, 10.0]);
    assert_eq!(model.calls("recruiter"), 2);
    assert_eq!(model.calls("tech_writer"), 1);
    let usage: Vec<_> = custom_payloads(&events)
        .into_iter()
        .filter(|p| p["type"] == "usage" && p["agent"] == "recruiter")
        .collect();
    assert_eq!(usage[0]["repaired"], true);
    assert_eq!(usage[0]["input_tokens"], 200, "both calls counted");
}
