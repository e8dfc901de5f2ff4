//! A thread's position between supersteps and its conversion to and from a checkpoint.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::graph::algo::{ChannelChanges, Triggers};
use crate::graph::checkpoint::{
    decode_triggers, encode_triggers, encode_writes, ChannelDelta, Checkpoint, CheckpointSource,
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
    /// What changed since checkpoint `checkpoint_id` (recorded while a checkpointer saves):
    /// the next checkpoint stores only that. `None`: it stores the whole state.
    pub unsaved: Option<ChannelChanges>,
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
            unsaved: None,
        }
    }

    /// `checkpoint` must hold the whole state (see `Checkpoint::to_full`).
    pub(crate) fn from_checkpoint(
        checkpoint: &Checkpoint,
        latest_sequence: u64,
    ) -> Result<Self, GraphError> {
        checkpoint.check_format()?;
        debug_assert!(
            !checkpoint.is_delta(),
            "a delta checkpoint read as a full one"
        );
        Ok(ThreadState {
            state: crate::value_de::from_value(checkpoint.channel_values.clone())?,
            triggers: decode_triggers(&checkpoint.pending_tasks)?,
            step: checkpoint.step,
            checkpoint_id: Some(checkpoint.id.clone()),
            next_sequence: latest_sequence + 1,
            pending: StepProgress::from_checkpoint(checkpoint)?,
            resume_values: checkpoint.resume_values.clone(),
            unsaved: None,
        })
    }

    /// The state as the next checkpoint stores it: only what changed since its parent when
    /// that is known, else all of it. Takes the recorded changes.
    pub(crate) fn take_channel_values(
        &mut self,
        parent_id: Option<&str>,
    ) -> Result<(Value, Option<ChannelDelta>), GraphError> {
        match (self.unsaved.take(), parent_id) {
            (Some(changes), Some(_)) => {
                let replaced: Vec<&str> = changes
                    .changed
                    .iter()
                    .copied()
                    .filter(|key| !changes.appended.contains_key(*key))
                    .collect();
                let mut values = self.state.channel_values(&replaced)?;
                let appended: Vec<String> = changes.appended.keys().cloned().collect();
                values.extend(changes.appended);
                Ok((Value::Object(values), Some(ChannelDelta { appended })))
            }
            _ => Ok((serde_json::to_value(&self.state)?, None)),
        }
    }

    pub(crate) fn to_checkpoint(
        &self,
        config: &RunConfig,
        id: String,
        parent_id: Option<String>,
        source: CheckpointSource,
        (channel_values, delta): (Value, Option<ChannelDelta>),
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
            channel_values,
            delta,
            pending_tasks: encode_triggers(&self.triggers)?,
            pending_writes,
            pending_interrupts: self.pending.interrupts.clone(),
            pending_errors: self.pending.errors.values().cloned().collect(),
            resume_values: self.resume_values.clone(),
        })
    }
}
