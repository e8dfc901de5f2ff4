//! A model that runs inside the tab, seen by the rest of the app as the local OpenAI-compatible
//! server it imitates.
//!
//! The engine in the browser is llama.cpp compiled to WebAssembly (npm `@wllama/wllama`), whose
//! chat API takes OpenAI's request body (messages, `response_format: json_schema`, `max_tokens`,
//! `stream`) and answers with OpenAI's response and stream chunks. So instead of a seventh wire
//! format, [`TabTransport`] is an [`HttpTransport`] that never touches the network: it hands the
//! request body of `POST …/chat/completions` to a [`TabEngine`] and returns what the engine
//! writes as the HTTP answer a llama-server would give (a JSON body, or `data:` events), and it
//! answers `GET …/v1/models` as llama-server does (so only `/props` is asked next) and
//! `GET …/props` with the loaded model's context and one slot. Everything the app does
//! for a real local server then holds here unchanged: schema bounds and answer budgets, the
//! repair round, clamping, the context check before a call, one call at a time for one slot,
//! streaming, Stop, deadlines.

use std::rc::Rc;

pub use address::TAB_BASE_URL;

pub mod address;
#[cfg(target_arch = "wasm32")]
pub mod browser;
#[cfg(target_arch = "wasm32")]
pub mod kept;

use futures::channel::mpsc;
use futures::future::{self, Either, LocalBoxFuture};
use futures::stream::{self, StreamExt};

use futures::stream::LocalBoxStream;

use crate::llm::error::LlmError;
use crate::llm::http::{ByteStream, HttpRequest, HttpResponse, HttpTransport, TransportError};
use crate::llm::local_server::LocalServer;
use crate::llm::model::{pass_through_model_info, ChatModel};
use crate::llm::openai::{OpenAiConfig, OpenAiModel};
use crate::llm::runtime::CancelToken;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};
use crate::llm::ApiKey;

/// The provider id the in-tab model's answers and usage carry.
pub const TAB_PROVIDER: &str = "in_tab";

/// The chat model of `engine`: OpenAI's wire format over [`TabTransport`], held to the loaded
/// model's context and to one call at a time like any local server. `model` names the model file
/// (what usage and the run's notes show). Every call first waits for the engine to have the model
/// loaded ([`TabEngine::ready`]): the first call of a run, or of a page reloaded mid-run, loads it.
pub fn tab_model(engine: Rc<dyn TabEngine>, model: &str) -> Rc<dyn ChatModel> {
    let transport: Rc<dyn HttpTransport> = Rc::new(TabTransport::new(engine.clone()));
    let chat: Rc<dyn ChatModel> = Rc::new(OpenAiModel::new(
        OpenAiConfig::compatible(TAB_PROVIDER, TAB_BASE_URL, ApiKey::default(), model),
        transport.clone(),
    ));
    let server = LocalServer::new(chat, transport, &Default::default(), TAB_BASE_URL);
    Rc::new(TabModel { engine, server })
}

/// Loads the model before the first call reaches the [`LocalServer`]: its `/props` probe (which
/// gives up after seconds) then finds the model's context and one slot, so parallel agents are
/// queued from the first call on, and a model that takes a minute to load is not a timeout.
struct TabModel {
    engine: Rc<dyn TabEngine>,
    server: LocalServer,
}

impl TabModel {
    async fn ready(&self) -> Result<(), LlmError> {
        self.engine
            .ready()
            .await
            // Not a server that may come back: asking again would only load again.
            .map_err(LlmError::Config)
    }
}

impl ChatModel for TabModel {
    pass_through_model_info!(server);

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            self.ready().await?;
            self.server.complete(request).await
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let opened = async move {
            match self.ready().await {
                Ok(()) => self.server.stream(request),
                Err(error) => stream::once(future::ready(Err(error))).boxed_local(),
            }
        };
        Box::pin(stream::once(opened).flatten())
    }
}

/// What the engine in the tab does for one chat completion.
pub trait TabEngine {
    /// Loads the model if it is not loaded yet (every caller waits for the one load), or says
    /// why it cannot be: a message for the user (the file is gone, out of memory, no SIMD).
    fn ready(&self) -> LocalBoxFuture<'static, Result<(), String>>;

    /// The loaded model's context, in tokens; `None` while no model is loaded.
    fn context_tokens(&self) -> Option<u32>;

    /// Runs one chat completion on OpenAI's request `body` (JSON text). When the body asks for a
    /// stream, each chunk (the JSON text of one OpenAI stream chunk) goes to `chunks` as it is
    /// made and the future ends with `Ok(None)`; otherwise it ends with the whole response's JSON
    /// text. An error is a message for the user (no model loaded, out of memory, the engine
    /// crashed). `cancel` stops the generation.
    fn complete(
        &self,
        body: String,
        chunks: mpsc::UnboundedSender<String>,
        cancel: Option<CancelToken>,
    ) -> LocalBoxFuture<'static, Result<Option<String>, String>>;
}

/// The [`HttpTransport`] of the in-tab model: see the module's documentation.
pub struct TabTransport {
    engine: Rc<dyn TabEngine>,
}

