//! The one start/drive path of every page: [`RunController`] starts a [`WorkflowRun`] on the
//! browser's runtime (the user's provider, IndexedDB checkpoints), feeds its engine events to the
//! page's [`ViewModel`], takes each [`Step`], records it in the run store, answers, stops,
//! re-opens saved runs and holds the run's Web Lock. Pages keep their own view models and
//! components; what differs between them is the `ViewModel` hooks.
//!
//! A run belongs to its view (see the module docs of `ui::run`): every async continuation checks
//! that its run is still shown before it touches a signal.
//!
//! The code that drives a run (the engine, the providers, the workflow's graph and nodes, the
//! checkpoint reads) is reached only through a [`RunEngine`]: a page whose first paint must stay
//! light (the review page) loads it as a lazily fetched chunk the first time a run
//! starts or re-opens (`RunController::loading`); what the user does meanwhile is queued, so a
//! click is never lost, and the page shows at once that the run is starting.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;

use super::active::ActiveRun;
use super::driver::Ctl;
use super::engine::{EngineLoader, EngineSlot, RunEngine};
use super::notes::RunNotes;
use super::phase::RunPhase;
use super::store::RunStore;
use super::view_model::ViewModel;
use crate::graph::State;
use crate::session::Workflow;
use crate::store::RunRecord;
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;

/// How long a Run clicked while the saved runs are still being read waits for them.
const STORE_WAIT_MS: u32 = 5_000;

/// The driver of one page's runs. `Copy`; create it in the page component.
pub struct RunController<W: Workflow, V: ViewModel<W>> {
    ctl: StoredValue<Rc<Ctl<W, V>>, LocalStorage>,
}

impl<W: Workflow, V: ViewModel<W>> Clone for RunController<W, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<W: Workflow, V: ViewModel<W>> Copy for RunController<W, V> {}

impl<W: Workflow, V: ViewModel<W>> RunController<W, V> {
    /// The page's controller. On load it re-opens the page's newest run a reload left open
    /// (paused, or cut short mid-step); when the page leaves, the shown run is let go (see the
    /// rule in `ui::run`).
    pub fn new() -> Self {
        Self::with_engine(EngineSlot::Ready(RunEngine::new()))
    }

    /// [`new`](Self::new) for a page whose run engine comes from `load` (a lazily loaded chunk):
    /// fetched the first time a run starts or re-opens, or earlier by
    /// [`prefetch`](Self::prefetch).
    pub fn loading(load: EngineLoader<W, V>) -> Self {
        Self::with_engine(EngineSlot::Unloaded(load))
    }

    pub(super) fn with_engine(engine: EngineSlot<W, V>) -> Self {
        let ctl = Rc::new(Ctl {
            page_shown: Cell::new(true),
            owner: Owner::current().unwrap_or_default(),
            store: RunStore::expect(),
            settings: expect_context::<RwSignal<Settings>>(),
            keys: expect_context::<RwSignal<Keys>>(),
            active: RwSignal::new_local(None),
            current: RefCell::new(None),
            message: RwSignal::new(String::new()),
            engine: RefCell::new(engine),
            starting: RwSignal::new(false),
        });
        let this = RunController {
            ctl: StoredValue::new_local(ctl.clone()),
        };
        let stored = this.ctl;
        on_cleanup(move || {
            if let Some(ctl) = stored.try_get_value() {
                ctl.page_shown.set(false);
                if let Some(current) = ctl.current.borrow_mut().take() {
                    current.leave();
                }
            }
        });
        let ready = ctl.store.ready();
        leptos::task::spawn_local(async move {
            ready.await;
            if !ctl.page_shown.get() || ctl.current.borrow().is_some() {
                return;
            }
            if let Some(record) = ctl.store.newest_open(W::ID) {
                ctl.say("Re-opening the saved run…", "正在重新打开保存的运行…");
                Ctl::when_loaded(&ctl, false, move |engine, ctl| {
                    leptos::task::spawn_local(async move {
                        (engine.reopen)(ctl, record, None).await;
                    });
                });
            }
        });
        this
    }

