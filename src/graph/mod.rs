//! The graph engine: LangGraph semantics, runtime-agnostic async. Knows nothing about LLMs or resumes.
//!
//! A workflow declares its state with [`state!`](crate::state), adds async nodes and edges to a
//! [`StateGraph`], compiles it, and runs it with [`CompiledGraph::invoke`]. Execution follows
//! Pregel/BSP supersteps: the nodes triggered in a step run concurrently (one thread, no `Send`
//! bound, so it works in the browser), and their updates are applied together at the end of the
//! step, in a deterministic order.
//!
//! ```
//! use std::rc::Rc;
//! use careergraph::graph::{EventSink, MemorySaver, NodeContext, Resume, RunConfig, StateGraph, START, END};
//! use careergraph::state;
//! use futures::executor::block_on;
//! use serde_json::json;
//!
//! state! {
//!     pub struct Draft updates DraftUpdate {
//!         pub text: String,
//!         pub notes: Vec<String> => append,
//!     }
//! }
//!
//! let mut graph = StateGraph::<Draft>::new();
//! graph.add_node("write", |s: Draft, ctx: NodeContext| async move {
//!     ctx.emit(json!("token")); // custom stream event
//!     Ok(DraftUpdate::default().text(format!("{} v2", s.text)))
//! });
//! graph.add_node("approve", |_s: Draft, ctx: NodeContext| async move {
//!     let answer = ctx.interrupt(json!("ok to send?"))?; // pauses the run
//!     Ok(DraftUpdate::default().notes(vec![answer.to_string()]))
//! });
//! graph.add_edge(START, "write");
//! graph.add_conditional_edges("write", |s: &Draft| if s.text.is_empty() { END } else { "approve" }, ["approve", END]);
//! let graph = graph.compile_with_checkpointer(Rc::new(MemorySaver::new())).unwrap();
//!
//! let (events, _receiver) = EventSink::channel();
//! let config = RunConfig::thread("user-42").with_events(events);
//! let paused = block_on(graph.invoke(DraftUpdate::default().text("v1"), &config)).unwrap();
//! assert_eq!(paused.interrupts()[0].payload, json!("ok to send?"));
//! let done = block_on(graph.resume(&config, Resume::value("yes"))).unwrap();
//! assert_eq!(done.state().text, "v1 v2");
//! ```
//!
//! Layout, after LangGraph: `channels` (reducers), `state` (trait + macro), `builder`
//! (declaration + validation), `algo` (pure step logic), `runner` (concurrent tasks),
//! `run_loop` (steps, interrupts, checkpoints), `pending` (the uncommitted step's task results,
//! saved per task), `snapshot` (`get_state`), `checkpoint` (storage), `stream` (events).

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
mod outcome;
mod pending;
mod retry;
mod run_loop;
mod runner;
mod snapshot;
mod state;
mod stream;
mod subgraph;
mod thread;
mod topology;
mod validate;

pub use builder::{EdgeSources, NodeOptions, PathMap, StateGraph};
pub use checkpoint::{
    ChannelDelta, Checkpoint, CheckpointSource, Checkpointer, MemorySaver, PendingWrite,
    TaskFailure, TaskWrite,
};
pub use command::{Command, Goto, Interrupt, Resume, Route, RouteTarget, Send, END, START};
pub use compiled::CompiledGraph;
pub use config::{RunConfig, SleepFn, DEFAULT_RECURSION_LIMIT};
pub use context::NodeContext;
pub use error::{GraphError, NodeError};
pub use outcome::RunOutcome;
pub use retry::RetryPolicy;
pub use snapshot::{StateSnapshot, TaskSnapshot};
pub use state::State;
pub use stream::{EventSink, StreamEvent};

/// Used by the `state!` macro; not public API.
#[doc(hidden)]
pub mod __private {
    pub use serde;
    pub use serde_json;
}
