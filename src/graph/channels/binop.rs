//! Binary-operator reducer (LangGraph's `Annotated[T, fn]`).

use super::Reducer;
use crate::graph::error::GraphError;

/// Folds each write into the current value with `f(current, write)`, in task order.
#[derive(Debug, Clone, Copy)]
pub struct BinOp<F>(pub F);

impl<T, F> Reducer<T> for BinOp<F>
where
    T: Default,
    F: Fn(T, T) -> T,
{
    fn update(&self, _key: &str, current: &mut T, writes: Vec<T>) -> Result<bool, GraphError> {
        let changed = !writes.is_empty();
        for write in writes {
            let old = std::mem::take(current);
            *current = (self.0)(old, write);
        }
        Ok(changed)
    }
}
