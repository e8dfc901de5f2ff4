//! What a local OpenAI-compatible server says about itself, and the model wrapper that acts on it.
//!
//! llama.cpp's `llama-server` answers `GET /props` with the context size of each of its slots
//! (`default_generation_settings.n_ctx`) and how many requests it decodes at once (`total_slots`).
//! [`LocalServer`] wraps the server's chat model with both:
//! - a request that cannot fit the context fails BEFORE it is sent, naming both numbers, instead
//!   of llama.cpp's 400 in the middle of a run (or, on servers that truncate, an answer to half a
//!   prompt);
//! - no more calls run at once than the server has slots: the others wait here, where no idle
//!   timeout is running, instead of in the server's queue, where their timeout would fire while a
//!   slow model on a CPU works through the calls ahead of them.
//!
//! Ollama has no `/props`. It says the context of a loaded model (`GET /api/ps`,
//! `context_length`), which is what it uses: it depends on the machine's memory,
//! `OLLAMA_CONTEXT_LENGTH` and the model's `num_ctx`, and a longer prompt is cut silently. For a
//! model not loaded yet, the model's own `num_ctx` parameter (`POST /api/show`) when it sets one.
//! Ollama does not say how many requests it decodes at once: calls are not held back.
//!
//! vLLM says its context in its model list. A server that says none of these (LM Studio, a remote
//! API) is used as it is. Which server it is comes first, from `/v1/models`
//! ([`server_identity`](crate::llm::server_identity)), so no route it lacks is asked.

use std::rc::Rc;

use futures::future::{self, Either, FutureExt, LocalBoxFuture, Shared};
use futures::stream::{self, LocalBoxStream, StreamExt};
use serde::Deserialize;

use crate::llm::error::LlmError;
use crate::llm::http::{read_body_limited, HttpRequest, HttpTransport};
use crate::llm::limiter::{input_tokens, LimiterConfig, RateLimited};
use crate::llm::limits::{output_ceiling, schema_token_budget};
use crate::llm::model::ChatModel;
use crate::llm::runtime::Runtime;
use crate::llm::server_identity::{identify, models_url, Identity};
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};

/// Tokens kept free for the answer when checking that a request fits: a critique or a short
/// structured answer. A longer answer that runs out of room ends as `LlmError::Truncated`.
pub const ANSWER_ROOM: u64 = 512;

/// Tokens a chat template adds around each message (role markers, separators).
const TEMPLATE_TOKENS_PER_MESSAGE: u64 = 8;

/// How long the one `/props` request may take before the server is used without its limits.
const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// What the server told about itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerLimits {
    /// Context of one slot, in tokens: the most one request (prompt and answer) can fill.
    pub context_tokens: u32,
    /// Requests decoded at once, when the server says.
    pub slots: Option<u32>,
}

#[derive(Deserialize)]
struct Props {
    default_generation_settings: GenerationSettings,
    #[serde(default)]
    total_slots: Option<u32>,
}

#[derive(Deserialize)]
struct GenerationSettings {
    n_ctx: u32,
}

/// Reads llama-server's `/props` body; `None` for anything else.
pub fn parse_props(body: &[u8]) -> Option<ServerLimits> {
    let props: Props = serde_json::from_slice(body).ok()?;
    let context_tokens = props.default_generation_settings.n_ctx;
    (context_tokens > 0).then_some(ServerLimits {
        context_tokens,
        slots: Some(props.total_slots.unwrap_or(1).max(1)),
    })
}

/// Ollama's routes beside its OpenAI ones: `http://host:11434/v1` → `http://host:11434/api/…`.
pub fn ollama_url(base_url: &str, route: &str) -> String {
    let base = base_url.trim_end_matches('/');
    let root = base.strip_suffix("/v1").unwrap_or(base);
    format!("{root}/api/{route}")
}

#[derive(Deserialize)]
struct OllamaRunning {
    #[serde(default)]
    models: Vec<OllamaLoaded>,
}

#[derive(Deserialize)]
struct OllamaLoaded {
    #[serde(default)]
    name: String,
    #[serde(default)]
    model: String,
    #[serde(default)]
    context_length: Option<u32>,
}

/// Ollama's names without a tag mean `:latest`.
fn same_ollama_model(a: &str, b: &str) -> bool {
    let full = |name: &str| match name.contains(':') {
        true => name.to_string(),
        false => format!("{name}:latest"),
    };
    full(a) == full(b)
}

