//! `BatchState`: one job description, many candidates, the deterministic ATS table, the shared job
//! analysis, and one result per screened candidate (appended by the fanned-out tasks).

use serde::{Deserialize, Serialize};

use crate::domain::blind::{BlindOptions, MaskCount};
use crate::domain::fairness::impact::SelfReported;
use crate::domain::hiring::{CandidateProfile, Evaluation, JdAnalysis, MatchingAnalysis};
use crate::domain::{InjectionFinding, Language};
use crate::state;

/// One resume of the batch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct BatchCandidate {
    /// Stable within the run: `c1`, `c2`, … in input order.
    pub id: String,
    /// What the user knows it by (a file name, or "Resume 3").
    pub label: String,
    pub text: String,
    /// In a bias check: what this resume is a version of (and whether it is screened blind).
    pub variant: Option<super::annotations::VariantOf>,
    /// Self-reported sex and race/ethnicity, when the batch's list gave them: for the impact
    /// ratios only (`super::fairness`). Never in a prompt: `screen.rs` sends the text alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<SelfReported>,
}

impl BatchCandidate {
    /// The masks its screening applies: the batch's, unless a bias check's variant says
    /// otherwise (blind with the batch's options, or their default; or as written).
    pub fn blind(&self, batch: Option<BlindOptions>) -> Option<BlindOptions> {
        match &self.variant {
            Some(variant) if variant.blind => Some(batch.unwrap_or_default()),
            Some(_) => None,
            None => batch,
        }
    }
}

/// The ATS score of one resume: no model, computed for every candidate first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct AtsResult {
    pub id: String,
    /// 0–100 ([`crate::domain::ats::score`]).
    pub score: u32,
    /// Required terms of the job the resume shows, and all required terms.
    pub must_matched: u32,
    pub must_total: u32,
    /// Required skills the resume does not show.
    pub missing_must: Vec<String>,
    /// Suspicious lines of the resume (prompt injection, hidden text).
    pub injection: Vec<InjectionFinding>,
    /// The name the resume's own structure reads: the table's name when a blind parser never
    /// saw one.
    pub name: String,
    /// What blind screening masks before any model reads this resume (empty when it is off).
    pub masked: Vec<MaskCount>,
}

/// Where one candidate's screening stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CandidateStatus {
    /// Not screened by a model (yet, or an ATS-only batch).
    #[default]
    Pending,
    /// Parse, match and evaluation all answered.
    Screened,
    /// A model step failed (not a rate limit: those wait and retry); retried on request.
    Failed,
    /// Not started because the cost cap was reached; screened if the user goes on.
    Deferred,
    /// The user cancelled this candidate (see [`super::cancel_candidate`]); retried on request.
    Cancelled,
}

/// One candidate's screening, written once by its task (a retry appends a newer one).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct CandidateResult {
    pub id: String,
    pub status: CandidateStatus,
    pub profile: Option<CandidateProfile>,
    pub matching: Option<MatchingAnalysis>,
    pub evaluation: Option<Evaluation>,
    /// What failed, for the row.
    pub error: Option<String>,
    /// Model calls this screening made.
    pub calls: u32,
    /// Estimated USD of those calls (0 when the model's price is unknown).
    pub cost_usd: f64,
    /// The retry round it ran in (see `retry_rounds`).
    pub round: u32,
}

fn add(a: u32, b: u32) -> u32 {
    a + b
}

state! {
    /// Everything a batch knows. `current`, `spent_before_usd` are only set in the argument of
    /// one candidate's task (a `Send`), never committed.
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
    pub struct BatchState updates BatchUpdate {
        pub jd_text: String,
        pub candidates: Vec<BatchCandidate>,
        pub language: Language,
        /// Only the ATS table: no model is called.
        pub ats_only: bool,
        /// The provider's id and the model the run was made with, for its audit log.
        pub provider: String,
        pub model: String,
        /// Blind screening's options; none when it is off (see [`super::blind`]).
        pub blind: Option<BlindOptions>,
        /// A bias check's shortlist line (see [`super::bias`]).
        pub shortlist_at: Option<f64>,
        /// The batch pauses (asks to go on) once its estimated spend reaches this.
        pub cost_cap_usd: Option<f64>,
        pub ats: Vec<AtsResult>,
        pub jd_analysis: Option<JdAnalysis>,
        /// Estimated USD of the job analysis call.
        pub jd_cost_usd: f64,
        pub results: Vec<CandidateResult> => append,
        /// Each request to retry the failed candidates adds 1 (see [`super::to_screen`]).
        pub retry_rounds: u32 => reduce(add),
        /// The user chose to stop at the cost cap: deferred candidates stay unscreened.
        pub stopped_at_cap: bool,
        /// The ranked table, written last.
        pub table: Vec<super::RankedRow>,
        pub warnings: Vec<String> => append,
        /// What a person decided per candidate, in order (see [`super::decisions`]).
        pub decisions: Vec<super::annotations::PersonDecision> => append,
        /// The candidate one task screens.
        pub current: Option<BatchCandidate>,
        /// Spend committed before this task's superstep began.
        pub spent_before_usd: f64,
    }
}

impl BatchState {
    /// The latest result of each candidate that has one.
    pub fn latest(&self, id: &str) -> Option<&CandidateResult> {
        self.results.iter().rev().find(|r| r.id == id)
    }

    /// The user stopped at the key question: candidates wait for a working key (a deferral with
    /// the refusal as its error), so the batch ended stopped, not finished, and "Retry failed"
    /// screens them.
    pub fn stopped_on_refused_key(&self) -> bool {
        self.stopped_at_cap
            && self.candidates.iter().any(|c| {
                self.latest(&c.id)
                    .is_some_and(|r| r.status == CandidateStatus::Deferred && r.error.is_some())
            })
    }

    /// Estimated USD spent so far: the job analysis and every screening (retries included).
    pub fn spent_usd(&self) -> f64 {
        self.jd_cost_usd + self.results.iter().map(|r| r.cost_usd).sum::<f64>()
    }
}
