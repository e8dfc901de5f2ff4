//! Test support (not part of the app): time that moves only when nothing can run, and a task
//! yield, shared by the limiter's unit tests, the slots' and the batch's tests
//! (`tests/native/batch_screening.rs`, `tests/native/batch_screening_timing.rs`) and the provider client's
//! deadline tests (`tests/native/llm_deadline.rs`, through its sleep). Every figure measured on it is
//! exact and no test waits in real time.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

use futures::channel::oneshot;
use futures::executor::LocalPool;
use futures::future::LocalBoxFuture;
use futures::task::LocalSpawnExt;

use super::LimiterClock;

/// Virtual milliseconds: a sleep sets a timer; [`VirtualTime::run`] runs every task until all
/// wait, then jumps to the earliest timer and fires it, one at a time.
#[derive(Default)]
pub struct VirtualTime {
    now: Cell<f64>,
    timers: RefCell<Vec<(f64, oneshot::Sender<()>)>>,
}

impl VirtualTime {
    pub fn new() -> Rc<Self> {
        Rc::new(Self::default())
    }

    /// Virtual milliseconds since the start.
    pub fn now_ms(&self) -> f64 {
        self.now.get()
    }

    /// Resolves once virtual time reaches now + `duration`.
    pub fn sleep(self: &Rc<Self>, duration: Duration) -> LocalBoxFuture<'static, ()> {
        let (tx, rx) = oneshot::channel();
        let at = self.now.get() + duration.as_secs_f64() * 1000.0;
        self.timers.borrow_mut().push((at, tx));
        Box::pin(async move {
            let _ = rx.await;
        })
    }

    /// The limiter's clock on this time.
    pub fn clock(self: &Rc<Self>) -> LimiterClock {
        let now = self.clone();
        let sleep = self.clone();
        LimiterClock {
            now_ms: Rc::new(move || now.now_ms()),
            sleep: Rc::new(move |d| sleep.sleep(d)),
        }
    }

    /// Fires the earliest live timer; false when none is left.
    fn advance(&self) -> bool {
        let mut timers = self.timers.borrow_mut();
        timers.retain(|(_, tx)| !tx.is_canceled());
        let Some(index) = (0..timers.len()).min_by(|&a, &b| timers[a].0.total_cmp(&timers[b].0))
        else {
            return false;
        };
        let (at, tx) = timers.swap_remove(index);
        self.now.set(self.now.get().max(at));
        let _ = tx.send(());
        true
    }

    /// Runs `future` to its end on virtual time. Panics when every task waits and no timer is
    /// set (the code under test would hang).
    pub fn run<T: 'static>(self: &Rc<Self>, future: impl Future<Output = T> + 'static) -> T {
        let mut pool = LocalPool::new();
        let out = Rc::new(RefCell::new(None));
        let slot = out.clone();
        pool.spawner()
            .spawn_local(async move {
                *slot.borrow_mut() = Some(future.await);
            })
            .expect("the local pool takes the task");
        loop {
            pool.run_until_stalled();
            if let Some(value) = out.borrow_mut().take() {
                return value;
            }
            assert!(
                self.advance(),
                "deadlock: every task waits and no timer is set"
            );
        }
    }
}

/// Lets the other tasks run once.
pub async fn yield_now() {
    let mut yielded = false;
    futures::future::poll_fn(|cx| {
        if yielded {
            std::task::Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
    .await
}