/// The context `model` is loaded with, from Ollama's `GET /api/ps` body.
pub fn parse_ollama_ps(body: &[u8], model: &str) -> Option<ServerLimits> {
    let running: OllamaRunning = serde_json::from_slice(body).ok()?;
    let loaded = running
        .models
        .iter()
        .find(|m| same_ollama_model(&m.name, model) || same_ollama_model(&m.model, model))?;
    let context_tokens = loaded.context_length.filter(|n| *n > 0)?;
    Some(ServerLimits {
        context_tokens,
        slots: None,
    })
}

#[derive(Deserialize)]
struct OllamaShow {
    #[serde(default)]
    parameters: String,
}

/// The `num_ctx` a model sets for itself, from Ollama's `POST /api/show` body (its `parameters`
/// are Modelfile lines, "num_ctx    8192").
pub fn parse_ollama_show(body: &[u8]) -> Option<ServerLimits> {
    let show: OllamaShow = serde_json::from_slice(body).ok()?;
    let context_tokens = show.parameters.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next()? == "num_ctx").then(|| words.next()?.parse::<u32>().ok())?
    })?;
    (context_tokens > 0).then_some(ServerLimits {
        context_tokens,
        slots: None,
    })
}

/// `/props` beside the OpenAI routes: `http://host:8080/v1` → `http://host:8080/props`.
pub fn props_url(base_url: &str) -> String {
    let base = base_url.trim_end_matches('/');
    let root = base.strip_suffix("/v1").unwrap_or(base);
    format!("{root}/props")
}

/// The tokens `request` fills before the answer: its texts and schema, estimated without a
/// tokenizer (see `limiter::estimate_tokens`), plus the template's tokens per message.
pub fn prompt_tokens(request: &ChatRequest) -> u64 {
    let messages = request.messages.len() as u64 + 1;
    input_tokens(request) + messages * TEMPLATE_TOKENS_PER_MESSAGE
}

/// `Err(ContextTooSmall)` when `request` and room for its answer do not fit one slot's context.
pub fn check_fits(
    provider: &str,
    limits: ServerLimits,
    request: &ChatRequest,
) -> Result<(), LlmError> {
    let room = request
        .max_tokens
        .map_or(ANSWER_ROOM, |max| u64::from(max).min(ANSWER_ROOM));
    let needed = prompt_tokens(request) + room;
    if needed > u64::from(limits.context_tokens) {
        return Err(LlmError::ContextTooSmall {
            provider: provider.to_string(),
            context_tokens: limits.context_tokens,
            needed_tokens: needed,
        });
    }
    Ok(())
}

/// llama.cpp's error type for a request larger than a slot's context (HTTP 400).
pub const LLAMA_CPP_CONTEXT_ERROR: &str = "exceed_context_size_error";

/// llama.cpp's own refusal, "request (2345 tokens) exceeds the available context size (1024
/// tokens), try increasing it", as [`LlmError::ContextTooSmall`] (for servers whose `/props` was
/// not read, or an estimate that came out low).
pub fn context_error(provider: &str, message: &str) -> Option<LlmError> {
    let numbers: Vec<u64> = message
        .split('(')
        .skip(1)
        .filter_map(|part| part.split_whitespace().next()?.parse().ok())
        .collect();
    match numbers[..] {
        [needed, context, ..] => Some(LlmError::ContextTooSmall {
            provider: provider.to_string(),
            context_tokens: u32::try_from(context).ok()?,
            needed_tokens: needed,
        }),
        _ => None,
    }
}

type Probe = Shared<LocalBoxFuture<'static, Option<ServerLimits>>>;

/// The body of a 200 answer to `request`, if any.
async fn body_of(transport: &dyn HttpTransport, mut request: HttpRequest) -> Option<Vec<u8>> {
    request.timeout = Some(PROBE_TIMEOUT);
    let response = transport.send(request).await.ok()?;
    if response.status != 200 {
        return None;
    }
    read_body_limited(response.body, 256 * 1024).await.ok()
}

