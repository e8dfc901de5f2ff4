//! Helpers shared by workflows: the agent type and its request, the settings every run shares,
//! one streamed, validated agent call with its custom events, schema building blocks, input checks.

pub mod agent;
pub mod call;
pub mod controls;
pub mod deps;
pub mod input;
pub mod schema;

pub use agent::Agent;
pub use call::{call_agent, emit_agent_error};
pub use controls::{RunControls, RunSettings};
pub use deps::Deps;
pub use input::{check_text, MAX_INPUT_CHARS};

use crate::domain::Language;

/// An agent's system prompt in the run's output language: the role's prompt, then the language
/// instruction (JSON keys and enum values stay English, so parsing never depends on it).
pub fn system_prompt(role_prompt: &str, language: Language) -> String {
    format!(
        "{}\n\n{}",
        role_prompt.trim_end(),
        language.prompt_instruction()
    )
}
