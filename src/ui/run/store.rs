//! The app's saved runs, for every workflow: the run records (what the run lists show), the
//! checkpointer every run saves its supersteps to, and the master resume. One per app (context),
//! opened once when the app mounts; pages reach it through [`RunStore::expect`].
//!
//! When IndexedDB is unavailable (private window, blocked storage) runs still work in memory and
//! `notice` says they are not saved. When its quota is used up mid-run, that run goes on in memory
//! ([`QuotaFallback`]) and `quota_full` says so. Checkpoints a run no longer needs are deleted when
//! it finishes, and once at start for runs saved before; the browser is asked to keep the saved
//! runs when the first one is saved (`persist_denied` if it refused). Records this version cannot read are skipped, and `notice`
//! says how many (never a panic, never an empty list because of one bad record).

use std::collections::HashSet;
use std::rc::Rc;

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use leptos::prelude::*;

use crate::graph::Checkpointer;
use crate::store::{
    ask_persistence_once, persistence_denied, MasterResume, QuotaFallback, RunRecord, RunStatus,
    Store, StoreError,
};

/// The master resume's key: one person per browser profile.
pub const USER_ID: &str = "local";

/// Every saved run and the master resume. `Copy`: signal handles; the signals belong to the app.
#[derive(Clone, Copy)]
pub struct RunStore {
    records: RwSignal<Vec<RunRecord>>,
    store: StoredValue<Option<Store>, LocalStorage>,
    /// Resolves once the store was opened (or found unavailable) and the records read.
    ready: StoredValue<Shared<LocalBoxFuture<'static, ()>>, LocalStorage>,
    /// The saved master resume, once loaded.
    pub master: RwSignal<Option<MasterResume>>,
    /// A storage problem to show; runs go on regardless.
    pub notice: RwSignal<Option<String>>,
    /// The browser's storage is full: runs that hit it are kept in memory until the page closes.
    pub quota_full: RwSignal<bool>,
    /// The browser refused to keep the saved runs (it may evict them when short of space).
    pub persist_denied: RwSignal<bool>,
    /// The checkpointer every run shares (so a run kept in memory can be reopened in this page),
    /// built by its first user: the run engines, which are lazily loaded chunks. Built here when
    /// the store opens, it put the IndexedDB checkpointer and the checkpoint's decoder (about
    /// 40 KB of code) in the app's first module.
    checkpointer: StoredValue<Option<Rc<dyn Checkpointer>>, LocalStorage>,
    /// Threads deleted in this page: a step of the run that was still on its way (a re-opened
    /// run's first record, a finish) must not show or save it again.
    deleted: StoredValue<HashSet<String>, LocalStorage>,
}

impl RunStore {
    /// Opens the store in the background and provides it to the app.
    pub fn provide() -> Self {
        let records = RwSignal::new(Vec::new());
        let store = StoredValue::new_local(None);
        let master = RwSignal::new(None);
        let notice = RwSignal::new(None);
        let quota_full = RwSignal::new(false);
        let checkpointer = StoredValue::new_local(None);
        let loading: LocalBoxFuture<'static, ()> = Box::pin(load(records, store, master, notice));
        let ready = loading.shared();
        leptos::task::spawn_local(ready.clone());
        let this = Self {
            records,
            store,
            ready: StoredValue::new_local(ready),
            master,
            notice,
            quota_full,
            persist_denied: RwSignal::new(persistence_denied()),
            checkpointer,
            deleted: StoredValue::new_local(HashSet::new()),
        };
        provide_context(this);
        this
    }

    pub fn expect() -> Self {
        expect_context::<RunStore>()
    }

    /// Resolves once the saved runs are known.
    pub fn ready(&self) -> impl std::future::Future<Output = ()> {
        self.ready.get_value()
    }

    /// Whether the saved runs are known (the store opened, or found unavailable).
    pub fn is_ready(&self) -> bool {
        self.ready.with_value(|ready| ready.peek().is_some())
    }

    /// Where runs save their supersteps; `None` when runs cannot be saved (they run in memory).
    pub fn checkpointer(&self) -> Option<Rc<dyn Checkpointer>> {
        if let Some(shared) = self.checkpointer.try_get_value().flatten() {
            return Some(shared);
        }
        let store = self.store.try_get_value().flatten()?;
        let quota_full = self.quota_full;
        let fallback = QuotaFallback::new(Rc::new(store.checkpointer()), move |_thread| {
            quota_full.try_set(true);
        });
        let shared: Rc<dyn Checkpointer> = Rc::new(fallback);
        self.checkpointer.try_set_value(Some(shared.clone()));
        Some(shared)
    }

    /// Runs of `workflow_id`, newest first.
    pub fn records_of(&self, workflow_id: &'static str) -> Signal<Vec<RunRecord>> {
        let records = self.records;
        Signal::derive(move || {
            let mut all: Vec<RunRecord> = records.with(|all| {
                all.iter()
                    .filter(|r| r.workflow_id == workflow_id)
                    .cloned()
                    .collect()
            });
            crate::domain::stable_sort::sort_by_key(&mut all, |r| {
                std::cmp::Reverse(r.created_at_ms)
            });
            all
        })
    }

    /// The newest run of `workflow_id` a reload left open: paused on the user, or cut short
    /// mid-step.
    pub fn newest_open(&self, workflow_id: &'static str) -> Option<RunRecord> {
        self.records_of(workflow_id)
            .get_untracked()
            .into_iter()
            .find(|r| matches!(r.status, RunStatus::Paused | RunStatus::Running))
    }

    /// The run's record as saved now (another tab may have changed it since the list was read).
    pub async fn fetch(&self, thread_id: &str) -> Option<RunRecord> {
        let store = self.store.try_get_value().flatten()?;
        store.get_run(thread_id).await.ok().flatten()
    }

