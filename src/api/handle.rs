//! `RunHandle`: one run under way. Events by `subscribe(callback)` or `for await (… of run)`, the
//! final state by `result()`, and `cancel()`.

use std::cell::Cell;
use std::rc::Rc;

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, spawn_local};

use super::convert::to_js;
use super::event_log::EventLog;
use crate::session::{self, Run, SessionError};

type Outcome = Shared<LocalBoxFuture<'static, Result<Value, SessionError>>>;

#[wasm_bindgen]
pub struct RunHandle {
    pub(super) stopper: session::RunHandle,
    pub(super) events: Rc<EventLog>,
    mermaid: String,
    outcome: Outcome,
}

impl RunHandle {
    /// Drives the run in the background, whether or not anyone awaits `result()`.
    pub(super) fn spawn(run: Run, events: Rc<EventLog>) -> RunHandle {
        let outcome = run.outcome.shared();
        let driver = outcome.clone();
        let log = events.clone();
        spawn_local(async move {
            let _ = driver.await;
            log.finish();
        });
        RunHandle {
            stopper: run.handle,
            events,
            mermaid: run.mermaid,
            outcome,
        }
    }
}

#[wasm_bindgen]
impl RunHandle {
    /// Calls `callback` with every event of the run, in order, starting with those that already
    /// happened. Returns a function that unsubscribes. A callback that throws is reported on the
    /// console and does not stop the run.
    #[wasm_bindgen(unchecked_return_type = "() => void")]
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(event: RunEvent) => void")]
        callback: js_sys::Function,
    ) -> JsValue {
        let id = self.events.subscribe(callback);
        let log = Rc::downgrade(&self.events);
        Closure::<dyn Fn()>::new(move || {
            if let Some(log) = log.upgrade() {
                log.unsubscribe(id);
            }
        })
        .into_js_value()
    }

    /// The final state. Rejects with `cancelled` after `cancel()`, or `run_failed`.
    #[wasm_bindgen(unchecked_return_type = "Promise<ReviewState>")]
    pub fn result(&self) -> js_sys::Promise {
        let outcome = self.outcome.clone();
        future_to_promise(async move {
            let state = outcome.await?;
            Ok(to_js(&state)?)
        })
    }

    /// Stops the run: model calls under way are aborted and `result()` rejects with `cancelled`.
    pub fn cancel(&self) {
        self.stopper.cancel();
    }

    /// The workflow's graph as a Mermaid flowchart.
    #[wasm_bindgen(getter)]
    pub fn mermaid(&self) -> String {
        self.mermaid.clone()
    }

    /// `for await (const event of run)`: every event from the start of the run, ending with it.
    #[wasm_bindgen(js_name = "[Symbol.asyncIterator]")]
    pub fn iterate(&self) -> EventIterator {
        EventIterator {
            events: self.events.clone(),
            next: Rc::new(Cell::new(0)),
        }
    }
}

/// The async iterator behind `for await (const event of run)`.
#[wasm_bindgen]
pub struct EventIterator {
    events: Rc<EventLog>,
    next: Rc<Cell<usize>>,
}

#[wasm_bindgen]
impl EventIterator {
    #[wasm_bindgen(unchecked_return_type = "Promise<IteratorResult<RunEvent, undefined>>")]
    pub fn next(&self) -> js_sys::Promise {
        let events = self.events.clone();
        let cursor = self.next.clone();
        future_to_promise(async move {
            loop {
                if let Some(event) = events.get(cursor.get()) {
                    cursor.set(cursor.get() + 1);
                    return Ok(iterator_result(&event, false));
                }
                if events.is_finished() {
                    return Ok(iterator_result(&JsValue::UNDEFINED, true));
                }
                // A dropped sender only means the log went away: look again, then end.
                let _ = events.changed().await;
            }
        })
    }
}

fn iterator_result(value: &JsValue, done: bool) -> JsValue {
    let result = js_sys::Object::new();
    // Setting properties on a fresh plain object cannot fail.
    let _ = js_sys::Reflect::set(&result, &"value".into(), value);
    let _ = js_sys::Reflect::set(&result, &"done".into(), &done.into());
    result.into()
}
