//! In-memory checkpointer, for tests and for runs that need interrupts without persistence.

use std::cell::RefCell;
use std::collections::BTreeMap;

use futures::future::{self, LocalBoxFuture};

use super::{Checkpoint, Checkpointer, TaskWrite};
use crate::graph::error::GraphError;

/// Keeps every checkpoint of every thread in memory, keyed by (thread, namespace, id).
#[derive(Debug, Default)]
pub struct MemorySaver {
    threads: RefCell<BTreeMap<(String, String), BTreeMap<String, Checkpoint>>>,
}

impl MemorySaver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every checkpoint of `thread_id`, in every namespace (LangGraph's
    /// `delete_thread`). A long-lived saver (the bench's, a test's) then holds only live threads.
    pub fn delete_thread(&self, thread_id: &str) {
        self.threads
            .borrow_mut()
            .retain(|(thread, _), _| thread != thread_id);
    }
}

impl Checkpointer for MemorySaver {
    fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>> {
        let key = (checkpoint.thread_id.clone(), checkpoint.ns.clone());
        self.threads
            .borrow_mut()
            .entry(key)
            .or_default()
            .insert(checkpoint.id.clone(), checkpoint);
        Box::pin(future::ready(Ok(())))
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
        let threads = self.threads.borrow();
        let found = threads
            .get(&(thread_id.to_string(), ns.to_string()))
            .and_then(|checkpoints| match id {
                Some(id) => checkpoints.get(id).cloned(),
                None => checkpoints.values().next_back().cloned(),
            });
        Box::pin(future::ready(Ok(found)))
    }

    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        let threads = self.threads.borrow();
        let all = threads
            .get(&(thread_id.to_string(), ns.to_string()))
            .map(|checkpoints| checkpoints.values().rev().cloned().collect())
            .unwrap_or_default();
        Box::pin(future::ready(Ok(all)))
    }

    fn list_thread<'a>(
        &'a self,
        thread_id: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        // Keys sort by (thread, namespace): the root's "" comes first.
        let all = self
            .threads
            .borrow()
            .iter()
            .filter(|((thread, _), _)| thread == thread_id)
            .flat_map(|(_, checkpoints)| checkpoints.values().cloned())
            .collect();
        Box::pin(future::ready(Ok(all)))
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> LocalBoxFuture<'a, Result<(), GraphError>> {
        let mut threads = self.threads.borrow_mut();
        let found = threads
            .get_mut(&(thread_id.to_string(), ns.to_string()))
            .and_then(|checkpoints| checkpoints.get_mut(checkpoint_id));
        let result = match found {
            Some(checkpoint) => {
                checkpoint.record_task(write);
                Ok(())
            }
            None => Err(GraphError::CheckpointNotFound {
                thread_id: thread_id.to_string(),
                checkpoint_id: Some(checkpoint_id.to_string()),
            }),
        };
        Box::pin(future::ready(result))
    }
}
