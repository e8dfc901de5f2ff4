//! `IdbCheckpointer`: the engine's `Checkpointer` over the `checkpoints` object store.

use std::cell::RefCell;
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use js_sys::Array;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{IdbCursorDirection, IdbCursorWithValue, IdbObjectStore, IdbTransactionMode};

use super::database::{from_record, thread_range, to_json, Store, CHECKPOINTS};
use super::error::StoreError;
use super::idb::{self, describe, object};
use crate::graph::{Checkpoint, Checkpointer, GraphError, TaskWrite};

/// Saves every superstep of every thread (and subgraph namespace) in IndexedDB, keyed by
/// `[thread_id, ns, id]`. The latest checkpoint is one reverse cursor step over the thread's key
/// range and a listing is one range read: neither scans other threads.
#[derive(Clone, Debug)]
pub struct IdbCheckpointer {
    store: Store,
}

impl IdbCheckpointer {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    async fn put_checkpoint(&self, checkpoint: Checkpoint) -> Result<(), StoreError> {
        let what = "save the run's progress";
        let tx = idb::transaction(
            &self.store.db,
            &[CHECKPOINTS],
            IdbTransactionMode::Readwrite,
            what,
        )?;
        let value = checkpoint_value(what, &checkpoint)?;
        tx.object_store(CHECKPOINTS)
            .and_then(|s| s.put(&value))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        idb::committed(what, &tx).await
    }

    /// Reads the checkpoint, records the task and writes it back in one readwrite transaction:
    /// the write is issued from the read's `success` event, so nothing (another tab, a sibling
    /// task's save) can slip in between and be overwritten, and it lands even if this future
    /// is dropped once the read is under way.
    async fn put_task_write(
        &self,
        thread_id: &str,
        ns: &str,
        id: &str,
        write: TaskWrite,
    ) -> Result<(), StoreError> {
        const WHAT: &str = "save a finished step of the run";
        let (tx, store) = idb::one_store(
            &self.store.db,
            CHECKPOINTS,
            IdbTransactionMode::Readwrite,
            WHAT,
        )?;
        let key = idb::key(&[
            JsValue::from_str(thread_id),
            JsValue::from_str(ns),
            JsValue::from_str(id),
        ]);
        let request = store
            .get(&key)
            .map_err(|e| StoreError::failed(WHAT, &describe(&e)))?;
        let problem: Rc<RefCell<Option<StoreError>>> = Rc::default();
        idb::on_success_once(&request, {
            let (problem, tx) = (problem.clone(), tx.clone());
            move |record| {
                if let Err(error) = record_task(&store, &record, write, WHAT) {
                    *problem.borrow_mut() = Some(error);
                    let _ = tx.abort();
                }
            }
        });
        let committed = idb::committed(WHAT, &tx).await;
        let problem = problem.borrow_mut().take();
        match problem {
            Some(error) => Err(error),
            None => committed,
        }
    }

    async fn get_checkpoint(
        &self,
        thread_id: &str,
        ns: &str,
        id: Option<&str>,
    ) -> Result<Option<Checkpoint>, StoreError> {
        let what = "read the run's progress";
        let (_tx, store) = idb::one_store(
            &self.store.db,
            CHECKPOINTS,
            IdbTransactionMode::Readonly,
            what,
        )?;
        let (thread, ns) = (JsValue::from_str(thread_id), JsValue::from_str(ns));
        let found = match id {
            Some(id) => {
                let key = idb::key(&[thread, ns, JsValue::from_str(id)]);
                let request = store
                    .get(&key)
                    .map_err(|e| StoreError::failed(what, &describe(&e)))?;
                idb::request(what, request).await?
            }
            None => {
                // Ids sort in creation order: the first step of a reverse cursor is the latest.
                let range = thread_range(&[thread, ns])?;
                let request = store
                    .open_cursor_with_range_and_direction(&range, IdbCursorDirection::Prev)
                    .map_err(|e| StoreError::failed(what, &describe(&e)))?;
                match idb::request(what, request)
                    .await?
                    .dyn_into::<IdbCursorWithValue>()
                {
                    Ok(cursor) => cursor
                        .value()
                        .map_err(|e| StoreError::failed(what, &describe(&e)))?,
                    Err(_) => JsValue::UNDEFINED, // null: no checkpoint in the range
                }
            }
        };
        if found.is_undefined() {
            return Ok(None);
        }
        from_record(what, &found).map(Some)
    }

