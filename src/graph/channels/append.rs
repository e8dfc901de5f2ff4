//! Append reducer (LangGraph's `Annotated[list, operator.add]`).

use super::Reducer;
use crate::graph::error::GraphError;

/// Extends the current collection with every write, in task order. Works for any collection that
/// can be extended by its own items: `Vec`, `String`, maps (where it merges keys), sets.
#[derive(Debug, Clone, Copy, Default)]
pub struct Append;

impl<T> Reducer<T> for Append
where
    T: IntoIterator + Extend<<T as IntoIterator>::Item>,
{
    fn update(&self, _key: &str, current: &mut T, writes: Vec<T>) -> Result<bool, GraphError> {
        let changed = !writes.is_empty();
        for write in writes {
            current.extend(write);
        }
        Ok(changed)
    }
}
