//! Checkpoints: plain serde snapshots of a thread after every superstep, and the storage trait.

mod codec;
mod delta;
mod format;
mod memory;
mod task_write;

pub(crate) use codec::{decode_triggers, decode_writes, encode_triggers, encode_writes};

pub(crate) use delta::load_full;
pub use delta::{full_history, ChannelDelta};
pub use memory::MemorySaver;
pub use task_write::{TaskFailure, TaskWrite};

use std::collections::{BTreeMap, BTreeSet};

use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::graph::command::Interrupt;
use crate::graph::error::GraphError;

/// Bumped when the checkpoint layout changes so that older code would misread it; fields added
/// with `#[serde(default)]` do not bump it (old checkpoints still load, old code ignores them).
/// [`Checkpoint::from_json`] refuses versions above this one.
/// Format 2: checkpoints may be deltas (`Checkpoint::delta`); format 1 always held the whole
/// state, and still reads.
pub const CHECKPOINT_FORMAT_VERSION: u32 = 2;

/// Why a checkpoint was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckpointSource {
    /// The run's input was applied.
    Input,
    /// A superstep was committed.
    Loop,
    /// `update_state` wrote it.
    Update,
}

/// What triggers the next superstep's tasks (LangGraph's trigger channels and TASKS topic).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PendingTasks {
    /// Nodes triggered by plain edges, commands or routers (`branch:to:<node>` channels).
    pub branch_to: BTreeSet<String>,
    /// Fan-in barriers (`join:<a>+<b>:<target>` channels): which sources have finished so far.
    pub barriers: BTreeMap<String, BTreeSet<String>>,
    /// `Send` packets, in send order: `{node, arg}`.
    pub sends: Vec<SendPacket>,
}

/// A serialised `Send`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SendPacket {
    pub node: String,
    pub arg: Value,
}

/// The result of one task of an uncommitted step, kept so that the task is not run again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingWrite {
    pub task_id: String,
    pub node: String,
    /// The task's update (`null` if none).
    pub update: Value,
    /// Nodes the task triggers (static edges, goto, routers), END excluded.
    pub goto: Vec<String>,
    pub sends: Vec<SendPacket>,
}

/// A snapshot of one thread (and subgraph namespace) between supersteps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub format_version: u32,
    /// Sortable, unique within the thread.
    pub id: String,
    pub parent_id: Option<String>,
    pub thread_id: String,
    /// Subgraph namespace, empty at the root graph.
    pub ns: String,
    pub step: i64,
    pub source: CheckpointSource,
    /// The state, serialised field by field: all of it, or for a delta checkpoint only the
    /// channels its step changed (see [`Checkpoint::to_full`]).
    pub channel_values: Value,
    /// Set when `channel_values` holds only what changed since `parent_id`'s state.
    /// Format 1 checkpoints have none: they hold the whole state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta: Option<ChannelDelta>,
    /// What runs next.
    pub pending_tasks: PendingTasks,
    /// Writes of tasks of the next step that already succeeded, saved as each task finished.
    pub pending_writes: Vec<PendingWrite>,
    /// Interrupts raised by tasks of the next step and not answered yet, with their task id.
    pub pending_interrupts: Vec<(String, Interrupt)>,
    /// Tasks of the next step that failed (they run again when the thread continues).
    /// Defaulted: checkpoints saved before it existed still load.
    #[serde(default)]
    pub pending_errors: Vec<TaskFailure>,
    /// Answers given to each task's interrupts, replayed in call order when the task re-runs.
    pub resume_values: BTreeMap<String, Vec<Value>>,
}

/// Storage of checkpoints. Async and not `Send`, so a browser (IndexedDB) store fits too.
/// `put` of an existing `(thread_id, ns, id)` replaces it. Dyn-compatible: graphs hold an
/// `Rc<dyn Checkpointer>`.
pub trait Checkpointer {
    fn put(&self, checkpoint: Checkpoint) -> LocalBoxFuture<'_, Result<(), GraphError>>;

    /// The checkpoint with `id`, or the latest one of the thread when `id` is `None`.
    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>>;

    /// All checkpoints of the thread, newest first.
    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>>;

    /// Every checkpoint of the thread in every namespace (the root graph's, then each
    /// subgraph's), oldest first within a namespace: what moving a run to another store takes
    /// (`session::RunExport`). A store that cannot enumerate a thread's namespaces keeps this
    /// default, which says so instead of handing back part of a run.
    fn list_thread<'a>(
        &'a self,
        thread_id: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        Box::pin(futures::future::ready(Err(GraphError::Checkpointer(
            format!("this checkpoint store cannot list every checkpoint of run {thread_id}"),
        ))))
    }

    /// Saves how one task of the uncommitted step ended against checkpoint `checkpoint_id`
    /// (LangGraph's `put_writes`), replacing what the task saved there before. The engine calls
    /// it the moment each task ends, so a run dropped mid-step (a page reload) keeps every
    /// finished task. The default reads the checkpoint, records the task and puts it back;
    /// a store that can do it in one transaction should.
    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> LocalBoxFuture<'a, Result<(), GraphError>> {
        Box::pin(async move {
            let mut checkpoint = self
                .get(thread_id, ns, Some(checkpoint_id))
                .await?
                .ok_or_else(|| GraphError::CheckpointNotFound {
                    thread_id: thread_id.to_string(),
                    checkpoint_id: Some(checkpoint_id.to_string()),
                })?;
            checkpoint.record_task(write);
            self.put(checkpoint).await
        })
    }
}

/// Compiles only while `Checkpointer` stays usable as `dyn`.
#[cfg(test)]
fn _checkpointer_is_dyn_compatible(_: &dyn Checkpointer) {}

/// Checkpoint ids are zero-padded counters, so string order is creation order without a clock.
pub(crate) fn checkpoint_id(sequence: u64) -> String {
    format!("{sequence:012}")
}

pub(crate) fn checkpoint_sequence(id: &str) -> u64 {
    id.parse().unwrap_or(0)
}
