//! Helpers shared by workflows: one streamed, validated agent call with its custom events.

pub mod call;

pub use call::{call_agent, emit_agent_error};
