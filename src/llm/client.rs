//! The provider-independent half of an HTTP chat model: retries, timeouts, cancellation, error
//! mapping, usage and cost. Providers only say how to build a request and read a response
//! ([`Protocol`]), the way async-openai separates its `Config` from the client.

use std::rc::Rc;
use std::time::Duration;

use futures::future::{self, Either, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream, StreamExt};

use crate::llm::decode::decode_stream;
use crate::llm::decode::ndjson::NdjsonDecoder;
use crate::llm::decode::sse::{SseDecoder, SseEvent};
use crate::llm::error::{excerpt, LlmError};
use crate::llm::http::{
    read_body, ByteStream, HttpRequest, HttpResponse, HttpTransport, TransportError,
};
use crate::llm::model::ChatModel;
use crate::llm::pricing::estimate_cost;
use crate::llm::retry::{parse_retry_after, RetryPolicy};
use crate::llm::runtime::{CancelToken, Runtime};
use crate::llm::secret::ApiKey;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent, Usage};

/// What a provider's answer boils down to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub text: String,
    pub usage: Usage,
    pub model: Option<String>,
    pub finish_reason: Option<String>,
}

/// A provider error body, reduced to what users and retry logic need.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ErrorBody {
    /// Provider's error type/code/status, e.g. "invalid_api_key", "authentication_error", "API_KEY_INVALID".
    pub kind: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFormat {
    Sse,
    Ndjson,
}

/// How one provider speaks HTTP. Implemented by each provider's config type.
pub trait Protocol: 'static {
    /// Per-stream accumulator for `on_stream_event` (rig's `handle_event(event, &mut state)`).
    type StreamState: Default + 'static;

    fn provider(&self) -> &str;
    fn default_model(&self) -> &str;
    fn api_key(&self) -> &ApiKey;
    fn build_request(
        &self,
        request: &ChatRequest,
        model: &str,
        stream: bool,
    ) -> Result<HttpRequest, LlmError>;
    fn parse_response(&self, body: &[u8]) -> Result<Parsed, String>;
    fn parse_error(&self, body: &[u8]) -> ErrorBody;
    fn stream_format(&self) -> StreamFormat {
        StreamFormat::Sse
    }
    /// Handles one event (NDJSON lines arrive as `data`); returns a text delta if there is one.
    fn on_stream_event(
        &self,
        event: &SseEvent,
        state: &mut Self::StreamState,
    ) -> Result<Option<String>, LlmError>;
    /// End of stream: the whole answer, or `StreamInterrupted` if the provider never said it finished.
    fn finish_stream(&self, state: Self::StreamState) -> Result<Parsed, LlmError>;
}

/// Timeout, retries and timers, the same for every provider.
#[derive(Debug, Clone)]
pub struct CallSettings {
    pub timeout: Duration,
    pub retry: RetryPolicy,
    pub runtime: Runtime,
}

impl Default for CallSettings {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(120),
            retry: RetryPolicy::default(),
            runtime: Runtime::default(),
        }
    }
}

/// A chat model talking HTTP through `transport`, with the wire format given by `P`.
pub struct HttpChatModel<P: Protocol> {
    protocol: Rc<P>,
    transport: Rc<dyn HttpTransport>,
    settings: CallSettings,
}

impl<P: Protocol> HttpChatModel<P> {
    pub fn new(protocol: P, transport: Rc<dyn HttpTransport>) -> Self {
        Self {
            protocol: Rc::new(protocol),
            transport,
            settings: CallSettings::default(),
        }
    }
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.settings.timeout = timeout;
        self
    }
    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.settings.retry = retry;
        self
    }
    pub fn with_runtime(mut self, runtime: Runtime) -> Self {
        self.settings.runtime = runtime;
        self
    }
    pub fn protocol(&self) -> &P {
        &self.protocol
    }

    fn call(&self, request: &ChatRequest) -> Call<P> {
        Call {
            protocol: self.protocol.clone(),
            transport: self.transport.clone(),
            runtime: self.settings.runtime.clone(),
            retry: self.settings.retry.clone(),
            timeout: request.timeout.unwrap_or(self.settings.timeout),
            cancel: request.cancel.clone(),
        }
    }
}

impl<P: Protocol> std::fmt::Debug for HttpChatModel<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpChatModel")
            .field("provider", &self.protocol.provider())
            .field("model", &self.protocol.default_model())
            .field("settings", &self.settings)
            .finish()
    }
}

impl<P: Protocol> ChatModel for HttpChatModel<P> {
    fn provider(&self) -> &str {
        self.protocol.provider()
    }

