//! The `careergraph` IndexedDB database: schema, run records and master resumes.

use std::rc::Rc;

use js_sys::Array;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;
use web_sys::{IdbDatabase, IdbKeyRange, IdbObjectStoreParameters, IdbTransactionMode};

use super::checkpointer::IdbCheckpointer;
use super::error::StoreError;
use super::idb::{self, describe, object, string_field};
use super::records::{MasterResume, RunRecord, RunStatus};
use crate::graph::Checkpoint;

/// The app's database name (tests open their own, see [`Store::open_named`]).
pub const DATABASE_NAME: &str = "careergraph";
/// Bump with a migration in `upgrade` when the stores or indexes change.
const VERSION: u32 = 2;

pub(super) const CHECKPOINTS: &str = "checkpoints";
pub(super) const RUNS: &str = "runs";
pub(super) const MASTER_RESUMES: &str = "master_resumes";
/// Since version 2: drafts too large for `localStorage` (see `drafts.rs`).
pub(super) const DRAFTS: &str = "drafts";
const RUNS_BY_CREATION: &str = "by_created_at";

/// The run list as read: the records this version can show, and the ones it skipped.
#[derive(Debug, Clone, Default)]
pub struct SavedRuns {
    pub runs: Vec<RunRecord>,
    pub unreadable: Vec<Unreadable>,
}

/// A stored run record this version cannot read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    pub thread_id: String,
    pub message: String,
}

/// A connection to the store. Cheap to clone; every clone shares the connection.
#[derive(Clone, Debug)]
pub struct Store {
    pub(super) db: Rc<IdbDatabase>,
}

/// Stores and indexes (version 1; version 2 added `drafts`). Records are `{<key fields>, json}`:
/// the key fields are plain properties (so IndexedDB can key, index and range-scan them), the
/// value is the serde_json text of the Rust record.
fn upgrade(db: &IdbDatabase, old_version: f64) -> Result<(), JsValue> {
    if old_version < 1.0 {
        let params = IdbObjectStoreParameters::new();
        let path: Array = ["thread_id", "ns", "id"]
            .iter()
            .map(|s| JsValue::from_str(s))
            .collect();
        params.set_key_path(&path);
        db.create_object_store_with_optional_parameters(CHECKPOINTS, &params)?;

        let params = IdbObjectStoreParameters::new();
        params.set_key_path(&JsValue::from_str("thread_id"));
        let runs = db.create_object_store_with_optional_parameters(RUNS, &params)?;
        runs.create_index_with_str(RUNS_BY_CREATION, "created_at_ms")?;

        let params = IdbObjectStoreParameters::new();
        params.set_key_path(&JsValue::from_str("user_id"));
        db.create_object_store_with_optional_parameters(MASTER_RESUMES, &params)?;
    }
    if old_version < 2.0 {
        let params = IdbObjectStoreParameters::new();
        params.set_key_path(&JsValue::from_str("name"));
        db.create_object_store_with_optional_parameters(DRAFTS, &params)?;
    }
    Ok(())
}

pub(super) fn to_json<T: Serialize>(what: &str, value: &T) -> Result<JsValue, StoreError> {
    serde_json::to_string(value)
        .map(|s| JsValue::from_str(&s))
        .map_err(|e| StoreError::failed(what, &e.to_string()))
}

/// The Rust record inside a stored `{…, json}` object.
pub(super) fn from_record<T: DeserializeOwned>(
    what: &str,
    record: &JsValue,
) -> Result<T, StoreError> {
    let json = string_field(record, "json")
        .ok_or_else(|| StoreError::failed(what, "a stored record has no data"))?;
    // Through `Value`: a checkpoint is also read from a `Value` (one deserializer per type).
    serde_json::from_str(&json)
        .and_then(crate::value_de::from_value)
        .map_err(|e| StoreError::failed(what, &e.to_string()))
}

