//! The hiring workflow through the session (the path the app and the JS API use): the offline demo
//! end to end in English and Chinese, input errors, and the OpenAI wire format against the mock
//! provider, whose schema-filled answers always pick the first agent (so loop-breaking builds the
//! packet).
use crate::mock_server;
use crate::native_transport;
use crate::run_support::any_run;

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::domain::ats;
use careergraph::domain::hiring::Recommendation;
use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{
    build_model, workflow, ErrorCode, ProviderConfig, RunOptions, RunRequest, Runtime,
    HIRING_WORKFLOW_ID,
};
use careergraph::workflows::hiring::{packet_markdown, routing::AGENTS, HiringState, RouteReason};
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

/// A fictional candidate and job.
const RESUME: &str = "\
# Lena Hartmann
Data platform engineer · Hamburg

## Summary
Data engineer who builds reliable batch and streaming pipelines.

## Experience
### Senior Data Engineer — Northwind Freight (2021–present)
- Moved nightly ETL to Kafka streaming, cutting data latency from 24 hours to 5 minutes
- Led a team of 3 engineers; introduced data contracts
### Data Engineer — Brightcart (2017–2021)
- Built the Spark pipelines behind 40 dashboards
- Reduced warehouse cost by 35% with partitioning

## Education
MSc Computer Science — TU Berlin (2015–2017)

## Skills
Python, SQL, Spark, Kafka, Airflow, AWS
";

const JD: &str = "\
# Senior Data Engineer — Oakline Health

We are building the data platform behind clinical scheduling for 200 hospitals across Europe.

## Responsibilities
- Own the ingestion pipelines from hospital systems
- Mentor two engineers

## Requirements
- Python and SQL
- Spark or Flink
- Kafka
- Kubernetes

## Nice to have
- dbt
";

fn demo() -> ProviderConfig {
    serde_json::from_value(json!({"provider": "demo"})).unwrap()
}

fn recorder() -> (EventSink, Rc<RefCell<Vec<StreamEvent>>>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = seen.clone();
    (EventSink::new(move |e| log.borrow_mut().push(e)), seen)
}

fn run_demo(language: &str) -> (HiringState, Vec<StreamEvent>) {
    let provider = demo();
    let model = build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
    let (sink, seen) = recorder();
    let input = json!({"resume": RESUME, "jobDescription": JD, "language": language});
    let run = any_run(HIRING_WORKFLOW_ID, input, &Runtime::new(model)).unwrap();
    assert!(run.mermaid().contains("supervisor_agent"));
    let state: Value = futures::executor::block_on(run.start(sink)).unwrap()["state"].take();
    let events = seen.borrow().clone();
    (serde_json::from_value(state).unwrap(), events)
}

#[test]
fn the_registry_lists_hiring_with_its_input_schema() {
    let info = workflow(HIRING_WORKFLOW_ID).unwrap();
    assert_eq!(
        info.input_schema["required"],
        json!(["resume", "jobDescription"])
    );
    assert_eq!(
        info.input_schema["properties"]["language"]["enum"],
        json!(["en", "zh"])
    );
}

