//! A full disk must not end a run. [`QuotaFallback`] wraps the persistent checkpointer: when a
//! save of a thread fails because the browser's storage quota is used up, that thread (and only
//! it) goes on in memory from then on, and `on_fallback` tells the page once per thread. What the
//! thread saved before stays readable: reads look in memory first, then in the persistent store,
//! and a task result for a checkpoint saved before the switch copies that checkpoint into memory
//! first. Nothing is lost while the page stays open; a reload loses only what was kept in memory.
//!
//! Platform-neutral (any `Checkpointer` underneath), so its logic is tested natively; the browser
//! test `tests/browser/store.rs` runs a workflow over IndexedDB with an injected quota failure.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use futures::future::LocalBoxFuture;

use super::error::is_quota_message;
use crate::graph::{Checkpoint, Checkpointer, GraphError, MemorySaver, TaskWrite};

/// Whether a checkpointer error is the storage quota being exceeded (IndexedDB's
/// `QuotaExceededError`, carried in the message of a [`GraphError::Checkpointer`]).
pub fn is_quota_error(error: &GraphError) -> bool {
    matches!(error, GraphError::Checkpointer(message) if is_quota_message(message))
}

/// See the module docs.
pub struct QuotaFallback {
    persistent: Rc<dyn Checkpointer>,
    memory: MemorySaver,
    /// Threads that went on in memory.
    in_memory: RefCell<BTreeSet<String>>,
    on_fallback: Box<dyn Fn(&str)>,
}

impl QuotaFallback {
    /// `on_fallback(thread_id)` is called once for each thread that moves to memory.
    pub fn new(persistent: Rc<dyn Checkpointer>, on_fallback: impl Fn(&str) + 'static) -> Self {
        Self {
            persistent,
            memory: MemorySaver::new(),
            in_memory: RefCell::default(),
            on_fallback: Box::new(on_fallback),
        }
    }

    /// Whether `thread_id` is kept in memory (its saves hit the quota).
    pub fn is_in_memory(&self, thread_id: &str) -> bool {
        self.in_memory.borrow().contains(thread_id)
    }

    fn switch(&self, thread_id: &str) {
        if self.in_memory.borrow_mut().insert(thread_id.to_string()) {
            (self.on_fallback)(thread_id);
        }
    }

    /// Records `write` in memory, copying its checkpoint there first if it was saved before the
    /// switch.
    async fn put_writes_in_memory(
        &self,
        thread_id: &str,
        ns: &str,
        checkpoint_id: &str,
        write: TaskWrite,
    ) -> Result<(), GraphError> {
        let id = Some(checkpoint_id);
        if self.memory.get(thread_id, ns, id).await?.is_none() {
            if let Some(saved) = self.persistent.get(thread_id, ns, id).await? {
                self.memory.put(saved).await?;
            }
        }
        self.memory
            .put_writes(thread_id, ns, checkpoint_id, write)
            .await
    }
}

