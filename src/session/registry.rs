//! The workflows a caller can start, with what they take as input. Only workflows that run end to
//! end are listed.

use serde::Serialize;
use serde_json::{json, Value};

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// JSON schema of the `input` that `start_run` takes for this workflow.
    pub input_schema: Value,
}

pub fn workflows() -> Vec<WorkflowInfo> {
    vec![WorkflowInfo {
        id: "resume_review",
        title: "Resume review",
        description: "Three critics (recruiter, technical writer, copywriter) review the resume in parallel; \
                      it is revised until the score meets the threshold, then portfolio and design advice.",
        input_schema: json!({
            "type": "object",
            "required": ["resume", "targetRole"],
            "properties": {
                "resume": {"type": "string", "description": "The resume: Markdown, plain text or JSON Resume"},
                "targetRole": {"type": "string", "description": "Target role or job description"},
                "threshold": {"type": "number", "minimum": 0, "maximum": 10, "default": 8.0},
                "maxIterations": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
                "designReview": {"type": "boolean", "default": true},
                "language": {"type": "string", "enum": ["en", "zh"], "default": "en", "description": "Language the agents write in"}
            }
        }),
    },
    WorkflowInfo {
        id: "resume_tailoring",
        title: "Resume tailoring",
        description: "Tailors the resume to a job description: job analysis, screening, questions about \
                      missing skills (answers update the master resume), ATS optimisation, your review \
                      (approve or request revisions), final resume. Interactive: answer with resumeRun.",
        input_schema: json!({
            "type": "object",
            "required": ["resume", "jobDescription"],
            "properties": {
                "resume": {"type": "string", "description": "The resume to tailor: Markdown or plain text"},
                "jobDescription": {"type": "string", "description": "The job description, as text"},
                "masterResume": {"type": "string", "description": "The full master resume the answers are added to (defaults to resume)"},
                "userId": {"type": "string"},
                "jobId": {"type": "string"},
                "targetAtsScore": {"type": "integer", "minimum": 0, "maximum": 100, "default": 80},
                "humanReview": {"type": "boolean", "default": true},
                "reviewTimeoutSeconds": {"type": "integer", "minimum": 10, "default": 600},
                "maxQuestions": {"type": "integer", "minimum": 0, "maximum": 10, "default": 5},
                "maxRevisions": {"type": "integer", "minimum": 0, "maximum": 10, "default": 3},
                "language": {"type": "string", "enum": ["en", "zh"], "default": "en", "description": "Language the agents write in"}
            }
        }),
    },
    WorkflowInfo {
        id: super::hiring::HIRING_WORKFLOW_ID,
        title: "Hiring packet",
        description: "A supervisor routes nine agents over a resume and a job description: profile, job \
                      analysis, match with a score, background notes (no web access), HR, technical and \
                      CEO interview questions, an evaluation with a recommendation and an email draft.",
        input_schema: json!({
            "type": "object",
            "required": ["resume", "jobDescription"],
            "properties": {
                "resume": {"type": "string", "description": "The candidate's resume: Markdown or plain text"},
                "jobDescription": {"type": "string", "description": "The job description, as text"},
                "language": {"type": "string", "enum": ["en", "zh"], "default": "en", "description": "The language the agents write in"},
                "task": {"type": "string", "description": "What the hiring team wants (defaults to a full hiring packet)"}
            }
        }),
    }]
}

pub fn workflow(id: &str) -> Option<WorkflowInfo> {
    workflows().into_iter().find(|w| w.id == id)
}
