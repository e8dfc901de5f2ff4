//! `RunHandle`: one run under way. Events by `subscribe(callback)` or `for await (… of run)`, the
//! final state by `result()`, `answer()` for runs that pause to ask, `cancel()`, and
//! `retryFailed()` on a finished run that takes a follow-up (a new handle, same thread).
//!
//! A run is a sequence of steps: an interactive workflow's step ends `{status: "interrupted"}`
//! and the next one starts when `answer()` hands the driver `session::AnyRun::resume`'s future.
//!
//! The handle exists before the run does: `start()` returns it once the input is checked, and the
//! driver builds the run when the workflow's code is there (a wasm chunk fetched on the first run
//! of that workflow in the split package). Events are kept from the start either way; a
//! `cancel()` before the run is built is honoured (it never starts), and a chunk that cannot be
//! loaded ends the run with a `run_failed` event and a `run_failed` rejection of `result()`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::{mpsc, oneshot};
use futures::future::{FutureExt, LocalBoxFuture, Shared};
use futures::StreamExt;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, spawn_local};

use super::convert::to_js;
use super::event_log::EventLog;
use crate::graph::StreamEvent;
use crate::session::{self, CheckedStart, ErrorCode, RunRequest, Runtime, SessionError};
use crate::workflows::batch_screening;

type Outcome = Shared<LocalBoxFuture<'static, Result<Value, SessionError>>>;

/// Stops the run, whether or not it has been built yet.
#[derive(Default)]
pub(super) struct Stopper {
    /// The session's handle, once the run is built.
    run: RefCell<Option<session::AnyRun>>,
    /// `cancel()` was called: a run built after it never starts.
    cancelled: Cell<bool>,
}

impl Stopper {
    fn cancel(&self) {
        self.cancelled.set(true);
        if let Some(run) = self.run.borrow().as_ref() {
            run.cancel();
        }
    }

    pub(super) fn thread_id(&self) -> Option<String> {
        self.run.borrow().as_ref().and_then(|run| run.thread_id())
    }
}

/// Where a run came from, for `export()`: the runtime whose checkpointer keeps it, and its
/// workflow with the request it started with (the input JSON, kept for the handle's life: a
/// re-opened run rebuilds its graph from it). An imported run's are known once its export
/// was read, in the build.
pub(super) struct Origin {
    pub runtime: Runtime,
    pub started: RefCell<Option<(String, RunRequest<Value>)>>,
}

impl Origin {
    pub(super) fn new(runtime: Runtime) -> Rc<Origin> {
        Rc::new(Origin {
            runtime,
            started: RefCell::new(None),
        })
    }
}

#[wasm_bindgen]
pub struct RunHandle {
    pub(super) stopper: Rc<Stopper>,
    pub(super) origin: Rc<Origin>,
    pub(super) events: Rc<EventLog>,
    mermaid: String,
    outcome: Outcome,
    /// Answers for the driver, as (interrupt id, value); closed by `cancel()` so a paused run ends.
    pub(super) answers: mpsc::UnboundedSender<(String, Value)>,
}

fn stopped() -> SessionError {
    SessionError::new(ErrorCode::Cancelled, "The run was stopped.")
}

