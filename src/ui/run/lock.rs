//! One tab drives a run: a Web Lock (`navigator.locks`) named after the run's thread is held by
//! the tab that drives or shows a paused run, from the moment it starts or re-opens it until the
//! run ends or the page leaves it (or the tab closes: the browser releases it then). Another tab
//! that opens the same run does not get the lock: it shows the run read-only and waits for the
//! lock, then re-opens the run from its checkpoints (see `controller.rs`).
//!
//! Called through `js_sys::Reflect` (web-sys puts the Locks API behind its unstable flag). A
//! browser without the API (an insecure origin) gets a lock that holds nothing: one tab as before.

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A held lock; dropping it releases the lock.
pub struct RunLock {
    /// Resolves the promise the lock callback returned: the browser then releases the lock.
    release: Option<Function>,
}

impl Drop for RunLock {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

fn lock_name(thread_id: &str) -> String {
    format!("careergraph-run:{thread_id}")
}

/// `navigator.locks`, when the browser has it.
fn lock_manager() -> Option<Object> {
    let window: JsValue = web_sys::window()?.into();
    let navigator = Reflect::get(&window, &"navigator".into()).ok()?;
    Reflect::get(&navigator, &JsValue::from_str("locks"))
        .ok()
        .filter(|locks| locks.is_object())
        .map(JsValue::unchecked_into)
}

type Granted = Rc<RefCell<Option<oneshot::Sender<Option<Function>>>>>;

/// Sends the release function to the waiting future; if nobody waits any more (the page left),
/// the lock is released at once.
fn hand_over(granted: &Granted, release: Function) {
    match granted.borrow_mut().take() {
        Some(sender) => {
            if let Err(Some(release)) = sender.send(Some(release)) {
                let _ = release.call0(&JsValue::NULL);
            }
        }
        None => {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

/// Requests the lock of `thread_id`. `wait`: queue until it is free (or `signal` aborts);
/// otherwise only take it if it is free now. `None`: not taken.
async fn request(
    thread_id: &str,
    wait: bool,
    signal: Option<&web_sys::AbortSignal>,
) -> Option<RunLock> {
    let Some(locks) = lock_manager() else {
        return Some(RunLock { release: None });
    };
    let (sender, receiver) = oneshot::channel::<Option<Function>>();
    let granted: Granted = Rc::new(RefCell::new(Some(sender)));
    let on_grant = granted.clone();
    let callback = Closure::once_into_js(move |lock: JsValue| -> JsValue {
        if lock.is_null() || lock.is_undefined() {
            if let Some(sender) = on_grant.borrow_mut().take() {
                let _ = sender.send(None);
            }
            return JsValue::UNDEFINED;
        }
        // The lock is held until this promise settles.
        let mut release = None;
        let held = Promise::new(&mut |resolve, _reject| release = Some(resolve));
        if let Some(release) = release {
            hand_over(&on_grant, release);
        }
        held.into()
    });
    let options = Object::new();
    if !wait {
        let _ = Reflect::set(&options, &"ifAvailable".into(), &JsValue::TRUE);
    }
    if let Some(signal) = signal {
        let _ = Reflect::set(&options, &"signal".into(), signal);
    }
    let on_error = granted.clone();
    // An aborted wait rejects the request's promise: a normal end here, not an error to report.
    let caught = Closure::once(move |_error: JsValue| {
        if let Some(sender) = on_error.borrow_mut().take() {
            let _ = sender.send(None);
        }
    });
    let requested = Reflect::get(&locks, &"request".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| {
            f.call3(
                &locks,
                &JsValue::from_str(&lock_name(thread_id)),
                &options,
                &callback,
            )
            .ok()
        })
        .and_then(|p| p.dyn_into::<Promise>().ok());
    match requested {
        Some(promise) => {
            let _ = promise.catch(&caught);
            // Freed by JS once called; the request's promise keeps it alive until then.
            caught.forget();
        }
        // The API is there but refused the call: behave as a browser without it.
        None => return Some(RunLock { release: None }),
    }
    match receiver.await {
        Ok(Some(release)) => Some(RunLock {
            release: Some(release),
        }),
        _ => None,
    }
}

/// Takes the lock of `thread_id` if no other tab holds it.
pub async fn try_lock(thread_id: &str) -> Option<RunLock> {
    request(thread_id, false, None).await
}

/// Waits for the lock of `thread_id`; `None` when `signal` aborted the wait.
pub async fn wait_for_lock(thread_id: &str, signal: &web_sys::AbortSignal) -> Option<RunLock> {
    request(thread_id, true, Some(signal)).await
}

/// The threads whose lock some tab holds now (`navigator.locks.query()`): runs driven in this
/// tab or another. Empty without the API.
pub async fn held_threads() -> Vec<String> {
    let Some(locks) = lock_manager() else {
        return Vec::new();
    };
    let query = Reflect::get(&locks, &"query".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call0(&locks).ok())
        .and_then(|p| p.dyn_into::<Promise>().ok());
    let Some(query) = query else {
        return Vec::new();
    };
    let Ok(snapshot) = wasm_bindgen_futures::JsFuture::from(query).await else {
        return Vec::new();
    };
    let held = Reflect::get(&snapshot, &"held".into()).unwrap_or(JsValue::UNDEFINED);
    let prefix = lock_name("");
    js_sys::Array::from(&held)
        .iter()
        .filter_map(|lock| Reflect::get(&lock, &"name".into()).ok()?.as_string())
        .filter_map(|name| name.strip_prefix(&prefix).map(str::to_string))
        .collect()
}
