//! The six agents of the review: node name, seed agent name, system prompt and answer schema.

use serde_json::{json, Value};

use crate::llm::OutputSchema;

/// What the workflow needs to know to call one agent.
#[derive(Debug, Clone, Copy)]
pub struct Agent {
    /// Graph node name; also the `role_name` of its chat requests (demo responders and usage
    /// labels key on it) and the key of `ReviewSettings::model_overrides`.
    pub node: &'static str,
    /// The name written into `Feedback::agent_name` (the seed says "technical_writer", not the
    /// node name "tech_writer").
    pub agent_name: &'static str,
    pub system: &'static str,
    schema_name: &'static str,
    schema: fn() -> Value,
}

impl Agent {
    pub fn schema(&self) -> OutputSchema {
        OutputSchema::new(self.schema_name, (self.schema)())
    }
}

pub const RECRUITER: Agent = Agent {
    node: "recruiter",
    agent_name: "recruiter",
    system: include_str!("prompts/recruiter.md"),
    schema_name: "recruiter_feedback",
    schema: feedback_schema,
};

pub const TECH_WRITER: Agent = Agent {
    node: "tech_writer",
    agent_name: "technical_writer",
    system: include_str!("prompts/tech_writer.md"),
    schema_name: "technical_writer_feedback",
    schema: feedback_schema,
};

pub const COPYWRITER: Agent = Agent {
    node: "copywriter",
    agent_name: "copywriter",
    system: include_str!("prompts/copywriter.md"),
    schema_name: "copywriter_feedback",
    schema: feedback_schema,
};

pub const REVISOR: Agent = Agent {
    node: "revisor",
    agent_name: "revisor",
    system: include_str!("prompts/revisor.md"),
    schema_name: "resume_revision",
    schema: revision_schema,
};

pub const PORTFOLIO: Agent = Agent {
    node: "portfolio",
    agent_name: "portfolio",
    system: include_str!("prompts/portfolio.md"),
    schema_name: "portfolio_advice",
    schema: portfolio_schema,
};

pub const DESIGN: Agent = Agent {
    node: "design",
    agent_name: "design",
    system: include_str!("prompts/design.md"),
    schema_name: "design_advice",
    schema: design_schema,
};

/// The critics, in the order the aggregator merges them.
pub const CRITICS: [Agent; 3] = [RECRUITER, TECH_WRITER, COPYWRITER];

// Schemas are written for OpenAI's strict mode (every property required, no extra properties),
// which the other providers accept as well; ranges go into descriptions because strict mode
// rejects `minimum`/`maximum`.

fn strings(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "description": description})
}

fn feedback_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "score": {"type": "number", "description": "0 to 10, one decimal"},
            "strengths": strings("What works, specific to this resume"),
            "issues": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "severity": {"type": "string", "enum": ["low", "medium", "high"]},
                        "section": {"type": "string"},
                        "description": {"type": "string"},
                        "suggestion": {"type": "string"}
                    },
                    "required": ["severity", "section", "description", "suggestion"],
                    "additionalProperties": false
                }
            },
            "suggestions": strings("Concrete next steps")
        },
        "required": ["score", "strengths", "issues", "suggestions"],
        "additionalProperties": false
    })
}

fn revision_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "revised_resume": {"type": "string", "description": "The whole revised resume"},
            "changes": strings("What was changed and why")
        },
        "required": ["revised_resume", "changes"],
        "additionalProperties": false
    })
}

fn portfolio_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "summary": {"type": "string"},
            "pieces": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "title": {"type": "string"},
                        "description": {"type": "string"},
                        "demonstrates": {"type": "string"}
                    },
                    "required": ["title", "description", "demonstrates"],
                    "additionalProperties": false
                }
            }
        },
        "required": ["summary", "pieces"],
        "additionalProperties": false
    })
}

fn design_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "readability_score": {"type": "number", "description": "0 to 10, one decimal"},
            "layout_issues": strings("Layout and readability problems"),
            "recommendations": strings("Concrete layout changes")
        },
        "required": ["readability_score", "layout_issues", "recommendations"],
        "additionalProperties": false
    })
}
