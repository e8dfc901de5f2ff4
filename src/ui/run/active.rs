//! The run a page shows ([`ActiveRun`]): its view model, phase and lock, the engine's events fed
//! to the view, each step taken, recorded in the run store, answered or stopped.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use serde_json::Value;

use super::lock::RunLock;
use super::messages::page_text;
use super::notes::RunNotes;
use super::phase::RunPhase;
use super::store::RunStore;
use super::view_model::ViewModel;
use crate::graph::{EventSink, StreamEvent};
use crate::session::{
    checked_json, ErrorCode, SessionError, Step, StepFuture, Workflow, WorkflowRun,
};
use crate::store::{now_ms, RunRecord, RunStatus};
use crate::ui::settings::Settings;
use crate::workflows::common::CustomEvent;

pub(super) struct Shared<W: Workflow> {
    pub(super) thread_id: String,
    pub(super) input: W::Input,
    pub(super) run: WorkflowRun<W>,
    pub(super) record: RefCell<RunRecord>,
    pub(super) lock: RefCell<Option<RunLock>>,
    /// Aborts a wait for the lock held by another tab.
    pub(super) waiting: RefCell<Option<web_sys::AbortController>>,
    /// False once the page no longer shows this run: nothing of it touches signals any more.
    pub(super) shown: Cell<bool>,
    pub(super) store: RunStore,
    /// For the language of the messages the controller writes itself.
    pub(super) settings: RwSignal<Settings>,
}

/// A run the page shows: its view model, its phase, and the plumbing behind them. `Send` for
/// Leptos' sake; the app is single-threaded, so the wrapped `Rc` never crosses a thread.
pub struct ActiveRun<W: Workflow, V> {
    pub view: V,
    pub phase: RwSignal<RunPhase>,
    /// What the provider layer decided during the run (clamped scores, the server's format).
    pub notes: RwSignal<RunNotes>,
    pub(super) shared: SendWrapper<Rc<Shared<W>>>,
}

impl<W: Workflow, V: Clone> Clone for ActiveRun<W, V> {
    fn clone(&self) -> Self {
        ActiveRun {
            view: self.view.clone(),
            phase: self.phase,
            notes: self.notes,
            shared: self.shared.clone(),
        }
    }
}

impl<W: Workflow, V: ViewModel<W>> ActiveRun<W, V> {
    pub fn thread_id(&self) -> &str {
        &self.shared.thread_id
    }

    /// The input the run started with.
    pub fn input(&self) -> &W::Input {
        &self.shared.input
    }

    pub(super) fn shown(&self) -> bool {
        self.shared.shown.get()
    }

    pub(super) fn sink(&self) -> EventSink {
        let (view, shared, notes) = (self.view.clone(), Rc::clone(&self.shared), self.notes);
        let sink = EventSink::new(move |event| {
            if shared.shown.get() {
                if let StreamEvent::Custom { payload, .. } = &event {
                    notes.update(|n| {
                        n.take(payload);
                    });
                }
                view.event(event);
            }
        });
        if V::STEP_STATES {
            sink
        } else {
            sink.without_step_states()
        }
    }

    /// Answers the pause the run waits on.
    pub fn answer(&self, answer: W::Answer) {
        let run = self.shared.run.clone();
        if !self.shown() || self.phase.get_untracked() != RunPhase::Waiting {
            return;
        }
        self.view.answered();
        self.phase.set(RunPhase::Running);
        self.save(RunStatus::Running, None);
        self.drive(run.answer(&answer, self.sink()));
    }

    /// Stops the run: calls in flight are aborted; a paused run is dropped. The record says
    /// stopped; the lock goes.
    pub fn stop(&self) {
        let run = &self.shared.run;
        if !self.phase.get_untracked().is_live() {
            return;
        }
        run.cancel();
        // A paused run has no step in flight to report the stop: record it here. A running one
        // reports it when its step ends (`fail`).
        if self.phase.get_untracked() == RunPhase::Waiting {
            self.end(RunPhase::Stopped, RunStatus::Cancelled, None);
        }
    }

    /// The page no longer shows this run (another run took its place, or the page left): its
    /// in-flight calls are cancelled, its lock released, nothing is recorded. The run stays
    /// saved as it stood, to be re-opened.
    pub(super) fn leave(&self) {
        if !self.shared.shown.replace(false) {
            return;
        }
        self.shared.run.cancel();
        if let Some(waiting) = self.shared.waiting.borrow_mut().take() {
            waiting.abort();
        }
        self.shared.lock.borrow_mut().take();
    }

    /// Waits for the step, then shows and records it (if the run is still shown).
    pub(super) fn drive(&self, step: StepFuture<W::State>) {
        let this = self.clone();
        leptos::task::spawn_local(async move {
            let result = step.await;
            if !this.shown() {
                return;
            }
            match result {
                Ok(step) => this.take_step(step),
                Err(error) => this.fail(error),
            }
        });
    }