#[test]
fn demo_run_builds_a_full_packet_in_english() {
    let (state, events) = run_demo("en");
    assert!(state.completed);
    assert_eq!(state.workflow_history, AGENTS);
    assert_eq!(state.error, None);
    assert!(state.warnings.is_empty(), "{:?}", state.warnings);

    // Blind by default: the agents read "[candidate]" where the name was; the person's view
    // (and the packet's export) shows the name again.
    assert_eq!(
        state.candidate_profile.as_ref().unwrap().name,
        "[candidate]"
    );
    let state = state.for_person();
    let profile = state.candidate_profile.as_ref().unwrap();
    assert_eq!(profile.name, "Lena Hartmann");
    assert_eq!(profile.experience.len(), 2);
    assert_eq!(profile.experience[0].organization, "Northwind Freight");
    assert!(profile.years_experience >= 4.0);
    let jd = state.jd_analysis.as_ref().unwrap();
    assert_eq!(jd.title, "Senior Data Engineer — Oakline Health");
    assert_eq!(jd.seniority, "senior");
    assert!(jd.must_have.contains(&"Kubernetes".to_string()));
    let matching = state.matching_analysis.as_ref().unwrap();
    // The demo's score is the deterministic ATS score of the same two texts.
    assert_eq!(matching.score, f64::from(ats::score(JD, RESUME).score));
    assert!(matching.missing_skills.contains(&"Kubernetes".to_string()));
    assert!(!matching.missing_skills.contains(&"Kafka".to_string()));
    let research = state.research_analysis.as_ref().unwrap();
    assert!(!research.web_access);
    assert!(research.limitations.starts_with("No web access"));
    assert!(research
        .career_trajectory
        .starts_with("Data Engineer (Brightcart"));
    for questions in [
        &state.hr_questions,
        &state.technical_questions,
        &state.ceo_questions,
    ] {
        assert!(questions.as_ref().unwrap().questions.len() >= 4);
    }
    let technical = state.technical_questions.as_ref().unwrap();
    assert!(technical
        .questions
        .iter()
        .any(|q| q.question.contains("Kubernetes")));
    let evaluation = state.evaluation.as_ref().unwrap();
    assert_eq!(
        evaluation.recommendation,
        Recommendation::from_score(matching.score)
    );
    let email = state.email_content.as_ref().unwrap();
    assert!(email.body.starts_with("Hi Lena Hartmann,"));
    assert!(email.subject.contains("Senior Data Engineer"));
    assert_eq!(state.routing.last().unwrap().reason, RouteReason::AllDone);

    // The page's live view: every agent streamed text.
    let streamed: std::collections::BTreeSet<String> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::Custom { payload, .. } if payload["type"] == "delta" => {
                payload["agent"].as_str().map(str::to_string)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        streamed.len(),
        10,
        "nine agents and the supervisor: {streamed:?}"
    );

    let markdown = packet_markdown(&state);
    for heading in [
        "# Hiring packet",
        "## Candidate profile",
        "## Job analysis",
        "## Match",
        "## Background research",
        "### Technical",
        "## Evaluation",
        "## Email draft",
        "## Routing trail",
    ] {
        assert!(markdown.contains(heading), "{heading}");
    }
    assert!(markdown.contains("1. resume_parser_agent (Model)"));
}

#[test]
fn demo_run_writes_chinese_when_asked() {
    let (state, _) = run_demo("zh");
    assert!(state.completed);
    assert_eq!(state.language, careergraph::domain::Language::Zh);
    let has_cjk = |text: &str| text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    let ceo = state.ceo_questions.as_ref().unwrap();
    assert!(ceo.questions.iter().all(|q| has_cjk(&q.question)));
    assert!(has_cjk(&state.evaluation.as_ref().unwrap().summary));
    assert!(has_cjk(&state.matching_analysis.as_ref().unwrap().summary));
    assert!(state
        .research_analysis
        .as_ref()
        .unwrap()
        .limitations
        .contains("无网络访问"));
    assert!(state.email_content.as_ref().unwrap().body.contains("您好"));
    let markdown = packet_markdown(&state);
    assert!(markdown.starts_with("# 招聘材料包"));
    assert!(markdown.contains("## 邮件草稿"));
}

#[test]
fn bad_input_is_refused_before_any_model_is_called() {
    let provider = demo();
    let model = build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
    let start = |input: Value| any_run(HIRING_WORKFLOW_ID, input, &Runtime::new(model.clone()));
    let error = start(json!({"resume": " ", "jobDescription": JD}))
        .err()
        .unwrap();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert_eq!(error.message, "The resume is empty: paste it first.");
    let error = start(json!({"resume": RESUME, "jobDescription": ""}))
        .err()
        .unwrap();
    assert_eq!(
        error.message,
        "The job description is empty: paste it first."
    );
    let error = start(json!({"resume": RESUME, "targetRole": JD}))
        .err()
        .unwrap();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(error.message.contains("targetRole"), "{}", error.message);
}

