//! The batch's one pause: the cost cap was reached; go on (with a new cap, or none) or stop.

use serde::{Deserialize, Serialize};

/// A pause of a batch (the interrupt payload, tagged by `type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BatchPause {
    CostCap(CostCapPause),
}

/// The estimated spend reached the cap; `deferred` candidates were not started.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CostCapPause {
    pub spent_usd: f64,
    pub cap_usd: f64,
    pub deferred: u32,
}

/// The answer to [`BatchPause::CostCap`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum BatchAnswer {
    /// Screen the deferred candidates under `cost_cap_usd` (`None`: no cap any more).
    Continue {
        #[serde(default)]
        cost_cap_usd: Option<f64>,
    },
    /// Leave them unscreened; the table ranks them by their ATS score.
    Stop,
}
