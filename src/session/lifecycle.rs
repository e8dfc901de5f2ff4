//! The one run lifecycle, generic over the declared workflow: start, resume with an answer,
//! reopen after a reload, continue a step a reload cut short, cancel, and the follow-up a
//! finished run may take on its own thread (the batch's "Retry failed"). Every workflow runs on a
//! checkpointer (IndexedDB in the app, memory otherwise), so every workflow can be reopened.
//!
//! Typed end to end: a step is a [`Step`] over the workflow's own state type. JSON appears only
//! where a caller names the workflow by id (the JS API, a saved run record): see `json.rs`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde_json::Value;

use super::error::{ErrorCode, SessionError};
use super::ids::new_thread_id;
use super::request::RunRequest;
use super::runtime::Runtime;
use crate::graph::{
    CompiledGraph, EventSink, GraphError, Interrupt, Resume, RunConfig, RunOutcome, State,
};
use crate::llm::CancelToken;
use crate::workflows::{RunEnv, Workflow};

/// Where a run stands after a step.
#[derive(Debug, Clone)]
pub enum Step<S> {
    /// Waiting for the user: answer one of `interrupts` with [`WorkflowRun::resume`].
    Paused {
        interrupts: Vec<Interrupt>,
        state: S,
    },
    /// Reached its end.
    Done(S),
    /// A reload cut a step short (only from [`WorkflowRun::reopen`]): `next` will run when the
    /// run is continued with [`WorkflowRun::continue_run`]; finished tasks are not run again.
    CutShort { next: Vec<String>, state: S },
    /// The run failed at a step (only from [`WorkflowRun::reopen`]): the step's writes cannot be
    /// merged (two tasks wrote a key without a reducer). `next` are the step's tasks and `error`
    /// is what the run failed with; [`WorkflowRun::continue_run`] fails again with the same error
    /// without calling a node. (A step whose *task* failed, e.g. a call cut off by a reload,
    /// re-opens as [`Step::CutShort`]: continuing runs that task again.)
    Failed {
        error: SessionError,
        next: Vec<String>,
        state: S,
    },
}

impl<S> Step<S> {
    pub fn state(&self) -> &S {
        match self {
            Step::Paused { state, .. }
            | Step::Done(state)
            | Step::CutShort { state, .. }
            | Step::Failed { state, .. } => state,
        }
    }

    pub fn is_done(&self) -> bool {
        matches!(self, Step::Done(_))
    }
}

impl<S: State> From<RunOutcome<S>> for Step<S> {
    fn from(outcome: RunOutcome<S>) -> Self {
        match outcome {
            RunOutcome::Done(state) => Step::Done(state),
            RunOutcome::Interrupted {
                state, interrupts, ..
            } => Step::Paused { interrupts, state },
        }
    }
}

/// A saved run the current graph cannot go on with (its format or its nodes changed).
fn outdated() -> SessionError {
    SessionError::new(
        ErrorCode::InvalidInput,
        "This run was saved by an older version of careergraph and cannot be continued: start it again.",
    )
}

/// One question of a paused step: answer it by `id`. `pause` is the workflow's typed payload
/// (an error names a payload this version does not know).
#[derive(Debug, Clone)]
pub struct Asked<P> {
    pub id: String,
    /// Subgraph path of the node that asked, empty at the root.
    pub path: Vec<String>,
    pub pause: Result<P, String>,
}

/// The future of one step: resolves when the run pauses, ends, fails or is stopped.
pub type StepFuture<S> = LocalBoxFuture<'static, Result<Step<S>, SessionError>>;

struct Inner<W: Workflow> {
    graph: CompiledGraph<W::State>,
    config: RunConfig,
    cancel: CancelToken,
    /// The first update, until the run is started.
    initial: RefCell<Option<<W::State as State>::Update>>,
    mermaid: String,
    /// Set once the run reached its end: it takes no more answers.
    finished: Cell<bool>,
    /// Set when it ended in a state its workflow declares a follow-up for.
    follow_up: Cell<bool>,
}

