//! The limiter on virtual time: a fake model whose calls take a fixed time, a clock that only
//! moves when every task is waiting (then to the next timer), so every figure is exact.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use futures::future::{join_all, LocalBoxFuture};
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

use super::virtual_time::VirtualTime;
use super::*;
use crate::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};

/// A model whose every call takes `delay`; the calls listed in `limited` (by start order)
/// answer 429 with the given `Retry-After`.
struct Fake {
    time: Rc<VirtualTime>,
    delay: Duration,
    in_flight: Cell<usize>,
    max_in_flight: Cell<usize>,
    starts: RefCell<Vec<f64>>,
    limited: RefCell<VecDeque<(usize, Option<Duration>)>>,
    /// Calls whose request would let the provider client wait out a 429 on its own.
    self_retrying: Cell<usize>,
}

impl Fake {
    fn new(time: &Rc<VirtualTime>, delay_ms: u64) -> Rc<Self> {
        Rc::new(Fake {
            time: time.clone(),
            delay: Duration::from_millis(delay_ms),
            in_flight: Cell::new(0),
            max_in_flight: Cell::new(0),
            starts: RefCell::new(Vec::new()),
            limited: RefCell::new(VecDeque::new()),
            self_retrying: Cell::new(0),
        })
    }

    async fn call(&self, request: ChatRequest) -> Result<ChatResponse, LlmError> {
        let index = self.starts.borrow().len();
        if !request.rate_limits_to_caller {
            self.self_retrying.set(self.self_retrying.get() + 1);
        }
        self.starts.borrow_mut().push(self.time.now_ms());
        self.in_flight.set(self.in_flight.get() + 1);
        self.max_in_flight
            .set(self.max_in_flight.get().max(self.in_flight.get()));
        let limited = {
            let mut list = self.limited.borrow_mut();
            match list.front() {
                Some((at, wait)) if *at == index => {
                    let wait = *wait;
                    list.pop_front();
                    Some(wait)
                }
                _ => None,
            }
        };
        self.time.sleep(self.delay).await;
        self.in_flight.set(self.in_flight.get() - 1);
        match limited {
            Some(retry_after) => Err(LlmError::RateLimited {
                provider: "fake".into(),
                retry_after,
                message: "slow down".into(),
            }),
            None => Ok(ChatResponse {
                text: "{}".into(),
                role_name: request.role_name,
                ..ChatResponse::default()
            }),
        }
    }
}

impl ChatModel for Rc<Fake> {
    fn provider(&self) -> &str {
        "fake"
    }
    fn default_model(&self) -> &str {
        "fake-1"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(self.call(request))
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(stream::once(self.call(request)).map(|r| r.map(StreamEvent::Done)))
    }
}

fn limiter(
    time: &Rc<VirtualTime>,
    fake: &Rc<Fake>,
    config: LimiterConfig,
) -> Rc<RateLimited<Rc<Fake>>> {
    Rc::new(RateLimited::with_clock(fake.clone(), config, time.clock()))
}

fn request(n: usize) -> ChatRequest {
    ChatRequest::new(format!("call{n}"), "s").user("hi")
}

/// Runs `count` calls at once (streamed when `streamed`), returning how many succeeded.
fn run_calls(
    time: &Rc<VirtualTime>,
    model: &Rc<RateLimited<Rc<Fake>>>,
    count: usize,
    streamed: bool,
) -> usize {
    let model = model.clone();
    time.run(async move {
        let calls = (0..count).map(|n| {
            let model = model.clone();
            async move {
                if streamed {
                    let mut s = model.stream(request(n));
                    let mut ok = false;
                    while let Some(event) = s.next().await {
                        ok = matches!(event, Ok(StreamEvent::Done(_)));
                    }
                    ok
                } else {
                    model.complete(request(n)).await.is_ok()
                }
            }
        });
        join_all(calls).await.into_iter().filter(|ok| *ok).count()
    })
}

#[test]
fn never_more_than_max_in_flight_and_the_slots_stay_busy() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 1000);
    let model = limiter(&time, &fake, LimiterConfig::default());
    assert_eq!(run_calls(&time, &model, 10, false), 10);
    assert_eq!(fake.max_in_flight.get(), 3);
    assert_eq!(model.stats().max_seen_in_flight, 3);
    // ceil(10 / 3) rounds of one second: no slot idles while calls wait.
    assert_eq!(time.now_ms(), 4000.0);
    assert_eq!(model.stats().in_flight, 0);
}

#[test]
fn streams_hold_their_slot_until_they_end() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 500);
    let model = limiter(
        &time,
        &fake,
        LimiterConfig {
            max_in_flight: 2,
            ..LimiterConfig::default()
        },
    );
    assert_eq!(run_calls(&time, &model, 5, true), 5);
    assert_eq!(fake.max_in_flight.get(), 2);
    assert_eq!(time.now_ms(), 1500.0);
}

