//! One call's retries, timeouts, cancellation and status-to-error mapping.

use std::rc::Rc;
use std::time::Duration;

use futures::future::{self, Either, LocalBoxFuture, Shared};
use futures::stream::{self, LocalBoxStream, StreamExt};

use super::protocol::{ErrorBody, Protocol, StreamFormat};
use crate::llm::decode::ndjson::NdjsonDecoder;
use crate::llm::decode::sse::{SseDecoder, SseEvent};
use crate::llm::decode::{decode_stream, StreamError};
use crate::llm::error::LlmError;
use crate::llm::http::{
    read_body_limited, read_body_prefix, ByteStream, HttpRequest, HttpResponse, HttpTransport,
    ReadError, TransportError,
};
use crate::llm::limits::{clean_excerpt, clean_message, MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES};
use crate::llm::retry::{parse_retry_after, RetryPolicy};
use crate::llm::runtime::{CancelToken, Runtime};

/// The whole-call deadline: one sleep armed when the call starts, shared by every wait of the call.
pub(super) type DeadlineTimer = Shared<LocalBoxFuture<'static, ()>>;

/// One call's worth of shared machinery (cloned out of the model so streams can be `'static`).
pub(super) struct Call<P: Protocol> {
    pub(super) protocol: Rc<P>,
    pub(super) transport: Rc<dyn HttpTransport>,
    pub(super) runtime: Runtime,
    pub(super) retry: RetryPolicy,
    /// Idle timeout: one attempt's status, a whole non-streamed body, or the gap between events.
    pub(super) timeout: Duration,
    /// Overall deadline of the call (attempts, backoff waits and the whole stream).
    pub(super) deadline: Duration,
    pub(super) deadline_timer: DeadlineTimer,
    pub(super) cancel: Option<CancelToken>,
    /// A 429 goes back to the caller at once: see `ChatRequest::rate_limits_to_caller`.
    pub(super) rate_limits_to_caller: bool,
}

impl<P: Protocol> Call<P> {
    fn provider(&self) -> String {
        self.protocol.provider().to_string()
    }

    pub(super) fn decode_error(&self, message: String, body: &[u8]) -> LlmError {
        let key = self.protocol.api_key();
        LlmError::Decode {
            provider: self.provider(),
            message: clean_message(key, &message),
            excerpt: clean_excerpt(key, &String::from_utf8_lossy(body), 160),
        }
    }

    fn too_large(&self, what: &str, limit_bytes: usize) -> LlmError {
        LlmError::TooLarge {
            provider: self.provider(),
            what: what.to_string(),
            limit_bytes,
        }
    }

    fn deadline_error(&self) -> LlmError {
        LlmError::Timeout {
            provider: self.provider(),
            after: self.deadline,
        }
    }

    /// The deadline has fired (some wait of this call saw it complete).
    fn past_deadline(&self) -> bool {
        self.deadline_timer.peek().is_some()
    }

    fn cancelled(&self) -> LocalBoxFuture<'static, ()> {
        match &self.cancel {
            Some(token) => Box::pin(token.cancelled()),
            None => Box::pin(future::pending()),
        }
    }

    /// Races `work` against the idle timeout, the call's deadline and the cancel token.
    async fn guarded<T>(
        &self,
        work: impl std::future::Future<Output = Result<T, LlmError>>,
    ) -> Result<T, LlmError> {
        if self.past_deadline() {
            return Err(self.deadline_error());
        }
        let idle = self.runtime.sleep(self.timeout);
        let timers = future::select(idle, self.deadline_timer.clone());
        let stop = future::select(self.cancelled(), timers);
        match future::select(Box::pin(work), stop).await {
            Either::Left((result, _)) => result,
            Either::Right((Either::Left(_), _)) => Err(LlmError::Cancelled),
            Either::Right((Either::Right((Either::Left(_), _)), _)) => Err(LlmError::Timeout {
                provider: self.provider(),
                after: self.timeout,
            }),
            Either::Right((Either::Right((Either::Right(_), _)), _)) => Err(self.deadline_error()),
        }
    }

    fn transport_error(&self, error: TransportError) -> LlmError {
        match error {
            TransportError::Network(message) => LlmError::Network {
                provider: self.provider(),
                message: clean_message(self.protocol.api_key(), &message),
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
        // Only the start of an error body is read: it is shown to no one beyond a short message.
        let body = read_body_prefix(response.body, MAX_ERROR_BODY_BYTES).await;
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
        let message = clean_message(key, &body.message);
        let kind = clean_message(key, &body.kind);
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
            _ if kind == crate::llm::local_server::LLAMA_CPP_CONTEXT_ERROR => {
                crate::llm::local_server::context_error(&provider, &message).unwrap_or(
                    LlmError::BadRequest {
                        provider,
                        status,
                        kind,
                        message,
                    },
                )
            }
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
                Err(error) if self.past_deadline() => return Err(error),
                Err(error @ LlmError::RateLimited { .. }) if self.rate_limits_to_caller => {
                    return Err(error)
                }
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
                    // A backoff wait never outlasts the deadline.
                    let stop = future::select(self.cancelled(), self.deadline_timer.clone());
                    match future::select(self.runtime.sleep(wait), stop).await {
                        Either::Left(_) => {}
                        Either::Right((Either::Left(_), _)) => return Err(LlmError::Cancelled),
                        Either::Right((Either::Right(_), _)) => return Err(self.deadline_error()),
                    }
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// Non-streaming: status and whole body inside one attempt, so a body cut short is retried too.
    /// A body over [`MAX_BODY_BYTES`] fails as soon as the limit is passed, without reading the rest.
    pub(super) async fn send_for_body(&self, http: HttpRequest) -> Result<Vec<u8>, LlmError> {
        self.with_retries(|| async {
            let response = self.attempt(http.clone()).await?;
            read_body_limited(response.body, MAX_BODY_BYTES)
                .await
                .map_err(|e| match e {
                    ReadError::Transport(e) => self.transport_error(e),
                    ReadError::TooLarge { limit } => self.too_large("a response", limit),
                })
        })
        .await
    }

    /// Streaming: retried only until the status is in; after that, deltas may already be shown.
    pub(super) async fn send_for_stream(&self, http: HttpRequest) -> Result<ByteStream, LlmError> {
        self.with_retries(|| async { Ok(self.attempt(http.clone()).await?.body) })
            .await
    }

    /// Decodes the body into events; each event must arrive within the timeout (an idle timeout,
    /// so long answers are fine while tokens keep coming) and all of them before the call's deadline
    /// (so a server trickling a token a second forever still ends); a broken connection is an
    /// interrupt, and a body or event past the size limits stops the stream.
    pub(super) fn guarded_events(
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
                    Ok(Some(Err(StreamError::TooLarge { what, limit }))) => {
                        let error = call.too_large(what, limit);
                        Some((Err(error), (call, events, true)))
                    }
                    Ok(Some(Err(StreamError::Transport(error)))) => {
                        let message = clean_message(call.protocol.api_key(), &error.to_string());
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
