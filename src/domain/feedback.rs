//! One critic's verdict on a resume.

use serde::{Deserialize, Serialize};

/// A critic's evaluation. `score` is 0–10.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Feedback {
    /// "recruiter", "technical_writer" or "copywriter" (the seed's names).
    pub agent_name: String,
    pub score: f64,
    pub strengths: Vec<String>,
    pub issues: Vec<Issue>,
    pub suggestions: Vec<String>,
}

/// A concrete problem, where it is, and what to do about it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Issue {
    pub severity: Severity,
    /// The resume section concerned ("Experience", "Summary", ... or "General").
    pub section: String,
    pub description: String,
    pub suggestion: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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
    /// The seed's stand-in for a critic whose call failed: a neutral 5.0, so one failure neither
    /// sinks nor inflates the integrated score, and the error shown as a suggestion.
    pub fn failed(agent_name: &str, error: &str) -> Self {
        Feedback {
            agent_name: agent_name.to_string(),
            score: 5.0,
            strengths: vec!["Evaluation failed".to_string()],
            issues: Vec::new(),
            suggestions: vec![format!("Error: {error}")],
        }
    }

    /// Whether this is the stand-in of a failed evaluation.
    pub fn is_failure(&self) -> bool {
        self.strengths.len() == 1 && self.strengths[0] == "Evaluation failed"
    }
}
