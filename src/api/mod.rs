//! The JS API (wasm32): `Runner` starts workflows, `RunHandle` follows one run. Plain JSON in and
//! out (objects and arrays, never `Map`s); failures are JS `Error`s with a machine-readable `code`.
//! The TypeScript shapes are derived by tsify where Rust has the type, and written in `types.rs`
//! where the value is JSON; the package's entry (web/pkg/api.d.ts) declares the public classes
//! with per-workflow generics over them. Each file below is one group of verbs.

mod catalog;
mod convert;
mod error;
mod event_log;
mod handle;
mod in_tab;
mod interrupts;
mod runner;
mod start;
mod transfer;
mod types;

pub use handle::{EventIterator, RunHandle};
pub use runner::Runner;
