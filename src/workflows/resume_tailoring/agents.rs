//! The LLM agents of the tailoring workflow: node name, system prompt and answer schema.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::workflows::common::schema::{long_text, strings, RESUME_MAX_CHARS};
pub use crate::workflows::common::Agent;

pub const JOB_ANALYZER: Agent = Agent {
    node: "job_analyzer",
    prompt: include_str!("prompts/job_analyzer.md"),
    schema_name: "job_strategy",
    schema: strategy_schema,
};

pub const RESUME_SCREENER: Agent = Agent {
    node: "resume_screener",
    prompt: include_str!("prompts/resume_screener.md"),
    schema_name: "recruiter_feedback",
    schema: screening_schema,
};

pub const RESUME_TAILORER: Agent = Agent {
    node: "resume_tailorer",
    prompt: include_str!("prompts/resume_tailorer.md"),
    schema_name: "tailored_resume",
    schema: resume_schema,
};

pub const ATS_OPTIMIZER: Agent = Agent {
    node: "ats_optimizer",
    prompt: include_str!("prompts/ats_optimizer.md"),
    schema_name: "ats_optimized_resume",
    schema: resume_schema,
};

pub const REFLEXION: Agent = Agent {
    node: "reflexion_agent",
    prompt: include_str!("prompts/reflexion_agent.md"),
    schema_name: "revised_resume",
    schema: resume_schema,
};

/// The job analyzer's answer.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
pub struct StrategyAnswer {
    pub strategy: String,
    #[serde(default)]
    pub key_requirements: Vec<String>,
}

/// The screener's answer.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
pub struct ScreeningAnswer {
    pub feedback: String,
}

/// A whole resume plus what changed: the tailorer's, the optimizer's and the reflexion agent's answer.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
pub struct ResumeAnswer {
    pub resume: String,
    #[serde(default)]
    pub changes: Vec<String>,
}

// Strict-mode schemas (every property required, no extra properties), as in resume_review.

fn strategy_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "strategy": long_text("How to tailor the resume for this job", 1500),
            "key_requirements": strings("The job's key requirements, most important first")
        },
        "required": ["strategy", "key_requirements"],
        "additionalProperties": false
    })
}

fn screening_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "feedback": long_text("Recruiter feedback on the fit", 1500)
        },
        "required": ["feedback"],
        "additionalProperties": false
    })
}

fn resume_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "resume": long_text("The whole resume, Markdown", RESUME_MAX_CHARS),
            "changes": strings("What was changed and why")
        },
        "required": ["resume", "changes"],
        "additionalProperties": false
    })
}
