//! `llm::in_tab`: the model inside the tab behind the OpenAI-compatible wire format,
//! with a stand-in engine (the browser's is llama.cpp in WebAssembly, checked by a Playwright
//! spec). The engine gets OpenAI's request body, schema bounds and answer budget included; its
//! answers come back whole or streamed; the loaded model's context is checked before a call; one
//! call runs at a time; an engine failure is a message that names it; nothing touches a network.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use careergraph::llm::in_tab::{tab_model, TabEngine};
use careergraph::llm::limiter::virtual_time::yield_now;
use careergraph::llm::{CancelToken, ChatModel, ChatRequest, LlmError, OutputSchema, StreamEvent};
use futures::channel::mpsc;
use futures::executor::block_on;
use futures::future::{join_all, LocalBoxFuture};
use futures::StreamExt;
use serde_json::{json, Value};

/// Loads a model of `context` tokens when first made ready (or fails with `load_error`), then
/// answers every completion with `answer` (streamed in two chunks when asked), or fails with
/// `error`; logs each request body, the loads, and the most calls ever open at once.
struct FakeEngine {
    context: Option<u32>,
    loaded: Cell<bool>,
    loads: Cell<u32>,
    load_error: Option<String>,
    answer: String,
    error: Option<String>,
    bodies: RefCell<Vec<Value>>,
    open: Rc<Cell<u32>>,
    most_open: Rc<Cell<u32>>,
}

impl FakeEngine {
    fn new(context: Option<u32>, answer: &str) -> Rc<Self> {
        Rc::new(FakeEngine {
            context,
            loaded: Cell::new(false),
            loads: Cell::new(0),
            load_error: None,
            answer: answer.into(),
            error: None,
            bodies: RefCell::default(),
            open: Rc::default(),
            most_open: Rc::default(),
        })
    }
}

impl TabEngine for FakeEngine {
    fn ready(&self) -> LocalBoxFuture<'static, Result<(), String>> {
        if !self.loaded.get() {
            self.loads.set(self.loads.get() + 1);
            if let Some(error) = &self.load_error {
                let error = error.clone();
                return Box::pin(async move { Err(error) });
            }
            self.loaded.set(true);
        }
        Box::pin(async { Ok(()) })
    }

    fn context_tokens(&self) -> Option<u32> {
        self.context.filter(|_| self.loaded.get())
    }

    fn complete(
        &self,
        body: String,
        chunks: mpsc::UnboundedSender<String>,
        _cancel: Option<CancelToken>,
    ) -> LocalBoxFuture<'static, Result<Option<String>, String>> {
        let body: Value = serde_json::from_str(&body).expect("the engine gets JSON");
        self.bodies.borrow_mut().push(body.clone());
        let (answer, error) = (self.answer.clone(), self.error.clone());
        let (open, most) = (self.open.clone(), self.most_open.clone());
        open.set(open.get() + 1);
        most.set(most.get().max(open.get()));
        Box::pin(async move {
            // Let the other calls run up to here if nothing held them back.
            yield_now().await;
            open.set(open.get() - 1);
            if let Some(error) = error {
                return Err(error);
            }
            if body["stream"] == true {
                let middle = answer.len() / 2;
                for part in [&answer[..middle], &answer[middle..]] {
                    let chunk = json!({"choices": [{"index": 0, "delta": {"content": part}, "finish_reason": null}]});
                    chunks.unbounded_send(chunk.to_string()).unwrap();
                }
                let last = json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 40, "completion_tokens": 12}});
                chunks.unbounded_send(last.to_string()).unwrap();
                return Ok(None);
            }
            Ok(Some(
                json!({
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": answer}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 40, "completion_tokens": 12}
                })
                .to_string(),
            ))
        })
    }
}

fn critic() -> ChatRequest {
    let schema = json!({
        "type": "object",
        "properties": {"score": {"type": "number"}, "issues": {"type": "array", "maxItems": 6, "items": {"type": "string", "maxLength": 200}}},
        "required": ["score", "issues"]
    });
    ChatRequest::new("critic", "Review the resume.")
        .user("A short fictional resume.")
        .with_schema(OutputSchema::new("critic_feedback", schema))
}

const ANSWER: &str = r#"{"score": 7.5, "issues": ["no numbers"]}"#;

#[test]
fn a_structured_call_reaches_the_engine_as_openai_json_with_bounds_and_comes_back_parsed() {
    let engine = FakeEngine::new(Some(4096), ANSWER);
    let model = tab_model(engine.clone(), "SmolLM2-135M-Instruct.Q4_1.gguf");
    let response = block_on(model.complete(critic())).unwrap();
    assert_eq!(response.text, ANSWER);
    assert_eq!(response.usage.input_tokens, 40);
    let bodies = engine.bodies.borrow();
    assert_eq!(bodies.len(), 1);
    let body = &bodies[0];
    assert_eq!(body["model"], "SmolLM2-135M-Instruct.Q4_1.gguf");
    assert_eq!(body["response_format"]["type"], "json_schema");
    // The workflows bound every schema (`llm::schema_bounds`); the answer's room is then derived
    // from it and held inside the loaded context, as for a local server.
    let issues = &body["response_format"]["json_schema"]["schema"]["properties"]["issues"];
    assert_eq!(issues["maxItems"], 6, "{issues}");
    let max_tokens = body["max_tokens"]
        .as_u64()
        .expect("a local model's answer is budgeted");
    assert!(max_tokens <= 4096, "{body}");
}