    fn default_model(&self) -> &str {
        self.protocol.default_model()
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        let call = self.call(&request);
        Box::pin(async move {
            let model = request
                .model
                .clone()
                .unwrap_or_else(|| self.protocol.default_model().to_string());
            let http = self.protocol.build_request(&request, &model, false)?;
            let body = call.send_for_body(http).await?;
            let parsed = self
                .protocol
                .parse_response(&body)
                .map_err(|message| call.decode_error(message, &body))?;
            Ok(finish_response(
                self.protocol.provider(),
                &request,
                &model,
                parsed,
            ))
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let call = self.call(&request);
        let model = request
            .model
            .clone()
            .unwrap_or_else(|| self.protocol.default_model().to_string());
        let http = match self.protocol.build_request(&request, &model, true) {
            Ok(http) => http,
            Err(error) => return stream::once(future::ready(Err(error))).boxed_local(),
        };
        let protocol = self.protocol.clone();
        stream::once(async move {
            let body = call.send_for_stream(http).await?;
            let events = call.guarded_events(body);
            Ok(stream_answer(protocol, events, request, model))
        })
        .map(|opened: Result<_, LlmError>| match opened {
            Ok(events) => events,
            Err(error) => stream::once(future::ready(Err(error))).boxed_local(),
        })
        .flatten()
        .boxed_local()
    }
}

fn finish_response(
    provider: &str,
    request: &ChatRequest,
    model: &str,
    parsed: Parsed,
) -> ChatResponse {
    let model = parsed.model.unwrap_or_else(|| model.to_string());
    ChatResponse {
        cost_usd: estimate_cost(&model, &parsed.usage),
        text: parsed.text,
        usage: parsed.usage,
        provider: provider.to_string(),
        model,
        role_name: request.role_name.clone(),
        finish_reason: parsed.finish_reason,
    }
}

/// Turns decoded events into deltas via the protocol's `on_stream_event`, then one `Done`.
fn stream_answer<P: Protocol>(
    protocol: Rc<P>,
    events: LocalBoxStream<'static, Result<SseEvent, LlmError>>,
    request: ChatRequest,
    model: String,
) -> LocalBoxStream<'static, Result<StreamEvent, LlmError>> {
    struct State<P: Protocol> {
        protocol: Rc<P>,
        events: LocalBoxStream<'static, Result<SseEvent, LlmError>>,
        accumulated: Option<P::StreamState>,
        request: ChatRequest,
        model: String,
    }
    let state = State {
        protocol,
        events,
        accumulated: Some(P::StreamState::default()),
        request,
        model,
    };
    stream::unfold(state, |mut state| async move {
        let accumulated = state.accumulated.as_mut()?;
        loop {
            match state.events.next().await {
                Some(Ok(event)) => match state.protocol.on_stream_event(&event, accumulated) {
                    Ok(Some(delta)) if !delta.is_empty() => {
                        return Some((Ok(StreamEvent::TextDelta(delta)), state))
                    }
                    Ok(_) => continue,
                    Err(error) => {
                        state.accumulated = None;
                        return Some((Err(error), state));
                    }
                },
                Some(Err(error)) => {
                    state.accumulated = None;
                    return Some((Err(error), state));
                }
                None => {
                    let finished = state.accumulated.take()?;
                    let item = state.protocol.finish_stream(finished).map(|parsed| {
                        StreamEvent::Done(finish_response(
                            state.protocol.provider(),
                            &state.request,
                            &state.model,
                            parsed,
                        ))
                    });
                    return Some((item, state));
                }
            }
        }
    })
    .boxed_local()
}

/// One call's worth of shared machinery (cloned out of the model so streams can be `'static`).
struct Call<P: Protocol> {
    protocol: Rc<P>,
    transport: Rc<dyn HttpTransport>,
    runtime: Runtime,
    retry: RetryPolicy,
    timeout: Duration,
    cancel: Option<CancelToken>,
}

impl<P: Protocol> Call<P> {
    fn provider(&self) -> String {
        self.protocol.provider().to_string()
    }

    fn decode_error(&self, message: String, body: &[u8]) -> LlmError {
        let key = self.protocol.api_key();
        LlmError::Decode {
            provider: self.provider(),
            message: key.scrub(&message),
            excerpt: key.scrub(&excerpt(&String::from_utf8_lossy(body), 160)),
        }
    }

    /// Races `work` against the timeout and the cancel token.
    async fn guarded<T>(
        &self,
        work: impl std::future::Future<Output = Result<T, LlmError>>,
    ) -> Result<T, LlmError> {
        let cancelled: LocalBoxFuture<'static, ()> = match &self.cancel {
            Some(token) => Box::pin(token.cancelled()),
            None => Box::pin(future::pending()),
        };
        let timer = self.runtime.sleep(self.timeout);
        let stop = future::select(cancelled, timer);
        match future::select(Box::pin(work), stop).await {
            Either::Left((result, _)) => result,
            Either::Right((Either::Left(_), _)) => Err(LlmError::Cancelled),
            Either::Right((Either::Right(_), _)) => Err(LlmError::Timeout {
                provider: self.provider(),
                after: self.timeout,
            }),
        }
    }

    fn transport_error(&self, error: TransportError) -> LlmError {
        match error {
            TransportError::Network(message) => LlmError::Network {
                provider: self.provider(),
                message: self.protocol.api_key().scrub(&message),
            },
            TransportError::Timeout => LlmError::Timeout {
                provider: self.provider(),
                after: self.timeout,
            },
            TransportError::Cancelled => LlmError::Cancelled,
        }
    }