/// Asks `base_url`'s server for its limits once. It first asks which server it is
/// (`/v1/models`, see [`server_identity`](crate::llm::server_identity)), then only the routes that
/// server has: llama-server's `/props`; Ollama's `/api/ps` for `model`, else its `/api/show`;
/// nothing more of vLLM (its list says the context) or of any other server. A list that does not
/// read leaves every route to try, in that order. No key is sent: these need none unless the
/// server was started with one, and then the limits are simply not known.
fn probe(
    transport: Rc<dyn HttpTransport>,
    runtime: &Runtime,
    base_url: &str,
    model: &str,
) -> Probe {
    let (models, props, ps, show) = (
        models_url(base_url),
        props_url(base_url),
        ollama_url(base_url, "ps"),
        ollama_url(base_url, "show"),
    );
    let model = model.to_string();
    let runtime = runtime.clone();
    async move {
        // Armed at the first call, not when the model is built: a model loaded before its first
        // call (the one in the tab) may take longer than this to get there.
        let timeout = runtime.sleep(PROBE_TIMEOUT * 3);
        let ask = async move {
            let transport = transport.as_ref();
            let identity = body_of(transport, HttpRequest::get(models))
                .await
                .and_then(|body| identify(&body, &model));
            let (llama, ollama) = match identity {
                Some(Identity::LlamaServer) => (true, false),
                Some(Identity::Ollama) => (false, true),
                Some(Identity::Vllm(context)) => {
                    return context
                        .filter(|n| *n > 0)
                        .map(|context_tokens| ServerLimits {
                            context_tokens,
                            slots: None,
                        })
                }
                Some(Identity::Other) => return None,
                None => (true, true),
            };
            if llama {
                let limits = body_of(transport, HttpRequest::get(props)).await;
                if let Some(limits) = limits.and_then(|body| parse_props(&body)) {
                    return Some(limits);
                }
            }
            if !ollama {
                return None;
            }
            if let Some(limits) = body_of(transport, HttpRequest::get(ps))
                .await
                .and_then(|body| parse_ollama_ps(&body, &model))
            {
                return Some(limits);
            }
            let asked = serde_json::json!({ "model": model }).to_string();
            body_of(transport, HttpRequest::post_json(show, asked))
                .await
                .and_then(|body| parse_ollama_show(&body))
        };
        match future::select(Box::pin(ask), timeout).await {
            Either::Left((limits, _)) => limits,
            Either::Right(_) => None,
        }
    }
    .boxed_local()
    .shared()
}

/// A local server's chat model, held to the limits the server reports (see the module docs).
pub struct LocalServer {
    inner: RateLimited<Rc<dyn ChatModel>>,
    limits: Probe,
}

impl LocalServer {
    /// Wraps `inner`, the chat model of the server at `base_url` (its OpenAI base, `…/v1`); the
    /// server is asked for its limits at the first call.
    pub fn new(
        inner: Rc<dyn ChatModel>,
        transport: Rc<dyn HttpTransport>,
        runtime: &Runtime,
        base_url: &str,
    ) -> Self {
        // Until the server has said how many slots it has, calls are not held back.
        let unlimited = LimiterConfig {
            max_in_flight: usize::MAX,
            ..LimiterConfig::default()
        };
        let model = inner.default_model().to_string();
        LocalServer {
            inner: RateLimited::new(inner, unlimited),
            limits: probe(transport, runtime, base_url, &model),
        }
    }

    /// The server's limits, once it has answered (`None` if it does not say).
    pub async fn limits(&self) -> Option<ServerLimits> {
        self.limits.clone().await
    }

    /// Waits for the limits, applies the slot count, checks `request` fits, and caps its answer
    /// at the room the context has left.
    async fn admit(&self, mut request: ChatRequest) -> Result<ChatRequest, LlmError> {
        let Some(limits) = self.limits().await else {
            return Ok(request);
        };
        if let Some(slots) = limits.slots {
            self.inner.set_config(LimiterConfig {
                max_in_flight: slots as usize,
                ..LimiterConfig::default()
            });
        }
        check_fits(self.inner.provider(), limits, &request)?;
        // The answer's budget (the request's own, or what its bounded schema can take) past the
        // context's room would end at the context's edge, a cut answer, not at the budget.
        let room = u64::from(limits.context_tokens).saturating_sub(prompt_tokens(&request));
        let model = request
            .model
            .clone()
            .unwrap_or_else(|| self.default_model().to_string());
        let ceiling = output_ceiling(self.provider(), &model);
        let wanted = request.max_tokens.or_else(|| {
            let schema = &request.schema.as_ref()?.schema;
            schema_token_budget(schema, ceiling)
        });
        if wanted.is_none_or(|tokens| u64::from(tokens) > room) {
            request.max_tokens = Some(u32::try_from(room).unwrap_or(u32::MAX));
        }
        Ok(request)
    }
}

