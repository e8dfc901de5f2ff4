//! How a run ended when it did not fail.

use crate::graph::command::Interrupt;
use crate::graph::snapshot::TaskSnapshot;
use crate::graph::state::State;

/// How a run ended when it did not fail.
#[derive(Debug, Clone)]
pub enum RunOutcome<S: State> {
    /// Reached END (no more tasks).
    Done(S),
    /// Paused: answer the interrupts with `resume`. `state` is the last committed state;
    /// `tasks` are the paused step's tasks, where the finished ones carry their update (saved,
    /// and applied when the step completes).
    Interrupted {
        state: S,
        interrupts: Vec<Interrupt>,
        tasks: Vec<TaskSnapshot>,
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

    /// The paused step's tasks with their results so far (empty when done).
    pub fn tasks(&self) -> &[TaskSnapshot] {
        match self {
            RunOutcome::Done(_) => &[],
            RunOutcome::Interrupted { tasks, .. } => tasks,
        }
    }

    pub fn is_done(&self) -> bool {
        matches!(self, RunOutcome::Done(_))
    }
}