#[test]
fn openai_through_the_mock_provider_builds_the_packet_by_breaking_loops() {
    let mock = MockServer::start();
    let provider: ProviderConfig = serde_json::from_value(json!({
        "provider": "openai", "apiKey": "sk-test-hiring", "baseUrl": format!("{}/v1", mock.url),
        "confirmedHost": mock.url.trim_start_matches("http://"),
    }))
    .unwrap();
    let model = build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
    let (sink, _) = recorder();
    let input = json!({"resume": RESUME, "jobDescription": JD});
    let options = RunOptions {
        agent_models: [("supervisor_agent".into(), "gpt-4.1-nano".into())].into(),
    };
    let request = RunRequest::new(input).with_options(options);
    let run = any_run(HIRING_WORKFLOW_ID, request, &Runtime::new(model)).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let state = runtime
        .block_on(tokio::task::LocalSet::new().run_until(run.start(sink)))
        .unwrap()["state"]
        .take();
    assert!(
        !state.to_string().contains("sk-test-hiring"),
        "no key in state"
    );
    let state: HiringState = serde_json::from_value(state).unwrap();
    // The mock fills the schema's enum with its first value: always the parser.
    assert_eq!(state.routing[0].reason, RouteReason::Model);
    assert!(state.routing[1..9]
        .iter()
        .all(|s| s.reason == RouteReason::LoopBroken));
    assert_eq!(state.workflow_history, AGENTS);
    assert!(state.email_content.is_some());
    assert_eq!(state.matching_analysis.unwrap().score, 7.5);
    assert!(
        !state.research_analysis.unwrap().web_access,
        "the mock said true"
    );
    let requests = mock.requests();
    assert_eq!(requests.len(), 18);
    assert!(requests.iter().all(|r| r.body.contains("\"json_schema\"")));
    assert_eq!(
        requests
            .iter()
            .filter(|r| r.body.contains("\"gpt-4.1-nano\""))
            .count(),
        9,
        "the supervisor's model override"
    );
}

/// The demo's model, every request's text kept.
struct Recording {
    inner: Rc<dyn careergraph::llm::ChatModel>,
    texts: Rc<RefCell<Vec<(String, String)>>>,
}

impl careergraph::llm::ChatModel for Recording {
    fn provider(&self) -> &str {
        self.inner.provider()
    }
    fn default_model(&self) -> &str {
        self.inner.default_model()
    }
    fn complete(
        &self,
        request: careergraph::llm::ChatRequest,
    ) -> futures::future::LocalBoxFuture<
        '_,
        Result<careergraph::llm::ChatResponse, careergraph::llm::LlmError>,
    > {
        let text = format!("{}\n{}", request.system, request.user_text());
        self.texts
            .borrow_mut()
            .push((request.role_name.clone(), text));
        self.inner.complete(request)
    }
    fn stream(
        &self,
        request: careergraph::llm::ChatRequest,
    ) -> futures::stream::LocalBoxStream<
        '_,
        Result<careergraph::llm::StreamEvent, careergraph::llm::LlmError>,
    > {
        let text = format!("{}\n{}", request.system, request.user_text());
        self.texts
            .borrow_mut()
            .push((request.role_name.clone(), text));
        self.inner.stream(request)
    }
}

/// Blind by default: no agent of the packet is sent the candidate's name (nor, here, the city
/// of the header); with `blind: false` the parser reads it as given.
#[test]
fn a_blind_packet_sends_no_agent_the_name() {
    for (blind, expect_name) in [(None, false), (Some(false), true)] {
        let provider = demo();
        let texts = Rc::new(RefCell::new(Vec::new()));
        let model = Rc::new(Recording {
            inner: build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap(),
            texts: texts.clone(),
        });
        let mut input = json!({"resume": RESUME, "jobDescription": JD});
        if let Some(blind) = blind {
            input["blind"] = json!(blind);
        }
        let run = any_run(HIRING_WORKFLOW_ID, input, &Runtime::new(model)).unwrap();
        let (sink, _) = recorder();
        let state: HiringState = serde_json::from_value(
            futures::executor::block_on(run.start(sink)).unwrap()["state"].take(),
        )
        .unwrap();
        assert!(state.completed);
        let texts = texts.borrow();
        assert!(texts.len() >= 9, "{} calls", texts.len());
        let named: Vec<&str> = texts
            .iter()
            .filter(|(_, text)| text.contains("Lena") || text.contains("Hartmann"))
            .map(|(role, _)| role.as_str())
            .collect();
        assert_eq!(!named.is_empty(), expect_name, "{blind:?}: {named:?}");
        // The person's packet names the candidate either way.
        assert!(packet_markdown(&state).contains("Lena Hartmann"));
    }
}
