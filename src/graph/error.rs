//! Errors of the engine: graph validation, state updates, runs and checkpoints.

use std::fmt;

/// Everything that can go wrong while compiling or running a graph.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GraphError {
    /// `compile()` found a structural problem; the message names the nodes involved.
    #[error("invalid graph: {0}")]
    InvalidGraph(String),
    /// Several writes to a key that has no reducer, in one superstep.
    #[error("invalid update for key `{key}`: {message}")]
    InvalidUpdate { key: String, message: String },
    /// The run needed more supersteps than allowed.
    #[error(
        "recursion limit of {limit} supersteps reached without hitting END; \
         raise it with RunConfig::with_recursion_limit if the loop is intended"
    )]
    RecursionLimit { limit: usize },
    /// A node (or its routing) failed; sibling writes of the step are kept as pending writes.
    #[error("node `{node}` failed: {cause}")]
    NodeFailed { node: String, cause: String },
    /// A node, `Command` or router pointed at a node that does not exist.
    #[error("{origin} routed to unknown node `{target}`")]
    UnknownTarget { origin: String, target: String },
    /// `resume` called with a bare value while several interrupts are pending.
    #[error(
        "{} interrupts are pending ({}); resume with Resume::by_id, giving a value per interrupt id",
        ids.len(), ids.join(", ")
    )]
    ResumeNeedsIds { ids: Vec<String> },
    /// `resume` called on a thread that is not paused on an interrupt.
    #[error("thread `{thread_id}` has no pending interrupt to resume")]
    NothingToResume { thread_id: String },
    /// `resume` answered an interrupt id that is not pending.
    #[error("interrupt `{id}` is not pending on this thread (pending: {})", pending.join(", "))]
    UnknownInterruptId { id: String, pending: Vec<String> },
    /// A feature needing saved state was used on a graph compiled without a checkpointer.
    #[error("{0} needs a checkpointer: compile the graph with compile_with_checkpointer")]
    NoCheckpointer(&'static str),
    /// The thread or checkpoint asked for does not exist.
    #[error("no checkpoint found for thread `{thread_id}`{}", checkpoint_id.as_ref().map(|id| format!(" with id `{id}`")).unwrap_or_default())]
    CheckpointNotFound {
        thread_id: String,
        checkpoint_id: Option<String>,
    },
    /// A stored checkpoint this build cannot read: saved by a newer app version, without a known
    /// format version, or damaged. A store listing saved runs can skip such records.
    #[error("cannot read a saved checkpoint: {reason}")]
    UnreadableCheckpoint {
        format_version: Option<u64>,
        reason: String,
    },
    /// The checkpointer itself failed (storage, quota, ...).
    #[error("checkpointer error: {0}")]
    Checkpointer(String),
    /// State or updates could not be (de)serialised for a checkpoint or an event.
    #[error("serialisation error: {0}")]
    Serde(String),
}

impl GraphError {
    /// The error for two or more writes to a key without a reducer (LangGraph's `InvalidUpdateError`).
    pub fn multiple_writes(key: &str, count: usize) -> Self {
        GraphError::InvalidUpdate {
            key: key.to_string(),
            message: format!(
                "received {count} values in one superstep, but the key has no reducer and takes one \
                 value per step; declare a reducer for it in the state (e.g. `{key}: Vec<T> => append` \
                 or `{key}: T => reduce(fn)`)"
            ),
        }
    }
}

impl From<serde_json::Error> for GraphError {
    fn from(err: serde_json::Error) -> Self {
        GraphError::Serde(err.to_string())
    }
}

/// What a node returns when it fails. Any error converts into it with `?`.
///
/// It deliberately does not implement `std::error::Error` (like `anyhow::Error`), otherwise the
/// blanket `From` conversion would overlap with the reflexive one.
pub struct NodeError {
    pub(crate) kind: NodeErrorKind,
}

pub(crate) enum NodeErrorKind {
    /// `ctx.interrupt` asked the run to pause; the runner catches this, it is not a failure.
    Interrupted,
    Failed(Box<dyn std::error::Error>),
}

impl NodeError {
    /// A failure with a plain message.
    pub fn msg(message: impl fmt::Display) -> Self {
        NodeError::from(message.to_string())
    }

    pub(crate) fn interrupted() -> Self {
        NodeError {
            kind: NodeErrorKind::Interrupted,
        }
    }

    /// Whether this is the pause signal raised by `ctx.interrupt` rather than a failure.
    pub fn is_interrupt(&self) -> bool {
        matches!(self.kind, NodeErrorKind::Interrupted)
    }
}

impl<E: Into<Box<dyn std::error::Error>>> From<E> for NodeError {
    fn from(err: E) -> Self {
        NodeError {
            kind: NodeErrorKind::Failed(err.into()),
        }
    }
}

impl fmt::Display for NodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            NodeErrorKind::Interrupted => write!(f, "interrupted"),
            NodeErrorKind::Failed(err) => write!(f, "{err}"),
        }
    }
}

impl fmt::Debug for NodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeError({self})")
    }
}