#[test]
fn a_429_pauses_every_caller_for_retry_after_and_no_call_fails() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 1000);
    // The first call is told to wait 5 s.
    fake.limited
        .borrow_mut()
        .push_back((0, Some(Duration::from_secs(5))));
    let model = limiter(&time, &fake, LimiterConfig::default());
    assert_eq!(run_calls(&time, &model, 6, false), 6);
    let starts = fake.starts.borrow().clone();
    // Three start at 0; the 429 arrives at 1000 and nobody starts again before 6000.
    assert_eq!(&starts[..3], &[0.0, 0.0, 0.0]);
    assert!(
        starts[3..].iter().all(|&t| t >= 6000.0),
        "a call started during the pause: {starts:?}"
    );
    // The retried call goes first after the pause, with two others.
    assert_eq!(&starts[3..6], &[6000.0, 6000.0, 6000.0]);
    assert_eq!(starts.len(), 7);
    assert_eq!(model.stats().rate_limited, 1);
    assert_eq!(time.now_ms(), 8000.0);
}

#[test]
fn a_429_without_retry_after_backs_off_and_doubles() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 100);
    fake.limited.borrow_mut().extend([(0, None), (1, None)]);
    let config = LimiterConfig {
        max_in_flight: 1,
        backoff: Duration::from_secs(1),
        ..LimiterConfig::default()
    };
    let model = limiter(&time, &fake, config);
    assert_eq!(run_calls(&time, &model, 1, false), 1);
    // 429 at 100, pause 1 s; 429 at 1200, pause 2 s; success from 3200.
    assert_eq!(*fake.starts.borrow(), [0.0, 1100.0, 3200.0]);
}

#[test]
fn a_stream_whose_first_event_is_a_429_is_sent_again() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 100);
    fake.limited
        .borrow_mut()
        .push_back((0, Some(Duration::from_secs(2))));
    let model = limiter(&time, &fake, LimiterConfig::default());
    assert_eq!(run_calls(&time, &model, 1, true), 1);
    assert_eq!(*fake.starts.borrow(), [0.0, 2100.0]);
}

#[test]
fn too_many_429s_return_the_error() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 10);
    fake.limited
        .borrow_mut()
        .extend((0..3).map(|i| (i, Some(Duration::from_secs(1)))));
    let config = LimiterConfig {
        max_rate_limit_retries: 2,
        ..LimiterConfig::default()
    };
    let model = limiter(&time, &fake, config);
    assert_eq!(run_calls(&time, &model, 1, false), 0);
    assert_eq!(fake.starts.borrow().len(), 3);
}

#[test]
fn the_tokens_window_holds_calls_back_for_a_minute() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 10);
    let per_call = request_tokens(&request(0));
    let config = LimiterConfig {
        max_in_flight: 10,
        tokens_per_minute: Some(per_call * 2),
        ..LimiterConfig::default()
    };
    let model = limiter(&time, &fake, config);
    assert_eq!(run_calls(&time, &model, 5, false), 5);
    assert_eq!(
        *fake.starts.borrow(),
        [0.0, 0.0, 60_000.0, 60_000.0, 120_000.0]
    );
}

#[test]
fn the_requests_window_holds_calls_back_for_a_minute() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 10);
    let config = LimiterConfig {
        max_in_flight: 10,
        requests_per_minute: Some(3),
        ..LimiterConfig::default()
    };
    let model = limiter(&time, &fake, config);
    assert_eq!(run_calls(&time, &model, 4, false), 4);
    assert_eq!(*fake.starts.borrow(), [0.0, 0.0, 0.0, 60_000.0]);
}

#[test]
fn a_cancelled_caller_leaves_the_queue() {
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 1000);
    let config = LimiterConfig {
        max_in_flight: 1,
        ..LimiterConfig::default()
    };
    let model = limiter(&time, &fake, config);
    let cancel = crate::llm::CancelToken::new();
    let (m, c) = (model.clone(), cancel.clone());
    let results = time.run(async move {
        let first = m.complete(request(0));
        let second = m.complete(request(1).with_cancel(c.clone()));
        let third = m.complete(request(2));
        let cancel_soon = async move { c.cancel() };
        let (a, b, c, ()) = futures::join!(first, second, third, cancel_soon);
        [a.is_ok(), matches!(b, Err(LlmError::Cancelled)), c.is_ok()]
    });
    assert_eq!(results, [true, true, true]);
    assert_eq!(*fake.starts.borrow(), [0.0, 1000.0]);
}

#[test]
fn token_estimates_count_latin_by_four_and_cjk_by_one() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("简历"), 2);
    let request = ChatRequest::new("a", "abcd")
        .user("abcdefgh")
        .with_max_tokens(10);
    assert_eq!(request_tokens(&request), 1 + 2 + 10);
}

#[test]
fn every_call_leaves_its_429_to_the_limiter() {
    // Were the provider client to sleep on a 429 itself, that call would hold its slot while
    // the other callers went on: the limit would slow one call, not the batch.
    let time = VirtualTime::new();
    let fake = Fake::new(&time, 100);
    fake.limited
        .borrow_mut()
        .push_back((1, Some(Duration::from_secs(1))));
    let model = limiter(&time, &fake, LimiterConfig::default());
    assert_eq!(run_calls(&time, &model, 4, false), 4);
    assert_eq!(run_calls(&time, &model, 4, true), 4);
    assert_eq!(
        fake.starts.borrow().len(),
        9,
        "one call sent again after its 429"
    );
    assert_eq!(fake.self_retrying.get(), 0);
}
