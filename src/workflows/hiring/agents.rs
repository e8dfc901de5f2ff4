//! The LLM agents of the hiring workflow: node name, system prompt and answer schema.

use super::schemas;
pub use crate::workflows::common::Agent;

pub const SUPERVISOR: Agent = Agent {
    node: "supervisor_agent",
    prompt: include_str!("prompts/supervisor.md"),
    schema_name: "routing_decision",
    schema: schemas::supervisor,
};

pub const RESUME_PARSER: Agent = Agent {
    node: "resume_parser_agent",
    prompt: include_str!("prompts/resume_parser.md"),
    schema_name: "candidate_profile",
    schema: schemas::candidate_profile,
};

pub const JD_ANALYSIS: Agent = Agent {
    node: "jd_analysis_agent",
    prompt: include_str!("prompts/jd_analysis.md"),
    schema_name: "jd_analysis",
    schema: schemas::jd_analysis,
};

pub const MATCHING: Agent = Agent {
    node: "matching_agent",
    prompt: include_str!("prompts/matching.md"),
    schema_name: "matching_analysis",
    schema: schemas::matching_analysis,
};

pub const CANDIDATE_RESEARCH: Agent = Agent {
    node: "candidate_research_agent",
    prompt: include_str!("prompts/candidate_research.md"),
    schema_name: "research_analysis",
    schema: schemas::research_analysis,
};

pub const HR_INTERVIEW: Agent = Agent {
    node: "hr_interview_agent",
    prompt: include_str!("prompts/hr_interview.md"),
    schema_name: "hr_questions",
    schema: schemas::interview_questions,
};

pub const TECHNICAL_INTERVIEW: Agent = Agent {
    node: "technical_interview_agent",
    prompt: include_str!("prompts/technical_interview.md"),
    schema_name: "technical_questions",
    schema: schemas::interview_questions,
};

pub const CEO_INTERVIEW: Agent = Agent {
    node: "ceo_interview_agent",
    prompt: include_str!("prompts/ceo_interview.md"),
    schema_name: "ceo_questions",
    schema: schemas::interview_questions,
};

pub const EVALUATION: Agent = Agent {
    node: "evaluation_agent",
    prompt: include_str!("prompts/evaluation.md"),
    schema_name: "evaluation",
    schema: schemas::evaluation,
};

pub const EMAIL: Agent = Agent {
    node: "email_agent",
    prompt: include_str!("prompts/email.md"),
    schema_name: "email_draft",
    schema: schemas::email_draft,
};

/// The nine worker agents, in [`super::routing::AGENTS`] order.
pub const WORKERS: [Agent; 9] = [
    RESUME_PARSER,
    JD_ANALYSIS,
    MATCHING,
    CANDIDATE_RESEARCH,
    HR_INTERVIEW,
    TECHNICAL_INTERVIEW,
    CEO_INTERVIEW,
    EVALUATION,
    EMAIL,
];
