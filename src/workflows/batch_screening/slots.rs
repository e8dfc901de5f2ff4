//! Candidates screened at once: an async semaphore on one thread. A candidate takes a slot before
//! its first call and keeps it to its last, so the cost cap is checked when its turn comes (not
//! when the whole batch is dispatched at once) and its calls run one after another.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use futures::channel::oneshot;

#[derive(Clone)]
pub struct Slots {
    inner: Rc<RefCell<Inner>>,
}

struct Inner {
    free: usize,
    waiting: VecDeque<oneshot::Sender<()>>,
}

/// A taken slot; dropping it hands the slot to the next waiter.
pub struct Slot {
    inner: Rc<RefCell<Inner>>,
}

impl Slots {
    pub fn new(count: usize) -> Self {
        Slots {
            inner: Rc::new(RefCell::new(Inner {
                free: count.max(1),
                waiting: VecDeque::new(),
            })),
        }
    }

    /// Waits for a slot, first come first served.
    pub async fn take(&self) -> Slot {
        let wait = {
            let mut inner = self.inner.borrow_mut();
            if inner.free > 0 {
                inner.free -= 1;
                None
            } else {
                let (tx, rx) = oneshot::channel();
                inner.waiting.push_back(tx);
                Some(rx)
            }
        };
        if let Some(rx) = wait {
            // The slot is handed over by `Slot::drop`; a dropped sender cannot happen while
            // `Slots` lives, and would only let this waiter go early.
            let _ = rx.await;
        }
        Slot {
            inner: self.inner.clone(),
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut inner = self.inner.borrow_mut();
        // Hand the slot to the first waiter still waiting (a dropped waiter is skipped).
        while let Some(next) = inner.waiting.pop_front() {
            if next.send(()).is_ok() {
                return;
            }
        }
        inner.free += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::limiter::virtual_time::yield_now;
    use futures::executor::block_on;
    use futures::future::join_all;
    use std::cell::Cell;

    #[test]
    fn never_more_holders_than_slots() {
        let slots = Slots::new(2);
        let held = Rc::new(Cell::new(0));
        let most = Rc::new(Cell::new(0));
        block_on(join_all((0..6).map(|_| {
            let (slots, held, most) = (slots.clone(), held.clone(), most.clone());
            async move {
                let _slot = slots.take().await;
                held.set(held.get() + 1);
                most.set(most.get().max(held.get()));
                yield_now().await;
                held.set(held.get() - 1);
            }
        })));
        assert_eq!(most.get(), 2);
        assert_eq!(slots.inner.borrow().free, 2);
    }
}
