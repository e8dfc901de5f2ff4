//! A person decides. The ranking is advice: the tool marks no one rejected. What a person decides
//! per candidate (advance, hold or decline), with a reason and when, is written into the finished
//! batch's thread as a new checkpoint without running anything (`WorkflowRun::amend`), so it is
//! saved, survives a reload, travels with the run and shows in every export. A later decision on
//! the same candidate replaces the earlier one in the table; all of them stay in the state, in
//! order, for the audit log.

use serde::{Deserialize, Serialize};

use crate::domain::Language;

use super::rank::RankedRow;
use super::state::{BatchState, BatchUpdate};

/// What a person decided for one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    Advance,
    Hold,
    Decline,
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::Advance, Choice::Hold, Choice::Decline];

    pub fn id(self) -> &'static str {
        match self {
            Choice::Advance => "advance",
            Choice::Hold => "hold",
            Choice::Decline => "decline",
        }
    }

    pub fn label(self, language: Language) -> &'static str {
        match self {
            Choice::Advance => language.pick("Advance", "推进"),
            Choice::Hold => language.pick("Hold", "待定"),
            Choice::Decline => language.pick("Decline", "拒绝"),
        }
    }
}

/// One decision, as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Decision {
    /// The candidate's id (`c1`, …).
    pub id: String,
    pub choice: Choice,
    /// Why, in the person's words (may be empty).
    pub reason: String,
    /// When, ISO 8601 UTC.
    pub at: String,
}

/// The update that records `decision`.
pub fn record(decision: Decision) -> BatchUpdate {
    BatchUpdate::default().decisions(vec![decision])
}

impl BatchState {
    /// The latest decision a person made for candidate `id`.
    pub fn decision(&self, id: &str) -> Option<&Decision> {
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
