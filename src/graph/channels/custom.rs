//! Fully custom reducer: sees all writes of the step at once (e.g. dedupe by id, keep the max).

use super::Reducer;
use crate::graph::error::GraphError;

/// Calls `f(current, writes)`; `f` returns whether it changed the value.
#[derive(Debug, Clone, Copy)]
pub struct Custom<F>(pub F);

impl<T, F> Reducer<T> for Custom<F>
where
    F: Fn(&mut T, Vec<T>) -> bool,
{
    fn update(&self, _key: &str, current: &mut T, writes: Vec<T>) -> Result<bool, GraphError> {
        if writes.is_empty() {
            return Ok(false);
        }
        Ok((self.0)(current, writes))
    }
}
