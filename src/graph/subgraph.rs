//! A compiled graph used as a node of another graph.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

use crate::graph::builder::{NodeOptions, StateGraph};
use crate::graph::command::Command;
use crate::graph::command::Resume;
use crate::graph::compiled::CompiledGraph;
use crate::graph::config::RunConfig;
use crate::graph::context::NodeContext;
use crate::graph::error::{GraphError, NodeError};
use crate::graph::outcome::RunOutcome;
use crate::graph::run_loop::Start;
use crate::graph::state::State;

impl<P: State> StateGraph<P> {
    /// Adds `child` as node `name`. `input` maps the parent state to the child's input;
    /// `output` maps (parent state, final child state) to the parent update — return only what
    /// is new, so the parent's append fields are not re-appended.
    ///
    /// The child shares the parent's checkpointer under its own namespace: interrupts inside
    /// it surface at the parent with the child's payload, and resuming continues inside the
    /// child, where completed child nodes do not run again.
    pub fn add_subgraph<C, I, O>(
        &mut self,
        name: &str,
        child: CompiledGraph<C>,
        input: I,
        output: O,
    ) -> &mut Self
    where
        C: State,
        I: Fn(&P) -> C::Update + 'static,
        O: Fn(&P, &C) -> P::Update + 'static,
    {
        let mappings = Rc::new((child, input, output));
        self.add_node_with(
            name,
            NodeOptions::default(),
            move |state: P, ctx: NodeContext| {
                let mappings = mappings.clone();
                async move {
                    let (child, input, output) = &*mappings;
                    match run_child(child, &ctx, || input(&state)).await {
                        Ok(RunOutcome::Done(child_state)) => {
                            Ok(Command::update(output(&state, &child_state)))
                        }
                        Ok(RunOutcome::Interrupted { interrupts, .. }) => {
                            Err(ctx.raise(interrupts))
                        }
                        Err(GraphError::NodeFailed { node, cause }) => Err(NodeError::msg(
                            format!("in subgraph node `{node}`: {cause}"),
                        )),
                        Err(error) => Err(NodeError::msg(error)),
                    }
                }
            },
        )
    }
}

/// Starts the child on its namespace, or picks it up where it stopped.
async fn run_child<C: State>(
    child: &CompiledGraph<C>,
    ctx: &NodeContext,
    input: impl FnOnce() -> C::Update,
) -> Result<RunOutcome<C>, GraphError> {
    let parent = ctx.config();
    let mut config: RunConfig = parent.clone();
    // The task id holds the step, so a child entered again later (a loop) starts afresh.
    config.ns = format!("{}{}/", parent.ns, ctx.task_id());
    config.path.push(ctx.node().to_string());
    config.checkpoint_id = None;
    config.inherited_checkpointer = ctx.checkpointer();
    let run_loop = crate::graph::run_loop::RunLoop {
        topology: &child.topology,
        checkpointer: child.effective_checkpointer(&config),
        config: &config,
    };
    let existing = match &run_loop.checkpointer {
        Some(saver) => saver.get(&config.thread_id, &config.ns, None).await?,
        None => None,
    };
    let answers: BTreeMap<String, Value> = ctx.fresh_answers().clone();
    let start = match existing {
        None => Start::Input(input()),
        Some(checkpoint) if !checkpoint.pending_interrupts.is_empty() && !answers.is_empty() => {
            Start::Resume(Resume::ById(answers))
        }
        // Paused without answers, failed, or already finished: go on from where it stopped.
        Some(_) => Start::Continue,
    };
    run_loop.run(start).await
}