    pub(super) fn take_step(&self, step: Step<W::State>) {
        self.take_step_restoring(step, None);
    }

    /// [`take_step`](Self::take_step) for a re-opened run: the page's saved extras are put back
    /// once the step is shown, before anything is recorded.
    pub(super) fn take_step_restoring(&self, step: Step<W::State>, extras: Option<&Value>) {
        let shown = self.view.step(&step);
        if let Some(extras) = extras {
            self.view.restore(extras);
        }
        if let Err(message) = shown {
            self.end(RunPhase::Failed(message), RunStatus::Failed, Some(&step));
            return;
        }
        match &step {
            Step::Paused { .. } => {
                self.phase.set(RunPhase::Waiting);
                self.save(RunStatus::Paused, Some(&step));
            }
            Step::Done(state) => {
                self.phase.set(RunPhase::Finished);
                let master = self.view.master_resume(state);
                let record = self.updated(RunStatus::Done, Some(&step), None);
                self.shared.store.finish(record, master);
                self.shared.lock.borrow_mut().take();
            }
            Step::CutShort { .. } => {
                self.phase.set(RunPhase::Running);
                self.save(RunStatus::Running, Some(&step));
                self.drive(self.shared.run.continue_run(self.sink()));
            }
            // Not continued: it would fail the same way, or pay again for what failed.
            Step::Failed { error, .. } => {
                let message = self.shared.settings.with_untracked(|s| page_text(error, s));
                self.end(RunPhase::Failed(message), RunStatus::Failed, Some(&step));
            }
        }
    }

    pub(super) fn fail(&self, error: SessionError) {
        if error.code == ErrorCode::Cancelled {
            self.end(RunPhase::Stopped, RunStatus::Cancelled, None);
        } else {
            let message = self
                .shared
                .settings
                .with_untracked(|s| page_text(&error, s));
            self.end(RunPhase::Failed(message), RunStatus::Failed, None);
        }
    }

    /// The run ended without a result: stopped or failed.
    pub(super) fn end(&self, phase: RunPhase, status: RunStatus, step: Option<&Step<W::State>>) {
        let error = match &phase {
            RunPhase::Failed(message) => Some(message.clone()),
            RunPhase::Stopped => Some("Stopped.".to_string()),
            _ => None,
        };
        self.phase.set(phase);
        let record = self.updated(status, step, error);
        self.shared.store.record(record);
        self.shared.lock.borrow_mut().take();
    }

    /// The record with this status (and step), as it will be saved.
    pub(super) fn updated(
        &self,
        status: RunStatus,
        step: Option<&Step<W::State>>,
        error: Option<String>,
    ) -> RunRecord {
        let mut record = self.shared.record.borrow_mut();
        if let Some(step) = step {
            record.last_step = checked_json::<W>(step, &self.shared.thread_id).ok();
        }
        record.status = status;
        record.error = error;
        record.page = self.view.extras();
        record.notes = self.notes.with_untracked(|n| n.payloads().to_vec());
        record.updated_at_ms = now_ms();
        record.clone()
    }

    pub(super) fn save(&self, status: RunStatus, step: Option<&Step<W::State>>) {
        let record = self.updated(status, step, None);
        self.shared.store.record(record);
    }
}

impl<W: Workflow, V: ViewModel<W>> ActiveRun<W, V> {
    /// Shows a re-opened run's step without driving it: an ended run, or one another tab
    /// drives.
    pub(super) fn show_saved(&self, step: &Step<W::State>, extras: &Value, phase: RunPhase) {
        let shown = self.view.step(step);
        self.view.restore(extras);
        self.replay_notes();
        self.phase.set(match (shown, phase) {
            (Err(message), RunPhase::Finished) => RunPhase::Failed(message),
            (_, phase) => phase,
        });
    }

    /// Goes on with a re-opened run this tab holds the lock of.
    pub(super) fn go_on(&self, step: Step<W::State>, extras: &Value) {
        self.take_step_restoring(step, Some(extras));
        self.replay_notes();
    }

    /// The record's provider notes, said again: to the run's notes and, as the events they came
    /// from, to the view (a critic's card marks its clamped score itself).
    pub(super) fn replay_notes(&self) {
        let payloads = self.shared.record.borrow().notes.clone();
        for payload in payloads {
            self.notes.update(|n| {
                n.take(&payload);
            });
            self.view.event(StreamEvent::Custom {
                path: Vec::new(),
                node: CustomEvent::from_payload(&payload)
                    .and_then(|event| event.agent().map(str::to_string))
                    .unwrap_or_default(),
                payload,
            });
        }
    }
}