/// Every key `[thread_id, …]` of one thread: arrays sort after strings, so `[t, []]` is above
/// every `[t, ns, id]` and below the next thread id.
pub(super) fn thread_range(parts: &[JsValue]) -> Result<IdbKeyRange, StoreError> {
    let lower = idb::key(parts);
    let mut upper_parts = parts.to_vec();
    upper_parts.push(Array::new().into());
    IdbKeyRange::bound(&lower, &idb::key(&upper_parts))
        .map_err(|e| StoreError::failed("read the saved runs", &describe(&e)))
}

/// A `runs` record: key and index fields beside the JSON.
fn run_value(what: &str, record: &RunRecord) -> Result<JsValue, StoreError> {
    Ok(object(&[
        ("thread_id", JsValue::from_str(&record.thread_id)),
        (
            "created_at_ms",
            JsValue::from_f64(record.created_at_ms as f64),
        ),
        ("json", to_json(what, record)?),
    ]))
}

/// A `master_resumes` record.
fn master_value(
    what: &str,
    user_id: &str,
    text: &str,
    updated_at_ms: u64,
) -> Result<JsValue, StoreError> {
    let saved = MasterResume {
        text: text.to_string(),
        updated_at_ms,
    };
    Ok(object(&[
        ("user_id", JsValue::from_str(user_id)),
        ("json", to_json(what, &saved)?),
    ]))
}

impl Store {
    /// Opens (creating on first use) the app's database.
    pub async fn open() -> Result<Store, StoreError> {
        Self::open_named(DATABASE_NAME).await
    }

    /// Opens database `name`: tests use one per test so they do not interfere.
    pub async fn open_named(name: &str) -> Result<Store, StoreError> {
        let db = idb::open(name, VERSION, upgrade).await?;
        Ok(Store { db: Rc::new(db) })
    }

    /// Deletes database `name` with everything in it (close open `Store`s first, or they close
    /// themselves when asked).
    pub async fn delete_database(name: &str) -> Result<(), StoreError> {
        idb::delete_database(name).await
    }

    /// Closes the connection; the `Store` (and its checkpointers) must not be used afterwards.
    pub fn close(&self) {
        self.db.close();
    }

    /// The checkpointer for interactive runs, saving into this database.
    pub fn checkpointer(&self) -> IdbCheckpointer {
        IdbCheckpointer::new(self.clone())
    }

    /// Saves `record`, replacing the one with the same `thread_id`.
    pub async fn put_run(&self, record: &RunRecord) -> Result<(), StoreError> {
        let what = "save the run";
        let (tx, store) = idb::one_store(&self.db, RUNS, IdbTransactionMode::Readwrite, what)?;
        let value = object(&[
            ("thread_id", JsValue::from_str(&record.thread_id)),
            (
                "created_at_ms",
                JsValue::from_f64(record.created_at_ms as f64),
            ),
            ("json", to_json(what, record)?),
        ]);
        store
            .put(&value)
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        idb::committed(what, &tx).await
    }

    pub async fn get_run(&self, thread_id: &str) -> Result<Option<RunRecord>, StoreError> {
        let what = "read the run";
        let tx = idb::transaction(&self.db, &[RUNS], IdbTransactionMode::Readonly, what)?;
        let request = tx
            .object_store(RUNS)
            .and_then(|s| s.get(&JsValue::from_str(thread_id)))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        let found = idb::request(what, request).await?;
        if found.is_undefined() {
            return Ok(None);
        }
        from_record::<RunRecord>(what, &found)?
            .upgraded()
            .map(Some)
            .map_err(|message| StoreError::failed(what, &message))
    }

    /// Every readable run, newest (by `created_at_ms`) first. Records this version cannot
    /// read are left out: [`read_runs`](Self::read_runs) says which.
    pub async fn list_runs(&self) -> Result<Vec<RunRecord>, StoreError> {
        Ok(self.read_runs().await?.runs)
    }

