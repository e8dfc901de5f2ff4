//! The hiring supervisor's routing with a scripted model: the normal order, a loop it must
//! break, unreadable answers, the step limit, "finished" too early, agent failures, typed
//! outputs landing in their fields, the research agent's no-web statement, and the language.
use crate::review_support;

use std::rc::Rc;

use careergraph::domain::hiring::Recommendation;
use careergraph::domain::Language;
use careergraph::graph::{GraphError, RunConfig, StreamEvent};
use careergraph::llm::{CancelToken, LlmError};
use careergraph::workflows::hiring::{
    self, routing::AGENTS, HiringInput, HiringSettings, HiringState, RouteReason,
};
use careergraph::workflows::RunSettings;
use futures::executor::block_on;
use review_support::{custom_payloads, recorder, ScriptedModel};
use serde_json::{json, Value};

const RESUME: &str = "# Mia Chen\nBackend engineer\n## Skills\nRust, PostgreSQL\n";
const JD: &str = "# Platform Engineer\n## Requirements\n- Rust\n- Kubernetes\n";

fn route(next: &str) -> Result<String, LlmError> {
    Ok(json!({"next_agent": next, "reason": format!("{next} next")}).to_string())
}

fn questions(round: &str) -> Value {
    json!({"focus": format!("{round} focus"), "questions": [
        {"question": format!("{round} question 1?"), "purpose": "p", "listen_for": "l"},
        {"question": format!("{round} question 2?"), "purpose": "p", "listen_for": "l"}
    ]})
}

/// Every worker agent with a valid typed answer; the supervisor answers `routes` in turn.
fn scripted(routes: &[&str]) -> ScriptedModel {
    let ok = |v: Value| vec![Ok(v.to_string())];
    ScriptedModel::new()
        .answer("supervisor_agent", routes.iter().map(|r| route(r)).collect())
        .answer("resume_parser_agent", ok(json!({
            "name": "Mia Chen", "headline": "Backend engineer", "summary": "Builds databases.",
            "years_experience": 6, "skills": ["Rust", "PostgreSQL"],
            "experience": [{"title": "Engineer", "organization": "Acme", "period": "2019–2025", "highlights": ["Cut costs 20%"]}],
            "education": ["BSc"], "certifications": []
        })))
        .answer("jd_analysis_agent", ok(json!({
            "title": "Platform Engineer", "seniority": "mid", "summary": "Runs the platform.",
            "must_have": ["Rust", "Kubernetes"], "nice_to_have": [], "responsibilities": ["Own deploys"]
        })))
        .answer("matching_agent", ok(json!({
            "score": 140, "summary": "Good fit.", "matched_skills": ["Rust"],
            "missing_skills": ["Kubernetes"], "strengths": ["Rust"], "gaps": ["Kubernetes"]
        })))
        .answer("candidate_research_agent", ok(json!({
            "web_access": true, "sources": ["LinkedIn", "GitHub"], "summary": "Six years.",
            "career_trajectory": "Engineer at Acme", "points_to_verify": ["Cut costs 20%"],
            "limitations": ""
        })))
        .answer("hr_interview_agent", ok(questions("HR")))
        .answer("technical_interview_agent", ok(questions("Technical")))
        .answer("ceo_interview_agent", ok(questions("CEO")))
        .answer("evaluation_agent", ok(json!({
            "recommendation": "hire", "overall_score": 72, "summary": "Hire.",
            "strengths": ["Rust"], "concerns": ["Kubernetes"], "next_steps": ["Interview"]
        })))
        .answer("email_agent", ok(json!({
            "recipient": "candidate", "subject": "Next steps", "body": "Hi Mia,\n\nLet's talk.\n\nThe hiring team"
        })))
}

fn run(model: Rc<ScriptedModel>, settings: HiringSettings) -> Result<HiringState, GraphError> {
    run_recorded(model, settings).0
}

fn run_recorded(
    model: Rc<ScriptedModel>,
    settings: HiringSettings,
) -> (Result<HiringState, GraphError>, Vec<StreamEvent>) {
    let (events, log) = recorder();
    let graph = hiring::graph(model, settings.clone()).compile().unwrap();
    let config = RunConfig::default()
        .with_events(events)
        .with_recursion_limit(settings.recursion_limit());
    let input = HiringInput::new(RESUME, JD);
    let result = block_on(graph.invoke(hiring::initial_state(&input, &settings), &config))
        .map(|outcome| outcome.into_state());
    let events = log.borrow().clone();
    (result, events)
}

