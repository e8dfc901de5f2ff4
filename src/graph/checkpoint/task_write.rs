//! What one task of an uncommitted step left behind, saved the moment the task ended
//! (LangGraph's `put_writes`), so that reloading the page never runs a finished task again.

use serde::{Deserialize, Serialize};

use super::{Checkpoint, PendingWrite};
use crate::graph::command::Interrupt;

/// A task that failed (after its retries), kept so a snapshot can show why. It runs again when
/// the thread continues.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskFailure {
    pub task_id: String,
    pub node: String,
    pub error: String,
}

/// How one task of the uncommitted step ended: what [`Checkpointer::put_writes`] saves.
/// LangGraph stores these as writes to its `ERROR` / `INTERRUPT` channels beside the real ones.
///
/// [`Checkpointer::put_writes`]: super::Checkpointer::put_writes
#[derive(Debug, Clone, PartialEq)]
pub enum TaskWrite {
    /// Succeeded: its writes wait for the whole step, and the task is never run again.
    Done(PendingWrite),
    /// Paused on these interrupts (they replace the ones it raised before an answer).
    Interrupted {
        task_id: String,
        interrupts: Vec<Interrupt>,
    },
    /// Failed: the error is shown, and the task runs again when the thread continues.
    Failed(TaskFailure),
}

impl TaskWrite {
    pub fn task_id(&self) -> &str {
        match self {
            TaskWrite::Done(write) => &write.task_id,
            TaskWrite::Interrupted { task_id, .. } => task_id,
            TaskWrite::Failed(failure) => &failure.task_id,
        }
    }
}

impl Checkpoint {
    /// Records how a task of the uncommitted step ended, replacing whatever the task left here
    /// before (a failure that now succeeded, interrupts that were answered and raised anew).
    pub fn record_task(&mut self, write: TaskWrite) {
        let task_id = write.task_id().to_string();
        self.pending_writes.retain(|w| w.task_id != task_id);
        self.pending_interrupts.retain(|(id, _)| *id != task_id);
        self.pending_errors.retain(|f| f.task_id != task_id);
        match write {
            TaskWrite::Done(write) => self.pending_writes.push(write),
            TaskWrite::Interrupted { interrupts, .. } => self
                .pending_interrupts
                .extend(interrupts.into_iter().map(|i| (task_id.clone(), i))),
            TaskWrite::Failed(failure) => self.pending_errors.push(failure),
        }
    }
}
