//! Runs the tasks of one superstep concurrently on the current thread, with retries.

use std::collections::BTreeMap;
use std::rc::Rc;

use futures::stream::{FuturesUnordered, Stream};
use serde_json::Value;

use crate::graph::algo::{finish_task, PreparedTask, TaskWrites};
use crate::graph::checkpoint::Checkpointer;
use crate::graph::command::Interrupt;
use crate::graph::config::RunConfig;
use crate::graph::context::{ContextParts, NodeContext};
use crate::graph::error::GraphError;
use crate::graph::state::State;
use crate::graph::stream::StreamEvent;
use crate::graph::topology::Topology;

/// How one task ended.
pub(crate) enum TaskOutcome<S: State> {
    Done(TaskWrites<S>),
    Interrupted(Vec<Interrupt>),
    Failed(GraphError),
}

/// A task to run plus the interrupt answers it gets.
pub(crate) struct TaskRun<'a, S: State> {
    pub task: &'a PreparedTask<S>,
    pub resume_values: Vec<Value>,
    pub fresh_answers: BTreeMap<String, Value>,
}

/// Everything tasks share within a step.
pub(crate) struct StepEnv<'a, S: State> {
    pub topology: &'a Topology<S>,
    pub committed: &'a S,
    pub step: i64,
    pub config: &'a RunConfig,
    pub checkpointer: Option<Rc<dyn Checkpointer>>,
}

/// Runs all tasks concurrently and yields each task with its outcome as soon as it ends, so the
/// loop can save it before the next one arrives (a reload then keeps every finished task).
/// Draining the stream waits for every task, even after a failure: a sibling that succeeds
/// (say, a paid LLM call) must be kept as a pending write, not thrown away. Dropping it drops
/// the tasks still running.
pub(crate) fn run_step<'a, S: State>(
    env: &'a StepEnv<'a, S>,
    runs: Vec<TaskRun<'a, S>>,
) -> impl Stream<Item = (&'a PreparedTask<S>, TaskOutcome<S>)> + 'a {
    runs.into_iter()
        .map(|run| async move {
            let task = run.task;
            (task, run_task(env, run).await)
        })
        .collect::<FuturesUnordered<_>>()
}

async fn run_task<S: State>(env: &StepEnv<'_, S>, run: TaskRun<'_, S>) -> TaskOutcome<S> {
    let task = run.task;
    let spec = &env.topology.nodes[&task.node];
    let emit = |event: StreamEvent| {
        if let Some(sink) = &env.config.events {
            sink.emit(event);
        }
    };
    emit(StreamEvent::NodeStarted {
        path: env.config.path.clone(),
        step: env.step,
        node: task.node.clone(),
        task_id: task.id.clone(),
    });
    let mut attempt = 1;
    loop {
        let ctx = NodeContext::new(ContextParts {
            node: task.node.clone(),
            task_id: task.id.clone(),
            step: env.step,
            config: env.config.clone(),
            checkpointer: env.checkpointer.clone(),
            resume_values: run.resume_values.clone(),
            fresh_answers: run.fresh_answers.clone(),
        });
        let input = task.input.clone().unwrap_or_else(|| env.committed.clone());
        let error = match (spec.run)(input, ctx.clone()).await {
            Ok(command) => {
                return match finish_task(env.topology, &task.node, env.committed, command) {
                    Ok(writes) => {
                        if env.config.events.is_some() {
                            let update =
                                serde_json::to_value(&writes.update).unwrap_or(Value::Null);
                            emit(StreamEvent::NodeFinished {
                                path: env.config.path.clone(),
                                step: env.step,
                                node: task.node.clone(),
                                task_id: task.id.clone(),
                                update,
                            });
                        }
                        TaskOutcome::Done(writes)
                    }
                    Err(error) => {
                        emit(StreamEvent::NodeFailed {
                            path: env.config.path.clone(),
                            step: env.step,
                            node: task.node.clone(),
                            error: error.to_string(),
                        });
                        TaskOutcome::Failed(error)
                    }
                };
            }
            Err(error) if error.is_interrupt() => {
                return TaskOutcome::Interrupted(ctx.take_interrupts());
            }
            Err(error) => error,
        };
        if let Some(policy) = spec.retry.as_ref().filter(|p| attempt < p.max_attempts) {
            if let Some(sleep) = &env.config.sleep {
                sleep(policy.interval_after(attempt)).await;
            }
            attempt += 1;
            continue;
        }
        emit(StreamEvent::NodeFailed {
            path: env.config.path.clone(),
            step: env.step,
            node: task.node.clone(),
            error: error.to_string(),
        });
        return TaskOutcome::Failed(GraphError::NodeFailed {
            node: task.node.clone(),
            cause: error.to_string(),
        });
    }
}