fn reasons(state: &HiringState) -> Vec<RouteReason> {
    state.routing.iter().map(|s| s.reason).collect()
}

#[test]
fn normal_order_dispatches_each_agent_once_then_finishes_without_asking() {
    let model = Rc::new(scripted(&AGENTS));
    let state = run(model.clone(), HiringSettings::default()).unwrap();
    assert_eq!(state.workflow_history, AGENTS);
    assert!(state.completed);
    assert_eq!(state.next_agent, "finished");
    assert_eq!(state.workflow_stage, "finished");
    assert_eq!(state.error, None);
    let mut expected = vec![RouteReason::Model; 9];
    expected.push(RouteReason::AllDone);
    assert_eq!(reasons(&state), expected);
    // The tenth decision needed no model: every output existed.
    assert_eq!(model.calls("supervisor_agent"), 9);
    for agent in AGENTS {
        // The scripted match score (140 of 100) is asked again once, naming the scale.
        let reasks = usize::from(agent == "matching_agent");
        assert_eq!(model.calls(agent), 1 + reasks, "{agent}");
    }
    assert_eq!(
        state.routing[3].available.len(),
        3,
        "what existed at step 4"
    );
    assert_eq!(state.routing[0].note, "resume_parser_agent next");
}

#[test]
fn each_agent_s_typed_output_lands_in_its_field() {
    let state = run(Rc::new(scripted(&AGENTS)), HiringSettings::default()).unwrap();
    let profile = state.candidate_profile.unwrap();
    assert_eq!(profile.name, "Mia Chen");
    assert_eq!(profile.years_experience, 6.0);
    assert_eq!(profile.experience[0].highlights, ["Cut costs 20%"]);
    assert_eq!(state.jd_analysis.unwrap().must_have, ["Rust", "Kubernetes"]);
    let matching = state.matching_analysis.unwrap();
    assert_eq!(matching.score, 100.0, "140 is clamped to 100");
    assert_eq!(matching.missing_skills, ["Kubernetes"]);
    assert_eq!(
        state.hr_questions.unwrap().questions[0].question,
        "HR question 1?"
    );
    assert_eq!(state.technical_questions.unwrap().focus, "Technical focus");
    assert_eq!(state.ceo_questions.unwrap().questions.len(), 2);
    let evaluation = state.evaluation.unwrap();
    assert_eq!(evaluation.recommendation, Recommendation::Hire);
    assert_eq!(evaluation.overall_score, 72.0);
    assert_eq!(state.email_content.unwrap().subject, "Next steps");
}

#[test]
fn research_output_states_it_had_no_web_access_whatever_the_model_claims() {
    let state = run(Rc::new(scripted(&AGENTS)), HiringSettings::default()).unwrap();
    let research = state.research_analysis.unwrap();
    assert!(!research.web_access);
    assert_eq!(research.sources, ["resume", "job description"]);
    assert!(
        research.limitations.contains("No web access"),
        "{}",
        research.limitations
    );
    assert_eq!(research.summary, "Six years.");
}

#[test]
fn an_agent_chosen_again_without_new_input_is_a_loop_that_is_broken() {
    // The model asks for the parser twice in a row; the second time nothing new exists.
    let mut routes = vec!["resume_parser_agent", "resume_parser_agent"];
    routes.extend(&AGENTS[2..]);
    let model = Rc::new(scripted(&routes));
    let state = run(model.clone(), HiringSettings::default()).unwrap();
    let loop_step = &state.routing[1];
    assert_eq!(loop_step.reason, RouteReason::LoopBroken);
    assert_eq!(loop_step.proposed.as_deref(), Some("resume_parser_agent"));
    assert_eq!(
        loop_step.next, "jd_analysis_agent",
        "the next missing agent is forced"
    );
    assert!(loop_step.note.contains("loop"));
    assert_eq!(model.calls("resume_parser_agent"), 1);
    assert_eq!(
        state.workflow_history, AGENTS,
        "the forced agent fills the gap"
    );
    assert!(state.completed);
}

#[test]
fn a_model_stuck_on_one_agent_still_gets_a_full_packet() {
    let model = Rc::new(scripted(&["resume_parser_agent"]));
    let state = run(model.clone(), HiringSettings::default()).unwrap();
    assert_eq!(state.workflow_history, AGENTS);
    assert_eq!(
        reasons(&state)
            .iter()
            .filter(|r| **r == RouteReason::LoopBroken)
            .count(),
        8
    );
    assert!(state.email_content.is_some());
    assert_eq!(model.calls("resume_parser_agent"), 1);
}