/// One run of workflow `W`. Cheap to clone; every clone drives the same run.
pub struct WorkflowRun<W: Workflow> {
    inner: Rc<Inner<W>>,
}

impl<W: Workflow> Clone for WorkflowRun<W> {
    fn clone(&self) -> Self {
        WorkflowRun {
            inner: self.inner.clone(),
        }
    }
}

impl<W: Workflow> WorkflowRun<W> {
    /// The one way a run starts: checks the request's input and builds a new run of `W` (on a new
    /// thread) on `runtime`, with the request's options. Nothing is sent until
    /// [`start`](Self::start)'s future is polled. A plain `W::Input` is a request with the
    /// default options.
    pub fn new(
        request: impl Into<RunRequest<W::Input>>,
        runtime: &Runtime,
    ) -> Result<Self, SessionError> {
        Self::build(request.into(), runtime, new_thread_id(W::THREAD_PREFIX))
    }

    fn build(
        request: RunRequest<W::Input>,
        runtime: &Runtime,
        thread_id: String,
    ) -> Result<Self, SessionError> {
        let cancel = CancelToken::new();
        let env = RunEnv {
            model: runtime.model.for_workflow::<W>(),
            agent_models: request.options.agent_models,
            cancel: cancel.clone(),
            checkpointer: runtime.checkpointer.clone(),
            thread_id: thread_id.clone(),
            now_ms: runtime.now_ms,
        };
        let prepared = W::prepare(request.input, &env)
            .map_err(|e| SessionError::new(ErrorCode::InvalidInput, e.0))?;
        let mermaid = prepared.graph.to_mermaid();
        Ok(WorkflowRun {
            inner: Rc::new(Inner {
                graph: prepared.graph,
                config: RunConfig::thread(thread_id).with_recursion_limit(prepared.recursion_limit),
                cancel,
                initial: RefCell::new(Some(prepared.initial)),
                mermaid,
                finished: Cell::new(false),
                follow_up: Cell::new(false),
            }),
        })
    }

