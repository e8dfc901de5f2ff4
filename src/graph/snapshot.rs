//! `get_state`'s answer: a thread's state at one checkpoint, each task of its next step with
//! what it left, and the live view that already counts the tasks that finished.

use serde::Serialize;
use serde_json::Value;

use crate::graph::algo::{apply_writes, prepare_next_tasks};
use crate::graph::checkpoint::{Checkpoint, CheckpointSource};
use crate::graph::command::Interrupt;
use crate::graph::error::GraphError;
use crate::graph::state::State;
use crate::graph::thread::ThreadState;
use crate::graph::topology::Topology;

/// A thread's state at one checkpoint (LangGraph's `StateSnapshot`).
#[derive(Debug, Clone)]
pub struct StateSnapshot<S: State> {
    /// The committed state; in the live view (`get_state` without a checkpoint id), with the
    /// writes of the next step's finished tasks applied too.
    pub values: S,
    /// Nodes of the next superstep (edge-triggered by name, then `Send`s); in the live view,
    /// only those whose task has not finished, unless the finished tasks' writes cannot be
    /// merged (`error`): then the whole step is pending, every task of it.
    pub next: Vec<String>,
    pub step: i64,
    pub checkpoint_id: String,
    pub parent_id: Option<String>,
    pub source: CheckpointSource,
    /// Unanswered interrupts, in task order.
    pub interrupts: Vec<Interrupt>,
    /// Ids of the next step's tasks that already finished (saved as each one ended).
    pub completed_tasks: Vec<String>,
    /// Every task of the next step with what it left so far. Empty when the thread is done.
    pub tasks: Vec<TaskSnapshot>,
    /// Live view only: why the next step cannot commit as saved: its finished tasks' writes
    /// cannot be merged (two values for a key without a reducer). The run failed with this
    /// error, and continuing raises it again without calling a node (LangGraph's
    /// `InvalidUpdateError` on resume), until the graph declares a reducer for the key. A failed
    /// node's error is on its task instead: continuing runs that task again.
    pub error: Option<GraphError>,
}

/// One task of the next step (LangGraph's `PregelTask`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskSnapshot {
    pub id: String,
    pub node: String,
    /// The task's update as JSON once it succeeded (`null` if it wrote nothing); `None` while
    /// it has not finished.
    pub result: Option<Value>,
    /// Why it failed; or, for a finished task, why the step's writes cannot be merged.
    pub error: Option<String>,
    /// What it paused on, unanswered.
    pub interrupts: Vec<Interrupt>,
}

impl TaskSnapshot {
    /// Succeeded: it will not run again.
    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }
}

impl<S: State> StateSnapshot<S> {
    /// No next step: the thread reached END. (`next` alone can be empty in the live view while a
    /// step waits to be committed.)
    pub fn is_done(&self) -> bool {
        self.tasks.is_empty()
    }

    /// The run failed at the next step: its writes cannot be merged (`error`), or one of its
    /// tasks failed.
    pub fn is_failed(&self) -> bool {
        self.error.is_some() || self.tasks.iter().any(|t| t.error.is_some())
    }
}

/// Which state a snapshot shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum View {
    /// The checkpoint as committed (history, or an explicit checkpoint id).
    Historical,
    /// The committed values plus the finished tasks' writes (applied on a copy).
    Live,
}

pub(crate) fn build_snapshot<S: State>(
    topology: &Topology<S>,
    checkpoint: &Checkpoint,
    view: View,
) -> Result<StateSnapshot<S>, GraphError> {
    let mut thread: ThreadState<S> = ThreadState::from_checkpoint(checkpoint, 0)?;
    let tasks = prepare_next_tasks(topology, &thread.triggers, thread.step + 1);
    thread.pending.sort_interrupts(&tasks);
    let mut task_snapshots = thread.pending.task_snapshots(&tasks)?;
    let mut values = thread.state.clone();
    let mut next: Vec<String> = tasks.iter().map(|t| t.node.clone()).collect();
    let mut error = None;
    if view == View::Live {
        let finished: Vec<_> = tasks
            .iter()
            .filter_map(|t| thread.pending.writes.get(&t.id).map(|w| (t, w.clone())))
            .collect();
        if !finished.is_empty() {
            let mut merged = thread.state.clone();
            match apply_writes(topology, &mut merged, &thread.triggers, finished, false) {
                Ok(_) => {
                    values = merged;
                    next = tasks
                        .iter()
                        .filter(|t| !thread.pending.writes.contains_key(&t.id))
                        .map(|t| t.node.clone())
                        .collect();
                }
                // Like LangGraph, a step whose writes cannot be merged does not commit: the
                // thread stays at the checkpoint before it, every task of the step pending
                // (their writes saved) with the error, which `continue_run` raises again without
                // calling a node. Listing only the unfinished tasks in `next` would leave it
                // empty, and the thread would read as finished.
                Err(merge_error) => {
                    for task in task_snapshots.iter_mut().filter(|t| t.is_finished()) {
                        task.error = Some(format!(
                            "its writes cannot be merged with the step's other writes: {merge_error}"
                        ));
                    }
                    error = Some(merge_error);
                }
            }
        }
    }
    Ok(StateSnapshot {
        values,
        next,
        step: checkpoint.step,
        checkpoint_id: checkpoint.id.clone(),
        parent_id: checkpoint.parent_id.clone(),
        source: checkpoint.source,
        interrupts: thread.pending.interrupt_list(),
        completed_tasks: task_snapshots
            .iter()
            .filter(|t| t.is_finished())
            .map(|t| t.id.clone())
            .collect(),
        tasks: task_snapshots,
        error,
    })
}