    async fn list_checkpoints(
        &self,
        thread_id: &str,
        ns: &str,
    ) -> Result<Vec<Checkpoint>, StoreError> {
        let key = [JsValue::from_str(thread_id), JsValue::from_str(ns)];
        let mut all = self.checkpoints_under(&key).await?;
        all.reverse();
        Ok(all)
    }
}

impl IdbCheckpointer {
    /// Every checkpoint of the thread, every namespace: one range read over `[thread_id]`,
    /// in key order (namespace, then id: the root's "" first, oldest first).
    async fn thread_checkpoints(&self, thread_id: &str) -> Result<Vec<Checkpoint>, StoreError> {
        self.checkpoints_under(&[JsValue::from_str(thread_id)])
            .await
    }

    /// The checkpoints whose key starts with `prefix` (`[thread]` or `[thread, ns]`), in key
    /// order (oldest first within a namespace), read in one range request.
    async fn checkpoints_under(&self, prefix: &[JsValue]) -> Result<Vec<Checkpoint>, StoreError> {
        let what = "read the run's history";
        let tx = idb::transaction(
            &self.store.db,
            &[CHECKPOINTS],
            IdbTransactionMode::Readonly,
            what,
        )?;
        let range = thread_range(prefix)?;
        let request = tx
            .object_store(CHECKPOINTS)
            .and_then(|s| s.get_all_with_key(&range))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        let all: Array = idb::request(what, request).await?.into();
        all.iter()
            .map(|record| from_record(what, &record))
            .collect()
    }
}

/// A `checkpoints` record: key fields beside the JSON.
pub(super) fn checkpoint_value(what: &str, checkpoint: &Checkpoint) -> Result<JsValue, StoreError> {
    Ok(object(&[
        ("thread_id", JsValue::from_str(&checkpoint.thread_id)),
        ("ns", JsValue::from_str(&checkpoint.ns)),
        ("id", JsValue::from_str(&checkpoint.id)),
        ("json", to_json(what, checkpoint)?),
    ]))
}

/// Adds a task's result to the stored checkpoint `record` and issues its put.
fn record_task(
    store: &IdbObjectStore,
    record: &JsValue,
    write: TaskWrite,
    what: &str,
) -> Result<(), StoreError> {
    if record.is_undefined() {
        return Err(StoreError::failed(
            what,
            "the run's checkpoint is no longer saved (was the run deleted?)",
        ));
    }
    let mut checkpoint: Checkpoint = from_record(what, record)?;
    checkpoint.record_task(write);
    store
        .put(&checkpoint_value(what, &checkpoint)?)
        .map_err(|e| StoreError::failed(what, &describe(&e)))?;
    Ok(())
}

impl Checkpointer for IdbCheckpointer {
    fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>> {
        Box::pin(async move { Ok(self.put_checkpoint(checkpoint).await?) })
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
        Box::pin(async move { Ok(self.get_checkpoint(thread_id, ns, id).await?) })
    }

    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        Box::pin(async move { Ok(self.list_checkpoints(thread_id, ns).await?) })
    }

    fn list_thread<'a>(
        &'a self,
        thread_id: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        Box::pin(async move { Ok(self.thread_checkpoints(thread_id).await?) })
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> LocalBoxFuture<'a, Result<(), GraphError>> {
        Box::pin(async move {
            Ok(self
                .put_task_write(thread_id, ns, checkpoint_id, write)
                .await?)
        })
    }
}
