//! The app's saved runs, for every workflow: the run records (what the run lists show), the
//! checkpointer every run saves its supersteps to, and the master resume. One per app (context),
//! opened once when the app mounts; pages reach it through [`RunStore::expect`].
//!
//! When IndexedDB is unavailable (private window, blocked storage) runs still work in memory and
//! `notice` says they are not saved. Records this version cannot read are skipped, and `notice`
//! says how many (never a panic, never an empty list because of one bad record).

use std::rc::Rc;

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use leptos::prelude::*;

use crate::graph::Checkpointer;
use crate::store::{MasterResume, RunRecord, RunStatus, Store, StoreError};

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
}

impl RunStore {
    /// Opens the store in the background and provides it to the app.
    pub fn provide() -> Self {
        let records = RwSignal::new(Vec::new());
        let store = StoredValue::new_local(None);
        let master = RwSignal::new(None);
        let notice = RwSignal::new(None);
        let loading: LocalBoxFuture<'static, ()> = Box::pin(load(records, store, master, notice));
        let ready = loading.shared();
        leptos::task::spawn_local(ready.clone());
        let this = Self {
            records,
            store,
            ready: StoredValue::new_local(ready),
            master,
            notice,
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

    /// Where runs save their supersteps; `None` when runs cannot be saved (they run in memory).
    pub fn checkpointer(&self) -> Option<Rc<dyn Checkpointer>> {
        self.store.with_value(|s| {
            s.as_ref()
                .map(|s| Rc::new(s.checkpointer()) as Rc<dyn Checkpointer>)
        })
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
            all.sort_by_key(|r| std::cmp::Reverse(r.created_at_ms));
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

    /// Shows `record` in the list (replacing the one of its thread) without saving it.
    pub fn show(&self, record: &RunRecord) {
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
        let notice = self.notice;
        leptos::task::spawn_local(async move {
            if let Err(error) = write(store).await {
                notice.try_set(Some(error.message));
            }
        });
    }

    /// "On step": shows and saves a run's record.
    pub fn record(&self, record: RunRecord) {
        self.show(&record);
        self.write(move |store| async move { store.put_run(&record).await });
    }

    /// The end of a run: its record and, when the run updated it, the master resume, saved
    /// together in one transaction.
    pub fn finish(&self, record: RunRecord, master_resume: Option<String>) {
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
                .await
        });
    }

    /// Deletes the run's record and every checkpoint it saved.
    pub fn delete(&self, thread_id: &str) {
        self.records
            .try_update(|all| all.retain(|r| r.thread_id != thread_id));
        let thread_id = thread_id.to_string();
        self.write(move |store| async move { store.delete_run(&thread_id).await });
    }
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