    /// Every run, newest (by `created_at_ms`) first, read through the creation index. A record
    /// that does not decode, or that a newer version wrote, is skipped and described in
    /// `unreadable`: one bad record never hides the others. Older formats are upgraded.
    pub async fn read_runs(&self) -> Result<SavedRuns, StoreError> {
        let what = "list the saved runs";
        let tx = idb::transaction(&self.db, &[RUNS], IdbTransactionMode::Readonly, what)?;
        let request = tx
            .object_store(RUNS)
            .and_then(|s| s.index(RUNS_BY_CREATION))
            .and_then(|index| index.get_all())
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        let all: Array = idb::request(what, request).await?.into();
        let mut saved = SavedRuns::default();
        // Oldest first from the index; ties keep thread-id order, reversed with the rest.
        for stored in all.iter().rev() {
            let read = from_record::<RunRecord>(what, &stored)
                .map_err(|e| e.message)
                .and_then(RunRecord::upgraded);
            match read {
                Ok(record) => saved.runs.push(record),
                Err(message) => saved.unreadable.push(Unreadable {
                    thread_id: string_field(&stored, "thread_id").unwrap_or_default(),
                    message,
                }),
            }
        }
        Ok(saved)
    }

    /// Deletes the run record and every checkpoint of its thread, in every namespace (subgraphs
    /// checkpoint under their own), in one transaction: all or nothing.
    pub async fn delete_run(&self, thread_id: &str) -> Result<(), StoreError> {
        let what = "delete the run";
        let tx = idb::transaction(
            &self.db,
            &[RUNS, CHECKPOINTS],
            IdbTransactionMode::Readwrite,
            what,
        )?;
        let failed = |e: JsValue| StoreError::failed(what, &describe(&e));
        let thread = JsValue::from_str(thread_id);
        tx.object_store(RUNS)
            .and_then(|s| s.delete(&thread))
            .map_err(failed)?;
        let range = thread_range(&[thread])?;
        tx.object_store(CHECKPOINTS)
            .and_then(|s| s.delete(&range))
            .map_err(failed)?;
        idb::committed(what, &tx).await
    }

    /// Deletes the checkpoints the thread no longer needs (see [`super::stale_checkpoints`]):
    /// `finished` when its run is done. One readwrite transaction; the deletes are issued from
    /// the key listing's `success` event, so a save of another tab cannot slip in between and be
    /// the one deleted. Returns how many were deleted.
    pub async fn prune_thread(&self, thread_id: &str, finished: bool) -> Result<usize, StoreError> {
        const WHAT: &str = "tidy the saved runs";
        let (tx, store) =
            idb::one_store(&self.db, CHECKPOINTS, IdbTransactionMode::Readwrite, WHAT)?;
        let range = thread_range(&[JsValue::from_str(thread_id)])?;
        let request = store
            .get_all_with_key(&range)
            .map_err(|e| StoreError::failed(WHAT, &describe(&e)))?;
        let deleted = Rc::new(std::cell::Cell::new(0));
        idb::on_success_once(&request, {
            let deleted = deleted.clone();
            let thread = JsValue::from_str(thread_id);
            move |records| {
                let records: Vec<JsValue> = Array::from(&records).iter().collect();
                let keys: Vec<(String, String)> = records
                    .iter()
                    .map(|record| {
                        let part = |name| string_field(record, name).unwrap_or_default();
                        (part("ns"), part("id"))
                    })
                    .collect();
                let checkpoints: Vec<Option<Checkpoint>> = records
                    .iter()
                    .map(|record| from_record(WHAT, record).ok())
                    .collect();
                // Kept delta checkpoints are saved whole before their ancestors go.
                let (stale, whole) = super::prune::compact(&keys, &checkpoints, finished);
                for checkpoint in &whole {
                    if let Ok(value) = super::checkpointer::checkpoint_value(WHAT, checkpoint) {
                        let _ = store.put(&value);
                    }
                }
                for index in stale {
                    let (ns, id) = &keys[index];
                    let key =
                        idb::key(&[thread.clone(), JsValue::from_str(ns), JsValue::from_str(id)]);
                    if store.delete(&key).is_ok() {
                        deleted.set(deleted.get() + 1);
                    }
                }
            }
        });
        idb::committed(WHAT, &tx).await?;
        Ok(deleted.get())
    }

