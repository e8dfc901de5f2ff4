//! A [`ChatModel`] wrapper that paces many calls sharing one provider account: at most
//! `max_in_flight` calls at once, at most `requests_per_minute` starts and `tokens_per_minute`
//! estimated tokens in any sliding minute, and a 429 pauses EVERY caller sharing the limiter (the
//! provider's `Retry-After` when given, else a doubling backoff), after which the call is sent
//! again. A rate limit therefore slows the whole batch instead of failing one call.
//!
//! Callers are served first come, first served: the caller at the head of the queue waits for its
//! slot (and its window) while the others wait behind it, so a big request cannot be starved by a
//! stream of small ones. The limiter knows no workflow; clones share one limit.
//!
//! Time comes from an injected clock and sleep ([`LimiterClock`]), so tests run on virtual time.
//! A stream is retried only when the 429 is its first event (nothing was shown yet).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use futures::channel::oneshot;
use futures::future::{self, Either, FutureExt, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

use crate::llm::error::LlmError;
use crate::llm::model::ChatModel;
use crate::llm::runtime::{Runtime, SleepFn};
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};

/// Output tokens assumed for a request that sets no `max_tokens`, in the tokens window (providers
/// count the answer too; most structured answers of this app are well under this).
pub const ASSUMED_OUTPUT_TOKENS: u64 = 1000;

/// Rough tokens of `text` without a tokenizer: about four characters per token for Latin text,
/// one per CJK (or other non-ASCII) character. Errs on the high side for mixed text.
pub fn estimate_tokens(text: &str) -> u64 {
    let (ascii, other) = text.chars().fold((0u64, 0u64), |(a, o), c| {
        if c.is_ascii() {
            (a + 1, o)
        } else {
            (a, o + 1)
        }
    });
    ascii.div_ceil(4) + other
}

/// The tokens a request counts for in the window: its text plus the answer it may get.
pub fn request_tokens(request: &ChatRequest) -> u64 {
    let input: u64 = estimate_tokens(&request.system)
        + request
            .messages
            .iter()
            .map(|m| estimate_tokens(&m.content))
            .sum::<u64>()
        + request
            .schema
            .as_ref()
            .map_or(0, |s| estimate_tokens(&s.schema.to_string()));
    input + request.max_tokens.map_or(ASSUMED_OUTPUT_TOKENS, u64::from)
}

/// The limits, all optional except the number of calls at once.
#[derive(Debug, Clone, PartialEq)]
pub struct LimiterConfig {
    /// Calls in flight at most (at least 1).
    pub max_in_flight: usize,
    pub requests_per_minute: Option<u32>,
    pub tokens_per_minute: Option<u64>,
    /// How often one call is sent again after a 429 before its error is returned.
    pub max_rate_limit_retries: u32,
    /// The first pause after a 429 without `Retry-After`; doubles with each further 429 in a row.
    pub backoff: Duration,
    /// The longest pause taken for one 429 (a longer `Retry-After` is cut to this).
    pub max_pause: Duration,
}

impl Default for LimiterConfig {
    fn default() -> Self {
        LimiterConfig {
            max_in_flight: 3,
            requests_per_minute: None,
            tokens_per_minute: None,
            max_rate_limit_retries: 8,
            backoff: Duration::from_secs(2),
            max_pause: Duration::from_secs(120),
        }
    }
}

/// Now in milliseconds (any fixed origin) and a sleep: the platform's by default, virtual in tests.
#[derive(Clone)]
pub struct LimiterClock {
    pub now_ms: Rc<dyn Fn() -> f64>,
    pub sleep: SleepFn,
}

impl Default for LimiterClock {
    fn default() -> Self {
        LimiterClock {
            now_ms: Rc::new(platform_now_ms),
            sleep: Runtime::default().sleep,
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn platform_now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
fn platform_now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

const MINUTE_MS: f64 = 60_000.0;

/// What the limiter has seen, for a page or a test.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LimiterStats {
    pub in_flight: usize,
    /// The most calls that were ever in flight at once.
    pub max_seen_in_flight: usize,
    /// Calls sent (each retry after a 429 counts again).
    pub started: u64,
    /// 429s answered by pausing everyone.
    pub rate_limited: u64,
}

struct State {
    config: LimiterConfig,
    in_flight: usize,
    /// Tickets of callers waiting for a start, in arrival order (retries after a 429 go first).
    queue: VecDeque<u64>,
    next_ticket: u64,
    /// Start times (ms) of the last minute's calls.
    requests: VecDeque<f64>,
    /// (start ms, tokens) of the last minute's calls.
    tokens: VecDeque<(f64, u64)>,
    /// No call starts before this (ms): set by a 429.
    paused_until: f64,
    /// 429s in a row without a success (the backoff's exponent).
    strikes: u32,
    /// Woken whenever something changes (a slot frees, the head moves, a pause is set).
    watchers: Vec<oneshot::Sender<()>>,
    stats: LimiterStats,
}

/// Why the head of the queue cannot start yet.
enum Blocked {
    /// Until something changes (a slot frees, or it is not at the head).
    Change,
    /// For this long at most (a window or a pause ends).
    For(f64),
}

impl State {
    fn prune(&mut self, now: f64) {
        while self.requests.front().is_some_and(|t| now - t >= MINUTE_MS) {
            self.requests.pop_front();
        }
        while self
            .tokens
            .front()
            .is_some_and(|(t, _)| now - t >= MINUTE_MS)
        {
            self.tokens.pop_front();
        }
    }

    fn try_start(&mut self, ticket: u64, tokens: u64, now: f64) -> Result<(), Blocked> {
        if self.queue.front() != Some(&ticket) {
            return Err(Blocked::Change);
        }
        if now < self.paused_until {
            return Err(Blocked::For(self.paused_until - now));
        }
        if self.in_flight >= self.config.max_in_flight.max(1) {
            return Err(Blocked::Change);
        }
        self.prune(now);
        if let Some(rpm) = self.config.requests_per_minute {
            if self.requests.len() >= rpm.max(1) as usize {
                let oldest = self.requests.front().copied().unwrap_or(now);
                return Err(Blocked::For(oldest + MINUTE_MS - now));
            }
        }
        if let Some(tpm) = self.config.tokens_per_minute {
            let used: u64 = self.tokens.iter().map(|(_, n)| n).sum();
            // A request bigger than the whole window still goes, alone in it.
            if !self.tokens.is_empty() && used + tokens > tpm {
                let oldest = self.tokens.front().map_or(now, |(t, _)| *t);
                return Err(Blocked::For(oldest + MINUTE_MS - now));
            }
        }
        self.queue.pop_front();
        self.in_flight += 1;
        self.requests.push_back(now);
        self.tokens.push_back((now, tokens));
        self.stats.started += 1;
        self.stats.in_flight = self.in_flight;
        self.stats.max_seen_in_flight = self.stats.max_seen_in_flight.max(self.in_flight);
        Ok(())
    }

    fn notify(&mut self) {
        for watcher in self.watchers.drain(..) {
            let _ = watcher.send(());
        }
    }
}

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
    fn provider(&self) -> &str {
        self.inner.provider()
    }

    fn default_model(&self) -> &str {
        self.inner.default_model()
    }

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

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.as_ref().complete(request)
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.as_ref().stream(request)
    }
}

#[cfg(test)]
mod tests;

/// Test support (a virtual clock and a task yield) for the crate's and the integration tests.
#[doc(hidden)]
pub mod virtual_time;
