//! The few things the library needs from an async runtime, injected so it runs on any executor:
//! a sleep (retry backoff, timeouts) and a random number (backoff jitter). Plus a cancel token.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use futures::future::LocalBoxFuture;

pub type SleepFn = Rc<dyn Fn(Duration) -> LocalBoxFuture<'static, ()>>;
pub type RandomFn = Rc<dyn Fn() -> f64>;

/// Timer and randomness for a provider. `Runtime::default()` works in the browser (gloo-timers) and
/// natively (a helper thread per sleep, so no executor is assumed); tests inject their own.
#[derive(Clone)]
pub struct Runtime {
    pub sleep: SleepFn,
    /// Uniform in [0, 1); used only for backoff jitter.
    pub random: RandomFn,
}

impl Runtime {
    pub fn new(sleep: SleepFn, random: RandomFn) -> Self {
        Self { sleep, random }
    }

    pub fn sleep(&self, duration: Duration) -> LocalBoxFuture<'static, ()> {
        (self.sleep)(duration)
    }
}

impl fmt::Debug for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Runtime")
    }
}

impl Default for Runtime {
    fn default() -> Self {
        Self {
            sleep: Rc::new(default_sleep),
            random: Rc::new(default_random),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn default_sleep(duration: Duration) -> LocalBoxFuture<'static, ()> {
    Box::pin(gloo_timers::future::sleep(duration))
}

#[cfg(target_arch = "wasm32")]
fn default_random() -> f64 {
    js_sys::Math::random()
}

#[cfg(not(target_arch = "wasm32"))]
fn default_sleep(duration: Duration) -> LocalBoxFuture<'static, ()> {
    native_timer::sleep(duration)
}

/// Natively no executor is assumed: one shared thread completes oneshots at their deadlines.
/// (A thread per sleep would pile up, since every streamed event arms an idle timeout.)
#[cfg(not(target_arch = "wasm32"))]
mod native_timer {
    use std::sync::{Condvar, Mutex, OnceLock};
    use std::time::{Duration, Instant};

    use futures::channel::oneshot;
    use futures::future::LocalBoxFuture;

    struct Timer {
        pending: Mutex<Vec<(Instant, oneshot::Sender<()>)>>,
        changed: Condvar,
    }

    fn timer() -> &'static Timer {
        static TIMER: OnceLock<&'static Timer> = OnceLock::new();
        TIMER.get_or_init(|| {
            let timer: &'static Timer = Box::leak(Box::new(Timer {
                pending: Mutex::new(Vec::new()),
                changed: Condvar::new(),
            }));
            std::thread::spawn(move || run(timer));
            timer
        })
    }

    fn run(timer: &'static Timer) {
        let mut pending = timer.pending.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            // Fire what is due; forget sleeps whose future was dropped (a finished timeout race).
            let mut index = 0;
            while index < pending.len() {
                if pending[index].1.is_canceled() {
                    pending.swap_remove(index);
                } else if pending[index].0 <= now {
                    let (_, done) = pending.swap_remove(index);
                    let _ = done.send(());
                } else {
                    index += 1;
                }
            }
            let wait = pending
                .iter()
                .map(|(deadline, _)| *deadline - now)
                .min()
                .unwrap_or(Duration::from_secs(1));
            // Wake at least every second to drop cancelled entries.
            let wait = wait.min(Duration::from_secs(1));
            pending = timer
                .changed
                .wait_timeout(pending, wait)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    pub fn sleep(duration: Duration) -> LocalBoxFuture<'static, ()> {
        let (done, fired) = oneshot::channel();
        let timer = timer();
        timer
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((Instant::now() + duration, done));
        timer.changed.notify_one();
        Box::pin(async move {
            let _ = fired.await;
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_random() -> f64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    // Jitter only needs to spread clients apart, not be unpredictable.
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut x = u64::from(nanos) ^ 0x9E37_79B9_7F4A_7C15;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// Cancels an in-flight call: the call's future resolves to `LlmError::Cancelled` and the
/// transport request is dropped (the browser transport aborts the fetch on drop).
#[derive(Clone, Default)]
pub struct CancelToken {
    inner: Arc<Mutex<CancelState>>,
}

#[derive(Default)]
struct CancelState {
    cancelled: bool,
    wakers: Vec<Waker>,
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        let wakers = {
            let mut state = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            state.cancelled = true;
            std::mem::take(&mut state.wakers)
        };
        wakers.into_iter().for_each(Waker::wake);
    }

    pub fn is_cancelled(&self) -> bool {
        self.inner.lock().map(|s| s.cancelled).unwrap_or(true)
    }

    /// Resolves once `cancel` has been called.
    pub fn cancelled(&self) -> Cancelled {
        Cancelled {
            token: self.clone(),
        }
    }
}

impl fmt::Debug for CancelToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CancelToken(cancelled: {})", self.is_cancelled())
    }
}

pub struct Cancelled {
    token: CancelToken,
}

impl Future for Cancelled {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut state = self.token.inner.lock().unwrap_or_else(|e| e.into_inner());
        if state.cancelled {
            return Poll::Ready(());
        }
        if !state.wakers.iter().any(|w| w.will_wake(cx.waker())) {
            state.wakers.push(cx.waker().clone());
        }
        Poll::Pending
    }
}
