//! The six agents of the review: node name, system prompt and answer schema, and the name each
//! critic's feedback carries.

use serde_json::{json, Value};

use crate::workflows::common::schema::{long_text, score, strings, RESUME_MAX_CHARS};
pub use crate::workflows::common::Agent;

/// The three critics' one answer schema, under one name: a provider whose prompt cache keys on
/// the answer format too (OpenAI's structured-output schema, Anthropic's tool) can then serve the
/// critics' shared prefix (the resume) from its cache.
const CRITIC_SCHEMA: &str = "critic_feedback";

pub const RECRUITER: Agent = critic("recruiter", include_str!("prompts/recruiter.md"));

pub const TECH_WRITER: Agent = critic("tech_writer", include_str!("prompts/tech_writer.md"));

pub const COPYWRITER: Agent = critic("copywriter", include_str!("prompts/copywriter.md"));

/// A critic's agent: only its node and prompt differ, the schema is the shared one (see
/// [`CRITIC_SCHEMA`]).
const fn critic(node: &'static str, prompt: &'static str) -> Agent {
    Agent {
        node,
        prompt,
        schema_name: CRITIC_SCHEMA,
        schema: feedback_schema,
    }
}

pub const REVISOR: Agent = Agent {
    node: "revisor",
    prompt: include_str!("prompts/revisor.md"),
    schema_name: "resume_revision",
    schema: revision_schema,
};

pub const PORTFOLIO: Agent = Agent {
    node: "portfolio",
    prompt: include_str!("prompts/portfolio.md"),
    schema_name: "portfolio_advice",
    schema: portfolio_schema,
};

pub const DESIGN: Agent = Agent {
    node: "design",
    prompt: include_str!("prompts/design.md"),
    schema_name: "design_advice",
    schema: design_schema,
};

/// A critic: its agent and the name written into its `Feedback::agent_name` (the seed says
/// "technical_writer", not the node name "tech_writer").
#[derive(Debug, Clone, Copy)]
pub struct Critic {
    pub agent: Agent,
    pub feedback_name: &'static str,
}

/// The critics, in the order the aggregator merges them.
pub const CRITICS: [Critic; 3] = [
    Critic {
        agent: RECRUITER,
        feedback_name: "recruiter",
    },
    Critic {
        agent: TECH_WRITER,
        feedback_name: "technical_writer",
    },
    Critic {
        agent: COPYWRITER,
        feedback_name: "copywriter",
    },
];

/// The critic node whose feedback carries `feedback_name` ("technical_writer" → "tech_writer");
/// an unknown name is returned as it is.
pub fn critic_node(feedback_name: &str) -> &str {
    CRITICS
        .iter()
        .find(|c| c.feedback_name == feedback_name)
        .map_or(feedback_name, |c| c.agent.node)
}

// Schemas are written for OpenAI's strict mode (every property required, no extra properties),
// which the other providers accept as well. Scores carry `minimum`/`maximum` (OpenAI's strict
// mode documents them); lists and short strings get default bounds when the request is built.

fn feedback_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "score": score(10, "0 to 10, one decimal"),
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
            "revised_resume": long_text("The whole revised resume", RESUME_MAX_CHARS),
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
            "summary": long_text("The portfolio advice in a short paragraph", 1000),
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
            "readability_score": score(10, "0 to 10, one decimal"),
            "layout_issues": strings("Layout and readability problems"),
            "recommendations": strings("Concrete layout changes")
        },
        "required": ["readability_score", "layout_issues", "recommendations"],
        "additionalProperties": false
    })
}
