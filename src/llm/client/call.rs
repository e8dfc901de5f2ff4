//! One call's retries, timeouts, cancellation and status-to-error mapping.

use std::rc::Rc;
use std::time::Duration;

use futures::future::{self, Either, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream, StreamExt};

use super::protocol::{ErrorBody, Protocol, StreamFormat};
use crate::llm::decode::decode_stream;
use crate::llm::decode::ndjson::NdjsonDecoder;
use crate::llm::decode::sse::{SseDecoder, SseEvent};
use crate::llm::error::{excerpt, LlmError};
use crate::llm::http::{
    read_body, ByteStream, HttpRequest, HttpResponse, HttpTransport, TransportError,
};
use crate::llm::retry::{parse_retry_after, RetryPolicy};
use crate::llm::runtime::{CancelToken, Runtime};

/// One call's worth of shared machinery (cloned out of the model so streams can be `'static`).
pub(super) struct Call<P: Protocol> {
    pub(super) protocol: Rc<P>,
    pub(super) transport: Rc<dyn HttpTransport>,
    pub(super) runtime: Runtime,
    pub(super) retry: RetryPolicy,
    pub(super) timeout: Duration,
    pub(super) cancel: Option<CancelToken>,
}

impl<P: Protocol> Call<P> {
    fn provider(&self) -> String {
        self.protocol.provider().to_string()
    }

    pub(super) fn decode_error(&self, message: String, body: &[u8]) -> LlmError {
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
    pub(super) async fn send_for_body(&self, http: HttpRequest) -> Result<Vec<u8>, LlmError> {
        self.with_retries(|| async {
            let response = self.attempt(http.clone()).await?;
            read_body(response.body)
                .await
                .map_err(|e| self.transport_error(e))
        })
        .await
    }

    /// Streaming: retried only until the status is in; after that, deltas may already be shown.
    pub(super) async fn send_for_stream(&self, http: HttpRequest) -> Result<ByteStream, LlmError> {
        self.with_retries(|| async { Ok(self.attempt(http.clone()).await?.body) })
            .await
    }

    /// Decodes the body into events; each event must arrive within the timeout (an idle timeout,
    /// so long answers are fine while tokens keep coming), and a broken connection is an interrupt.
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
