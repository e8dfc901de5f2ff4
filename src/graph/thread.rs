//! A thread's position between supersteps and its conversion to and from a checkpoint.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::graph::algo::Triggers;
use crate::graph::checkpoint::{
    decode_triggers, encode_triggers, encode_writes, Checkpoint, CheckpointSource,
    CHECKPOINT_FORMAT_VERSION,
};
use crate::graph::config::RunConfig;
use crate::graph::error::GraphError;
use crate::graph::pending::StepProgress;
use crate::graph::state::State;

/// The thread's position between supersteps, plus the uncommitted results of the next step.
pub(crate) struct ThreadState<S: State> {
    pub state: S,
    pub triggers: Triggers<S>,
    pub step: i64,
    pub checkpoint_id: Option<String>,
    pub next_sequence: u64,
    /// What the next step's tasks left so far (a field apart, so it can be updated while the
    /// running tasks borrow `state`).
    pub pending: StepProgress<S>,
    pub resume_values: BTreeMap<String, Vec<Value>>,
}

impl<S: State> ThreadState<S> {
    pub(crate) fn fresh() -> Self {
        ThreadState {
            state: S::default(),
            triggers: Triggers::default(),
            step: -1,
            checkpoint_id: None,
            next_sequence: 1,
            pending: StepProgress::default(),
            resume_values: BTreeMap::new(),
        }
    }

    pub(crate) fn from_checkpoint(
        checkpoint: &Checkpoint,
        latest_sequence: u64,
    ) -> Result<Self, GraphError> {
        checkpoint.check_format()?;
        Ok(ThreadState {
            state: crate::value_de::from_value(checkpoint.channel_values.clone())?,
            triggers: decode_triggers(&checkpoint.pending_tasks)?,
            step: checkpoint.step,
            checkpoint_id: Some(checkpoint.id.clone()),
            next_sequence: latest_sequence + 1,
            pending: StepProgress::from_checkpoint(checkpoint)?,
            resume_values: checkpoint.resume_values.clone(),
        })
    }

    pub(crate) fn to_checkpoint(
        &self,
        config: &RunConfig,
        id: String,
        parent_id: Option<String>,
        source: CheckpointSource,
    ) -> Result<Checkpoint, GraphError> {
        let pending_writes = self
            .pending
            .writes
            .iter()
            .map(|(task_id, writes)| {
                let node = task_id.rsplit(':').next().unwrap_or_default();
                encode_writes(task_id, node, writes)
            })
            .collect::<Result<_, _>>()?;
        Ok(Checkpoint {
            format_version: CHECKPOINT_FORMAT_VERSION,
            id,
            parent_id,
            thread_id: config.thread_id.clone(),
            ns: config.ns.clone(),
            step: self.step,
            source,
            channel_values: serde_json::to_value(&self.state)?,
            pending_tasks: encode_triggers(&self.triggers)?,
            pending_writes,
            pending_interrupts: self.pending.interrupts.clone(),
            pending_errors: self.pending.errors.values().cloned().collect(),
            resume_values: self.resume_values.clone(),
        })
    }
}
