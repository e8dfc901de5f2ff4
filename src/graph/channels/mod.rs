//! Reducers: how the writes of one superstep to a state field are merged (LangGraph's channels).
//!
//! Each field of a state declared with [`state!`](crate::state) gets one reducer. At the end of a
//! superstep the engine hands each reducer *all* writes made to its field in that step, in the
//! deterministic task order, and the reducer says whether the value changed. Checkpointing and
//! restoring a channel is plain serde on the field, so reducers hold no hidden state.

mod append;
mod binop;
mod custom;
mod last_value;
mod shared;

pub use append::Append;
pub use binop::BinOp;
pub use custom::Custom;
pub use last_value::LastValue;
pub use shared::Shared;

use crate::graph::error::GraphError;

/// Merges the writes of one superstep into a field's current value.
pub trait Reducer<T> {
    /// Applies `writes` (possibly empty) to `current`; returns whether the field was updated.
    /// `key` is the field name, used in error messages.
    fn update(&self, key: &str, current: &mut T, writes: Vec<T>) -> Result<bool, GraphError>;
}