/// The ids of a paused step's interrupts, or `None` when the step is the end of the run.
fn paused_on(step: &Value) -> Option<Vec<String>> {
    (step["status"] == "interrupted").then(|| {
        step["interrupts"]
            .as_array()
            .map(|all| {
                all.iter()
                    .filter_map(|i| i["id"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// What `result()` gives: the final state, whether the workflow reports steps or its state.
fn final_state(step: &Value) -> Value {
    if step["status"] == "done" {
        step["state"].clone()
    } else {
        step.clone()
    }
}

/// What `verdict()` gives: the result check the session ran on the final state (every done step
/// carries one; a step without one, which no workflow makes, reads as no problem found).
fn final_verdict(step: &Value) -> Value {
    match &step["verdict"] {
        Value::Null => serde_json::json!({ "problems": [] }),
        verdict => verdict.clone(),
    }
}

impl RunHandle {
    /// Builds the run once its workflow's code is there, then drives it in the background, step
    /// after step, whether or not anyone awaits `result()`. A paused step waits for an answer to
    /// one of its interrupts, then resumes.
    pub(super) fn spawn(checked: CheckedStart, origin: Rc<Origin>) -> RunHandle {
        let events = EventLog::new();
        // From the static table: synchronous, before the workflow's graph code has loaded.
        let mermaid = session::mermaid(checked.workflow_id()).unwrap_or_default();
        let sink = events.sink();
        let runtime = origin.runtime.clone();
        let build = async move {
            let run = session::AnyRun::new(checked, &runtime).await?;
            let first = run.start(sink);
            Ok((run, first))
        };
        Self::launch(events, mermaid, origin, build.boxed_local())
    }

    /// Drives the run `build` gives, in the background: a build that fails is reported as a
    /// `run_failed` event (the engine never ran, so it said nothing), a `cancel()` that came
    /// while it was being built means it never starts.
    pub(super) fn launch(
        events: Rc<EventLog>,
        mermaid: String,
        origin: Rc<Origin>,
        build: LocalBoxFuture<'static, Result<(session::AnyRun, session::JsonStep), SessionError>>,
    ) -> RunHandle {
        let (answers, mut answered) = mpsc::unbounded::<(String, Value)>();
        let (done, finished) = oneshot::channel();
        let stopper = Rc::new(Stopper::default());
        let (log, stopping) = (events.clone(), stopper.clone());
        spawn_local(async move {
            let result = 'run: {
                let (handle, first) = match build.await {
                    Ok(run) => run,
                    Err(error) => {
                        log.sink().emit(StreamEvent::RunFailed {
                            path: Vec::new(),
                            error: error.message.clone(),
                        });
                        break 'run Err(error);
                    }
                };
                if stopping.cancelled.get() {
                    // Cancelled while the chunk loaded: the run never starts.
                    handle.cancel();
                    break 'run Err(stopped());
                }
                *stopping.run.borrow_mut() = Some(handle.clone());
                drive(handle, first, &log, &mut answered).await
            };
            let _ = done.send(result);
            log.finish();
        });
        let outcome = finished
            .map(|r| r.unwrap_or_else(|_| Err(stopped())))
            .boxed_local()
            .shared();
        RunHandle {
            stopper,
            origin,
            events,
            mermaid,
            outcome,
            answers,
        }
    }
}

/// Awaits each step of a built run; a paused step waits for an answer to one of its interrupts.
async fn drive(
    stopper: session::AnyRun,
    first: session::JsonStep,
    log: &Rc<EventLog>,
    answered: &mut mpsc::UnboundedReceiver<(String, Value)>,
) -> Result<Value, SessionError> {
    let mut step = first;
    'run: loop {
        let value = match step.await {
            Ok(value) => value,
            Err(error) => break Err(error),
        };
        let Some(ids) = paused_on(&value) else {
            break Ok(value);
        };
        loop {
            let Some((id, answer)) = answered.next().await else {
                break 'run Err(stopped());
            };
            if ids.contains(&id) {
                match stopper.resume(answer, log.sink()) {
                    Ok(next) => step = next,
                    Err(error) => break 'run Err(error),
                }
                break;
            }
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

    /// The final state, once the run has ended (after every `answer()` an interactive run needs).
    /// Rejects with `cancelled` after `cancel()`, or `run_failed`.
    #[wasm_bindgen(unchecked_return_type = "Promise<WorkflowState>")]
    pub fn result(&self) -> js_sys::Promise {
        let outcome = self.outcome.clone();
        future_to_promise(async move {
            let step = outcome.await?;
            Ok(to_js(&final_state(&step))?)
        })
    }

    /// Whether the result is usable, once the run has ended: the workflow's result check against
    /// the run's own input (kept: the resume's name, contact lines, jobs, degrees and sections;
    /// grounded: no employer, title, number or date the user's texts lack; usable: not empty,
    /// looping, far too short, in the other language or our prompt written back). `problems` is
    /// empty when the result is usable. Rejects as `result()` does.
    #[wasm_bindgen(unchecked_return_type = "Promise<Verdict>")]
    pub fn verdict(&self) -> js_sys::Promise {
        let outcome = self.outcome.clone();
        future_to_promise(async move {
            let step = outcome.await?;
            Ok(to_js(&final_verdict(&step))?)
        })
    }

    /// Stops the run: model calls under way are aborted and `result()` rejects with `cancelled`.
    pub fn cancel(&self) {
        self.stopper.cancel();
        self.answers.close_channel();
    }

    /// `batch_screening` only: stops candidate `id` (`c1`, `c2`, … as its `candidate` events
    /// name them) while the batch goes on. It is recorded as `cancelled`, and a retry screens it
    /// again. False when that candidate is not waiting or being screened (finished, unknown, or a
    /// run of another workflow).
    #[wasm_bindgen(js_name = cancelCandidate)]
    pub fn cancel_candidate(&self, id: &str) -> bool {
        self.stopper
            .thread_id()
            .is_some_and(|thread| batch_screening::cancel_candidate(&thread, id))
    }

    /// Once this run has finished: runs it again on the same thread with its workflow's
    /// follow-up (`batch_screening`: its failed and cancelled candidates are screened again;
    /// screened ones keep their results and are not sent again; `resume_review`: the result
    /// round's failed critics are asked again and the round is scored again, nothing else runs).
    /// Returns a new handle for that
    /// part, with its own events and `result()` (the whole final state). Throws `invalid_input`
    /// when the run has not finished, or has nothing to do again (no failed or cancelled
    /// candidate, or a workflow that takes no follow-up).
    #[wasm_bindgen(js_name = retryFailed)]
    pub fn retry_failed(&self) -> Result<RunHandle, JsValue> {
        let handle = self.stopper.run.borrow().clone().ok_or_else(|| {
            SessionError::new(
                ErrorCode::InvalidInput,
                "This run takes no follow-up now: it has not started yet.",
            )
        })?;
        let events = EventLog::new();
        let first = handle.follow_up(events.sink())?;
        let build = async move { Ok((handle, first)) };
        Ok(RunHandle::launch(
            events,
            self.mermaid.clone(),
            self.origin.clone(),
            build.boxed_local(),
        ))
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
