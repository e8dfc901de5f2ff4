//! The provider-independent half of an HTTP chat model: retries, timeouts, cancellation, error
//! mapping, usage and cost. Providers only say how to build a request and read a response
//! ([`Protocol`]), the way async-openai separates its `Config` from the client.

mod call;
mod protocol;
pub mod provider_json;

pub use protocol::{CallSettings, ErrorBody, Parsed, Protocol, StreamFormat};

use std::rc::Rc;
use std::time::Duration;

use futures::future::{self, FutureExt, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream, StreamExt};

use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::finish;
use crate::llm::http::HttpTransport;
use crate::llm::model::ChatModel;
use crate::llm::pricing::estimate_cost;
use crate::llm::retry::{RetryPolicy, StreamRetry};
use crate::llm::runtime::Runtime;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};
use call::Call;

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
    /// Overall deadline per call (default `llm::limits::DEFAULT_DEADLINE`), on top of the idle timeout.
    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.settings.deadline = deadline;
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

    /// The whole-call deadline of `request` (the protocol may lengthen it for its model).
    fn deadline(&self, request: &ChatRequest) -> Duration {
        let model = request
            .model
            .as_deref()
            .unwrap_or_else(|| self.protocol.default_model());
        self.protocol
            .deadline(request, model, self.settings.deadline)
    }

    fn call(&self, request: &ChatRequest, streamed: bool) -> Call<P> {
        let deadline = self.deadline(request);
        let mut timeout = request.timeout.unwrap_or(self.settings.timeout);
        // A body that is not streamed arrives whole at the end: from a slow local model (its
        // deadline grown past the default) it may take as long as the call may, so the idle
        // timeout must not cut it first (seen on a CPU: a 2,000-token answer at 13 tokens/s).
        if !streamed && deadline > self.settings.deadline {
            timeout = timeout.max(deadline);
        }
        Call {
            protocol: self.protocol.clone(),
            transport: self.transport.clone(),
            runtime: self.settings.runtime.clone(),
            retry: self.settings.retry.clone(),
            timeout,
            deadline,
            deadline_timer: self.settings.runtime.sleep(deadline).shared(),
            cancel: request.cancel.clone(),
            rate_limits_to_caller: request.rate_limits_to_caller,
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

    fn structured_mode(&self) -> Option<&'static str> {
        self.protocol.structured_mode()
    }

    fn stream_retry(&self, request: &ChatRequest) -> Option<StreamRetry> {
        Some(StreamRetry {
            policy: self.settings.retry.clone(),
            runtime: self.settings.runtime.clone(),
            deadline: self.deadline(request),
        })
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        let call = self.call(&request, false);
        Box::pin(async move {
            let model = request
                .model
                .clone()
                .unwrap_or_else(|| self.protocol.default_model().to_string());
            let answer = async {
                let body = loop {
                    let http = self.protocol.build_request(&request, &model, false)?;
                    match call.send_for_body(http.clone()).await {
                        Err(error) if self.protocol.step_down_format(&http, &error) => continue,
                        sent => break sent?,
                    }
                };
                let parsed = self
                    .protocol
                    .parse_response(&body)
                    .map_err(|message| call.decode_error(message, &body))?;
                finish::check(
                    self.protocol.provider(),
                    parsed.finish_reason.as_deref(),
                    self.protocol.max_tokens(&request, &model),
                )?;
                Ok(finish_response(
                    self.protocol.provider(),
                    &request,
                    &model,
                    parsed,
                ))
            };
            answer
                .await
                .map_err(|e: LlmError| e.scrub(self.protocol.api_key()))
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let call = self.call(&request, true);
        let model = request
            .model
            .clone()
            .unwrap_or_else(|| self.protocol.default_model().to_string());
        let protocol = self.protocol.clone();
        let key = self.protocol.api_key().clone();
        stream::once(async move {
            // Sent again, built anew, when the server refused the answer format (nothing was
            // streamed yet: the status came first).
            let body = loop {
                let http = protocol.build_request(&request, &model, true)?;
                match call.send_for_stream(http.clone()).await {
                    Err(error) if protocol.step_down_format(&http, &error) => continue,
                    sent => break sent?,
                }
            };
            let events = call.guarded_events(body);
            Ok(stream_answer(protocol, events, request, model))
        })
        .map(|opened: Result<_, LlmError>| match opened {
            Ok(events) => events,
            Err(error) => stream::once(future::ready(Err(error))).boxed_local(),
        })
        .flatten()
        .map(move |item| item.map_err(|error| error.scrub(&key)))
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
                    let protocol = &state.protocol;
                    let item = protocol.finish_stream(finished).and_then(|parsed| {
                        finish::check(
                            protocol.provider(),
                            parsed.finish_reason.as_deref(),
                            protocol.max_tokens(&state.request, &state.model),
                        )?;
                        Ok(StreamEvent::Done(finish_response(
                            protocol.provider(),
                            &state.request,
                            &state.model,
                            parsed,
                        )))
                    });
                    return Some((item, state));
                }
            }
        }
    })
    .boxed_local()
}
