//! One critic's verdict on a resume.

use serde::{Deserialize, Serialize};

/// A critic's evaluation. `score` is 0–10.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Feedback {
    /// "recruiter", "technical_writer" or "copywriter" (the seed's names).
    pub agent_name: String,
    pub score: f64,
    pub strengths: Vec<String>,
    pub issues: Vec<Issue>,
    pub suggestions: Vec<String>,
    /// Why this critic gave no evaluation (its call failed or its answer stayed unreadable).
    /// Such a feedback has no score worth showing and counts for nothing in the integrated
    /// score (seen: a made-up neutral 5.0 was averaged in). Absent when it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A concrete problem, where it is, and what to do about it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Issue {
    pub severity: Severity,
    /// The resume section concerned ("Experience", "Summary", ... or "General").
    pub section: String,
    pub description: String,
    pub suggestion: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    // Aliases: models often capitalise enum values even when the schema lists them in lowercase.
    #[serde(alias = "Low", alias = "LOW")]
    Low,
    #[default]
    #[serde(alias = "Medium", alias = "MEDIUM")]
    Medium,
    #[serde(alias = "High", alias = "HIGH")]
    High,
}

impl Feedback {
    /// The stand-in for a critic whose call failed: the error, and nothing else. Unlike the
    /// seed's neutral 5.0 with "Evaluation failed" as a strength, it claims no score: the
    /// aggregator leaves it out and says how many critics answered.
    pub fn failed(agent_name: &str, error: &str) -> Self {
        Feedback {
            agent_name: agent_name.to_string(),
            error: Some(error.to_string()),
            ..Feedback::default()
        }
    }

    /// Whether this is the stand-in of a failed evaluation (also the seed's form, as runs saved
    /// before the field existed hold it).
    pub fn is_failure(&self) -> bool {
        self.error.is_some()
            || (self.strengths.len() == 1 && self.strengths[0] == "Evaluation failed")
    }
}
