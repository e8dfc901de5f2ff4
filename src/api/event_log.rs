//! Every event of one run, kept in order as plain JS objects, and fanned out to subscribers and
//! iterators. Kept whole so that a late subscriber or iterator still sees the run from its start.
//!
//! The engine's events, as a host app sees them: only the run's own events (`path: []`) are
//! `interrupted`, `run_finished`, `run_failed`, `step_done`, `node_*`; a subgraph's events (a
//! non-empty `path`) become `subgraph_*` (see [`js_type`]), so a loop that answers every
//! `interrupted` event answers each pause once, and the first `run_finished` is the run's end.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::JsValue;

use super::convert::to_js;
use crate::graph::{EventSink, Interrupt, StreamEvent};

#[derive(Default)]
pub struct EventLog {
    events: RefCell<Vec<JsValue>>,
    subscribers: RefCell<Vec<(u32, js_sys::Function)>>,
    next_subscriber: Cell<u32>,
    /// Iterators waiting for the next event (or the end).
    waiting: RefCell<Vec<oneshot::Sender<()>>>,
    finished: Cell<bool>,
    /// Interrupt ids the run has asked and nobody has answered yet. Recorded before subscribers
    /// hear the `interrupted` event, so a callback may answer at once.
    asked: RefCell<Vec<String>>,
}

impl EventLog {
    pub fn new() -> Rc<Self> {
        Rc::new(Self::default())
    }

    /// The engine's sink for this run.
    pub fn sink(self: &Rc<Self>) -> EventSink {
        let log = self.clone();
        EventSink::new(move |event| log.record(&event))
    }

    /// Takes `id` off the unanswered questions; false when the run never asked it (or it was answered).
    pub fn take_asked(&self, id: &str) -> bool {
        let mut asked = self.asked.borrow_mut();
        let before = asked.len();
        asked.retain(|a| a != id);
        asked.len() != before
    }

    fn record(&self, event: &StreamEvent) {
        let Some(kind) = js_type(event) else { return };
        // An event that cannot become JSON is a bug elsewhere; the run must not fail over it.
        let Ok(value) = to_js(event) else { return };
        if let StreamEvent::Interrupted { interrupts, .. } = event {
            label_interrupts(&value, interrupts);
            self.asked
                .borrow_mut()
                .extend(interrupts.iter().map(|i| i.id.clone()));
        }
        if !event_path(event).is_empty() {
            set(&value, "type", &kind.into());
        }
        self.events.borrow_mut().push(value.clone());
        // Copied first: a callback may subscribe or unsubscribe while we call it.
        let subscribers: Vec<js_sys::Function> = self
            .subscribers
            .borrow()
            .iter()
            .map(|(_, f)| f.clone())
            .collect();
        for callback in subscribers {
            call_quietly(&callback, &value);
        }
        self.wake();
    }

    /// Adds `callback`, first replaying the events so far; returns its id for `unsubscribe`.
    pub fn subscribe(&self, callback: js_sys::Function) -> u32 {
        let past: Vec<JsValue> = self.events.borrow().clone();
        for event in &past {
            call_quietly(&callback, event);
        }
        let id = self.next_subscriber.get();
        self.next_subscriber.set(id + 1);
        self.subscribers.borrow_mut().push((id, callback));
        id
    }

    pub fn unsubscribe(&self, id: u32) {
        self.subscribers.borrow_mut().retain(|(i, _)| *i != id);
    }

    pub fn get(&self, index: usize) -> Option<JsValue> {
        self.events.borrow().get(index).cloned()
    }

    pub fn is_finished(&self) -> bool {
        self.finished.get()
    }

    /// Resolves at the next event or at the end of the run.
    pub fn changed(&self) -> oneshot::Receiver<()> {
        let (tx, rx) = oneshot::channel();
        self.waiting.borrow_mut().push(tx);
        rx
    }

    /// The run is over: no more events; iterators end.
    pub fn finish(&self) {
        self.finished.set(true);
        self.subscribers.borrow_mut().clear();
        self.wake();
    }

    fn wake(&self) {
        for waiter in self.waiting.borrow_mut().drain(..) {
            let _ = waiter.send(());
        }
    }
}

/// A subscriber that throws must not stop the run or the other subscribers; its error goes to the
/// console, where the host's developer will look.
fn call_quietly(callback: &js_sys::Function, event: &JsValue) {
    if let Err(error) = callback.call1(&JsValue::UNDEFINED, event) {
        web_sys::console::error_2(&"careergraph: an event subscriber threw".into(), &error);
    }
}

/// The `type` a host app sees for `event`, or `None` when it is not passed on. The run's own
/// events keep the engine's names. A subgraph's events are renamed `subgraph_*` (its end is
/// `subgraph_finished`, not a second `run_finished`; its `step_done` carries the subgraph's state,
/// not the workflow's); `custom` keeps its name at every depth (token deltas, usage, agent
/// errors). A subgraph's `interrupted` is dropped: its interrupts reach the top level at once, in
/// the run's own `interrupted` event, with the same ids and their `path` inside each interrupt.
fn js_type(event: &StreamEvent) -> Option<&'static str> {
    use StreamEvent as E;
    let (own, nested) = match event {
        E::NodeStarted { .. } => ("node_started", Some("subgraph_node_started")),
        E::NodeFinished { .. } => ("node_finished", Some("subgraph_node_finished")),
        E::NodeFailed { .. } => ("node_failed", Some("subgraph_node_failed")),
        E::StepDone { .. } => ("step_done", Some("subgraph_step_done")),
        E::Interrupted { .. } => ("interrupted", None),
        E::Custom { .. } => ("custom", Some("custom")),
        E::RunFinished { .. } => ("run_finished", Some("subgraph_finished")),
        E::RunFailed { .. } => ("run_failed", Some("subgraph_failed")),
    };
    if event_path(event).is_empty() {
        Some(own)
    } else {
        nested
    }
}

fn event_path(event: &StreamEvent) -> &[String] {
    use StreamEvent as E;
    match event {
        E::NodeStarted { path, .. }
        | E::NodeFinished { path, .. }
        | E::NodeFailed { path, .. }
        | E::StepDone { path, .. }
        | E::Interrupted { path, .. }
        | E::Custom { path, .. }
        | E::RunFinished { path, .. }
        | E::RunFailed { path, .. } => path,
    }
}

/// Gives each interrupt of an `interrupted` event its `kind` (its payload's `type`: `question`,
/// `review`, `satisfaction`, `confirm_plan`), so TypeScript can narrow the interrupt itself, and
/// with it the answer `run.answer(interrupt.id, …)` takes.
fn label_interrupts(event: &JsValue, interrupts: &[Interrupt]) {
    let Ok(list) = js_sys::Reflect::get(event, &"interrupts".into()) else {
        return;
    };
    let list = js_sys::Array::from(&list);
    for (index, interrupt) in interrupts.iter().enumerate() {
        if let Some(kind) = interrupt.payload.get("type").and_then(|k| k.as_str()) {
            set(&list.get(index as u32), "kind", &kind.into());
        }
    }
}

/// Sets a property on an object this module made; that cannot fail.
fn set(object: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &key.into(), value);
}