impl TabTransport {
    pub fn new(engine: Rc<dyn TabEngine>) -> Self {
        TabTransport { engine }
    }

    /// llama-server's `/props`, as far as the app reads it.
    fn props(&self) -> HttpResponse {
        match self.engine.context_tokens() {
            Some(n_ctx) => json_response(
                200,
                serde_json::json!({
                    "default_generation_settings": { "n_ctx": n_ctx },
                    // One model, one sequence: parallel agents wait their turn in the page.
                    "total_slots": 1,
                })
                .to_string(),
            ),
            None => json_response(503, error_body("No model is loaded in this tab yet.")),
        }
    }

    fn chat(&self, request: HttpRequest) -> HttpResponse {
        let streaming = serde_json::from_str::<serde_json::Value>(&request.body)
            .ok()
            .and_then(|body| body.get("stream").and_then(serde_json::Value::as_bool))
            .unwrap_or(false);
        let (sender, chunks) = mpsc::unbounded::<String>();
        let done = self.engine.complete(request.body, sender, request.cancel);
        if !streaming {
            let body = stream::once(async move {
                match done.await {
                    Ok(Some(json)) => Ok(json.into_bytes()),
                    Ok(None) => Err(TransportError::Network(
                        "the model in this tab gave no answer".into(),
                    )),
                    Err(message) => Err(TransportError::Network(message)),
                }
            });
            return HttpResponse {
                status: 200,
                headers: vec![("content-type".into(), "application/json".into())],
                body: body.boxed_local(),
            };
        }
        // The chunks as server-sent events while the engine works, then its end: `[DONE]`, or
        // the engine's error as a broken connection (the stream is cut mid-answer).
        HttpResponse {
            status: 200,
            headers: vec![("content-type".into(), "text/event-stream".into())],
            body: server_sent(chunks, done),
        }
    }
}

/// Where the engine's stream is: generating, or done and its buffered chunks still to send.
enum Phase {
    Running(LocalBoxFuture<'static, Result<Option<String>, String>>),
    Draining(Result<(), String>),
    Ended,
}

/// The engine's chunks as `data:` events, the engine driven alongside (its future owns the
/// sender, so the chunks end only when it does), then `[DONE]` or its error.
fn server_sent(
    chunks: mpsc::UnboundedReceiver<String>,
    done: LocalBoxFuture<'static, Result<Option<String>, String>>,
) -> ByteStream {
    fn event(chunk: String) -> Result<Vec<u8>, TransportError> {
        Ok(format!("data: {chunk}\n\n").into_bytes())
    }
    type Chunks = mpsc::UnboundedReceiver<String>;
    type Next = Option<(Result<Vec<u8>, TransportError>, (Chunks, Phase))>;
    fn drain(mut chunks: Chunks, outcome: Result<(), String>) -> Next {
        // Chunks the engine sent before it ended are still buffered: they come first.
        if let Ok(chunk) = chunks.try_recv() {
            return Some((event(chunk), (chunks, Phase::Draining(outcome))));
        }
        let end = match outcome {
            Ok(()) => Ok(b"data: [DONE]\n\n".to_vec()),
            Err(message) => Err(TransportError::Network(message)),
        };
        Some((end, (chunks, Phase::Ended)))
    }
    stream::unfold(
        (chunks, Phase::Running(done)),
        |(mut chunks, phase)| async move {
            match phase {
                Phase::Running(mut done) => match future::select(chunks.next(), &mut done).await {
                    Either::Left((Some(chunk), _)) => {
                        Some((event(chunk), (chunks, Phase::Running(done))))
                    }
                    Either::Left((None, _)) => drain(chunks, done.await.map(|_| ())),
                    Either::Right((outcome, _)) => drain(chunks, outcome.map(|_| ())),
                },
                Phase::Draining(outcome) => drain(chunks, outcome),
                Phase::Ended => None,
            }
        },
    )
    .boxed_local()
}

impl HttpTransport for TabTransport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let path = request
            .url
            .strip_prefix(TAB_BASE_URL)
            .map(str::to_string)
            .unwrap_or_default();
        let response = match (request.method, path.as_str()) {
            // `/props` sits beside `/v1` on llama-server: the app asks for it at the root.
            ("GET", _) if request.url.ends_with("/props") => self.props(),
            ("GET", "/models") => json_response(
                200,
                serde_json::json!({
                    "object": "list",
                    "data": [{ "id": "in-tab", "object": "model", "owned_by": "llamacpp" }],
                })
                .to_string(),
            ),
            ("POST", "/chat/completions") => self.chat(request),
            _ => json_response(
                404,
                error_body("The model in this tab has no such endpoint."),
            ),
        };
        Box::pin(async move { Ok(response) })
    }
}

fn error_body(message: &str) -> String {
    serde_json::json!({ "error": { "message": message, "type": "in_tab_model" } }).to_string()
}

fn json_response(status: u16, body: String) -> HttpResponse {
    HttpResponse {
        status,
        headers: vec![("content-type".into(), "application/json".into())],
        body: stream::once(async move { Ok(body.into_bytes()) }).boxed_local(),
    }
}
