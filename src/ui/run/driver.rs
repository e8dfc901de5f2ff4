//! The controller's private side ([`Ctl`]): starting, re-opening and following up runs, the
//! runtime they run on, and the jobs that wait for the engine's code.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::active::{ActiveRun, Shared};
use super::engine::{EngineJob, EngineSlot, RunEngine};
use super::lock::{self, RunLock};
use super::messages::page_text;
use super::notes::RunNotes;
use super::phase::{elsewhere_text, RunPhase};
use super::store::RunStore;
use super::view_model::ViewModel;
use crate::graph::State;
use crate::session::{AnyRun, RunRequest, Runtime, SessionError, Step, Workflow, WorkflowRun};
use crate::store::{now_ms, RunRecord, RunStatus};
use crate::ui::download::download;
use crate::ui::i18n::tr;
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;

pub(super) struct Ctl<W: Workflow, V> {
    /// False once the page is gone: async work of the page stops touching anything.
    pub(super) page_shown: Cell<bool>,
    /// The page's owner: view models and phases are created under it.
    pub(super) owner: Owner,
    pub(super) store: RunStore,
    pub(super) settings: RwSignal<Settings>,
    pub(super) keys: RwSignal<Keys>,
    pub(super) active: RwSignal<Option<ActiveRun<W, V>>, LocalStorage>,
    /// The same run as `active`, outside the reactive system (read while the page is cleaned up).
    pub(super) current: RefCell<Option<ActiveRun<W, V>>>,
    /// The page's status line: why a run could not start or re-open.
    pub(super) message: RwSignal<String>,
    /// The code that drives runs: there, or being fetched with what waits for it.
    pub(super) engine: RefCell<EngineSlot<W, V>>,
    /// Something the user asked for (a run to start or re-open) waits for the engine's code.
    pub(super) starting: RwSignal<bool>,
}

impl<W: Workflow, V: ViewModel<W>> Ctl<W, V> {
    /// Runs `job` with the engine: now if its code is there, else once it is fetched. `starts`:
    /// the job starts a run, so the page shows the run as starting while it waits (the Run
    /// button is busy at once). Nothing runs for a page that is gone.
    pub(super) fn when_loaded(
        this: &Rc<Self>,
        starts: bool,
        job: impl FnOnce(RunEngine<W, V>, Rc<Self>) + 'static,
    ) {
        let mut slot = this.engine.borrow_mut();
        let ctl = Rc::clone(this);
        let job: EngineJob<W, V> = Box::new(move |engine| job(engine, ctl));
        let load = match &mut *slot {
            EngineSlot::Ready(engine) => {
                let engine = *engine;
                drop(slot);
                job(engine);
                return;
            }
            EngineSlot::Loading(waiting) => {
                waiting.push(job);
                None
            }
            EngineSlot::Unloaded(load) => {
                let load = *load;
                *slot = EngineSlot::Loading(vec![job]);
                Some(load)
            }
        };
        drop(slot);
        if starts {
            this.starting.set(true);
        }
        if let Some(load) = load {
            let loading = load();
            let ctl = Rc::clone(this);
            leptos::task::spawn_local(async move {
                let engine = loading.await;
                let waiting = ctl.engine.replace(EngineSlot::Ready(engine));
                if !ctl.page_shown.get() {
                    return;
                }
                ctl.starting.set(false);
                if let EngineSlot::Loading(waiting) = waiting {
                    for job in waiting {
                        job(engine);
                    }
                }
            });
        }
    }

    pub(super) fn say(&self, en: &'static str, zh: &'static str) {
        let lang = self.settings.with_untracked(Settings::language);
        self.message.set(tr(lang, en, zh).to_string());
    }

    /// The user's provider over fetch, checkpointing into the store.
    pub(super) fn runtime(&self) -> Result<Runtime, SessionError> {
        let settings = self.settings.get_untracked();
        let key = self
            .keys
            .with_untracked(|k| k.get(&settings.provider).cloned());
        let runtime = Runtime::in_browser(&settings.provider_config(key))
            .map_err(|error| SessionError::new(error.code, page_text(&error, &settings)))?;
        Ok(self.on_store(runtime))
    }

