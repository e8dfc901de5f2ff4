//! The page's record of its runs, kept in the browser's IndexedDB (`crate::store`): what the run
//! list shows, the checkpointer runs save every superstep to, and the master resume.
//!
//! The page calls [`RunHistory::load`] once ("on load": opens the store, lists past and paused
//! runs, reads the master resume), [`RunHistory::record`] on every step ("on step"),
//! [`RunHistory::finish`] at the end of a run (its record and the updated master resume in one
//! transaction) and [`RunHistory::delete`]. When IndexedDB is unavailable (private window,
//! blocked storage) runs still work in memory and `notice` says they are not saved.

use std::rc::Rc;

use leptos::prelude::*;

use crate::domain::Language;
use crate::graph::Checkpointer;
use crate::store::{MasterResume, RunRecord, RunStatus, Store};
use crate::ui::i18n::tr;

/// The master resume's key: one person per browser profile.
pub const USER_ID: &str = "local";

pub fn status_id(status: RunStatus) -> &'static str {
    match status {
        RunStatus::Running => "running",
        RunStatus::Paused => "paused",
        RunStatus::Done => "done",
        RunStatus::Failed => "failed",
        RunStatus::Cancelled => "cancelled",
    }
}

pub fn status_label(status: RunStatus, lang: Language) -> &'static str {
    match status {
        RunStatus::Running => tr(lang, "interrupted mid-step", "中途中断"),
        RunStatus::Paused => tr(lang, "waiting for you", "等待你的回答"),
        RunStatus::Done => tr(lang, "done", "已完成"),
        RunStatus::Failed => tr(lang, "failed", "失败"),
        RunStatus::Cancelled => tr(lang, "stopped", "已停止"),
    }
}

/// The run list's store. `Copy`: signal handles.
#[derive(Clone, Copy)]
pub struct RunHistory {
    records: RwSignal<Vec<RunRecord>>,
    store: StoredValue<Option<Store>, LocalStorage>,
    /// The saved master resume, once loaded.
    pub master: RwSignal<Option<MasterResume>>,
    /// Set once the store was opened (or found unavailable) and the list read.
    pub loaded: RwSignal<bool>,
    /// A storage problem to show; runs go on regardless.
    pub notice: RwSignal<Option<String>>,
}

impl RunHistory {
    pub fn new() -> Self {
        Self {
            records: RwSignal::new(Vec::new()),
            store: StoredValue::new_local(None),
            master: RwSignal::new(None),
            loaded: RwSignal::new(false),
            notice: RwSignal::new(None),
        }
    }

    /// "On load": opens the store, lists the saved runs and reads the master resume.
    pub async fn load(self) {
        match Store::open().await {
            Ok(store) => {
                match store.list_runs().await {
                    Ok(runs) => self.records.set(runs),
                    Err(error) => self.notice.set(Some(error.message)),
                }
                match store.load_master_resume(USER_ID).await {
                    Ok(master) => self.master.set(master),
                    Err(error) => self.notice.set(Some(error.message)),
                }
                self.store.set_value(Some(store));
            }
            Err(error) => self.notice.set(Some(error.message)),
        }
        self.loaded.set(true);
    }

    /// Where runs save their supersteps; `None` when runs cannot be saved (they run in memory).
    pub fn checkpointer(&self) -> Option<Rc<dyn Checkpointer>> {
        self.store.with_value(|s| {
            s.as_ref()
                .map(|s| Rc::new(s.checkpointer()) as Rc<dyn Checkpointer>)
        })
    }

    /// Newest first.
    pub fn records(&self) -> Signal<Vec<RunRecord>> {
        let records = self.records;
        Signal::derive(move || {
            let mut all = records.get();
            all.sort_by_key(|r| std::cmp::Reverse(r.created_at_ms));
            all
        })
    }

    pub fn get(&self, thread_id: &str) -> Option<RunRecord> {
        self.records
            .with_untracked(|all| all.iter().find(|r| r.thread_id == thread_id).cloned())
    }

    fn show(&self, record: &RunRecord) {
        self.records.update(
            |all| match all.iter_mut().find(|r| r.thread_id == record.thread_id) {
                Some(existing) => *existing = record.clone(),
                None => all.push(record.clone()),
            },
        );
    }

    /// Runs `write` on the store in the background; a failure becomes the notice.
    fn write<F>(&self, write: impl FnOnce(Store) -> F + 'static)
    where
        F: std::future::Future<Output = Result<(), crate::store::StoreError>> + 'static,
    {
        let Some(store) = self.store.get_value() else {
            return;
        };
        let notice = self.notice;
        leptos::task::spawn_local(async move {
            if let Err(error) = write(store).await {
                notice.set(Some(error.message));
            }
        });
    }

    /// "On step": shows and saves a run's record.
    pub fn record(&self, record: RunRecord) {
        self.show(&record);
        self.write(move |store| async move { store.put_run(&record).await });
    }

    /// The end of a run: its record and, when the answers updated it, the master resume, saved
    /// together as the run's last step.
    pub fn finish(&self, record: RunRecord, master_resume: Option<String>) {
        self.show(&record);
        if let Some(text) = &master_resume {
            self.master.set(Some(MasterResume {
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
            .update(|all| all.retain(|r| r.thread_id != thread_id));
        let thread_id = thread_id.to_string();
        self.write(move |store| async move { store.delete_run(&thread_id).await });
    }
}
