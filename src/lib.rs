//! careergraph: a LangGraph-style multi-agent workflow engine with career workflows on top.
//!
//! Layers, with imports pointing one way only:
//! `ui`, `api` (wasm32) → `store` → `session` → `workflows` → `graph`, `llm`, `domain` (plain data).
#![forbid(unsafe_code)]

pub mod domain;
pub mod graph;
pub mod llm;
pub mod session;
/// Saved runs and master resumes (IndexedDB on wasm32; the record types everywhere).
pub mod store;
pub mod value_de;
pub mod workflows;

#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod ui;

#[cfg(js_api)]
pub mod api;
