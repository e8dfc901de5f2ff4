//! A rewritten resume and the check that it kept the original's facts.

use serde::{Deserialize, Serialize};

/// One revisor pass.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Revision {
    /// The review iteration whose feedback this revision addresses.
    pub iteration: u32,
    /// The revised resume text as the revisor returned it.
    pub text: String,
    /// What was changed, in the revisor's words.
    pub changes: Vec<String>,
    pub fact_check: FactCheck,
    /// False when the revision was rejected (it invented facts) and the previous text was kept.
    pub accepted: bool,
}

/// Facts (years, numbers, employers) of the original resume compared with a revision.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct FactCheck {
    /// In the original, not in the revision.
    pub dropped: Vec<String>,
    /// In the revision, not in the original: invented.
    pub added: Vec<String>,
}

impl FactCheck {
    pub fn is_clean(&self) -> bool {
        self.dropped.is_empty() && self.added.is_empty()
    }
}
