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
//! light (the review page, issue 17) loads it as a lazily fetched chunk the first time a run
//! starts or re-opens (`RunController::loading`); what the user does meanwhile is queued, so a
//! click is never lost, and the page shows at once that the run is starting.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use serde_json::Value;

use super::lock::{self, RunLock};
use super::messages::page_text;
use super::notes::RunNotes;
use super::store::RunStore;
use crate::domain::Language;
use crate::graph::{EventSink, StreamEvent};
use crate::session::{
    input_from_json, step_json, ErrorCode, Runtime, SessionError, Step, StepFuture, Workflow,
    WorkflowRun,
};
use crate::store::{now_ms, RunRecord, RunStatus};
use crate::ui::i18n::tr;
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;

/// How long a Run clicked while the saved runs are still being read waits for them.
const STORE_WAIT_MS: u32 = 5_000;

/// Where a shown run stands. The controller owns it; pages read it.
#[derive(Clone, Debug, PartialEq)]
pub enum RunPhase {
    Running,
    /// Paused until the user answers (the page shows its dialog).
    Waiting,
    Finished,
    /// Stopped by the user.
    Stopped,
    Failed(String),
    /// Another tab drives this run: shown as saved, without answer buttons, until that tab lets
    /// it go.
    Elsewhere,
}

impl RunPhase {
    /// Running or waiting for an answer.
    pub fn is_live(&self) -> bool {
        matches!(self, RunPhase::Running | RunPhase::Waiting)
    }
}

/// "This run is open in another tab", in the page's language.
pub fn elsewhere_text(lang: Language) -> &'static str {
    tr(
        lang,
        "This run is open in another tab. It continues there; this page follows once that tab lets it go.",
        "此运行已在另一个标签页中打开，将在那里继续；那个标签页释放后，本页会接着显示。",
    )
}

/// What a page's view model does with a run. Created once per shown run, under the page's owner.
pub trait ViewModel<W: Workflow>: Clone + Send + Sync + 'static {
    fn new() -> Self;

    /// Whether [`event`](Self::event) needs the state in each `StepDone` (to show results as they
    /// come). Without it the engine skips serialising the whole state after every superstep,
    /// which costs in proportion to the run's history.
    const STEP_STATES: bool = false;

    /// One engine event, as it happens.
    fn event(&self, event: StreamEvent);

    /// A step of the run: paused (show the question), done (show the result), or cut short by a
    /// reload (show the state so far; the run goes on). `Err`: a step this page cannot show, or
    /// a run that ended with an error in its state; the run is marked failed with that message.
    fn step(&self, step: &Step<W::State>) -> Result<(), String>;

    /// The user answered the pause: its dialog closes.
    fn answered(&self) {}

    /// The finished run goes on with its follow-up ([`RunController::follow_up`]): the result
    /// shown is no longer its end. Called after the finished step was shown again.
    fn following_up(&self) {}

    /// What the page adds to the saved record to show the run again after a reload (the
    /// tailoring conversation and when it paused). `Null` for nothing.
    fn extras(&self) -> Value {
        Value::Null
    }

    /// Puts back what [`extras`](Self::extras) saved; called after the re-opened step is shown.
    fn restore(&self, _extras: &Value) {}

    /// Text to save as the master resume with the finished run, in the same transaction.
    fn master_resume(&self, _state: &W::State) -> Option<String> {
        None
    }
}

struct Shared<W: Workflow> {
    thread_id: String,
    input: W::Input,
    run: WorkflowRun<W>,
    record: RefCell<RunRecord>,
    lock: RefCell<Option<RunLock>>,
    /// Aborts a wait for the lock held by another tab.
    waiting: RefCell<Option<web_sys::AbortController>>,
    /// False once the page no longer shows this run: nothing of it touches signals any more.
    shown: Cell<bool>,
    store: RunStore,
    /// For the language of the messages the controller writes itself.
    settings: RwSignal<Settings>,
}

/// A run the page shows: its view model, its phase, and the plumbing behind them. `Send` for
/// Leptos' sake; the app is single-threaded, so the wrapped `Rc` never crosses a thread.
pub struct ActiveRun<W: Workflow, V> {
    pub view: V,
    pub phase: RwSignal<RunPhase>,
    /// What the provider layer decided during the run (clamped scores, the server's format).
    pub notes: RwSignal<RunNotes>,
    shared: SendWrapper<Rc<Shared<W>>>,
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

    fn shown(&self) -> bool {
        self.shared.shown.get()
    }