    /// Starts fetching the run engine's code if the page loads it lazily, so the first Run does
    /// not wait for it.
    pub fn prefetch(&self) {
        // Called from an idle callback too: the page may be gone by then.
        let Some(ctl) = self.ctl.try_get_value() else {
            return;
        };
        Ctl::when_loaded(&ctl, false, |_, _| {});
    }

    pub(super) fn ctl(&self) -> Rc<Ctl<W, V>> {
        self.ctl.get_value()
    }

    /// The run the page shows (tracked).
    pub fn active(&self) -> Option<ActiveRun<W, V>> {
        self.ctl.with_value(|c| c.active.get())
    }

    /// Why a run could not start or re-open (empty when all is well).
    pub fn message(&self) -> RwSignal<String> {
        self.ctl.with_value(|c| c.message)
    }

    /// The shown run's phase (tracked); `None` before any run.
    pub fn phase(&self) -> Option<RunPhase> {
        self.active().map(|run| run.phase.get())
    }

    /// The shown run's provider notes (tracked); empty before any run.
    pub fn notes(&self) -> RunNotes {
        self.active().map(|run| run.notes.get()).unwrap_or_default()
    }

    /// A run is running or waiting for an answer, or about to start (tracked).
    pub fn live(&self) -> bool {
        self.ctl.with_value(|c| c.starting.get()) || self.phase().is_some_and(|p| p.is_live())
    }

    /// The thread of the run this page drives right now (running or waiting for an answer;
    /// tracked): the run list shows it as live here, not as a run a reload cut short, and offers
    /// no Continue for it (that would start a second copy of its calls).
    pub fn live_thread(&self) -> Option<String> {
        self.active()
            .filter(|run| run.phase.get().is_live())
            .map(|run| run.thread_id().to_string())
    }

    /// The store the page's run list shows.
    pub fn store(&self) -> RunStore {
        self.ctl.with_value(|c| c.store)
    }

    /// Starts a run of `input`, titled `title` in the run list. Problems found before anything
    /// is sent (a missing key, an empty resume) go to [`message`](Self::message).
    pub fn start(&self, input: W::Input, title: String) {
        let ctl = self.ctl();
        if ctl.store.is_ready() {
            Ctl::when_loaded(&ctl, true, move |engine, ctl| {
                (engine.start)(ctl, input, title)
            });
            return;
        }
        // A Run clicked before the saved runs are read (IndexedDB still opening) waits for them,
        // busy at once: started earlier, the run had no checkpointer (nothing saved) and its
        // record was neither written nor kept in the list the read then replaced.
        // Bounded: a store that never answers must not keep the run from starting (it then runs
        // in memory, and the notice says why when the open fails).
        ctl.starting.set(true);
        let ready = ctl.store.ready();
        leptos::task::spawn_local(async move {
            let waited = gloo_timers::future::TimeoutFuture::new(STORE_WAIT_MS);
            futures::future::select(Box::pin(ready), waited).await;
            if !ctl.page_shown.get() {
                return;
            }
            ctl.starting.set(false);
            Ctl::when_loaded(&ctl, true, move |engine, ctl| {
                (engine.start)(ctl, input, title)
            });
        });
    }

    /// Stops the shown run.
    pub fn stop(&self) {
        let ctl = self.ctl();
        let run = ctl.current.borrow().clone();
        if let Some(run) = run {
            // A shown run was started or re-opened by the engine: it is loaded.
            Ctl::when_loaded(&ctl, false, move |engine, _| (engine.stop)(&run));
        }
    }

