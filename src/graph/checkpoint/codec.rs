//! Conversions between the engine's typed step data and the plain serde checkpoint form.

use serde_json::Value;

use super::{PendingTasks, PendingWrite, SendPacket};
use crate::graph::algo::{TaskWrites, Triggers};
use crate::graph::command::Send;
use crate::graph::error::GraphError;
use crate::graph::state::State;

pub(crate) fn encode_send<S: State>(send: &Send<S>) -> Result<SendPacket, GraphError> {
    Ok(SendPacket {
        node: send.node.clone(),
        arg: serde_json::to_value(&send.arg)?,
    })
}

pub(crate) fn decode_send<S: State>(packet: &SendPacket) -> Result<Send<S>, GraphError> {
    Ok(Send {
        node: packet.node.clone(),
        arg: crate::value_de::from_value(packet.arg.clone())?,
    })
}

pub(crate) fn encode_triggers<S: State>(
    triggers: &Triggers<S>,
) -> Result<PendingTasks, GraphError> {
    Ok(PendingTasks {
        branch_to: triggers.branch_to.clone(),
        barriers: triggers.barriers.clone(),
        sends: triggers
            .sends
            .iter()
            .map(encode_send)
            .collect::<Result<_, _>>()?,
    })
}

pub(crate) fn decode_triggers<S: State>(pending: &PendingTasks) -> Result<Triggers<S>, GraphError> {
    Ok(Triggers {
        branch_to: pending.branch_to.clone(),
        barriers: pending.barriers.clone(),
        sends: pending
            .sends
            .iter()
            .map(decode_send)
            .collect::<Result<_, _>>()?,
    })
}

pub(crate) fn encode_writes<S: State>(
    task_id: &str,
    node: &str,
    writes: &TaskWrites<S>,
) -> Result<PendingWrite, GraphError> {
    Ok(PendingWrite {
        task_id: task_id.to_string(),
        node: node.to_string(),
        update: match &writes.update {
            Some(update) => serde_json::to_value(update)?,
            None => Value::Null,
        },
        goto: writes.goto.clone(),
        sends: writes
            .sends
            .iter()
            .map(encode_send)
            .collect::<Result<_, _>>()?,
    })
}

pub(crate) fn decode_writes<S: State>(write: &PendingWrite) -> Result<TaskWrites<S>, GraphError> {
    Ok(TaskWrites {
        update: match &write.update {
            Value::Null => None,
            value => Some(crate::value_de::from_value(value.clone())?),
        },
        goto: write.goto.clone(),
        sends: write
            .sends
            .iter()
            .map(decode_send)
            .collect::<Result<_, _>>()?,
    })
}
