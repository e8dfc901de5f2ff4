//! Helpers shared by workflows: the agent type and its request, the settings every run shares,
//! one streamed, validated agent call with its custom events, schema building blocks, input checks.

pub mod agent;
pub mod call;
pub mod controls;
pub mod deps;
pub mod envelope;
pub mod events;
pub mod input;
pub mod json_blocks;
pub mod read_entries;
pub mod refusal;
pub mod schema;
pub mod score;
mod stream;
pub mod undecided;

pub use agent::Agent;
pub use call::{call_agent, emit_agent_error};
pub use controls::{RunControls, RunSettings};
pub use deps::{with_deps, Deps};
pub use envelope::Envelope;
pub use events::CustomEvent;
pub use input::{check_text, MAX_INPUT_CHARS};
pub use refusal::{is_key_refused, refuses_key, KeyRefused, KEY_REFUSED};
pub use score::clamp_score;