    /// A run of this page, with the settings' per-agent models for its workflow.
    pub(super) fn request(&self, input: W::Input) -> RunRequest<W::Input> {
        let options = self.settings.with_untracked(|s| s.run_options(W::ID));
        RunRequest::new(input).with_options(options)
    }

    /// For showing an ended run: its checkpoints are read, nothing is sent, so no key is needed.
    pub(super) fn viewing_runtime(&self) -> Result<Runtime, SessionError> {
        Ok(self.on_store(Runtime::in_browser(&Default::default())?))
    }

    pub(super) fn on_store(&self, runtime: Runtime) -> Runtime {
        match self.store.checkpointer() {
            Some(checkpointer) => runtime.with_checkpointer(checkpointer),
            None => runtime,
        }
    }

    pub(super) fn make(
        &self,
        run: WorkflowRun<W>,
        input: W::Input,
        record: RunRecord,
        phase: RunPhase,
    ) -> ActiveRun<W, V> {
        let (view, phase, notes) = self.owner.with(|| {
            let notes = RwSignal::new(RunNotes::default());
            (V::new(), RwSignal::new(phase), notes)
        });
        ActiveRun {
            view,
            phase,
            notes,
            shared: SendWrapper::new(Rc::new(Shared {
                thread_id: run.thread_id().to_string(),
                input,
                run,
                record: RefCell::new(record),
                lock: RefCell::new(None),
                waiting: RefCell::new(None),
                shown: Cell::new(true),
                store: self.store,
                settings: self.settings,
            })),
        }
    }

    /// Makes `run` the page's shown run; the one shown before is let go.
    pub(super) fn show(&self, run: ActiveRun<W, V>) {
        let before = self.current.replace(Some(run.clone()));
        if let Some(before) = before {
            if !Rc::ptr_eq(&*before.shared, &*run.shared) {
                before.leave();
            }
        }
        self.active.set(Some(run));
    }

    pub(super) fn start(self: Rc<Self>, input: W::Input, title: String) {
        let running = self
            .current
            .borrow()
            .as_ref()
            .is_some_and(|r| r.phase.get_untracked() == RunPhase::Running);
        if running {
            self.say("Stop the current run first.", "请先停止当前运行。");
            return;
        }
        let run = match self
            .runtime()
            .and_then(|runtime| WorkflowRun::<W>::new(self.request(input.clone()), &runtime))
        {
            Ok(run) => run,
            Err(error) => {
                self.message.set(error.message);
                return;
            }
        };
        let input_json = serde_json::to_value(&input).unwrap_or_default();
        let record = RunRecord::new(run.thread_id(), W::ID, title, input_json, now_ms());
        self.store.record(record.clone());
        let active = self.make(run.clone(), input, record, RunPhase::Running);
        self.message.set(String::new());
        self.show(active.clone());
        // Nobody else knows this thread yet: the lock is free.
        let locking = active.clone();
        leptos::task::spawn_local(async move {
            let lock = lock::try_lock(locking.thread_id()).await;
            if locking.shown() && locking.phase.get_untracked().is_live() {
                *locking.shared.lock.borrow_mut() = lock;
            }
        });
        active.drive(run.start(active.sink()));
    }