impl ChatModel for LocalServer {
    crate::llm::model::pass_through_model_info!(inner);

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            let request = self.admit(request).await?;
            self.inner.complete(request).await
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let opened = async move {
            match self.admit(request).await {
                Ok(request) => self.inner.stream(request),
                Err(error) => stream::once(future::ready(Err(error))).boxed_local(),
            }
        };
        Box::pin(stream::once(opened).flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_llama_servers_props() {
        let body = br#"{"default_generation_settings":{"n_ctx":4096,"params":{}},"total_slots":2,"model_alias":"m"}"#;
        assert_eq!(
            parse_props(body),
            Some(ServerLimits {
                context_tokens: 4096,
                slots: Some(2)
            })
        );
        assert_eq!(parse_props(br#"{"error":"not found"}"#), None);
        assert_eq!(parse_props(b"<html>"), None);
    }

    #[test]
    fn reads_the_context_ollama_loaded_the_model_with() {
        let body = br#"{"models":[{"name":"llama3.2:latest","model":"llama3.2:latest","size":1,"context_length":2048},
                                   {"name":"qwen2.5:0.5b","model":"qwen2.5:0.5b","context_length":8192}]}"#;
        let limits = parse_ollama_ps(body, "llama3.2").unwrap();
        assert_eq!((limits.context_tokens, limits.slots), (2048, None));
        assert_eq!(
            parse_ollama_ps(body, "qwen2.5:0.5b")
                .unwrap()
                .context_tokens,
            8192
        );
        assert_eq!(
            parse_ollama_ps(body, "qwen2.5:1.5b"),
            None,
            "not loaded: not known"
        );
        assert_eq!(parse_ollama_ps(br#"{"models":[]}"#, "x"), None);
        // Older Ollama versions do not say the context of a loaded model.
        assert_eq!(
            parse_ollama_ps(br#"{"models":[{"name":"x:latest"}]}"#, "x"),
            None
        );
    }

    #[test]
    fn reads_the_num_ctx_a_model_sets_for_itself() {
        let body = br#"{"parameters":"stop                           \"<|im_end|>\"\nnum_ctx                        8192\ntemperature 0.7","model_info":{"qwen2.context_length":32768}}"#;
        assert_eq!(parse_ollama_show(body).unwrap().context_tokens, 8192);
        // Without num_ctx the context is Ollama's own choice (memory, OLLAMA_CONTEXT_LENGTH), not
        // the model's trained maximum: not known.
        let without =
            br#"{"parameters":"temperature 0.7","model_info":{"qwen2.context_length":32768}}"#;
        assert_eq!(parse_ollama_show(without), None);
    }

    #[test]
    fn ollamas_routes_sit_beside_its_openai_ones() {
        assert_eq!(
            ollama_url("http://localhost:11434/v1/", "ps"),
            "http://localhost:11434/api/ps"
        );
    }

    #[test]
    fn props_sit_beside_the_openai_routes() {
        assert_eq!(
            props_url("http://127.0.0.1:8080/v1"),
            "http://127.0.0.1:8080/props"
        );
        assert_eq!(
            props_url("http://127.0.0.1:8080/v1/"),
            "http://127.0.0.1:8080/props"
        );
        assert_eq!(props_url("http://host/api"), "http://host/api/props");
    }

    #[test]
    fn llama_cpps_own_refusal_names_both_numbers() {
        let message = "request (2345 tokens) exceeds the available context size (1024 tokens), try increasing it";
        assert_eq!(
            context_error("openai_compatible", message),
            Some(LlmError::ContextTooSmall {
                provider: "openai_compatible".into(),
                context_tokens: 1024,
                needed_tokens: 2345,
            })
        );
        assert_eq!(context_error("x", "something else"), None);
    }

    #[test]
    fn a_request_larger_than_the_context_is_refused_with_both_numbers() {
        let limits = ServerLimits {
            context_tokens: 1024,
            slots: Some(1),
        };
        let small = ChatRequest::new("critic", "Review.").user("A short resume.");
        assert!(check_fits("openai_compatible", limits, &small).is_ok());
        let large = ChatRequest::new("critic", "Review.").user("word ".repeat(2000));
        let error = check_fits("openai_compatible", limits, &large).unwrap_err();
        match &error {
            LlmError::ContextTooSmall {
                context_tokens,
                needed_tokens,
                ..
            } => {
                assert_eq!(*context_tokens, 1024);
                assert!(*needed_tokens > 2500, "{needed_tokens}");
            }
            other => panic!("{other:?}"),
        }
        assert!(error.to_string().contains("1024 tokens"), "{error}");
    }
}
