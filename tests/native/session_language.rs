//! The output language chosen in settings reaches every agent: each system prompt of a `zh` run
//! ends with the Chinese instruction, each of an `en` run (the default) with the English one.

use crate::run_support::any_run;
use std::cell::RefCell;
use std::rc::Rc;

use careergraph::domain::Language;
use careergraph::graph::EventSink;
use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::session::{build_model, ProviderConfig, Runtime};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use serde_json::{json, Value};

/// The demo model, recording every system prompt it is sent.
struct Recording {
    inner: Rc<dyn ChatModel>,
    systems: Rc<RefCell<Vec<String>>>,
}

impl ChatModel for Recording {
    fn provider(&self) -> &str {
        self.inner.provider()
    }
    fn default_model(&self) -> &str {
        self.inner.default_model()
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.systems.borrow_mut().push(request.system.clone());
        self.inner.complete(request)
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.systems.borrow_mut().push(request.system.clone());
        self.inner.stream(request)
    }
}

fn demo() -> (Rc<dyn ChatModel>, Rc<RefCell<Vec<String>>>) {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    struct NoHttp;
    impl HttpTransport for NoHttp {
        fn send(
            &self,
            _: HttpRequest,
        ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
            unreachable!("the demo never calls HTTP")
        }
    }
    let inner = build_model(&provider, Rc::new(NoHttp)).unwrap();
    let systems = Rc::new(RefCell::new(Vec::new()));
    let model = Rc::new(Recording {
        inner,
        systems: systems.clone(),
    });
    (model, systems)
}

fn assert_all_in(systems: &[String], language: Language) {
    assert!(!systems.is_empty(), "the run called no agent");
    for system in systems {
        assert!(
            system.ends_with(language.prompt_instruction()),
            "a prompt lacks the {language:?} instruction: …{}",
            &system[system.len().saturating_sub(120)..]
        );
    }
}

#[test]
fn review_prompts_carry_the_chosen_language() {
    for (id, language) in [(Some("zh"), Language::Zh), (None, Language::En)] {
        let (model, systems) = demo();
        let mut input = json!({"resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE});
        if let Some(id) = id {
            input["language"] = json!(id);
        }
        let run = any_run("resume_review", input, &Runtime::new(model)).unwrap();
        futures::executor::block_on(run.start(EventSink::new(|_| {}))).unwrap();
        assert_all_in(&systems.borrow(), language);
    }
}

#[test]
fn tailoring_prompts_carry_the_chosen_language() {
    let (model, systems) = demo();
    let input = json!({
        "resume": SAMPLE_RESUME,
        "jobDescription": "Senior Rust engineer: Rust, WebAssembly, Kubernetes, Terraform, PostgreSQL.",
        "language": "zh",
        "humanReview": false,
    });
    let run = any_run("resume_tailoring", input, &Runtime::new(model)).unwrap();
    let mut step: Value = futures::executor::block_on(run.start(EventSink::new(|_| {}))).unwrap();
    // Answer whatever is asked with "stop", so the run reaches its end.
    while step["status"] == "interrupted" {
        let next = run
            .resume(json!({"action": "stop"}), EventSink::new(|_| {}))
            .unwrap();
        step = futures::executor::block_on(next).unwrap();
    }
    assert_eq!(step["status"], "done");
    assert_all_in(&systems.borrow(), Language::Zh);
}
