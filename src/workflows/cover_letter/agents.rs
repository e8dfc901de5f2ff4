//! The model agents of the cover letter: node name, instructions and answer schema. Schemas are
//! strict (every property required, no others) and bounded: every list and string has its limit.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::workflows::common::schema::{long_text, object, strings_up_to, text};
pub use crate::workflows::common::Agent;

pub const EVIDENCE: Agent = Agent {
    node: "evidence",
    prompt: include_str!("prompts/evidence.md"),
    schema_name: "cover_letter_evidence",
    schema: evidence_schema,
};

pub const FRAMING: Agent = Agent {
    node: "framing",
    prompt: include_str!("prompts/framing.md"),
    schema_name: "cover_letter_framing",
    schema: framing_schema,
};

pub const WRITER: Agent = Agent {
    node: "writer",
    prompt: include_str!("prompts/writer.md"),
    schema_name: "cover_letter",
    schema: letter_schema,
};

/// Every agent of the workflow.
pub const AGENTS: [Agent; 3] = [EVIDENCE, FRAMING, WRITER];

/// Requirements the evidence agent may match (more than the analysis keeps is never asked).
pub const MAX_MATCHES: u32 = 16;
/// Resume lines one requirement or one paragraph may cite.
pub const MAX_CITED_LINES: u32 = 4;
/// Paragraphs of a letter, greeting and sign-off included (the longest length's count).
pub const MAX_PARAGRAPHS: u32 = 8;
/// Characters of one paragraph.
pub const PARAGRAPH_MAX_CHARS: u32 = 1200;

/// The evidence agent's answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EvidenceAnswer {
    pub matches: Vec<MatchAnswer>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchAnswer {
    pub requirement: String,
    pub lines: Vec<String>,
    #[serde(default)]
    pub why: String,
}

/// The framing agent's answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FramingAnswer {
    pub company_focus: String,
    pub role_focus: String,
    #[serde(default)]
    pub themes: Vec<String>,
}

/// The writer's answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LetterAnswer {
    pub paragraphs: Vec<ParagraphAnswer>,
    #[serde(default)]
    pub changes: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ParagraphAnswer {
    pub text: String,
    #[serde(default)]
    pub requirements: Vec<String>,
    #[serde(default)]
    pub resume_lines: Vec<String>,
}

/// An id list (`R3`, `L12`): short strings, few of them.
fn ids(description: &str, max_items: u32) -> Value {
    json!({
        "type": "array",
        "items": {"type": "string", "maxLength": 8},
        "description": description,
        "maxItems": max_items
    })
}

fn evidence_schema() -> Value {
    object(json!({
        "matches": {
            "type": "array",
            "description": "One entry per requirement the resume answers; requirements it does not answer are left out",
            "maxItems": MAX_MATCHES,
            "items": object(json!({
                "requirement": {"type": "string", "maxLength": 8, "description": "A requirement id, e.g. R2"},
                "lines": ids("Ids of the resume lines that show it, e.g. L4", MAX_CITED_LINES),
                "why": text("One sentence: how these lines show the requirement")
            }))
        }
    }))
}

fn framing_schema() -> Value {
    object(json!({
        "company_focus": text("What the company does or cares about, as the posting says"),
        "role_focus": text("What this role is for, as the posting says"),
        "themes": strings_up_to("Themes of the posting worth echoing, most important first", 4)
    }))
}

fn letter_schema() -> Value {
    object(json!({
        "paragraphs": {
            "type": "array",
            "description": "The letter, greeting to sign-off, one entry per paragraph",
            "maxItems": MAX_PARAGRAPHS,
            "items": object(json!({
                "text": long_text("The paragraph", PARAGRAPH_MAX_CHARS),
                "requirements": ids("Ids of the requirements this paragraph answers", 6),
                "resume_lines": ids("Ids of the resume lines this paragraph rests on", MAX_CITED_LINES)
            }))
        },
        "changes": strings_up_to("On a revision: what changed and why; otherwise empty", 4)
    }))
}