impl Checkpointer for QuotaFallback {
    fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>> {
        Box::pin(async move {
            if self.is_in_memory(&checkpoint.thread_id) {
                return self.memory.put(checkpoint).await;
            }
            match self.persistent.put(checkpoint.clone()).await {
                Err(error) if is_quota_error(&error) => {
                    self.switch(&checkpoint.thread_id);
                    self.memory.put(checkpoint).await
                }
                other => other,
            }
        })
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
        Box::pin(async move {
            if self.is_in_memory(thread_id) {
                // Memory only holds checkpoints saved after the switch: its latest is the latest.
                if let Some(found) = self.memory.get(thread_id, ns, id).await? {
                    return Ok(Some(found));
                }
            }
            self.persistent.get(thread_id, ns, id).await
        })
    }

    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        Box::pin(async move {
            let saved = self.persistent.list(thread_id, ns).await?;
            if !self.is_in_memory(thread_id) {
                return Ok(saved);
            }
            let mut by_id: BTreeMap<String, Checkpoint> =
                saved.into_iter().map(|c| (c.id.clone(), c)).collect();
            for checkpoint in self.memory.list(thread_id, ns).await? {
                by_id.insert(checkpoint.id.clone(), checkpoint);
            }
            Ok(by_id.into_values().rev().collect())
        })
    }

    fn list_thread<'a>(
        &'a self,
        thread_id: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        Box::pin(async move {
            let saved = self.persistent.list_thread(thread_id).await?;
            if !self.is_in_memory(thread_id) {
                return Ok(saved);
            }
            // What memory holds was saved after the switch: it replaces the same checkpoint.
            let mut by_key: BTreeMap<(String, String), Checkpoint> = saved
                .into_iter()
                .map(|c| ((c.ns.clone(), c.id.clone()), c))
                .collect();
            for checkpoint in self.memory.list_thread(thread_id).await? {
                by_key.insert((checkpoint.ns.clone(), checkpoint.id.clone()), checkpoint);
            }
            Ok(by_key.into_values().collect())
        })
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> LocalBoxFuture<'a, Result<(), GraphError>> {
        Box::pin(async move {
            if !self.is_in_memory(thread_id) {
                match self
                    .persistent
                    .put_writes(thread_id, ns, checkpoint_id, write.clone())
                    .await
                {
                    Err(error) if is_quota_error(&error) => self.switch(thread_id),
                    other => return other,
                }
            }
            self.put_writes_in_memory(thread_id, ns, checkpoint_id, write)
                .await
        })
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use futures::executor::block_on;
    use serde_json::json;

    use super::*;
    use crate::graph::checkpoint::{PendingTasks, CHECKPOINT_FORMAT_VERSION};
    use crate::graph::CheckpointSource;

    /// A persistent store whose writes fail with `failure` once `full` is set.
    #[derive(Default)]
    struct Disk {
        saved: MemorySaver,
        full: Cell<bool>,
        failure: RefCell<String>,
    }

    impl Disk {
        fn fail(&self) -> Result<(), GraphError> {
            if self.full.get() {
                return Err(GraphError::Checkpointer(self.failure.borrow().clone()));
            }
            Ok(())
        }
    }

    impl Checkpointer for Disk {
        fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>> {
            Box::pin(async move {
                self.fail()?;
                self.saved.put(checkpoint).await
            })
        }
        fn get<'a>(
            &'a self,
            thread_id: &'a str,
            ns: &'a str,
            id: Option<&'a str>,
        ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
            self.saved.get(thread_id, ns, id)
        }
        fn list<'a>(
            &'a self,
            thread_id: &'a str,
            ns: &'a str,
        ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
            self.saved.list(thread_id, ns)
        }
        fn put_writes<'a>(
            &'a self,
            thread_id: &'a str,
            ns: &'a str,
            checkpoint_id: &'a str,
            write: TaskWrite,
        ) -> LocalBoxFuture<'a, Result<(), GraphError>> {
            Box::pin(async move {
                self.fail()?;
                self.saved
                    .put_writes(thread_id, ns, checkpoint_id, write)
                    .await
            })
        }
    }

    const QUOTA: &str = "Could not save the run's progress in the browser's storage: \
                         QuotaExceededError (The quota has been exceeded.)";

    fn checkpoint(thread: &str, step: i64) -> Checkpoint {
        Checkpoint {
            format_version: CHECKPOINT_FORMAT_VERSION,
            id: format!("{step:012}"),
            parent_id: None,
            thread_id: thread.into(),
            ns: String::new(),
            step,
            source: CheckpointSource::Loop,
            channel_values: json!({ "step": step }),
            delta: None,
            pending_tasks: PendingTasks::default(),
            pending_writes: Vec::new(),
            pending_interrupts: Vec::new(),
            pending_errors: Vec::new(),
            resume_values: Default::default(),
        }
    }

    fn fallback(disk: &Rc<Disk>) -> (QuotaFallback, Rc<RefCell<Vec<String>>>) {
        let told = Rc::new(RefCell::new(Vec::new()));
        let sink = told.clone();
        let saver = QuotaFallback::new(disk.clone(), move |thread| {
            sink.borrow_mut().push(thread.to_string())
        });
        (saver, told)
    }

    fn write() -> TaskWrite {
        TaskWrite::Done(crate::graph::PendingWrite {
            task_id: "t1".into(),
            node: "draft".into(),
            update: json!({ "text": "kept" }),
            goto: Vec::new(),
            sends: Vec::new(),
        })
    }

    #[test]
    fn a_full_disk_moves_the_thread_to_memory_and_loses_nothing() {
        block_on(async {
            let disk = Rc::new(Disk::default());
            *disk.failure.borrow_mut() = QUOTA.into();
            let (saver, told) = fallback(&disk);
            saver.put(checkpoint("a", 1)).await.unwrap();
            saver.put(checkpoint("b", 1)).await.unwrap();
            disk.full.set(true);

            saver.put(checkpoint("a", 2)).await.expect("kept in memory");
            saver.put(checkpoint("a", 3)).await.unwrap();
            assert_eq!(
                *told.borrow(),
                vec!["a".to_string()],
                "told once, for a only"
            );
            assert!(saver.is_in_memory("a") && !saver.is_in_memory("b"));
            // The latest is the one in memory; the history joins both, newest first.
            let latest = saver.get("a", "", None).await.unwrap().unwrap();
            assert_eq!(latest.step, 3);
            let steps: Vec<i64> = saver
                .list("a", "")
                .await
                .unwrap()
                .iter()
                .map(|c| c.step)
                .collect();
            assert_eq!(steps, vec![3, 2, 1]);
            assert_eq!(
                saver
                    .get("a", "", Some("000000000001"))
                    .await
                    .unwrap()
                    .unwrap()
                    .step,
                1
            );
            assert_eq!(
                disk.list("a", "").await.unwrap().len(),
                1,
                "the disk kept what it had"
            );
        });
    }

    #[test]
    fn a_task_result_for_a_checkpoint_saved_before_the_switch_is_kept() {
        block_on(async {
            let disk = Rc::new(Disk::default());
            *disk.failure.borrow_mut() = QUOTA.into();
            let (saver, told) = fallback(&disk);
            saver.put(checkpoint("a", 1)).await.unwrap();
            disk.full.set(true);
            saver
                .put_writes("a", "", "000000000001", write())
                .await
                .expect("recorded in memory");
            assert_eq!(told.borrow().len(), 1);
            let latest = saver.get("a", "", None).await.unwrap().unwrap();
            assert_eq!(latest.pending_writes.len(), 1);
            assert_eq!(latest.pending_writes[0].update, json!({ "text": "kept" }));
        });
    }

    #[test]
    fn other_storage_errors_still_fail_the_save() {
        block_on(async {
            let disk = Rc::new(Disk::default());
            *disk.failure.borrow_mut() = "Could not save: AbortError (aborted)".into();
            let (saver, told) = fallback(&disk);
            disk.full.set(true);
            let error = saver.put(checkpoint("a", 1)).await.unwrap_err();
            assert!(!is_quota_error(&error));
            assert!(told.borrow().is_empty() && !saver.is_in_memory("a"));
            assert!(saver.get("a", "", None).await.unwrap().is_none());
        });
    }
}
