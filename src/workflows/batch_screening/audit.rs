//! The audit log of a batch, as JSON Lines: what the EU AI Act asks a deployer of a high-risk
//! screening system to keep, and what an independent Local Law 144 audit reads. One line per fact:
//! the run (provider and model, never the key), each prompt template's SHA-256 (its version), each
//! input's SHA-256 (the job and every resume: never their text), the masks applied per candidate,
//! every score with what it rests on (the model's stated strengths, concerns, matched and missing
//! skills), a bias check's results, and every decision a person made, in order. The schema is
//! derived from [`AuditLine`] (`docs/audit-log.schema.json`, checked by a test).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::blind::MaskCount;
use crate::domain::Language;
use crate::workflows::common::agent::shared_system_prompt;

use super::bias::bias_report;
use super::shared::hiring_agent;
use super::state::{BatchState, CandidateStatus};

/// The agents a batch calls, in order: each one's prompt template is hashed.
const AGENTS: [&str; 4] = [
    "jd_analysis_agent",
    "resume_parser_agent",
    "matching_agent",
    "evaluation_agent",
];

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AuditLine {
    /// The run: first line.
    Run {
        workflow: String,
        thread: String,
        /// The provider's id (`openai`, `demo`, …) and the model, as the run was made.
        provider: String,
        model: String,
        language: Language,
        blind: bool,
        mask_proxies: bool,
        candidates: usize,
        /// When the log was written, ISO 8601 UTC.
        exported_at: String,
        app_version: String,
    },
    /// A prompt template, by the agent that uses it: its SHA-256 (with the shared system prompt in
    /// the run's language) says which version was sent.
    PromptTemplate { agent: String, sha256: String },
    /// An input, by its SHA-256: the job description, or one candidate's resume.
    Input {
        kind: InputKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        candidate: Option<String>,
        sha256: String,
        chars: usize,
    },
    /// What blind screening masked in one resume before any model read it.
    Masks {
        candidate: String,
        applied: Vec<MaskCount>,
    },
    /// One candidate's scores and what they rest on, as the models said it.
    Score {
        candidate: String,
        status: CandidateStatus,
        ats_score: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        match_score: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overall_score: Option<f64>,
        /// The tool's recommendation: advice, never a decision.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        recommendation: Option<String>,
        rests_on: Vec<String>,
    },
    /// One attribute's result in one mode of a bias check.
    BiasResult {
        blind: bool,
        attribute: String,
        pairs: usize,
        mean_delta: f64,
        low: f64,
        high: f64,
        flips: usize,
        flagged: bool,
    },
    /// A person's decision, in the order they were made.
    Decision {
        candidate: String,
        choice: String,
        reason: String,
        at: String,
        by: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    JobDescription,
    Resume,
}

/// What the log says of the run that the state does not hold.
pub struct AuditMeta {
    pub thread: String,
    pub exported_at: String,
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn id_of<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The log's lines, in order.
pub fn audit_lines(state: &BatchState, meta: &AuditMeta) -> Vec<AuditLine> {
    let mut lines = vec![AuditLine::Run {
        workflow: super::workflow::BatchWorkflow::ID_STR.to_string(),
        thread: meta.thread.clone(),
        provider: state.provider.clone(),
        model: state.model.clone(),
        language: state.language,
        blind: state.blind.is_some(),
        mask_proxies: state.blind.is_some_and(|b| b.proxies),
        candidates: state.candidates.len(),
        exported_at: meta.exported_at.clone(),
        app_version: env!("CARGO_PKG_VERSION").to_string(),
    }];
    let system = shared_system_prompt(state.language);
    for agent in AGENTS {
        lines.push(AuditLine::PromptTemplate {
            agent: agent.to_string(),
            sha256: sha256(&format!("{system}\n\n{}", hiring_agent(agent).prompt)),
        });
    }
    lines.push(AuditLine::Input {
        kind: InputKind::JobDescription,
        candidate: None,
        sha256: sha256(&state.jd_text),
        chars: state.jd_text.chars().count(),
    });
    for candidate in &state.candidates {
        lines.push(AuditLine::Input {
            kind: InputKind::Resume,
            candidate: Some(candidate.id.clone()),
            sha256: sha256(&candidate.text),
            chars: candidate.text.chars().count(),
        });
    }
    for ats in state.ats.iter().filter(|a| !a.masked.is_empty()) {
        lines.push(AuditLine::Masks {
            candidate: ats.id.clone(),
            applied: ats.masked.clone(),
        });
    }
    for candidate in &state.candidates {
        let ats = state.ats.iter().find(|a| a.id == candidate.id);
        let result = state.latest(&candidate.id);
        let matching = result.and_then(|r| r.matching.as_ref());
        let evaluation = result.and_then(|r| r.evaluation.as_ref());
        let mut rests_on = Vec::new();
        if let Some(m) = matching {
            rests_on.extend(
                m.matched_skills
                    .iter()
                    .map(|s| format!("matched skill: {s}")),
            );
            rests_on.extend(
                m.missing_skills
                    .iter()
                    .map(|s| format!("missing skill: {s}")),
            );
        }
        if let Some(e) = evaluation {
            rests_on.extend(e.strengths.iter().map(|s| format!("strength: {s}")));
            rests_on.extend(e.concerns.iter().map(|s| format!("concern: {s}")));
        }
        lines.push(AuditLine::Score {
            candidate: candidate.id.clone(),
            status: result.map_or(CandidateStatus::Pending, |r| r.status),
            ats_score: ats.map_or(0, |a| a.score),
            match_score: matching.map(|m| m.score),
            overall_score: evaluation.map(|e| e.overall_score),
            recommendation: evaluation.map(|e| e.recommendation.id().to_string()),
            rests_on,
        });
    }
    if let Some(report) = bias_report(state) {
        for mode in &report.modes {
            for r in &mode.results {
                lines.push(AuditLine::BiasResult {
                    blind: mode.blind,
                    attribute: id_of(&r.attribute),
                    pairs: r.pairs,
                    mean_delta: r.delta.mean,
                    low: r.delta.low,
                    high: r.delta.high,
                    flips: r.flips,
                    flagged: r.flagged,
                });
            }
        }
    }
    for d in &state.decisions {
        lines.push(AuditLine::Decision {
            candidate: d.id.clone(),
            choice: d.choice.id().to_string(),
            reason: d.reason.clone(),
            at: d.at.clone(),
            by: "person".to_string(),
        });
    }
    lines
}

/// The log as JSON Lines (one object a line, `\n` after each).
pub fn audit_log(state: &BatchState, meta: &AuditMeta) -> String {
    audit_lines(state, meta)
        .iter()
        .filter_map(|line| serde_json::to_string(line).ok())
        .map(|line| line + "\n")
        .collect()
}