    fn sink(&self) -> EventSink {
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
    fn leave(&self) {
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
    fn drive(&self, step: StepFuture<W::State>) {
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

    fn take_step(&self, step: Step<W::State>) {
        self.take_step_restoring(step, None);
    }

    /// [`take_step`](Self::take_step) for a re-opened run: the page's saved extras are put back
    /// once the step is shown, before anything is recorded.
    fn take_step_restoring(&self, step: Step<W::State>, extras: Option<&Value>) {
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

    fn fail(&self, error: SessionError) {
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
    fn end(&self, phase: RunPhase, status: RunStatus, step: Option<&Step<W::State>>) {
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
    fn updated(
        &self,
        status: RunStatus,
        step: Option<&Step<W::State>>,
        error: Option<String>,
    ) -> RunRecord {
        let mut record = self.shared.record.borrow_mut();
        if let Some(step) = step {
            record.last_step = step_json(&self.shared.thread_id, step).ok();
        }
        record.status = status;
        record.error = error;
        record.page = self.view.extras();
        record.notes = self.notes.with_untracked(|n| n.payloads().to_vec());
        record.updated_at_ms = now_ms();
        record.clone()
    }

    fn save(&self, status: RunStatus, step: Option<&Step<W::State>>) {
        let record = self.updated(status, step, None);
        self.shared.store.record(record);
    }
}

impl<W: Workflow, V: ViewModel<W>> ActiveRun<W, V> {
    /// Shows a re-opened run's step without driving it: an ended run, or one another tab
    /// drives.
    fn show_saved(&self, step: &Step<W::State>, extras: &Value, phase: RunPhase) {
        let shown = self.view.step(step);
        self.view.restore(extras);
        self.replay_notes();
        self.phase.set(match (shown, phase) {
            (Err(message), RunPhase::Finished) => RunPhase::Failed(message),
            (_, phase) => phase,
        });
    }

    /// Goes on with a re-opened run this tab holds the lock of.
    fn go_on(&self, step: Step<W::State>, extras: &Value) {
        self.take_step_restoring(step, Some(extras));
        self.replay_notes();
    }

    /// The record's provider notes, said again: to the run's notes and, as the events they came
    /// from, to the view (a critic's card marks its clamped score itself).
    fn replay_notes(&self) {
        let payloads = self.shared.record.borrow().notes.clone();
        for payload in payloads {
            self.notes.update(|n| {
                n.take(&payload);
            });
            self.view.event(StreamEvent::Custom {
                path: Vec::new(),
                node: payload["agent"].as_str().unwrap_or_default().to_string(),
                payload,
            });
        }
    }
}

struct Ctl<W: Workflow, V> {
    /// False once the page is gone: async work of the page stops touching anything.
    page_shown: Cell<bool>,
    /// The page's owner: view models and phases are created under it.
    owner: Owner,
    store: RunStore,
    settings: RwSignal<Settings>,
    keys: RwSignal<Keys>,
    active: RwSignal<Option<ActiveRun<W, V>>, LocalStorage>,
    /// The same run as `active`, outside the reactive system (read while the page is cleaned up).
    current: RefCell<Option<ActiveRun<W, V>>>,
    /// The page's status line: why a run could not start or re-open.
    message: RwSignal<String>,
    /// The code that drives runs: there, or being fetched with what waits for it.
    engine: RefCell<EngineSlot<W, V>>,
    /// Something the user asked for (a run to start or re-open) waits for the engine's code.
    starting: RwSignal<bool>,
}

/// The code that starts, re-opens and stops runs of `W` shown by `V`: function pointers, so a
/// page can get them from a lazily loaded chunk (the functions are compiled where
/// [`RunEngine::new`] is called) and the page's own code never calls the engine directly.
pub struct RunEngine<W: Workflow, V> {
    start: fn(Rc<Ctl<W, V>>, W::Input, String),
    reopen: fn(Rc<Ctl<W, V>>, RunRecord) -> LocalBoxFuture<'static, ()>,
    follow_up: fn(Rc<Ctl<W, V>>, RunRecord) -> LocalBoxFuture<'static, ()>,
    stop: fn(&ActiveRun<W, V>),
}

impl<W: Workflow, V> Clone for RunEngine<W, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<W: Workflow, V> Copy for RunEngine<W, V> {}

impl<W: Workflow, V: ViewModel<W>> RunEngine<W, V> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        RunEngine {
            start: |ctl, input, title| ctl.start(input, title),
            reopen: |ctl, record| ctl.reopen(record, None),
            follow_up: |ctl, record| ctl.follow_up(record),
            stop: |run| run.stop(),
        }
    }
}

/// Fetches a page's [`RunEngine`] (the review page's comes from a lazily loaded chunk).
pub type EngineLoader<W, V> = fn() -> LocalBoxFuture<'static, RunEngine<W, V>>;

/// Work waiting for the engine's code.
type EngineJob<W, V> = Box<dyn FnOnce(RunEngine<W, V>)>;

enum EngineSlot<W: Workflow, V> {
    Ready(RunEngine<W, V>),
    /// Not asked for yet.
    Unloaded(EngineLoader<W, V>),
    /// Being fetched; these run, in order, once it is there.
    Loading(Vec<EngineJob<W, V>>),
}

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

    fn with_engine(engine: EngineSlot<W, V>) -> Self {
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
                    leptos::task::spawn_local((engine.reopen)(ctl, record));
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

    fn ctl(&self) -> Rc<Ctl<W, V>> {
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
            leptos::task::spawn_local((engine.reopen)(ctl, record));
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

impl<W: Workflow, V: ViewModel<W>> Ctl<W, V> {
    /// Runs `job` with the engine: now if its code is there, else once it is fetched. `starts`:
    /// the job starts a run, so the page shows the run as starting while it waits (the Run
    /// button is busy at once). Nothing runs for a page that is gone.
    fn when_loaded(
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

    fn say(&self, en: &'static str, zh: &'static str) {
        let lang = self.settings.with_untracked(Settings::language);
        self.message.set(tr(lang, en, zh).to_string());
    }

    /// The user's provider over fetch, checkpointing into the store.
    fn runtime(&self) -> Result<Runtime, SessionError> {
        let settings = self.settings.get_untracked();
        let key = self
            .keys
            .with_untracked(|k| k.get(&settings.provider).cloned());
        let runtime = Runtime::in_browser(&settings.provider_config(W::ID, key))
            .map_err(|error| SessionError::new(error.code, page_text(&error, &settings)))?;
        Ok(self.on_store(runtime))
    }

    /// For showing an ended run: its checkpoints are read, nothing is sent, so no key is needed.
    fn viewing_runtime(&self) -> Result<Runtime, SessionError> {
        Ok(self.on_store(Runtime::in_browser(&Default::default())?))
    }

    fn on_store(&self, runtime: Runtime) -> Runtime {
        match self.store.checkpointer() {
            Some(checkpointer) => runtime.with_checkpointer(checkpointer),
            None => runtime,
        }
    }

    fn make(
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
    fn show(&self, run: ActiveRun<W, V>) {
        let before = self.current.replace(Some(run.clone()));
        if let Some(before) = before {
            if !Rc::ptr_eq(&*before.shared, &*run.shared) {
                before.leave();
            }
        }
        self.active.set(Some(run));
    }

    fn start(self: Rc<Self>, input: W::Input, title: String) {
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
            .and_then(|runtime| WorkflowRun::<W>::new(input.clone(), &runtime))
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
    /// on (a pause asks again, a step cut short continues). `lock`: already held.
    fn reopen(
        self: Rc<Self>,
        record: RunRecord,
        lock: Option<RunLock>,
    ) -> futures::future::LocalBoxFuture<'static, ()> {
        Box::pin(async move {
            let ended = !record.can_reopen();
            self.say("Re-opening the saved run…", "正在重新打开保存的运行…");
            let input = match input_from_json::<W>(record.input.clone()) {
                Ok(input) => input,
                Err(error) => {
                    self.message.set(error.message);
                    return;
                }
            };
            let lock = match (ended, lock) {
                (true, _) => None,
                (false, Some(lock)) => Some(lock),
                (false, None) => lock::try_lock(&record.thread_id).await,
            };
            // Only a run this tab goes on with needs the user's provider (and key); an ended
            // run, or one another tab drives, is only read from its checkpoints.
            let runtime = if lock.is_some() {
                self.runtime()
            } else {
                self.viewing_runtime()
            };
            let runtime = match runtime {
                Ok(runtime) => runtime,
                Err(error) => {
                    self.message.set(error.message);
                    return;
                }
            };
            if !self.page_shown.get() {
                return;
            }
            if !ended && lock.is_some() && !has_checkpoint(&runtime, &record.thread_id).await {
                // A reload before the run saved its first step: nothing ran yet, start again.
                if self.page_shown.get() {
                    self.store.delete(&record.thread_id);
                    self.clone().start(input, record.title.clone());
                }
                return;
            }
            let reopened =
                WorkflowRun::<W>::reopen(input.clone(), &runtime, &record.thread_id).await;
            if !self.page_shown.get() {
                return;
            }
            let busy = self.current.borrow().as_ref().is_some_and(|r| {
                r.thread_id() != record.thread_id && r.phase.get_untracked() == RunPhase::Running
            });
            if busy {
                // The user started another run meanwhile: it keeps the page.
                self.message.set(String::new());
                return;
            }
            let (run, step) = match reopened {
                Ok(reopened) => reopened,
                Err(error) => {
                    self.message.set(error.message);
                    return;
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
        })
    }

    /// [`RunController::follow_up`]: the finished run is rebuilt on the user's provider (it may
    /// have been opened for viewing only), with its lock, and goes on from its final checkpoint.
    fn follow_up(self: Rc<Self>, record: RunRecord) -> LocalBoxFuture<'static, ()> {
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

    async fn following_up(self: Rc<Self>, record: RunRecord) -> Result<(), String> {
        let input = input_from_json::<W>(record.input.clone()).map_err(|e| e.message)?;
        let lang = self.settings.with_untracked(Settings::language);
        let Some(lock) = lock::try_lock(&record.thread_id).await else {
            return Err(elsewhere_text(lang).to_string());
        };
        let runtime = self.runtime().map_err(|e| e.message)?;
        let (run, step) = WorkflowRun::<W>::reopen(input.clone(), &runtime, &record.thread_id)
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

    /// Waits for the tab that drives `run` to let it go, then re-opens it here from what that
    /// tab saved.
    fn follow(self: Rc<Self>, run: ActiveRun<W, V>) {
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
