//! A person decides. The ranking is advice: the tool marks no one rejected. What a person decides
//! per candidate (advance, hold or decline), with a reason and when, is written into the finished
//! batch's thread as a new checkpoint without running anything (`WorkflowRun::amend`), so it is
//! saved, survives a reload, travels with the run and shows in every export. A later decision on
//! the same candidate replaces the earlier one in the table; all of them stay in the state, in
//! order, for the audit log.

pub use super::annotations::{Choice, PersonDecision};
use super::rank::RankedRow;
use super::state::{BatchState, BatchUpdate};

/// The update that records `decision`.
pub fn record(decision: PersonDecision) -> BatchUpdate {
    BatchUpdate::default().decisions(vec![decision])
}

impl BatchState {
    /// The latest decision a person made for candidate `id`.
    pub fn decision(&self, id: &str) -> Option<&PersonDecision> {
        self.decisions.iter().rev().find(|d| d.id == id)
    }

    /// The ranked table with each candidate's latest decision.
    pub fn decided_table(&self) -> Vec<RankedRow> {
        self.table
            .iter()
            .cloned()
            .map(|mut row| {
                row.decision = self.decision(&row.id).cloned();
                row
            })
            .collect()
    }
}