    /// Re-opens the saved run of `record` from its checkpoints and shows it: an ended run as it
    /// ended; a run another tab holds read-only (until that tab lets it go); otherwise it goes
    /// on (a pause asks again, a step cut short continues). `lock`: already held; given back
    /// when the run could not be re-opened with it (no key in Settings, an unreadable input).
    pub(super) fn reopen(
        self: Rc<Self>,
        record: RunRecord,
        lock: Option<RunLock>,
    ) -> futures::future::LocalBoxFuture<'static, Option<RunLock>> {
        Box::pin(async move {
            let ended = !record.can_reopen();
            self.say("Re-opening the saved run…", "正在重新打开保存的运行…");
            let input = match WorkflowRun::<W>::input_from_json(record.input.clone()) {
                Ok(input) => input,
                Err(error) => {
                    self.message.set(error.message);
                    return lock;
                }
            };
            let lock = match (ended, lock) {
                (true, _) => None,
                (false, Some(lock)) => Some(lock),
                (false, None) => lock::try_lock(&record.thread_id).await,
            };
            // Only a run this tab goes on with needs the user's provider (and key) and its
            // per-agent models; an ended run, or one another tab drives, is only read from its
            // checkpoints.
            let (runtime, request) = if lock.is_some() {
                (self.runtime(), self.request(input.clone()))
            } else {
                (self.viewing_runtime(), RunRequest::new(input.clone()))
            };
            let runtime = match runtime {
                Ok(runtime) => runtime,
                Err(error) => {
                    self.message.set(error.message);
                    return lock;
                }
            };
            if !self.page_shown.get() {
                return lock;
            }
            if !ended && lock.is_some() && !has_checkpoint(&runtime, &record.thread_id).await {
                // A reload before the run saved its first step: nothing ran yet, start again.
                if self.page_shown.get() {
                    self.store.delete(&record.thread_id);
                    self.clone().start(input, record.title.clone());
                }
                return None;
            }
            let reopened = WorkflowRun::<W>::reopen(request, &runtime, &record.thread_id).await;
            if !self.page_shown.get() {
                return lock;
            }
            let busy = self.current.borrow().as_ref().is_some_and(|r| {
                r.thread_id() != record.thread_id && r.phase.get_untracked() == RunPhase::Running
            });
            if busy {
                // The user started another run meanwhile: it keeps the page.
                self.message.set(String::new());
                return lock;
            }
            let (run, step) = match reopened {
                Ok(reopened) => reopened,
                Err(error) => {
                    self.message.set(error.message);
                    return lock;
                }
            };
            self.message.set(String::new());
            let extras = record.page.clone();
            let status = record.status;
            let error = record.error.clone().unwrap_or_default();
            let active = self.make(run, input, record, RunPhase::Running);
            let held = lock.is_some();
            *active.shared.lock.borrow_mut() = lock;
            self.show(active.clone());
            if ended {
                let phase = match status {
                    RunStatus::Done => RunPhase::Finished,
                    RunStatus::Cancelled => RunPhase::Stopped,
                    _ => RunPhase::Failed(error),
                };
                active.show_saved(&step, &extras, phase);
            } else if held {
                active.go_on(step, &extras);
            } else {
                active.show_saved(&step, &extras, RunPhase::Elsewhere);
                self.follow(active);
            }
            None
        })
    }

    /// [`RunController::follow_up`]: the finished run is rebuilt on the user's provider (it may
    /// have been opened for viewing only), with its lock, and goes on from its final checkpoint.
    pub(super) fn follow_up(self: Rc<Self>, record: RunRecord) -> LocalBoxFuture<'static, ()> {
        Box::pin(async move {
            let result = self.clone().following_up(record).await;
            if !self.page_shown.get() {
                return;
            }
            self.starting.set(false);
            match result {
                Ok(()) => self.message.set(String::new()),
                Err(message) => self.message.set(message),
            }
        })
    }

    pub(super) async fn following_up(self: Rc<Self>, record: RunRecord) -> Result<(), String> {
        let input =
            WorkflowRun::<W>::input_from_json(record.input.clone()).map_err(|e| e.message)?;
        let lang = self.settings.with_untracked(Settings::language);
        let Some(lock) = lock::try_lock(&record.thread_id).await else {
            return Err(elsewhere_text(lang).to_string());
        };
        let runtime = self.runtime().map_err(|e| e.message)?;
        let (run, step) =
            WorkflowRun::<W>::reopen(self.request(input.clone()), &runtime, &record.thread_id)
                .await
                .map_err(|e| e.message)?;
        let still_shown = self.current.borrow().as_ref().is_some_and(|r| {
            r.thread_id() == record.thread_id && r.phase.get_untracked() == RunPhase::Finished
        });
        if !self.page_shown.get() || !still_shown {
            return Ok(());
        }
        if !run.can_follow_up() {
            return Err(tr(
                lang,
                "This run has nothing to do again.",
                "此运行没有需要重做的部分。",
            )
            .into());
        }
        let active = self.make(run.clone(), input, record, RunPhase::Running);
        *active.shared.lock.borrow_mut() = Some(lock);
        self.show(active.clone());
        // The finished state first (what stays as it was), then what goes on.
        let _ = active.view.step(&step);
        active.view.following_up();
        active.save(RunStatus::Running, None);
        active.drive(run.follow_up(active.sink()));
        Ok(())
    }

    /// [`RunController::amend`]: the finished run is rebuilt for viewing (no model is called),
    /// under its lock, `update` written into its thread, and the new end shown.
    pub(super) fn amend(
        self: Rc<Self>,
        record: RunRecord,
        update: <W::State as State>::Update,
    ) -> LocalBoxFuture<'static, ()> {
        Box::pin(async move {
            let result = self.clone().amending(record, update).await;
            if self.page_shown.get() {
                self.message.set(result.err().unwrap_or_default());
            }
        })
    }

    /// [`RunController::export`]: the saved run as a run export (`session::RunExport`: its
    /// input, this page's per-agent models and every checkpoint of its thread, no key), offered
    /// as a file to continue on another host (`runner.import` in Node or on a server). Nothing
    /// is re-opened and nothing is sent. Why it could not be written goes to the page's message.
    pub(super) fn export(self: Rc<Self>, record: RunRecord) -> LocalBoxFuture<'static, ()> {
        Box::pin(async move {
            let result = self.exporting(&record).await;
            if self.page_shown.get() {
                self.message.set(result.err().unwrap_or_default());
            }
        })
    }

    async fn exporting(&self, record: &RunRecord) -> Result<(), String> {
        let request = RunRequest::new(record.input.clone())
            .with_options(self.settings.with_untracked(|s| s.run_options(W::ID)));
        let runtime = self.viewing_runtime().map_err(|e| e.message)?;
        let exported = AnyRun::export(W::ID, &record.thread_id, request, &runtime)
            .await
            .map_err(|e| e.message)?;
        let text = serde_json::to_string_pretty(&exported).map_err(|e| e.to_string())?;
        let name = format!("careergraph-run-{}-{}.json", W::ID, record.thread_id);
        download(&name, "application/json", &text)
    }

    async fn amending(
        self: Rc<Self>,
        record: RunRecord,
        update: <W::State as State>::Update,
    ) -> Result<(), String> {
        let input =
            WorkflowRun::<W>::input_from_json(record.input.clone()).map_err(|e| e.message)?;
        let lang = self.settings.with_untracked(Settings::language);
        let Some(lock) = lock::try_lock(&record.thread_id).await else {
            return Err(elsewhere_text(lang).to_string());
        };
        let runtime = self.viewing_runtime().map_err(|e| e.message)?;
        let (run, _) = WorkflowRun::<W>::reopen(input, &runtime, &record.thread_id)
            .await
            .map_err(|e| e.message)?;
        let state = run.amend(update).await.map_err(|e| e.message)?;
        drop(lock);
        let shown = self.current.borrow().clone();
        if let Some(active) = shown.filter(|r| r.thread_id() == record.thread_id) {
            active.view.step(&Step::Done(state))?;
            active.save(RunStatus::Done, None);
        }
        Ok(())
    }

    /// Waits for the tab that drives `run` to let it go, then re-opens it here from what that
    /// tab saved.
    pub(super) fn follow(self: Rc<Self>, run: ActiveRun<W, V>) {
        let Ok(abort) = web_sys::AbortController::new() else {
            return;
        };
        *run.shared.waiting.borrow_mut() = Some(abort.clone());
        leptos::task::spawn_local(async move {
            let Some(lock) = lock::wait_for_lock(run.thread_id(), &abort.signal()).await else {
                return;
            };
            if !run.shown() || !self.page_shown.get() {
                return;
            }
            let saved = self.store.fetch(run.thread_id()).await;
            if !run.shown() || !self.page_shown.get() {
                return;
            }
            let record = saved.unwrap_or_else(|| run.shared.record.borrow().clone());
            self.store.show(&record);
            self.reopen(record, Some(lock)).await;
        });
    }
}

/// Whether the run `thread_id` saved any checkpoint.
async fn has_checkpoint(runtime: &Runtime, thread_id: &str) -> bool {
    !matches!(
        runtime.checkpointer.get(thread_id, "", None).await,
        Ok(None)
    )
}
