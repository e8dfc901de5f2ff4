//! The public path shared by the app and the JS API: provider config → model, workflow id + JSON
//! input → run with events → final state as JSON. Errors carry a code and a user-facing message.

use crate::mock_server;
use crate::native_transport;
use crate::run_support::any_run;

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{
    build_model, workflows, ErrorCode, ProviderConfig, RunOptions, RunRequest, Runtime,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use careergraph::workflows::{visit_all, Workflow, WorkflowVisitor};
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::{json, Value};

fn config(value: Value) -> ProviderConfig {
    serde_json::from_value(value).expect("provider config")
}

fn transport() -> Rc<ReqwestTransport> {
    Rc::new(ReqwestTransport::default())
}

fn recorder() -> (EventSink, Rc<RefCell<Vec<StreamEvent>>>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink_seen = seen.clone();
    (
        EventSink::new(move |event| sink_seen.borrow_mut().push(event)),
        seen,
    )
}

fn review_input() -> Value {
    json!({"resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE})
}

#[test]
fn registry_lists_the_review_with_its_input_schema() {
    let list = workflows();
    let review = list
        .iter()
        .find(|w| w.id == "resume_review")
        .expect("review listed");
    assert_eq!(
        review.input_schema["required"],
        json!(["resume", "targetRole"])
    );
}

#[test]
fn demo_review_runs_offline_and_reports_events_and_final_state() {
    let provider = config(json!({"provider": "demo"}));
    let model = build_model(&provider, transport()).unwrap();
    let (sink, seen) = recorder();
    let run = any_run("resume_review", review_input(), &Runtime::new(model)).unwrap();
    assert!(run.mermaid().contains("aggregator"));
    let state = futures::executor::block_on(run.start(sink)).unwrap()["state"].take();
    let score = state["final_score"].as_f64().unwrap();
    assert!((0.0..=10.0).contains(&score));
    let events = seen.borrow();
    assert!(events
        .iter()
        .any(|e| matches!(e, StreamEvent::NodeStarted { node, .. } if node == "recruiter")));
    assert!(events
        .iter()
        .any(|e| matches!(e, StreamEvent::Custom { payload, .. } if payload["type"] == "delta")));
    assert!(matches!(
        events.last(),
        Some(StreamEvent::RunFinished { .. })
    ));
}

#[test]
fn paid_provider_without_key_says_what_to_do() {
    let err = build_model(&config(json!({"provider": "anthropic"})), transport())
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::MissingKey);
    assert!(err.message.contains("Anthropic API key"), "{}", err.message);
}

#[test]
fn compatible_server_needs_a_base_url_but_no_key() {
    let err = build_model(
        &config(json!({"provider": "openai_compatible", "model": "llama3.1"})),
        transport(),
    )
    .err()
    .unwrap();
    assert_eq!(err.code, ErrorCode::InvalidProvider);
    let ok = build_model(
        &config(
            json!({"provider": "openai_compatible", "model": "llama3.1", "baseUrl": "http://localhost:11434/v1"}),
        ),
        transport(),
    );
    assert!(ok.is_ok());
}

#[test]
fn a_base_url_must_be_https_or_this_machine() {
    for (url, fix) in [
        ("http://llm.example/v1", "https://"),
        ("https://user:pw@llm.example/v1", "password"),
        ("https://llm.example/v1?key=1", "query"),
        ("https://llm.example/v1#x", "fragment"),
    ] {
        let err = build_model(
            &config(json!({"provider": "openai_compatible", "model": "m", "baseUrl": url})),
            transport(),
        )
        .err()
        .unwrap();
        assert_eq!(err.code, ErrorCode::InvalidBaseUrl, "{url}");
        assert!(err.message.contains(fix), "{url}: {}", err.message);
    }
}

#[test]
fn a_first_party_key_goes_to_another_host_only_once_that_host_is_confirmed() {
    let mock = MockServer::start();
    let host = mock.url.trim_start_matches("http://").to_string();
    let base_url = format!("{}/v1", mock.url);
    for provider in ["openai", "anthropic", "gemini"] {
        let unconfirmed =
            json!({"provider": provider, "apiKey": "sk-test-host", "baseUrl": base_url});
        let err = build_model(&config(unconfirmed), transport())
            .err()
            .unwrap();
        assert_eq!(err.code, ErrorCode::HostNotConfirmed, "{provider}");
        assert!(err.message.contains(&host), "{}", err.message);
        assert!(!err.message.contains("sk-test-host"), "{}", err.message);

        let elsewhere = json!({"provider": provider, "apiKey": "sk-test-host", "baseUrl": base_url,
            "confirmedHost": "localhost:1"});
        let err = build_model(&config(elsewhere), transport()).err().unwrap();
        assert_eq!(err.code, ErrorCode::HostNotConfirmed, "{provider}");

        let confirmed = json!({"provider": provider, "apiKey": "sk-test-host", "baseUrl": base_url,
            "confirmedHost": host});
        assert!(
            build_model(&config(confirmed), transport()).is_ok(),
            "{provider}"
        );
        let own = json!({"provider": provider, "apiKey": "sk-test-host"});
        assert!(build_model(&config(own), transport()).is_ok(), "{provider}");
    }
    assert!(mock.requests().is_empty(), "building a model sends nothing");
}

#[test]
fn bad_input_is_rejected_before_any_call() {
    let provider = config(json!({"provider": "demo"}));
    let model = || build_model(&provider, transport()).unwrap();
    let empty = any_run(
        "resume_review",
        json!({"resume": "  ", "targetRole": "SRE"}),
        &Runtime::new(model()),
    );
    let err = empty.err().unwrap();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(err.message.contains("resume is empty"), "{}", err.message);

    let huge = "word ".repeat(20_000);
    let err = any_run(
        "resume_review",
        json!({"resume": huge, "targetRole": "SRE"}),
        &Runtime::new(model()),
    )
    .err()
    .unwrap();
    assert!(err.message.contains("limit"), "{}", err.message);

    let err = any_run(
        "resume_review",
        json!({"resume": "x"}),
        &Runtime::new(model()),
    )
    .err()
    .unwrap();
    assert!(err.message.contains("targetRole"), "{}", err.message);

    let err = any_run("nope", review_input(), &Runtime::new(model()))
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::UnknownWorkflow);
}

#[test]
fn cancelled_run_ends_with_the_cancelled_code() {
    let provider = config(json!({"provider": "demo"}));
    let model = build_model(&provider, transport()).unwrap();
    let (sink, _) = recorder();
    let run = any_run("resume_review", review_input(), &Runtime::new(model)).unwrap();
    run.cancel();
    let err = futures::executor::block_on(run.start(sink)).err().unwrap();
    assert_eq!(err.code, ErrorCode::Cancelled, "{}", err.message);
}

#[test]
fn the_key_is_hidden_in_debug_and_sent_only_to_the_provider() {
    let provider = config(
        json!({"provider": "openai", "apiKey": "sk-test-secret-123", "baseUrl": "http://127.0.0.1:1/v1"}),
    );
    assert!(!format!("{provider:?}").contains("sk-test-secret-123"));

    let mock = MockServer::start();
    let provider = config(json!({
        "provider": "openai", "apiKey": "sk-test-secret-123", "baseUrl": format!("{}/v1", mock.url),
        "confirmedHost": mock.url.trim_start_matches("http://"),
    }));
    let model = build_model(&provider, transport()).unwrap();
    let (sink, seen) = recorder();
    let input = json!({"resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE, "maxIterations": 1, "designReview": false});
    let options: RunOptions =
        serde_json::from_value(json!({"agentModels": {"recruiter": "gpt-4o"}})).unwrap();
    let request = RunRequest::new(input).with_options(options);
    let run = any_run("resume_review", request, &Runtime::new(model)).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let state = runtime
        .block_on(tokio::task::LocalSet::new().run_until(run.start(sink)))
        .unwrap()["state"]
        .take();
    assert!(
        !state.to_string().contains("sk-test-secret-123"),
        "the key is not in state"
    );
    for event in seen.borrow().iter() {
        assert!(
            !serde_json::to_string(event)
                .unwrap()
                .contains("sk-test-secret-123"),
            "the key is not in events"
        );
    }
    let requests = mock.requests();
    assert!(!requests.is_empty());
    assert!(
        requests.iter().any(|r| r.body.contains("\"gpt-4o\"")),
        "the per-agent model reached the provider"
    );
    for r in &requests {
        let auth: Vec<_> = r
            .headers
            .iter()
            .filter(|(_, v)| v.contains("sk-test-secret-123"))
            .collect();
        assert_eq!(auth.len(), 1, "the key travels in exactly one header");
        assert!(!r.body.contains("sk-test-secret-123") && !r.target.contains("sk-test-secret-123"));
    }
}

#[test]
fn a_workflow_diagram_needs_no_run() {
    let diagram = careergraph::session::mermaid("resume_review").unwrap();
    assert!(diagram.contains("recruiter") && diagram.contains("aggregator"));
    let err = careergraph::session::mermaid("nope").err().unwrap();
    assert_eq!(err.code, ErrorCode::UnknownWorkflow);
}

/// The runtime the app and the JS API build for the demo gives each run its own workflow's
/// demo answers only (so in the split app a page's demo code loads with that page).
/// Every workflow's first step from its sample input is the same as on the demo model that
/// answers for every workflow: no workflow relied on another one's answers.
#[test]
fn demo_runtime_answers_each_workflow_as_the_full_demo_model_does() {
    struct Compare(Vec<&'static str>);
    impl WorkflowVisitor for Compare {
        fn visit<W: Workflow>(&mut self) {
            let provider = config(json!({"provider": "demo"}));
            let input = serde_json::to_value(W::sample_input()).unwrap();
            let first_step = |runtime: Runtime| {
                let runtime = runtime.with_clock(|| 1_700_000_000_000.0);
                let run = any_run(W::ID, input.clone(), &runtime).unwrap();
                let step = futures::executor::block_on(run.start(EventSink::new(|_| {}))).unwrap();
                // The state names its thread (task ids), which is new for every run.
                let thread = step["threadId"].as_str().unwrap();
                let state = step["state"].to_string().replace(thread, "<thread>");
                (step["status"].clone(), state)
            };
            let per_workflow = first_step(Runtime::for_provider(&provider, transport()).unwrap());
            let full = first_step(Runtime::new(build_model(&provider, transport()).unwrap()));
            assert_eq!(per_workflow, full, "{}", W::ID);
            assert_ne!(per_workflow.1, "null", "{}", W::ID);
            self.0.push(W::ID);
        }
    }
    let mut compared = Compare(Vec::new());
    visit_all(&mut compared);
    assert_eq!(compared.0.len(), workflows().len());
}

/// Each request a model was asked: (its node, the model it names).
type Requests = Rc<RefCell<Vec<(String, Option<String>)>>>;

/// The model a run asks, recording each request.
struct Asked {
    inner: careergraph::llm::demo::DemoModel,
    asked: Requests,
}

impl careergraph::llm::ChatModel for Asked {
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
        let asked = (request.role_name.clone(), request.model.clone());
        self.asked.borrow_mut().push(asked);
        self.inner.complete(request)
    }

    fn stream(
        &self,
        request: careergraph::llm::ChatRequest,
    ) -> futures::stream::LocalBoxStream<
        '_,
        Result<careergraph::llm::StreamEvent, careergraph::llm::LlmError>,
    > {
        let asked = (request.role_name.clone(), request.model.clone());
        self.asked.borrow_mut().push(asked);
        self.inner.stream(request)
    }
}

/// The settings offer a model per agent from each workflow's declared agents that ask the model
/// (`workflows::model_agents`): every request of a run (its first step from the sample input)
/// comes from one of them, and goes to the model chosen for it.
#[test]
fn every_model_request_comes_from_a_declared_agent_and_takes_its_model() {
    struct Check(usize);
    impl WorkflowVisitor for Check {
        fn visit<W: Workflow>(&mut self) {
            let agents: Vec<_> = careergraph::workflows::model_agents()
                .into_iter()
                .find(|(meta, _)| meta.id == W::ID)
                .map(|(_, agents)| agents)
                .unwrap_or_default();
            let options = RunOptions {
                agent_models: agents
                    .iter()
                    .map(|a| (a.node.to_string(), format!("model-of-{}", a.node)))
                    .collect(),
            };
            let asked = Requests::default();
            let model = Asked {
                inner: careergraph::workflows::demo_model(),
                asked: asked.clone(),
            };
            let runtime = Runtime::new(Rc::new(model));
            let input = serde_json::to_value(W::sample_input()).unwrap();
            let request = RunRequest::new(input).with_options(options);
            let run = any_run(W::ID, request, &runtime).unwrap();
            futures::executor::block_on(run.start(EventSink::new(|_| {}))).unwrap();
            let asked = asked.borrow();
            assert!(!asked.is_empty(), "{} asked no model", W::ID);
            for (node, model) in asked.iter() {
                assert_eq!(
                    model.as_deref(),
                    Some(format!("model-of-{node}").as_str()),
                    "{}: `{node}` asks the model but is not among its AGENTS as \
                     AgentName::new (the settings offer no model for it)",
                    W::ID
                );
            }
            self.0 += 1;
        }
    }
    let mut check = Check(0);
    visit_all(&mut check);
    assert_eq!(check.0, workflows().len());
}
