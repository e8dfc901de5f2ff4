//! The code that drives runs, reached through function pointers ([`RunEngine`]) so a page whose
//! first paint must stay light loads it as a lazily fetched chunk; what waits for it meanwhile.

use std::rc::Rc;

use futures::future::LocalBoxFuture;

use super::active::ActiveRun;
use super::driver::Ctl;
use super::lock::RunLock;
use super::view_model::ViewModel;
use crate::graph::State;
use crate::session::Workflow;
use crate::store::RunRecord;

/// The code that starts, re-opens and stops runs of `W` shown by `V`: function pointers, so a
/// page can get them from a lazily loaded chunk (the functions are compiled where
/// [`RunEngine::new`] is called) and the page's own code never calls the engine directly.
pub struct RunEngine<W: Workflow, V> {
    pub(super) start: fn(Rc<Ctl<W, V>>, W::Input, String),
    /// Re-opens a saved run; with the run's lock when the page already holds it.
    pub(super) reopen: Reopen<W, V>,
    pub(super) follow_up: fn(Rc<Ctl<W, V>>, RunRecord) -> LocalBoxFuture<'static, ()>,
    pub(super) amend: Amend<W, V>,
    /// Downloads a saved run as a run export (see `Ctl::export`).
    pub(super) export: fn(Rc<Ctl<W, V>>, RunRecord) -> LocalBoxFuture<'static, ()>,
    pub(super) stop: fn(&ActiveRun<W, V>),
}

/// Writes an update into a finished run (see `Ctl::amend`).
type Amend<W, V> = fn(
    Rc<Ctl<W, V>>,
    RunRecord,
    <<W as Workflow>::State as State>::Update,
) -> LocalBoxFuture<'static, ()>;

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
            reopen: |ctl, record, lock| ctl.reopen(record, lock),
            follow_up: |ctl, record| ctl.follow_up(record),
            amend: |ctl, record, update| ctl.amend(record, update),
            export: |ctl, record| ctl.export(record),
            stop: |run| run.stop(),
        }
    }
}

/// Re-opens a saved run (see `Ctl::reopen`); gives back the lock it was handed when it could
/// not re-open the run with it.
type Reopen<W, V> =
    fn(Rc<Ctl<W, V>>, RunRecord, Option<RunLock>) -> LocalBoxFuture<'static, Option<RunLock>>;

/// Fetches a page's [`RunEngine`] (the review page's comes from a lazily loaded chunk).
pub type EngineLoader<W, V> = fn() -> LocalBoxFuture<'static, RunEngine<W, V>>;

/// Work waiting for the engine's code.
pub(super) type EngineJob<W, V> = Box<dyn FnOnce(RunEngine<W, V>)>;

pub(super) enum EngineSlot<W: Workflow, V> {
    Ready(RunEngine<W, V>),
    /// Not asked for yet.
    Unloaded(EngineLoader<W, V>),
    /// Being fetched; these run, in order, once it is there.
    Loading(Vec<EngineJob<W, V>>),
}
