//! The batch's pauses: the cost cap was reached, or the provider refused the API key; go on (with
//! a new cap, or none; with the key fixed) or stop.

use serde::{Deserialize, Serialize};

/// A pause of a batch (the interrupt payload, tagged by `type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BatchPause {
    CostCap(CostCapPause),
    KeyRefused(KeyRefusedPause),
}

crate::pause_kinds!(BatchPause { "cost_cap" => BatchAnswer, "key_refused" => BatchAnswer });

/// The provider refused the API key (HTTP 401/403): the candidates whose calls met the refusal
/// (`refused`) and every one after them, deferred without a call (`deferred`), wait; screened ones
/// are kept. Going on needs a working key: a run re-opened with it (or a host whose model now
/// sends it) screens them; the answer's `cost_cap_usd` is ignored here, the cap stays as it was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct KeyRefusedPause {
    /// Candidates for whom no call was sent.
    pub deferred: u32,
    /// Candidates whose call was sent and refused (0 in a pause saved before this was counted).
    #[serde(default)]
    pub refused: u32,
    /// The provider's refusal, user-facing (no key in it).
    pub message: String,
}

/// The estimated spend reached the cap; `deferred` candidates were not started.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct CostCapPause {
    pub spent_usd: f64,
    pub cap_usd: f64,
    pub deferred: u32,
}

/// The answer to a [`BatchPause`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
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