    /// Answers the shown run's pause on the provider as Settings has it NOW (a key fixed after
    /// the provider refused it): the paused run is re-opened from its checkpoint on a runtime
    /// built from the current settings, keeping its lock, and answered there. The run as shown
    /// keeps the model it started with, so answering it directly would send the old key again.
    pub fn answer_anew(&self, answer: W::Answer) {
        let ctl = self.ctl();
        let current = ctl.current.borrow().clone();
        let Some(run) = current else { return };
        if run.phase.get_untracked() != RunPhase::Waiting {
            return;
        }
        let record = run.shared.record.borrow().clone();
        let lock = run.shared.lock.borrow_mut().take();
        let thread_id = record.thread_id.clone();
        let shown = run.shared.clone();
        Ctl::when_loaded(&ctl, true, move |engine, ctl| {
            leptos::task::spawn_local(async move {
                let unused = (engine.reopen)(ctl.clone(), record, lock).await;
                let reopened = ctl.current.borrow().clone();
                let still_shown = reopened
                    .as_ref()
                    .is_some_and(|r| Rc::ptr_eq(&*r.shared, &*shown));
                if still_shown && ctl.page_shown.get() {
                    // The re-open failed (no key in Settings, the input unreadable): the run as
                    // shown is still this tab's and keeps its lock, so no other tab drives it.
                    *shown.lock.borrow_mut() = unused;
                    return;
                }
                let waiting = reopened.filter(|r| {
                    r.thread_id() == thread_id && r.phase.get_untracked() == RunPhase::Waiting
                });
                if let Some(run) = waiting {
                    run.answer(answer);
                }
            });
        });
    }

    /// Runs the shown FINISHED run's follow-up on its own thread (the batch's "Retry failed"):
    /// the same run and record, driven like any step (saved, its lock held, reopened after a
    /// reload). Nothing happens unless the run finished in a state its workflow declares a
    /// follow-up for.
    pub fn follow_up(&self) {
        let ctl = self.ctl();
        let current = ctl.current.borrow().clone();
        let Some(run) = current else { return };
        if self.live() || run.phase.get_untracked() != RunPhase::Finished {
            return;
        }
        let record = run.shared.record.borrow().clone();
        ctl.starting.set(true);
        Ctl::when_loaded(&ctl, true, move |engine, ctl| {
            ctl.starting.set(true);
            leptos::task::spawn_local((engine.follow_up)(ctl, record));
        });
    }

    /// Writes `update` into the shown FINISHED run, as a person's addition to its result (a
    /// decision per candidate): saved as a new checkpoint of its thread, nothing runs, no key is
    /// needed; the result is shown again with it. Why it could not be written goes to the
    /// page's message.
    pub fn amend(&self, update: <W::State as State>::Update) {
        let ctl = self.ctl();
        let current = ctl.current.borrow().clone();
        let Some(run) = current else { return };
        if self.live() || run.phase.get_untracked() != RunPhase::Finished {
            return;
        }
        let record = run.shared.record.borrow().clone();
        Ctl::when_loaded(&ctl, true, move |engine, ctl| {
            leptos::task::spawn_local((engine.amend)(ctl, record, update));
        });
    }

    /// Opens a saved run from the run list: a paused run asks again, a run cut short goes on,
    /// an ended run shows its result or why it ended.
    pub fn open(&self, record: RunRecord) {
        let ctl = self.ctl();
        let current = ctl.current.borrow().clone();
        if let Some(current) = current {
            if current.thread_id() == record.thread_id {
                return;
            }
            if current.phase.get_untracked() == RunPhase::Running {
                ctl.say("Stop the current run first.", "请先停止当前运行。");
                return;
            }
        }
        // Said before the engine's code may have to be fetched, so the click shows at once.
        ctl.say("Re-opening the saved run…", "正在重新打开保存的运行…");
        Ctl::when_loaded(&ctl, false, move |engine, ctl| {
            leptos::task::spawn_local(async move {
                (engine.reopen)(ctl, record, None).await;
            });
        });
    }

    /// Downloads a saved run as a file another host continues (`runner.import`): a paused run
    /// is answered there. Why it could not be written goes to the page's message.
    pub fn export(&self, record: RunRecord) {
        let ctl = self.ctl();
        Ctl::when_loaded(&ctl, false, move |engine, ctl| {
            leptos::task::spawn_local((engine.export)(ctl, record));
        });
    }

    /// Deletes a saved run (record and checkpoints); a shown one is let go first.
    pub fn delete(&self, thread_id: String) {
        let ctl = self.ctl();
        let shown = ctl
            .current
            .borrow()
            .as_ref()
            .is_some_and(|r| r.thread_id() == thread_id);
        if shown {
            if let Some(current) = ctl.current.borrow_mut().take() {
                current.leave();
            }
            ctl.active.set(None);
        }
        ctl.store.delete(&thread_id);
    }
}
