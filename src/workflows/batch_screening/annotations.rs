//! What a batch's candidates carry besides their resume: what a bias check's resume is a
//! version of ([`super::bias`]), and what a person decided ([`super::decisions`]). Plain data,
//! kept apart so the state, the input and the table can all name it.

use serde::{Deserialize, Serialize};

use crate::domain::fairness::counterfactual::Attribute;
use crate::domain::Language;

/// What a resume of a bias check is: one arm of one attribute of one candidate, in one mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct VariantOf {
    /// The label of the candidate it is a version of.
    pub of: String,
    #[cfg_attr(feature = "api", schemars(with = "String"))]
    pub attribute: Attribute,
    /// The arm's id ("male", "female", …: `Attribute::arms`).
    pub arm: String,
    /// Screened blind, or with the resume as written.
    pub blind: bool,
}

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
pub struct PersonDecision {
    /// The candidate's id (`c1`, …).
    pub id: String,
    pub choice: Choice,
    /// Why, in the person's words (may be empty).
    pub reason: String,
    /// When, ISO 8601 UTC.
    pub at: String,
}
