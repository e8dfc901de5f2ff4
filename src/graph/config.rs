//! Per-run settings: thread, recursion limit, event sink, injected sleep.

use std::rc::Rc;
use std::time::Duration;

use futures::future::LocalBoxFuture;

use crate::graph::checkpoint::Checkpointer;
use crate::graph::stream::EventSink;

/// An async sleep supplied by the caller (e.g. a `setTimeout` future in the browser), so retry
/// backoff works without tying the engine to a runtime.
pub type SleepFn = Rc<dyn Fn(Duration) -> LocalBoxFuture<'static, ()>>;

/// LangGraph's default recursion limit.
pub const DEFAULT_RECURSION_LIMIT: usize = 25;

/// How to run a graph: which thread, how many supersteps at most, where events go.
#[derive(Clone)]
pub struct RunConfig {
    pub thread_id: String,
    /// Start from this checkpoint instead of the thread's latest (replay / fork).
    pub checkpoint_id: Option<String>,
    /// Maximum number of supersteps of one invocation.
    pub recursion_limit: usize,
    pub events: Option<EventSink>,
    /// Used for retry backoff; without it retries happen immediately.
    pub sleep: Option<SleepFn>,
    /// Subgraph namespace and path, set by the parent graph.
    pub(crate) ns: String,
    pub(crate) path: Vec<String>,
    /// Checkpointer inherited from a parent graph (subgraphs are compiled without one).
    pub(crate) inherited_checkpointer: Option<Rc<dyn Checkpointer>>,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            thread_id: "default".to_string(),
            checkpoint_id: None,
            recursion_limit: DEFAULT_RECURSION_LIMIT,
            events: None,
            sleep: None,
            ns: String::new(),
            path: Vec::new(),
            inherited_checkpointer: None,
        }
    }
}

impl RunConfig {
    /// A config for `thread_id`, everything else default.
    pub fn thread(thread_id: impl Into<String>) -> Self {
        RunConfig {
            thread_id: thread_id.into(),
            ..Self::default()
        }
    }

    pub fn with_recursion_limit(mut self, limit: usize) -> Self {
        self.recursion_limit = limit;
        self
    }

    pub fn with_events(mut self, sink: EventSink) -> Self {
        self.events = Some(sink);
        self
    }

    pub fn with_sleep(mut self, sleep: SleepFn) -> Self {
        self.sleep = Some(sleep);
        self
    }

    pub fn at_checkpoint(mut self, checkpoint_id: impl Into<String>) -> Self {
        self.checkpoint_id = Some(checkpoint_id.into());
        self
    }
}

impl std::fmt::Debug for RunConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunConfig")
            .field("thread_id", &self.thread_id)
            .field("checkpoint_id", &self.checkpoint_id)
            .field("recursion_limit", &self.recursion_limit)
            .field("ns", &self.ns)
            .finish_non_exhaustive()
    }
}
