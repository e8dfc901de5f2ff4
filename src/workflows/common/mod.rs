//! Helpers shared by workflows: one streamed, validated agent call with its custom events.

pub mod call;
pub mod input;

use crate::domain::Language;

pub use call::{call_agent, emit_agent_error};
pub use input::{check_text, MAX_INPUT_CHARS};

/// An agent's system prompt in the run's output language: the role's prompt, then the language
/// instruction (JSON keys and enum values stay English, so parsing never depends on it).
pub fn system_prompt(role_prompt: &str, language: Language) -> String {
    format!(
        "{}\n\n{}",
        role_prompt.trim_end(),
        language.prompt_instruction()
    )
}
