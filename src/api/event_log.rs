//! Every event of one run, kept in order as plain JS objects, and fanned out to subscribers and
//! iterators. Kept whole so that a late subscriber or iterator still sees the run from its start.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::JsValue;

use super::convert::to_js;
use crate::graph::{EventSink, StreamEvent};

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
        if let StreamEvent::Interrupted { interrupts, path } = event {
            if path.is_empty() {
                self.asked
                    .borrow_mut()
                    .extend(interrupts.iter().map(|i| i.id.clone()));
            }
        }
        // An event that cannot become JSON is a bug elsewhere; the run must not fail over it.
        let Ok(value) = to_js(event) else { return };
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
