//! Overwrite reducer: the default for fields declared without `=> ...`.

use super::Reducer;
use crate::graph::error::GraphError;

/// Keeps the last value written. Accepts at most one write per superstep: two concurrent writes
/// have no meaningful order, so LangGraph rejects them, even when the values are equal.
#[derive(Debug, Clone, Copy, Default)]
pub struct LastValue;

impl<T> Reducer<T> for LastValue {
    fn update(&self, key: &str, current: &mut T, mut writes: Vec<T>) -> Result<bool, GraphError> {
        match writes.len() {
            0 => Ok(false),
            1 => {
                *current = writes.pop().expect("one write");
                Ok(true)
            }
            n => Err(GraphError::multiple_writes(key, n)),
        }
    }
}
