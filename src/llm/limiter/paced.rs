//! [`RateLimited`]: each call waits for its turn and a slot (`acquire`), a 429 pauses everyone
//! and the call goes again; a stream only when the 429 is its first event.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use futures::channel::oneshot;
use futures::future::{self, Either, FutureExt, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

use super::config::{LimiterClock, LimiterConfig};
use super::state::{Blocked, LimiterStats, State};
use super::tokens::request_tokens;
use crate::llm::error::LlmError;
use crate::llm::model::ChatModel;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};

/// Paces calls to `inner` (see the module docs). Clones share the same limits and queue.
#[derive(Clone)]
pub struct RateLimited<M> {
    inner: M,
    state: Rc<RefCell<State>>,
    clock: LimiterClock,
}

/// A started call's slot: frees it (and wakes the queue) when dropped.
struct Slot {
    state: Rc<RefCell<State>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.state.borrow_mut();
        state.in_flight = state.in_flight.saturating_sub(1);
        state.stats.in_flight = state.in_flight;
        state.notify();
    }
}

impl<M: ChatModel> RateLimited<M> {
    pub fn new(inner: M, config: LimiterConfig) -> Self {
        Self::with_clock(inner, config, LimiterClock::default())
    }

    pub fn with_clock(inner: M, config: LimiterConfig, clock: LimiterClock) -> Self {
        RateLimited {
            inner,
            state: Rc::new(RefCell::new(State {
                config,
                in_flight: 0,
                queue: VecDeque::new(),
                next_ticket: 0,
                requests: VecDeque::new(),
                tokens: VecDeque::new(),
                paused_until: 0.0,
                strikes: 0,
                watchers: Vec::new(),
                stats: LimiterStats::default(),
            })),
            clock,
        }
    }

    pub fn stats(&self) -> LimiterStats {
        self.state.borrow().stats
    }

    /// Changes the limits of every caller sharing this limiter (a page's settings).
    pub fn set_config(&self, config: LimiterConfig) {
        let mut state = self.state.borrow_mut();
        state.config = config;
        state.notify();
    }

    /// Waits for this caller's turn and a free slot; `front` puts it at the head (a retry).
    async fn acquire(&self, request: &ChatRequest, front: bool) -> Result<Slot, LlmError> {
        let tokens = request_tokens(request);
        let ticket = {
            let mut state = self.state.borrow_mut();
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            if front {
                state.queue.push_front(ticket);
            } else {
                state.queue.push_back(ticket);
            }
            ticket
        };
        // Leaves the queue however the wait ends (a start, a cancel, a dropped future).
        struct Leave<'a>(&'a RefCell<State>, u64, bool);
        impl Drop for Leave<'_> {
            fn drop(&mut self) {
                if !self.2 {
                    let mut state = self.0.borrow_mut();
                    state.queue.retain(|t| *t != self.1);
                    state.notify();
                }
            }
        }
        let mut leave = Leave(&self.state, ticket, false);
        loop {
            if request.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                return Err(LlmError::Cancelled);
            }
            let now = (self.clock.now_ms)();
            let (blocked, changed) = {
                let mut state = self.state.borrow_mut();
                match state.try_start(ticket, tokens, now) {
                    Ok(()) => {
                        leave.2 = true;
                        state.notify();
                        return Ok(Slot {
                            state: self.state.clone(),
                        });
                    }
                    Err(blocked) => {
                        let (tx, rx) = oneshot::channel();
                        state.watchers.push(tx);
                        (blocked, rx)
                    }
                }
            };
            let changed = Box::pin(async move {
                let _ = changed.await;
            });
            let wait: LocalBoxFuture<'_, ()> = match blocked {
                Blocked::Change => changed,
                Blocked::For(ms) => {
                    let timer = (self.clock.sleep)(Duration::from_secs_f64(ms.max(0.0) / 1000.0));
                    Box::pin(future::select(changed, timer).map(|_| ()))
                }
            };
            match &request.cancel {
                Some(cancel) => {
                    if let Either::Left(_) = future::select(cancel.cancelled(), wait).await {
                        return Err(LlmError::Cancelled);
                    }
                }
                None => wait.await,
            }
        }
    }

    /// A 429 seen: everyone waits for `Retry-After` (or the doubling backoff) from now.
    fn pause_all(&self, retry_after: Option<Duration>) {
        let now = (self.clock.now_ms)();
        let mut state = self.state.borrow_mut();
        let backoff = state
            .config
            .backoff
            .saturating_mul(2u32.saturating_pow(state.strikes.min(16)));
        let pause = retry_after.unwrap_or(backoff).min(state.config.max_pause);
        state.strikes += 1;
        state.stats.rate_limited += 1;
        state.paused_until = state.paused_until.max(now + pause.as_secs_f64() * 1000.0);
        state.notify();
    }

    fn succeeded(&self) {
        self.state.borrow_mut().strikes = 0;
    }

    fn retries_left(&self, attempt: u32) -> bool {
        attempt < self.state.borrow().config.max_rate_limit_retries
    }

    async fn complete_paced(&self, request: ChatRequest) -> Result<ChatResponse, LlmError> {
        let request = ChatRequest {
            rate_limits_to_caller: true,
            ..request
        };
        let mut attempt = 0;
        loop {
            let slot = self.acquire(&request, attempt > 0).await?;
            let result = self.inner.complete(request.clone()).await;
            drop(slot);
            match result {
                Err(error @ LlmError::RateLimited { .. }) => {
                    if !self.retries_left(attempt) {
                        return Err(error);
                    }
                    self.pause_all(error.retry_after());
                    attempt += 1;
                }
                other => {
                    if other.is_ok() {
                        self.succeeded();
                    }
                    return other;
                }
            }
        }
    }

    async fn open_stream(
        &self,
        request: ChatRequest,
    ) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let request = ChatRequest {
            rate_limits_to_caller: true,
            ..request
        };
        let mut attempt = 0;
        loop {
            let slot = match self.acquire(&request, attempt > 0).await {
                Ok(slot) => slot,
                Err(error) => return Box::pin(stream::iter([Err(error)])),
            };
            let mut inner = self.inner.stream(request.clone());
            match inner.next().await {
                Some(Err(error @ LlmError::RateLimited { .. })) if self.retries_left(attempt) => {
                    drop(inner);
                    drop(slot);
                    self.pause_all(error.retry_after());
                    attempt += 1;
                }
                first => {
                    let this = self;
                    // The slot lives as long as the stream; the first success resets the backoff.
                    return Box::pin(stream::iter(first).chain(inner).map(move |event| {
                        let _held = &slot;
                        if let Ok(StreamEvent::Done(_)) = &event {
                            this.succeeded();
                        }
                        event
                    }));
                }
            }
        }
    }
}

impl<M: ChatModel> ChatModel for RateLimited<M> {
    crate::llm::model::pass_through_model_info!(inner);

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(self.complete_paced(request))
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(stream::once(self.open_stream(request)).flatten())
    }
}

/// So a shared model (`Rc<dyn ChatModel>`, what a run's environment holds) can be wrapped.
impl ChatModel for Rc<dyn ChatModel> {
    fn provider(&self) -> &str {
        self.as_ref().provider()
    }

    fn default_model(&self) -> &str {
        self.as_ref().default_model()
    }

    fn structured_mode(&self) -> Option<&'static str> {
        self.as_ref().structured_mode()
    }

    fn stream_retry(&self, request: &ChatRequest) -> Option<crate::llm::retry::StreamRetry> {
        self.as_ref().stream_retry(request)
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.as_ref().complete(request)
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.as_ref().stream(request)
    }
}