    /// How many checkpoints the thread has saved, in every namespace.
    pub async fn checkpoint_count(&self, thread_id: &str) -> Result<usize, StoreError> {
        let what = "count the run's checkpoints";
        let tx = idb::transaction(&self.db, &[CHECKPOINTS], IdbTransactionMode::Readonly, what)?;
        let range = thread_range(&[JsValue::from_str(thread_id)])?;
        let request = tx
            .object_store(CHECKPOINTS)
            .and_then(|s| s.count_with_key(&range))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        Ok(idb::request(what, request).await?.as_f64().unwrap_or(0.0) as usize)
    }

    /// Prunes every run of `runs` (at app start, for runs an older version saved in full):
    /// finished runs down to their final checkpoint, open ones to what resuming needs. Returns
    /// how many checkpoints were deleted.
    pub async fn prune_runs(&self, runs: &[RunRecord]) -> Result<usize, StoreError> {
        let mut deleted = 0;
        for run in runs {
            deleted += self
                .prune_thread(&run.thread_id, run.status == RunStatus::Done)
                .await?;
        }
        Ok(deleted)
    }

    /// The last, atomic step of a run: saves its final `record` and, when the run updated it,
    /// the master resume (`(user_id, text)`, see `updated_master_resume`) in one transaction,
    /// so a reload never sees a finished run without its answers in the master resume, or
    /// the reverse.
    pub async fn finish_run(
        &self,
        record: &RunRecord,
        master_resume: Option<(&str, &str)>,
    ) -> Result<(), StoreError> {
        let what = "save the finished run";
        let tx = idb::transaction(
            &self.db,
            &[RUNS, MASTER_RESUMES],
            IdbTransactionMode::Readwrite,
            what,
        )?;
        let failed = |e: JsValue| StoreError::failed(what, &describe(&e));
        let run = run_value(what, record)?;
        tx.object_store(RUNS)
            .and_then(|s| s.put(&run))
            .map_err(failed)?;
        if let Some((user_id, text)) = master_resume {
            let value = master_value(what, user_id, text, record.updated_at_ms)?;
            tx.object_store(MASTER_RESUMES)
                .and_then(|s| s.put(&value))
                .map_err(failed)?;
        }
        idb::committed(what, &tx).await
    }

    /// The master resume saved for `user_id` (use `""` for the page's single user).
    pub async fn load_master_resume(
        &self,
        user_id: &str,
    ) -> Result<Option<MasterResume>, StoreError> {
        let what = "read the master resume";
        let tx = idb::transaction(
            &self.db,
            &[MASTER_RESUMES],
            IdbTransactionMode::Readonly,
            what,
        )?;
        let request = tx
            .object_store(MASTER_RESUMES)
            .and_then(|s| s.get(&JsValue::from_str(user_id)))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        let found = idb::request(what, request).await?;
        if found.is_undefined() {
            return Ok(None);
        }
        from_record(what, &found).map(Some)
    }

    /// Replaces the master resume of `user_id` in one transaction, resolving once it is
    /// committed: a reload right after sees either the old text or the new one, never a mix.
    pub async fn save_master_resume(
        &self,
        user_id: &str,
        text: &str,
    ) -> Result<MasterResume, StoreError> {
        let what = "save the master resume";
        let updated_at_ms = now_ms();
        let tx = idb::transaction(
            &self.db,
            &[MASTER_RESUMES],
            IdbTransactionMode::Readwrite,
            what,
        )?;
        let value = master_value(what, user_id, text, updated_at_ms)?;
        tx.object_store(MASTER_RESUMES)
            .and_then(|s| s.put(&value))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        idb::committed(what, &tx).await?;
        Ok(MasterResume {
            text: text.to_string(),
            updated_at_ms,
        })
    }
}

/// Milliseconds since the Unix epoch, for record timestamps.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}