#[test]
fn an_unreadable_answer_sets_error_and_falls_back_to_the_next_missing_agent() {
    let mut model = scripted(&[]);
    let mut answers: Vec<Result<String, LlmError>> = vec![
        route("resume_parser_agent"),
        // Not JSON, and not JSON again after the repair request.
        Ok("I think the JD agent should go".into()),
        Ok("still prose".into()),
    ];
    answers.extend(AGENTS[2..].iter().map(|a| route(a)));
    model = model.answer("supervisor_agent", answers);
    let model = Rc::new(model);
    let (state, events) = run_recorded(model.clone(), HiringSettings::default());
    let state = state.unwrap();
    let failed = &state.routing[1];
    assert_eq!(failed.reason, RouteReason::ParseFailure);
    assert_eq!(failed.proposed, None);
    assert_eq!(failed.next, "jd_analysis_agent");
    let error = state.error.as_deref().unwrap();
    assert!(error.starts_with("Supervisor step 2:"), "{error}");
    assert_eq!(state.workflow_history, AGENTS);
    assert!(state.completed);
    let errors: Vec<Value> = custom_payloads(&events)
        .into_iter()
        .filter(|p| p["type"] == "agent_error")
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["agent"], "supervisor_agent");
}

#[test]
fn a_name_that_is_no_agent_is_a_parse_failure_too() {
    let mut routes = vec!["web_search_agent"];
    routes.extend(&AGENTS[1..]);
    let state = run(Rc::new(scripted(&routes)), HiringSettings::default()).unwrap();
    assert_eq!(state.routing[0].reason, RouteReason::ParseFailure);
    assert_eq!(
        state.routing[0].proposed.as_deref(),
        Some("web_search_agent")
    );
    assert_eq!(state.routing[0].next, "resume_parser_agent");
    assert!(state.error.unwrap().contains("web_search_agent"));
}

#[test]
fn more_steps_than_agents_finishes_with_what_exists() {
    // Matching first (nothing to match), then legitimately again once the profile exists: a
    // re-run with new input is allowed, but it uses up a step, so research never runs.
    let routes = [
        "matching_agent",
        "resume_parser_agent",
        "matching_agent",
        "jd_analysis_agent",
        "hr_interview_agent",
        "technical_interview_agent",
        "ceo_interview_agent",
        "evaluation_agent",
        "email_agent",
        "candidate_research_agent",
    ];
    let model = Rc::new(scripted(&routes));
    let state = run(model.clone(), HiringSettings::default()).unwrap();
    assert_eq!(state.workflow_history.len(), AGENTS.len());
    // Twice, each with one re-ask of its 140-of-100 score.
    assert_eq!(model.calls("matching_agent"), 4);
    assert_eq!(
        reasons(&state)[2],
        RouteReason::Model,
        "new input: not a loop"
    );
    let last = state.routing.last().unwrap();
    assert_eq!(
        (last.next.as_str(), last.reason),
        ("finished", RouteReason::StepLimit)
    );
    assert!(last.note.contains("candidate_research_agent"));
    assert!(state.completed);
    assert!(state.research_analysis.is_none());
    assert_eq!(
        model.calls("supervisor_agent"),
        9,
        "the tenth decision needed no model"
    );
}

#[test]
fn finished_too_early_forces_the_next_missing_required_agent() {
    let mut routes = vec!["finished"];
    routes.extend(&AGENTS[1..]);
    let state = run(Rc::new(scripted(&routes)), HiringSettings::default()).unwrap();
    assert_eq!(state.routing[0].reason, RouteReason::FinishedEarly);
    assert_eq!(state.routing[0].proposed.as_deref(), Some("finished"));
    assert_eq!(state.routing[0].next, "resume_parser_agent");
    assert!(state.email_content.is_some());
}

#[test]
fn finished_is_accepted_once_every_required_part_exists_research_being_optional() {
    let routes = [
        "resume_parser_agent",
        "jd_analysis_agent",
        "matching_agent",
        "hr_interview_agent",
        "technical_interview_agent",
        "ceo_interview_agent",
        "evaluation_agent",
        "email_agent",
        "finished",
    ];
    let state = run(Rc::new(scripted(&routes)), HiringSettings::default()).unwrap();
    let last = state.routing.last().unwrap();
    assert_eq!(
        (last.next.as_str(), last.reason),
        ("finished", RouteReason::Model)
    );
    assert!(state.research_analysis.is_none());
    assert_eq!(state.workflow_history.len(), 8);
}

