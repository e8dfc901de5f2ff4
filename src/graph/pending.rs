//! The uncommitted step's ended tasks: kept in memory while the step runs and saved task by task
//! in its checkpoint (LangGraph's pending writes, re-attached on resume by `_match_writes`), so a
//! continued step runs only the tasks that have not finished.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::graph::algo::{PreparedTask, TaskWrites};
use crate::graph::checkpoint::{decode_writes, encode_writes, Checkpoint, TaskFailure, TaskWrite};
use crate::graph::command::Interrupt;
use crate::graph::error::GraphError;
use crate::graph::runner::TaskOutcome;
use crate::graph::snapshot::TaskSnapshot;
use crate::graph::state::State;

/// What the tasks of the next step left so far.
pub(crate) struct StepProgress<S: State> {
    /// Succeeded tasks' writes, by task id: these tasks never run again.
    pub writes: BTreeMap<String, TaskWrites<S>>,
    /// Unanswered interrupts, with their task id.
    pub interrupts: Vec<(String, Interrupt)>,
    /// Failed tasks, by task id (they run again).
    pub errors: BTreeMap<String, TaskFailure>,
}

impl<S: State> Default for StepProgress<S> {
    fn default() -> Self {
        StepProgress {
            writes: BTreeMap::new(),
            interrupts: Vec::new(),
            errors: BTreeMap::new(),
        }
    }
}

impl<S: State> StepProgress<S> {
    pub(crate) fn from_checkpoint(checkpoint: &Checkpoint) -> Result<Self, GraphError> {
        let mut writes = BTreeMap::new();
        for write in &checkpoint.pending_writes {
            writes.insert(write.task_id.clone(), decode_writes(write)?);
        }
        Ok(StepProgress {
            writes,
            interrupts: checkpoint.pending_interrupts.clone(),
            errors: checkpoint
                .pending_errors
                .iter()
                .map(|f| (f.task_id.clone(), f.clone()))
                .collect(),
        })
    }

    pub(crate) fn clear(&mut self) {
        *self = StepProgress::default();
    }

    /// Takes in how `task` ended, replacing what it left before, and returns what to save.
    pub(crate) fn record(
        &mut self,
        task: &PreparedTask<S>,
        outcome: TaskOutcome<S>,
    ) -> Result<TaskWrite, GraphError> {
        let id = &task.id;
        self.writes.remove(id);
        self.interrupts.retain(|(task_id, _)| task_id != id);
        self.errors.remove(id);
        Ok(match outcome {
            TaskOutcome::Done(writes) => {
                let saved = encode_writes(id, &task.node, &writes)?;
                self.writes.insert(id.clone(), writes);
                TaskWrite::Done(saved)
            }
            TaskOutcome::Interrupted(interrupts) => {
                self.interrupts
                    .extend(interrupts.iter().map(|i| (id.clone(), i.clone())));
                TaskWrite::Interrupted {
                    task_id: id.clone(),
                    interrupts,
                }
            }
            TaskOutcome::Failed(error) => {
                let failure = TaskFailure {
                    task_id: id.clone(),
                    node: task.node.clone(),
                    error: error.to_string(),
                };
                self.errors.insert(id.clone(), failure.clone());
                TaskWrite::Failed(failure)
            }
        })
    }

    /// Puts interrupts in task order, whatever order the tasks ended in (they are saved as
    /// each task ends).
    pub(crate) fn sort_interrupts(&mut self, tasks: &[PreparedTask<S>]) {
        self.interrupts
            .sort_by_key(|(task_id, _)| tasks.iter().position(|t| &t.id == task_id));
    }

    pub(crate) fn interrupt_list(&self) -> Vec<Interrupt> {
        self.interrupts.iter().map(|(_, i)| i.clone()).collect()
    }

    /// Each of `tasks` with its result, error or interrupts so far.
    pub(crate) fn task_snapshots(
        &self,
        tasks: &[PreparedTask<S>],
    ) -> Result<Vec<TaskSnapshot>, GraphError> {
        tasks
            .iter()
            .map(|task| {
                let result = match self.writes.get(&task.id) {
                    Some(writes) => Some(match &writes.update {
                        Some(update) => serde_json::to_value(update)?,
                        None => Value::Null,
                    }),
                    None => None,
                };
                Ok(TaskSnapshot {
                    id: task.id.clone(),
                    node: task.node.clone(),
                    result,
                    error: self.errors.get(&task.id).map(|f| f.error.clone()),
                    interrupts: self
                        .interrupts
                        .iter()
                        .filter(|(task_id, _)| task_id == &task.id)
                        .map(|(_, i)| i.clone())
                        .collect(),
                })
            })
            .collect()
    }
}
