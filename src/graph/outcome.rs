//! How a run ended when it did not fail.

use crate::graph::command::Interrupt;
use crate::graph::state::State;

/// How a run ended when it did not fail.
#[derive(Debug, Clone)]
pub enum RunOutcome<S: State> {
    /// Reached END (no more tasks).
    Done(S),
    /// Paused: answer the interrupts with `resume`. `state` is the last committed state.
    Interrupted {
        state: S,
        interrupts: Vec<Interrupt>,
    },
}

impl<S: State> RunOutcome<S> {
    pub fn state(&self) -> &S {
        match self {
            RunOutcome::Done(state) | RunOutcome::Interrupted { state, .. } => state,
        }
    }

    pub fn into_state(self) -> S {
        match self {
            RunOutcome::Done(state) | RunOutcome::Interrupted { state, .. } => state,
        }
    }

    /// Pending interrupts (empty when done).
    pub fn interrupts(&self) -> &[Interrupt] {
        match self {
            RunOutcome::Done(_) => &[],
            RunOutcome::Interrupted { interrupts, .. } => interrupts,
        }
    }

    pub fn is_done(&self) -> bool {
        matches!(self, RunOutcome::Done(_))
    }
}