    /// Sends once; a non-2xx status becomes the matching typed error.
    async fn attempt(&self, mut http: HttpRequest) -> Result<HttpResponse, LlmError> {
        http.timeout = Some(self.timeout);
        http.cancel = self.cancel.clone();
        let response = self
            .transport
            .send(http)
            .await
            .map_err(|e| self.transport_error(e))?;
        if (200..300).contains(&response.status) {
            return Ok(response);
        }
        let status = response.status;
        let retry_after = response.header("retry-after").and_then(parse_retry_after);
        let body = read_body(response.body).await.unwrap_or_default();
        let parsed = self.protocol.parse_error(&body);
        Err(self.status_error(status, retry_after, parsed))
    }

    fn status_error(
        &self,
        status: u16,
        retry_after: Option<std::time::Duration>,
        body: ErrorBody,
    ) -> LlmError {
        let key = self.protocol.api_key();
        let provider = self.provider();
        let message = key.scrub(&body.message);
        let kind = key.scrub(&body.kind);
        // Gemini answers a bad key with 400 API_KEY_INVALID rather than 401.
        let auth_kind =
            kind.contains("API_KEY") || kind == "authentication_error" || kind == "invalid_api_key";
        match status {
            401 | 403 => LlmError::Auth {
                provider,
                status,
                message,
            },
            _ if auth_kind => LlmError::Auth {
                provider,
                status,
                message,
            },
            429 => LlmError::RateLimited {
                provider,
                retry_after,
                message,
            },
            500..=599 => LlmError::ProviderDown {
                provider,
                status,
                message,
            },
            _ => LlmError::BadRequest {
                provider,
                status,
                kind,
                message,
            },
        }
    }

    /// Runs `attempt_once` with retries on retryable errors, sleeping per the retry policy.
    async fn with_retries<T, F, Fut>(&self, attempt_once: F) -> Result<T, LlmError>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = Result<T, LlmError>>,
    {
        let mut retry = 0;
        loop {
            if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
                return Err(LlmError::Cancelled);
            }
            match self.guarded(attempt_once()).await {
                Ok(value) => return Ok(value),
                Err(error) if error.is_retryable() && retry < self.retry.max_retries => {
                    if error
                        .retry_after()
                        .is_some_and(|wait| wait > self.retry.max_retry_after)
                    {
                        return Err(error);
                    }
                    let wait =
                        self.retry
                            .delay(retry, error.retry_after(), (self.runtime.random)());
                    retry += 1;
                    let cancelled: LocalBoxFuture<'static, ()> = match &self.cancel {
                        Some(token) => Box::pin(token.cancelled()),
                        None => Box::pin(future::pending()),
                    };
                    if let Either::Right(_) =
                        future::select(self.runtime.sleep(wait), cancelled).await
                    {
                        return Err(LlmError::Cancelled);
                    }
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// Non-streaming: status and whole body inside one attempt, so a body cut short is retried too.
    async fn send_for_body(&self, http: HttpRequest) -> Result<Vec<u8>, LlmError> {
        self.with_retries(|| async {
            let response = self.attempt(http.clone()).await?;
            read_body(response.body)
                .await
                .map_err(|e| self.transport_error(e))
        })
        .await
    }

    /// Streaming: retried only until the status is in; after that, deltas may already be shown.
    async fn send_for_stream(&self, http: HttpRequest) -> Result<ByteStream, LlmError> {
        self.with_retries(|| async { Ok(self.attempt(http.clone()).await?.body) })
            .await
    }

    /// Decodes the body into events; each event must arrive within the timeout (an idle timeout,
    /// so long answers are fine while tokens keep coming), and a broken connection is an interrupt.
    fn guarded_events(
        self,
        body: ByteStream,
    ) -> LocalBoxStream<'static, Result<SseEvent, LlmError>> {
        let events = match self.protocol.stream_format() {
            StreamFormat::Sse => decode_stream(body, SseDecoder::new()),
            StreamFormat::Ndjson => decode_stream(body, NdjsonDecoder::new())
                .map(|line| {
                    line.map(|data| SseEvent {
                        data,
                        ..SseEvent::default()
                    })
                })
                .boxed_local(),
        };
        stream::unfold(
            (self, events, false),
            |(call, mut events, failed)| async move {
                if failed {
                    return None;
                }
                let next = call.guarded(async { Ok(events.next().await) }).await;
                match next {
                    Ok(Some(Ok(event))) => Some((Ok(event), (call, events, false))),
                    Ok(None) => None,
                    Ok(Some(Err(error))) => {
                        let message = call.protocol.api_key().scrub(&error.to_string());
                        let interrupted = LlmError::StreamInterrupted {
                            provider: call.provider(),
                            message,
                        };
                        Some((Err(interrupted), (call, events, true)))
                    }
                    Err(error) => Some((Err(error), (call, events, true))),
                }
            },
        )
        .boxed_local()
    }
}
