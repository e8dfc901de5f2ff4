//! The graph engine: LangGraph semantics, runtime-agnostic async. Knows nothing about LLMs or resumes.
//!
//! A workflow declares its state with [`state!`](crate::state), adds async nodes and edges to a
//! [`StateGraph`], compiles it, and runs it with [`CompiledGraph::invoke`]. Execution follows
//! Pregel/BSP supersteps: the nodes triggered in a step run concurrently (one thread, no `Send`
//! bound, so it works in the browser), and their updates are applied together at the end of the
//! step, in a deterministic order.
//!
//! Layout, after LangGraph: `channels` (reducers), `state` (trait + macro), `builder`
//! (declaration + validation), `algo` (pure step logic), `runner` (concurrent tasks),
//! `run_loop` (steps, interrupts, checkpoints), `checkpoint` (storage), `stream` (events).

mod algo;
#[cfg(test)]
mod algo_tests;
pub mod channels;
pub mod checkpoint;

mod builder;
mod command;
mod compiled;
mod config;
mod context;
mod error;
mod mermaid;
mod retry;
mod run_loop;
mod runner;
mod state;
mod stream;
mod subgraph;
mod topology;

pub use builder::{EdgeSources, NodeOptions, PathMap, StateGraph};
pub use checkpoint::{Checkpoint, CheckpointSource, Checkpointer, MemorySaver};
pub use command::{Command, Goto, Interrupt, Resume, Route, RouteTarget, Send, END, START};
pub use compiled::{CompiledGraph, StateSnapshot};
pub use config::{RunConfig, SleepFn, DEFAULT_RECURSION_LIMIT};
pub use context::NodeContext;
pub use error::{GraphError, NodeError};
pub use retry::RetryPolicy;
pub use run_loop::RunOutcome;
pub use state::State;
pub use stream::{EventSink, StreamEvent};

/// Used by the `state!` macro; not public API.
#[doc(hidden)]
pub mod __private {
    pub use serde;
}