#[test]
fn a_streamed_call_gives_deltas_then_the_whole_answer() {
    let engine = FakeEngine::new(Some(4096), ANSWER);
    let model = tab_model(engine.clone(), "m.gguf");
    let events: Vec<_> = block_on(model.stream(critic()).collect());
    let deltas: String = events
        .iter()
        .filter_map(|e| match e {
            Ok(StreamEvent::TextDelta(text)) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(deltas, ANSWER);
    match events.last() {
        Some(Ok(StreamEvent::Done(response))) => assert_eq!(response.text, ANSWER),
        other => panic!("the stream ends with the answer, got {other:?}"),
    }
    assert_eq!(engine.bodies.borrow()[0]["stream"], true);
}

#[test]
fn an_input_larger_than_the_loaded_context_is_refused_before_the_engine_runs() {
    let engine = FakeEngine::new(Some(1024), ANSWER);
    let model = tab_model(engine.clone(), "m.gguf");
    let large = critic().user("experience ".repeat(1500));
    match block_on(model.complete(large)) {
        Err(LlmError::ContextTooSmall { context_tokens, .. }) => assert_eq!(context_tokens, 1024),
        other => panic!("expected the context refusal, got {other:?}"),
    }
    assert!(engine.bodies.borrow().is_empty(), "the engine never ran");
}

/// The model is not loaded when the run starts (a first run, or a page reloaded mid-run): the
/// first call loads it, and the limits it then reports still hold for every call, the first
/// ones included.
#[test]
fn the_first_call_loads_the_model_and_its_limits_hold_from_the_start() {
    let engine = FakeEngine::new(Some(8192), ANSWER);
    let model = tab_model(engine.clone(), "m.gguf");
    assert_eq!(engine.context_tokens(), None, "nothing loaded yet");
    let answers = block_on(join_all((0..3).map(|_| model.complete(critic()))));
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    assert_eq!(engine.most_open.get(), 1, "queued from the first call on");

    let small = FakeEngine::new(Some(1024), ANSWER);
    let model = tab_model(small.clone(), "m.gguf");
    let large = critic().user("experience ".repeat(1500));
    assert!(matches!(
        block_on(model.complete(large)),
        Err(LlmError::ContextTooSmall {
            context_tokens: 1024,
            ..
        })
    ));
    assert_eq!(small.loads.get(), 1);
}

#[test]
fn a_model_that_cannot_load_ends_the_call_with_why_and_is_not_asked_again() {
    let engine = Rc::new(FakeEngine {
        load_error: Some("The model file m.gguf is no longer kept in this browser.".into()),
        ..Rc::try_unwrap(FakeEngine::new(Some(4096), ANSWER))
            .ok()
            .unwrap()
    });
    let model = tab_model(engine.clone(), "m.gguf");
    let error = block_on(model.complete(critic())).unwrap_err();
    assert!(error.to_string().contains("no longer kept"), "{error}");
    assert!(!error.is_retryable(), "loading again would fail again");
    assert!(engine.bodies.borrow().is_empty());
}

#[test]
fn parallel_agents_take_turns_on_the_one_model() {
    let engine = FakeEngine::new(Some(8192), ANSWER);
    let model = tab_model(engine.clone(), "m.gguf");
    let calls = (0..3).map(|_| model.complete(critic()));
    let answers = block_on(join_all(calls));
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    assert_eq!(engine.bodies.borrow().len(), 3);
    assert_eq!(
        engine.most_open.get(),
        1,
        "one sequence: one call at a time"
    );
}

#[test]
fn an_engine_failure_is_a_message_that_names_it() {
    let engine = Rc::new(FakeEngine {
        error: Some("the model ran out of memory in this tab".into()),
        ..Rc::try_unwrap(FakeEngine::new(Some(4096), ANSWER))
            .ok()
            .unwrap()
    });
    let model = tab_model(engine, "m.gguf");
    let error = block_on(model.complete(critic())).unwrap_err();
    assert!(
        error.to_string().contains("ran out of memory in this tab"),
        "{error}"
    );
    // The provider reads as words, not as its id (`in_tab`).
    assert!(!error.to_string().contains("in_tab"), "{error}");
}

#[test]
fn an_answer_cut_at_the_token_limit_names_the_model_in_this_tab() {
    let error = LlmError::Truncated {
        provider: careergraph::llm::in_tab::TAB_PROVIDER.into(),
        max_tokens: Some(128),
        finish_reason: "length".into(),
    };
    assert!(
        error
            .to_string()
            .starts_with("The model in this tab cut the answer off"),
        "{error}"
    );
}

#[test]
fn without_a_loaded_model_the_call_still_ends_with_a_message() {
    let engine = Rc::new(FakeEngine {
        error: Some("No model is loaded in this tab: choose a model file in Settings.".into()),
        ..Rc::try_unwrap(FakeEngine::new(None, ANSWER)).ok().unwrap()
    });
    let model = tab_model(engine, "m.gguf");
    let error = block_on(model.complete(critic())).unwrap_err();
    assert!(error.to_string().contains("No model is loaded"), "{error}");
}
