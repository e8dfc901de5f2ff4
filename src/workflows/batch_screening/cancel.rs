//! Cancelling one candidate while the batch runs on. Each candidate's task registers a cancel
//! token under (thread, candidate) while it runs (waiting for its slot included);
//! [`cancel_candidate`] trips it: the candidate's call in flight is dropped and it is recorded as
//! `cancelled`, while the other candidates go on. (Cancelling the whole batch is the run's own
//! cancel token.) One thread of execution, as in the browser: the registry is thread-local.

use std::cell::RefCell;
use std::collections::BTreeMap;

use crate::llm::CancelToken;

thread_local! {
    static RUNNING: RefCell<BTreeMap<(String, String), CancelToken>> =
        const { RefCell::new(BTreeMap::new()) };
}

/// Cancels candidate `id` of the batch on `thread_id` if its task is running; false otherwise
/// (not started yet, already finished, or an unknown id).
pub fn cancel_candidate(thread_id: &str, id: &str) -> bool {
    RUNNING.with(|running| {
        running
            .borrow()
            .get(&(thread_id.to_string(), id.to_string()))
            .map(CancelToken::cancel)
            .is_some()
    })
}

/// A running candidate's entry; removed when the task ends (however it ends).
pub struct Registered {
    key: (String, String),
    pub token: CancelToken,
}

pub fn register(thread_id: &str, id: &str) -> Registered {
    let key = (thread_id.to_string(), id.to_string());
    let token = CancelToken::new();
    RUNNING.with(|running| running.borrow_mut().insert(key.clone(), token.clone()));
    Registered { key, token }
}

impl Drop for Registered {
    fn drop(&mut self) {
        RUNNING.with(|running| running.borrow_mut().remove(&self.key));
    }
}
