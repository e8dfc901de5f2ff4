//! In-memory servers for the hardening tests: a scripted transport (status, headers, body chunks,
//! produced lazily so a "20 MB" body is never built) and models wired to it without real sleeps.

#![allow(dead_code)] // Each test file uses a different part.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::client::{HttpChatModel, Protocol};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::http::{
    ByteStream, HttpRequest, HttpResponse, HttpTransport, TransportError,
};
use careergraph::llm::ollama::{OllamaConfig, OllamaModel};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, Runtime, StreamEvent};
use futures::executor::block_on;
use futures::future::{self, LocalBoxFuture};
use futures::stream::{self, StreamExt};

/// A fake key long enough to be cut in half by a message limit.
pub const KEY: &str = "sk-test-HARDENING-0123456789abcdefghij";

/// What the fake server answers to every request.
#[derive(Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    /// Body chunks; `endless_chunk` (if set) follows them forever.
    pub chunks: Vec<Vec<u8>>,
    pub endless_chunk: Option<Vec<u8>>,
}

impl Answer {
    pub fn body(status: u16, body: impl Into<Vec<u8>>) -> Self {
        Self {
            status,
            headers: Vec::new(),
            chunks: vec![body.into()],
            endless_chunk: None,
        }
    }
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
}

/// Serves `answer`, counting requests and how many body bytes the client actually pulled.
pub struct Server {
    pub answer: RefCell<Answer>,
    pub requests: RefCell<Vec<HttpRequest>>,
    pub pulled: Rc<Cell<usize>>,
}

impl Server {
    pub fn new(answer: Answer) -> Rc<Self> {
        Rc::new(Self {
            answer: RefCell::new(answer),
            requests: RefCell::new(Vec::new()),
            pulled: Rc::new(Cell::new(0)),
        })
    }
    pub fn count(&self) -> usize {
        self.requests.borrow().len()
    }
}

impl HttpTransport for Server {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        self.requests.borrow_mut().push(request);
        let answer = self.answer.borrow().clone();
        let pulled = self.pulled.clone();
        let head = stream::iter(answer.chunks);
        let tail = match answer.endless_chunk {
            Some(chunk) => stream::repeat(chunk).boxed_local(),
            None => stream::empty().boxed_local(),
        };
        let body: ByteStream = head
            .chain(tail)
            .map(move |chunk| {
                pulled.set(pulled.get() + chunk.len());
                Ok(chunk)
            })
            .boxed_local();
        Box::pin(future::ready(Ok(HttpResponse {
            status: answer.status,
            headers: answer.headers,
            body,
        })))
    }
}

pub type Slept = Rc<RefCell<Vec<Duration>>>;

/// Sleeps never finish and are recorded: timeouts cannot fire, backoff waits are visible.
pub fn frozen_runtime() -> (Runtime, Rc<RefCell<Vec<Duration>>>) {
    let slept = Rc::new(RefCell::new(Vec::new()));
    let log = slept.clone();
    let sleep = Rc::new(move |d: Duration| -> LocalBoxFuture<'static, ()> {
        log.borrow_mut().push(d);
        Box::pin(future::pending())
    });
    (Runtime::new(sleep, Rc::new(|| 0.5)), slept)
}

/// Sleeps finish at once (and are recorded): retries run without waiting.
pub fn instant_runtime() -> (Runtime, Rc<RefCell<Vec<Duration>>>) {
    let slept = Rc::new(RefCell::new(Vec::new()));
    let log = slept.clone();
    let sleep = Rc::new(move |d: Duration| -> LocalBoxFuture<'static, ()> {
        log.borrow_mut().push(d);
        Box::pin(future::ready(()))
    });
    (Runtime::new(sleep, Rc::new(|| 0.5)), slept)
}

fn quiet<P: Protocol>(model: HttpChatModel<P>) -> HttpChatModel<P> {
    model
        .with_runtime(frozen_runtime().0)
        .with_retry(RetryPolicy::none())
}

pub fn model(provider: &str, server: &Rc<Server>) -> Box<dyn ChatModel> {
    let transport: Rc<dyn HttpTransport> = server.clone();
    match provider {
        "openai" => Box::new(quiet(OpenAiModel::new(
            OpenAiConfig::openai(KEY),
            transport,
        ))),
        "anthropic" => Box::new(quiet(AnthropicModel::new(
            AnthropicConfig::new(KEY),
            transport,
        ))),
        "gemini" => Box::new(quiet(GeminiModel::new(GeminiConfig::new(KEY), transport))),
        "ollama" => {
            let mut config = OllamaConfig::new("llama3.2");
            config.api_key = KEY.into();
            Box::new(quiet(OllamaModel::new(config, transport)))
        }
        other => panic!("no provider {other}"),
    }
}

pub fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.").user("Resume: fictional Ada, Rust lead.")
}

pub fn complete(model: &dyn ChatModel, request: ChatRequest) -> Result<ChatResponse, LlmError> {
    block_on(model.complete(request))
}

/// Streams to the end: the deltas seen and the final result.
pub fn stream(
    model: &dyn ChatModel,
    request: ChatRequest,
) -> (String, Result<ChatResponse, LlmError>) {
    block_on(async {
        let mut deltas = String::new();
        let mut events = model.stream(request);
        while let Some(event) = events.next().await {
            match event {
                Ok(StreamEvent::TextDelta(delta)) => deltas.push_str(&delta),
                Ok(StreamEvent::Done(done)) => return (deltas, Ok(done)),
                Err(error) => return (deltas, Err(error)),
            }
        }
        panic!("the stream ended without Done or an error")
    })
}

pub fn transcripts_dir() -> Option<PathBuf> {
    crate::shared_support::shared_dir("provider-transcripts")
}

/// A recorded body, or `None` (with a printed skip) when the transcripts are absent.
pub fn transcript(name: &str) -> Option<String> {
    Some(std::fs::read_to_string(transcripts_dir()?.join(name)).expect("transcript readable"))
}

/// No 10-character piece of the key survives anywhere in `text`.
pub fn assert_no_key_piece(text: &str) {
    let chars: Vec<char> = KEY.chars().collect();
    for window in chars.windows(10) {
        let piece: String = window.iter().collect();
        assert!(
            !text.contains(&piece),
            "a piece of the key ({piece}) leaked: {text}"
        );
    }
}
