//! Delta checkpoints (format 2): a checkpoint stores only the channels its step changed — an
//! append channel only what the step appended — so a thread's stored size grows with its number
//! of steps, not with its square. Reading one replays its ancestors from the nearest full
//! checkpoint (a thread's first, one written by `update_state` or by format 1, or one compacted
//! by a store that deletes older checkpoints).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Checkpoint, Checkpointer};
use crate::graph::error::GraphError;

/// How a delta checkpoint's `channel_values` apply to its parent's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChannelDelta {
    /// Channels whose stored value is appended to the parent's (arrays and strings
    /// concatenated, maps merged); the other channels stored replace the parent's value.
    pub appended: Vec<String>,
}

impl Checkpoint {
    /// Whether `channel_values` holds only what changed since `parent_id`.
    pub fn is_delta(&self) -> bool {
        self.delta.is_some()
    }

    /// This checkpoint with its whole state, given the other checkpoints of its thread and
    /// namespace (in any order; more than its ancestors is fine).
    pub fn to_full(&self, thread: &[Checkpoint]) -> Result<Checkpoint, GraphError> {
        if !self.is_delta() {
            return Ok(self.clone());
        }
        let by_id: BTreeMap<&str, &Checkpoint> =
            thread.iter().map(|c| (c.id.as_str(), c)).collect();
        // The chain back to the nearest full checkpoint, newest first.
        let mut chain = vec![self];
        while let Some(delta) = chain.last().filter(|c| c.is_delta()) {
            let parent = delta
                .parent_id
                .as_deref()
                .and_then(|id| by_id.get(id))
                .ok_or_else(|| GraphError::UnreadableCheckpoint {
                    format_version: Some(u64::from(self.format_version)),
                    reason: format!(
                        "it holds only what changed since checkpoint {:?}, which is no longer saved",
                        delta.parent_id
                    ),
                })?;
            chain.push(parent);
        }
        let mut values = chain
            .pop()
            .expect("a full checkpoint")
            .channel_values
            .clone();
        for delta in chain.into_iter().rev() {
            apply_delta(&mut values, delta);
        }
        Ok(Checkpoint {
            channel_values: values,
            delta: None,
            ..self.clone()
        })
    }
}

/// Every checkpoint of one thread and namespace with its whole state, in the same order.
/// Each state is built from its parent's, so the whole history costs one pass.
pub fn full_history(checkpoints: &[Checkpoint]) -> Result<Vec<Checkpoint>, GraphError> {
    let mut order: Vec<usize> = (0..checkpoints.len()).collect();
    // Ids sort in creation order, and a parent is always created before its children.
    order.sort_by(|a, b| checkpoints[*a].id.cmp(&checkpoints[*b].id));
    let mut full: BTreeMap<&str, Value> = BTreeMap::new();
    for index in order {
        let checkpoint = &checkpoints[index];
        let values = match (&checkpoint.delta, checkpoint.parent_id.as_deref()) {
            (None, _) => checkpoint.channel_values.clone(),
            (Some(_), Some(parent)) if full.contains_key(parent) => {
                let mut values = full[parent].clone();
                apply_delta(&mut values, checkpoint);
                values
            }
            _ => checkpoint.to_full(checkpoints)?.channel_values,
        };
        full.insert(&checkpoint.id, values);
    }
    Ok(checkpoints
        .iter()
        .map(|c| Checkpoint {
            channel_values: full[c.id.as_str()].clone(),
            delta: None,
            ..c.clone()
        })
        .collect())
}

/// `checkpoint` with its whole state, reading its ancestors from `saver` when it is a delta.
pub(crate) async fn load_full(
    saver: &dyn Checkpointer,
    checkpoint: Checkpoint,
) -> Result<Checkpoint, GraphError> {
    if !checkpoint.is_delta() {
        return Ok(checkpoint);
    }
    let thread = saver.list(&checkpoint.thread_id, &checkpoint.ns).await?;
    checkpoint.to_full(&thread)
}

fn apply_delta(values: &mut Value, delta: &Checkpoint) {
    let Value::Object(changed) = &delta.channel_values else {
        return;
    };
    if !values.is_object() {
        *values = Value::Object(Map::new());
    }
    let values = values.as_object_mut().expect("an object");
    let appended = delta.delta.as_ref().map(|d| &d.appended[..]).unwrap_or(&[]);
    for (key, value) in changed {
        match values.get_mut(key) {
            Some(current) if appended.contains(key) => append(current, value.clone()),
            _ => {
                values.insert(key.clone(), value.clone());
            }
        }
    }
}

/// The JSON form of the `append` reducer (`Extend`): lists and strings concatenate, maps merge.
fn append(current: &mut Value, tail: Value) {
    match (current, tail) {
        (Value::Array(current), Value::Array(tail)) => current.extend(tail),
        (Value::String(current), Value::String(tail)) => current.push_str(&tail),
        (Value::Object(current), Value::Object(tail)) => current.extend(tail),
        (current, tail) => *current = tail,
    }
}
