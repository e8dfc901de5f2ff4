//! Tailoring that went on without a step (the deadline killed its call) said only
//! "Tailoring finished". The step is now listed in `failed_steps`, for the result to say it was
//! made without it; a run whose steps all answered lists none.
use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::{MemorySaver, Resume, RunConfig};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::workflows::resume_tailoring::{self, TailorInput, TailorSettings};
use careergraph::workflows::sample::SAMPLE_JOB_DESCRIPTION as SAMPLE_JOB;
use careergraph::workflows::sample::SAMPLE_RESUME;
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;

/// The offline demo, except that one agent's calls time out.
struct TimesOut {
    inner: Rc<dyn ChatModel>,
    agent: &'static str,
}

impl TimesOut {
    fn timeout() -> LlmError {
        LlmError::Timeout {
            provider: "demo".into(),
            after: Duration::from_secs(60),
        }
    }
}

impl ChatModel for TimesOut {
    fn provider(&self) -> &str {
        "demo"
    }
    fn default_model(&self) -> &str {
        "demo"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        if request.role_name == self.agent {
            return Box::pin(async { Err(Self::timeout()) });
        }
        self.inner.complete(request)
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        if request.role_name == self.agent {
            return Box::pin(futures::stream::once(async { Err(Self::timeout()) }));
        }
        self.inner.stream(request)
    }
}

fn run(agent: &'static str) -> resume_tailoring::GraphState {
    let settings = TailorSettings {
        human_review: false,
        ..TailorSettings::default()
    };
    let model = TimesOut {
        inner: Rc::new(resume_tailoring::demo_model()),
        agent,
    };
    let graph = resume_tailoring::graph(Rc::new(model), settings.clone())
        .unwrap()
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("t").with_recursion_limit(settings.recursion_limit());
    let input = TailorInput::new(SAMPLE_RESUME, SAMPLE_JOB);
    let mut outcome =
        block_on(graph.invoke(resume_tailoring::initial_state(&input, &settings), &config))
            .unwrap();
    // The sample lacks skills the job asks for: stop the questions at once.
    if !outcome.is_done() {
        let stop = Resume::value(serde_json::json!({"action": "stop"}));
        outcome = block_on(graph.resume(&config, stop)).unwrap();
    }
    assert!(outcome.is_done(), "the run goes on without the step");
    outcome.into_state()
}

#[test]
fn a_step_that_timed_out_is_listed_on_the_result() {
    let state = run("resume_screener");
    assert_eq!(state.failed_steps, ["resume_screener"]);
}

#[test]
fn a_run_whose_steps_all_answered_lists_none() {
    let state = run("no_such_agent");
    assert!(state.failed_steps.is_empty(), "{:?}", state.failed_steps);
}
