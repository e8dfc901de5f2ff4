//! The hiring packet (docs/workflows/hiring_pipeline.md): what each agent of the hiring workflow writes. Plain data; the
//! JSON schemas the models answer with live beside the agents (`workflows/hiring/schemas.rs`)
//! and must keep the same field names.

use serde::{Deserialize, Serialize};

use super::Language;

/// `resume_parser_agent`: the candidate as the resume presents them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct CandidateProfile {
    pub name: String,
    pub headline: String,
    pub summary: String,
    /// Years of professional experience the resume shows (0 when it does not say).
    pub years_experience: f64,
    pub skills: Vec<String>,
    pub experience: Vec<ProfileRole>,
    pub education: Vec<String>,
    pub certifications: Vec<String>,
}

/// One position on the resume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct ProfileRole {
    pub title: String,
    pub organization: String,
    pub period: String,
    pub highlights: Vec<String>,
}

/// `jd_analysis_agent`: what the job asks for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct JdAnalysis {
    pub title: String,
    pub seniority: String,
    pub summary: String,
    pub must_have: Vec<String>,
    pub nice_to_have: Vec<String>,
    pub responsibilities: Vec<String>,
}

/// `matching_agent`: the profile against the job.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct MatchingAnalysis {
    /// 0–100 (the workflow clamps what a model answers).
    pub score: f64,
    pub summary: String,
    pub matched_skills: Vec<String>,
    pub missing_skills: Vec<String>,
    pub strengths: Vec<String>,
    pub gaps: Vec<String>,
}

/// `candidate_research_agent`: background read from the two documents only. The agent has no web
/// access; `web_access` is always false and `limitations` says so (the workflow enforces both,
/// whatever a model answers).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct ResearchAnalysis {
    /// Always false (the workflow enforces it), and its TypeScript says so.
    #[cfg_attr(js_api, tsify(type = "false"))]
    pub web_access: bool,
    /// What the research was based on ("resume", "job description").
    pub sources: Vec<String>,
    pub summary: String,
    pub career_trajectory: String,
    /// Claims worth checking in the interviews or with references.
    pub points_to_verify: Vec<String>,
    pub limitations: String,
}

/// One interview question.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct InterviewQuestion {
    pub question: String,
    /// Why it is asked.
    pub purpose: String,
    /// What a good answer contains.
    pub listen_for: String,
}

/// `hr_interview_agent`, `technical_interview_agent`, `ceo_interview_agent`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct InterviewQuestions {
    pub focus: String,
    pub questions: Vec<InterviewQuestion>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Recommendation {
    StrongHire,
    Hire,
    #[default]
    Hold,
    NoHire,
}

impl Recommendation {
    pub const ALL: [Recommendation; 4] = [
        Recommendation::StrongHire,
        Recommendation::Hire,
        Recommendation::Hold,
        Recommendation::NoHire,
    ];

    /// The JSON value (also the schema's enum).
    pub fn id(self) -> &'static str {
        match self {
            Recommendation::StrongHire => "strong_hire",
            Recommendation::Hire => "hire",
            Recommendation::Hold => "hold",
            Recommendation::NoHire => "no_hire",
        }
    }

    pub fn label(self, lang: Language) -> &'static str {
        match self {
            Recommendation::StrongHire => lang.pick("Strong hire", "强烈推荐录用"),
            Recommendation::Hire => lang.pick("Hire", "建议录用"),
            Recommendation::Hold => lang.pick("Hold: needs more evidence", "待定：需要更多依据"),
            Recommendation::NoHire => lang.pick("No hire", "不建议录用"),
        }
    }

    /// The recommendation a 0–100 overall score suggests (the demo's rule; a model decides itself).
    pub fn from_score(score: f64) -> Recommendation {
        match score {
            s if s >= 80.0 => Recommendation::StrongHire,
            s if s >= 65.0 => Recommendation::Hire,
            s if s >= 45.0 => Recommendation::Hold,
            _ => Recommendation::NoHire,
        }
    }
}

/// `evaluation_agent`: the recommendation from everything before it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct Evaluation {
    pub recommendation: Recommendation,
    /// 0–100 (clamped by the workflow).
    pub overall_score: f64,
    pub summary: String,
    pub strengths: Vec<String>,
    pub concerns: Vec<String>,
    pub next_steps: Vec<String>,
}

impl Evaluation {
    /// Everything the evaluation says in words, one item a line: what the result check reads.
    pub fn text(&self) -> String {
        std::iter::once(&self.summary)
            .chain(&self.strengths)
            .chain(&self.concerns)
            .chain(&self.next_steps)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `email_agent`: a draft for the user to send (never sent by the app).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct EmailDraft {
    /// Who it is for, e.g. "candidate" or "hiring manager".
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

impl EmailDraft {
    /// Subject and body as one text, as the Copy button puts it on the clipboard.
    pub fn full_text(&self, lang: Language) -> String {
        format!(
            "{}{}\n\n{}",
            lang.pick("Subject: ", "主题："),
            self.subject,
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recommendation_ids_match_serde_and_scores_map_monotonically() {
        for r in Recommendation::ALL {
            assert_eq!(serde_json::to_value(r).unwrap(), r.id());
        }
        assert_eq!(Recommendation::from_score(90.0), Recommendation::StrongHire);
        assert_eq!(Recommendation::from_score(70.0), Recommendation::Hire);
        assert_eq!(Recommendation::from_score(50.0), Recommendation::Hold);
        assert_eq!(Recommendation::from_score(10.0), Recommendation::NoHire);
    }

    #[test]
    fn missing_fields_read_as_defaults() {
        let profile: CandidateProfile = serde_json::from_str(r#"{"name": "Ann"}"#).unwrap();
        assert_eq!(profile.name, "Ann");
        assert!(profile.skills.is_empty());
    }
}