    fn is_deleted(&self, thread_id: &str) -> bool {
        self.deleted
            .try_with_value(|d| d.contains(thread_id))
            .unwrap_or(false)
    }

    /// Shows `record` in the list (replacing the one of its thread) without saving it.
    pub fn show(&self, record: &RunRecord) {
        if self.is_deleted(&record.thread_id) {
            return;
        }
        self.records.try_update(|all| {
            match all.iter_mut().find(|r| r.thread_id == record.thread_id) {
                Some(existing) => *existing = record.clone(),
                None => all.push(record.clone()),
            }
        });
    }

    /// Runs `write` on the store in the background; a failure becomes the notice.
    fn write<F>(&self, write: impl FnOnce(Store) -> F + 'static)
    where
        F: std::future::Future<Output = Result<(), StoreError>> + 'static,
    {
        let Some(store) = self.store.try_get_value().flatten() else {
            return;
        };
        let (notice, quota_full) = (self.notice, self.quota_full);
        leptos::task::spawn_local(async move {
            match write(store).await {
                // The run itself is in the list and its checkpoints in memory: say so, once.
                Err(error) if error.is_quota() => {
                    quota_full.try_set(true);
                }
                Err(error) => {
                    notice.try_set(Some(error.message));
                }
                Ok(()) => {}
            }
        });
    }

    /// "On step": shows and saves a run's record. The first saved run asks the browser to keep
    /// the saved runs (once per browser profile).
    pub fn record(&self, record: RunRecord) {
        if self.is_deleted(&record.thread_id) {
            return;
        }
        self.show(&record);
        let denied = self.persist_denied;
        self.write(move |store| async move {
            store.put_run(&record).await?;
            if ask_persistence_once().await == Some(false) {
                denied.try_set(true);
            }
            Ok(())
        });
    }

    /// The end of a run: its record and, when the run updated it, the master resume, saved
    /// together in one transaction.
    pub fn finish(&self, record: RunRecord, master_resume: Option<String>) {
        if self.is_deleted(&record.thread_id) {
            return;
        }
        self.show(&record);
        if let Some(text) = &master_resume {
            self.master.try_set(Some(MasterResume {
                text: text.clone(),
                updated_at_ms: record.updated_at_ms,
            }));
        }
        self.write(move |store| async move {
            store
                .finish_run(&record, master_resume.as_deref().map(|t| (USER_ID, t)))
                .await?;
            // Only the final checkpoint is read again (reopening shows the result).
            store.prune_thread(&record.thread_id, true).await.map(drop)
        });
    }

    /// Deletes the run's record and every checkpoint it saved. The list drops the run once the
    /// deletion is committed, so what it shows is what a reload will find (a reload right after
    /// the click would otherwise abort the transaction and bring the run back).
    pub fn delete(&self, thread_id: &str) {
        self.deleted.update_value(|d| {
            d.insert(thread_id.to_string());
        });
        let records = self.records;
        let unlist = {
            let thread_id = thread_id.to_string();
            move || records.try_update(|all| all.retain(|r| r.thread_id != thread_id))
        };
        if self.store.try_get_value().flatten().is_none() {
            unlist();
            return;
        }
        let thread_id = thread_id.to_string();
        self.write(move |store| async move {
            store.delete_run(&thread_id).await?;
            unlist();
            Ok(())
        });
    }
}

/// Done runs saved before pruning existed keep every step: tidied in the background, by a lazily
/// loaded chunk in the split app (pruning decodes checkpoints, and the checkpoint's decoder is
/// about 40 KB of code the first paint does not need).
#[cfg_attr(feature = "split", leptos::lazy)]
async fn tidy(store: Store, runs: Vec<RunRecord>) {
    let _ = store.prune_runs(&runs).await;
}

/// "On load": opens the store, reads the saved runs (skipping unreadable ones) and the master
/// resume.
async fn load(
    records: RwSignal<Vec<RunRecord>>,
    slot: StoredValue<Option<Store>, LocalStorage>,
    master: RwSignal<Option<MasterResume>>,
    notice: RwSignal<Option<String>>,
) {
    let store = match Store::open().await {
        Ok(store) => store,
        Err(error) => {
            notice.try_set(Some(error.message));
            return;
        }
    };
    match store.read_runs().await {
        Ok(saved) => {
            if !saved.unreadable.is_empty() {
                let detail: Vec<String> =
                    saved.unreadable.iter().map(|u| u.message.clone()).collect();
                notice.try_set(Some(format!(
                    "{} saved run(s) could not be read by this version and are not listed: {}",
                    saved.unreadable.len(),
                    detail.join(" · ")
                )));
            }
            // Only runs that are done. An open run (paused, or cut short by the reload) is being
            // re-opened by its page right now, and pruning its checkpoints while it reads a delta
            // checkpoint's ancestors loses them (seen in CI since the tidy became a lazily loaded
            // chunk: "cannot read a saved checkpoint", or "saved by an older version"). An open run
            // is pruned when it finishes.
            let done: Vec<RunRecord> = saved
                .runs
                .iter()
                .filter(|run| run.status == RunStatus::Done)
                .cloned()
                .collect();
            leptos::task::spawn_local(tidy(store.clone(), done));
            records.try_set(saved.runs);
        }
        Err(error) => {
            notice.try_set(Some(error.message));
        }
    }
    match store.load_master_resume(USER_ID).await {
        Ok(saved) => {
            master.try_set(saved);
        }
        Err(error) => {
            notice.try_set(Some(error.message));
        }
    }
    slot.try_set_value(Some(store));
}
