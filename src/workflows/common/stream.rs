//! Streaming one agent's answer, opened again when the connection breaks mid-answer.
//!
//! A provider retries a request that never got an answer, but once text has streamed it cannot
//! start over by itself: the deltas already went to the page. So the retry lives here, where the
//! page is told to take them back (`delta_reset`) before the answer is streamed anew. It keeps to
//! the provider's retry count and backoff, and every attempt and wait fits in one whole-call
//! deadline, so a server that always breaks off ends with its error rather than looping.

use std::pin::pin;

use futures::future::{self, Either, FutureExt};
use futures::StreamExt;

use crate::graph::NodeContext;
use crate::llm::retry::StreamRetry;
use crate::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};

use super::events::{CustomEvent, DeltaPayload, DeltaResetPayload};

/// Streams `request`, emitting each text delta (`{"type": "delta", …}`), and returns the finished
/// answer. A stream cut mid-answer is opened again within the model's [`StreamRetry`]; when text
/// had been emitted, `{"type": "delta_reset", "agent", "iteration"}` goes out first so a page
/// clears that agent's streamed text.
pub(super) async fn stream_answer(
    model: &dyn ChatModel,
    ctx: &NodeContext,
    request: &ChatRequest,
    iteration: u32,
) -> Result<ChatResponse, LlmError> {
    let Some(retry) = model.stream_retry(request) else {
        return stream_once(model, ctx, request, iteration)
            .await
            .map_err(|(error, _)| error);
    };
    let timed_out = || LlmError::Timeout {
        provider: model.provider().to_string(),
        after: retry.deadline,
    };
    let deadline = retry.runtime.sleep(retry.deadline).shared();
    let mut attempt = 0;
    loop {
        let once = pin!(stream_once(model, ctx, request, iteration));
        let (error, streamed) = match future::select(once, deadline.clone()).await {
            Either::Left((Ok(response), _)) => return Ok(response),
            Either::Left((Err(failed), _)) => failed,
            Either::Right(_) => return Err(timed_out()),
        };
        let cancelled = request.cancel.as_ref().is_some_and(|c| c.is_cancelled());
        if !matches!(error, LlmError::StreamInterrupted { .. })
            || attempt >= retry.policy.max_retries
            || cancelled
        {
            return Err(error);
        }
        if streamed {
            CustomEvent::DeltaReset(DeltaResetPayload {
                agent: request.role_name.clone(),
                iteration,
            })
            .emit(ctx);
        }
        let wait = backoff(&retry, attempt);
        attempt += 1;
        if let Either::Right(_) = future::select(retry.runtime.sleep(wait), deadline.clone()).await
        {
            return Err(timed_out());
        }
    }
}

fn backoff(retry: &StreamRetry, attempt: u32) -> std::time::Duration {
    retry.policy.delay(attempt, None, (retry.runtime.random)())
}

/// One stream of `request`. The error says whether any delta went out before it.
async fn stream_once(
    model: &dyn ChatModel,
    ctx: &NodeContext,
    request: &ChatRequest,
    iteration: u32,
) -> Result<ChatResponse, (LlmError, bool)> {
    let mut streamed = false;
    let mut stream = model.stream(request.clone());
    while let Some(event) = stream.next().await {
        match event.map_err(|error| (error, streamed))? {
            StreamEvent::TextDelta(delta) => {
                streamed = true;
                CustomEvent::Delta(DeltaPayload {
                    agent: request.role_name.clone(),
                    iteration,
                    delta,
                })
                .emit(ctx);
            }
            StreamEvent::Done(response) => return Ok(response),
        }
    }
    let interrupted = LlmError::StreamInterrupted {
        provider: model.provider().to_string(),
        message: "the stream ended without a final answer".to_string(),
    };
    Err((interrupted, streamed))
}