#[test]
fn a_failing_agent_is_reported_skipped_and_the_rest_of_the_packet_produced() {
    // Not a refused key: that stops the run (see `tests/native/key_refused.rs`).
    let auth = || {
        Err(LlmError::ProviderDown {
            provider: "scripted".into(),
            status: 503,
            message: "overloaded".into(),
        })
    };
    // The model follows the natural order, then keeps asking for the email agent.
    let model = Rc::new(scripted(&AGENTS).answer("matching_agent", vec![auth()]));
    let (state, events) = run_recorded(model.clone(), HiringSettings::default());
    let state = state.unwrap();
    assert_eq!(
        model.calls("matching_agent"),
        1,
        "its inputs never changed again"
    );
    assert!(state.matching_analysis.is_none());
    assert!(state
        .warnings
        .iter()
        .any(|w| w.starts_with("matching_agent failed")));
    assert!(custom_payloads(&events)
        .iter()
        .any(|p| p["type"] == "agent_error" && p["agent"] == "matching_agent"));
    assert!(
        state.email_content.is_some(),
        "the rest of the packet is produced"
    );
    let last = state.routing.last().unwrap();
    assert_eq!(
        (last.next.as_str(), last.reason),
        ("finished", RouteReason::StepLimit)
    );
    assert!(state.completed);

    // A model stuck on the failing agent: re-run only when one of its inputs appeared.
    let model = Rc::new(scripted(&["matching_agent"]).answer("matching_agent", vec![auth()]));
    let state = run(model.clone(), HiringSettings::default()).unwrap();
    assert_eq!(
        model.calls("matching_agent"),
        3,
        "nothing, then the profile, then the job"
    );
    assert!(state.completed);
    assert_eq!(state.workflow_history.len(), AGENTS.len());
}

#[test]
fn chinese_language_instruction_reaches_every_prompt() {
    let model = Rc::new(scripted(&AGENTS));
    let settings = HiringSettings::default().with_language(Language::Zh);
    let state = run(model.clone(), settings).unwrap();
    assert_eq!(state.language, Language::Zh);
    let requests = model.requests.borrow();
    assert_eq!(
        requests.len(),
        19,
        "nine routing calls, nine agents, one re-ask of the 140-of-100 match score"
    );
    for request in requests.iter() {
        assert!(
            request.system.ends_with(Language::Zh.prompt_instruction()),
            "{}",
            request.role_name
        );
        assert!(!request.system.contains(Language::En.prompt_instruction()));
        assert!(request.schema.is_some(), "every call is structured");
    }
    let research = state.research_analysis.unwrap();
    assert!(research.limitations.contains("无网络访问"));
}

#[test]
fn model_overrides_and_cancel_reach_the_requests() {
    let model = Rc::new(scripted(&AGENTS));
    let settings = HiringSettings::default()
        .with_model_override("supervisor_agent", "small-router")
        .with_model_override("evaluation_agent", "big-judge");
    run(model.clone(), settings).unwrap();
    for request in model.requests.borrow().iter() {
        let expected = match request.role_name.as_str() {
            "supervisor_agent" => Some("small-router"),
            "evaluation_agent" => Some("big-judge"),
            _ => None,
        };
        assert_eq!(request.model.as_deref(), expected);
    }

    let cancel = CancelToken::new();
    cancel.cancel();
    let model = Rc::new(scripted(&AGENTS));
    let error = run(model.clone(), HiringSettings::default().with_cancel(cancel)).unwrap_err();
    assert!(
        error.to_string().to_lowercase().contains("cancel"),
        "{error}"
    );
    assert_eq!(model.requests.borrow().len(), 0);
}

#[test]
fn supervisor_sees_the_inventory_not_the_documents() {
    let model = Rc::new(scripted(&AGENTS));
    run(model.clone(), HiringSettings::default()).unwrap();
    let requests = model.requests.borrow();
    let third = requests
        .iter()
        .filter(|r| r.role_name == "supervisor_agent")
        .nth(2)
        .unwrap()
        .user_text();
    let block = |tag| careergraph::workflows::common::envelope::block(&third, tag);
    assert_eq!(
        block("available_outputs"),
        Some("resume_parser_agent\njd_analysis_agent"),
        "{third}"
    );
    assert_eq!(
        block("workflow_history"),
        Some("resume_parser_agent\njd_analysis_agent")
    );
    assert!(!third.contains("Mia Chen"));
}