    /// The one way a saved run comes back: rebuilds the run `thread_id` from the request it
    /// started with (same input, same options) on the same provider settings, and says where it
    /// stands. Fails with `InvalidInput` when the thread has no checkpoint (never saved, or
    /// deleted).
    pub async fn reopen(
        request: impl Into<RunRequest<W::Input>>,
        runtime: &Runtime,
        thread_id: &str,
    ) -> Result<(Self, Step<W::State>), SessionError> {
        let run = Self::build(request.into(), runtime, thread_id.to_string())?;
        run.inner.initial.borrow_mut().take();
        let snapshot = run
            .inner
            .graph
            .get_state(&run.inner.config)
            .await
            .map_err(|e| match e {
                GraphError::CheckpointNotFound { .. } => SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run is no longer saved in this browser (it was deleted or never saved): start it again.",
                ),
                // A checkpoint this version cannot read: written by another version of the app.
                GraphError::Serde(_) | GraphError::UnreadableCheckpoint { .. } => outdated(),
                other => SessionError::from_graph(&other),
            })?;
        let known = run.inner.graph.node_names();
        if snapshot.next.iter().any(|node| !known.contains(node)) {
            return Err(outdated());
        }
        let step = if !snapshot.interrupts.is_empty() {
            Step::Paused {
                interrupts: snapshot.interrupts,
                state: snapshot.values,
            }
        } else if snapshot.is_done() {
            // Not `next.is_empty()`: in the live view a step whose tasks all finished but were
            // not merged yet (a reload right after the last one) has no `next` and is not done.
            run.inner.finished.set(true);
            run.inner
                .follow_up
                .set(W::follow_up(&snapshot.values).is_some());
            Step::Done(snapshot.values)
        } else if let Some(error) = &snapshot.error {
            // Writes of the step that cannot be merged: continuing raises the same error without
            // running anything, so the run reads as failed. A task that failed (a call cut off by
            // a reload or by leaving the page, a network error) is not this: continuing runs it
            // again, so that run reads as cut short and goes on.
            let error = SessionError::from_graph(error);
            Step::Failed {
                error,
                next: snapshot.next,
                state: snapshot.values,
            }
        } else {
            Step::CutShort {
                next: snapshot.next,
                state: snapshot.values,
            }
        };
        Ok((run, step))
    }

    pub fn thread_id(&self) -> &str {
        &self.inner.config.thread_id
    }

    /// The workflow's graph as a Mermaid flowchart.
    pub fn mermaid(&self) -> &str {
        &self.inner.mermaid
    }

    /// The token `cancel` trips (for a caller that wants to watch it).
    pub fn cancel_token(&self) -> CancelToken {
        self.inner.cancel.clone()
    }

    pub fn is_cancelled(&self) -> bool {
        self.inner.cancel.is_cancelled()
    }

    /// Runs from the input to the first pause or the end. A second call fails: a run starts once.
    pub fn start(&self, events: EventSink) -> StepFuture<W::State> {
        let initial = self.inner.initial.borrow_mut().take();
        self.drive(events, move |graph, config| {
            Box::pin(async move {
                match initial {
                    Some(initial) => graph.invoke(initial, &config).await,
                    None => Err(GraphError::InvalidGraph(
                        "this run has already started".into(),
                    )),
                }
            })
        })
    }

    /// Answers the pause the run waits on with `answer` (the shape its payload documents) and
    /// runs to the next pause or the end.
    pub fn resume(&self, answer: Value, events: EventSink) -> StepFuture<W::State> {
        self.drive(events, move |graph, config| {
            Box::pin(async move { graph.resume(&config, Resume::value(answer)).await })
        })
    }

    /// Goes on from the latest checkpoint without an answer (a step a reload cut short): only
    /// the tasks of that step that had not finished run.
    pub fn continue_run(&self, events: EventSink) -> StepFuture<W::State> {
        self.drive(events, move |graph, config| {
            Box::pin(async move { graph.continue_run(&config).await })
        })
    }

    /// Whether a run that finished in `state` takes a follow-up ([`follow_up`](Self::follow_up)):
    /// its workflow declares one for that state ([`Workflow::follow_up`]).
    pub fn takes_follow_up(state: &W::State) -> bool {
        W::follow_up(state).is_some()
    }

    /// The run has finished in a state that takes a follow-up.
    pub fn can_follow_up(&self) -> bool {
        self.inner.finished.get() && self.inner.follow_up.get()
    }

    /// Invokes the FINISHED run again on its own thread with the follow-up its workflow declares
    /// for the state it finished in (the batch's "Retry failed"), and runs to the next pause or
    /// the end. Works on a run that finished here and on one reopened as done after a reload.
    /// Like every step it is saved to the checkpointer as it goes, so a reload during it reopens
    /// the run as cut short (continue it) or paused. Fails with `InvalidInput` while the run has
    /// not finished, or when its workflow takes no follow-up for that state.
    pub fn follow_up(&self, events: EventSink) -> StepFuture<W::State> {
        let inner = self.inner.clone();
        if inner.cancel.is_cancelled() {
            return Box::pin(async { Err(SessionError::stopped()) });
        }
        // Claimed at once: a second call before this one ends finds the run busy.
        let offered = inner.follow_up.replace(false);
        if !inner.finished.replace(false) {
            return Box::pin(async {
                Err(SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run has not finished: a follow-up starts once it has.",
                ))
            });
        }
        Box::pin(async move {
            let finished = match inner.graph.get_state(&inner.config).await {
                Ok(snapshot) if snapshot.is_done() => snapshot.values,
                Ok(_) => {
                    return Err(SessionError::new(
                        ErrorCode::InvalidInput,
                        "This run has not finished: a follow-up starts once it has.",
                    ))
                }
                Err(error) => {
                    // Nothing ran: the run stands as it finished, follow-up offered or not.
                    inner.finished.set(true);
                    inner.follow_up.set(offered);
                    return Err(SessionError::from_graph(&error));
                }
            };
            let Some(update) = W::follow_up(&finished) else {
                inner.finished.set(true);
                return Err(SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run has finished and has nothing to do again.",
                ));
            };
            let config = inner.config.clone().with_events(events);
            let outcome = inner.graph.invoke(update, &config).await;
            Self::took(&inner, outcome)
        })
    }

    /// Writes `update` into the FINISHED run's thread as a new checkpoint, without running a node
    /// (LangGraph's `update_state`): what a person adds to a result, such as a decision per
    /// candidate. The run stays finished; resolves to its new state. Fails with `InvalidInput`
    /// while the run has not finished.
    pub fn amend(
        &self,
        update: <W::State as State>::Update,
    ) -> LocalBoxFuture<'static, Result<W::State, SessionError>> {
        let inner = self.inner.clone();
        Box::pin(async move {
            if !inner.finished.get() {
                return Err(SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run has not finished: a decision is recorded on its result.",
                ));
            }
            let graph_error = |e: crate::graph::GraphError| SessionError::from_graph(&e);
            inner
                .graph
                .update_state(&inner.config, update, None)
                .await
                .map_err(graph_error)?;
            let snapshot = inner
                .graph
                .get_state(&inner.config)
                .await
                .map_err(graph_error)?;
            Ok(snapshot.values)
        })
    }

    /// [`resume`](Self::resume) with a typed answer.
    pub fn answer(&self, answer: &W::Answer, events: EventSink) -> StepFuture<W::State> {
        match serde_json::to_value(answer) {
            Ok(answer) => self.resume(answer, events),
            Err(e) => {
                Box::pin(
                    async move { Err(SessionError::new(ErrorCode::InvalidInput, e.to_string())) },
                )
            }
        }
    }

    /// What a paused step asks, typed: one entry per interrupt, in order.
    pub fn asked(interrupts: &[Interrupt]) -> Vec<Asked<W::Pause>> {
        interrupts
            .iter()
            .map(|interrupt| Asked {
                id: interrupt.id.clone(),
                path: interrupt.path.clone(),
                pause: crate::value_de::from_value(interrupt.payload.clone())
                    .map_err(|e| format!("{}: an unknown pause ({e})", W::ID)),
            })
            .collect()
    }

    /// Stops the run: model calls in flight are aborted, and it takes no more answers.
    pub fn cancel(&self) {
        self.inner.cancel.cancel();
    }

    fn drive(
        &self,
        events: EventSink,
        go: impl FnOnce(
            CompiledGraph<W::State>,
            RunConfig,
        ) -> LocalBoxFuture<'static, Result<RunOutcome<W::State>, GraphError>>,
    ) -> StepFuture<W::State> {
        let inner = self.inner.clone();
        if inner.cancel.is_cancelled() {
            return Box::pin(async { Err(SessionError::stopped()) });
        }
        if inner.finished.get() {
            return Box::pin(async {
                Err(SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run has finished: it takes no more answers.",
                ))
            });
        }
        let outcome = go(
            inner.graph.clone(),
            inner.config.clone().with_events(events),
        );
        Box::pin(async move { Self::took(&inner, outcome.await) })
    }

    /// The step an invocation ended in; a run that reached its end takes no more answers.
    fn took(
        inner: &Inner<W>,
        outcome: Result<RunOutcome<W::State>, GraphError>,
    ) -> Result<Step<W::State>, SessionError> {
        let step: Step<W::State> = outcome
            .map_err(|e| SessionError::from_run(&e, &inner.cancel))?
            .into();
        if let Step::Done(state) = &step {
            inner.finished.set(true);
            inner.follow_up.set(W::follow_up(state).is_some());
        }
        Ok(step)
    }
}
