//! `CompiledGraph`: run, resume, inspect and edit threads.

use std::rc::Rc;

use crate::graph::algo::{apply_writes, finish_task, PreparedTask, TaskKind};
use crate::graph::checkpoint::{
    checkpoint_id, checkpoint_sequence, full_history, load_full, Checkpoint, CheckpointSource,
    Checkpointer,
};
use crate::graph::command::{Command, Resume};
use crate::graph::config::RunConfig;
use crate::graph::error::GraphError;
use crate::graph::outcome::RunOutcome;
use crate::graph::run_loop::{RunLoop, Start};
use crate::graph::snapshot::{build_snapshot, StateSnapshot, View};
use crate::graph::state::State;
use crate::graph::thread::ThreadState;
use crate::graph::topology::Topology;

/// A validated graph, ready to run. Cheap to clone.
pub struct CompiledGraph<S: State> {
    pub(crate) topology: Rc<Topology<S>>,
    pub(crate) checkpointer: Option<Rc<dyn Checkpointer>>,
}

impl<S: State> Clone for CompiledGraph<S> {
    fn clone(&self) -> Self {
        CompiledGraph {
            topology: self.topology.clone(),
            checkpointer: self.checkpointer.clone(),
        }
    }
}

impl<S: State> CompiledGraph<S> {
    pub(crate) fn new(topology: Topology<S>, checkpointer: Option<Rc<dyn Checkpointer>>) -> Self {
        CompiledGraph {
            topology: Rc::new(topology),
            checkpointer,
        }
    }

    /// Node names, sorted.
    pub fn node_names(&self) -> Vec<String> {
        self.topology.nodes.keys().cloned().collect()
    }

    /// Runs the graph from START with `input` applied through the reducers. On a thread that
    /// already has state, the input is applied on top of it (like LangGraph).
    pub async fn invoke(
        &self,
        input: impl Into<S::Update>,
        config: &RunConfig,
    ) -> Result<RunOutcome<S>, GraphError> {
        self.run_loop(config).run(Start::Input(input.into())).await
    }

    /// Answers pending interrupts and runs on. Interrupted nodes re-run from their start, where
    /// `ctx.interrupt` now returns the answer.
    pub async fn resume(
        &self,
        config: &RunConfig,
        resume: Resume,
    ) -> Result<RunOutcome<S>, GraphError> {
        self.run_loop(config).run(Start::Resume(resume)).await
    }

    /// Goes on from the thread's checkpoint (or `config.checkpoint_id`: replay / fork) without
    /// new input: only the step's tasks that have not finished run (after a failure or a
    /// reload mid-step). If the step's saved writes cannot be merged, it fails with the same
    /// error without calling any node; it succeeds once the graph declares a reducer for the
    /// key. (`update_state` instead drops the step's writes: its nodes then run again.)
    pub async fn continue_run(&self, config: &RunConfig) -> Result<RunOutcome<S>, GraphError> {
        self.run_loop(config).run(Start::Continue).await
    }

    /// The thread's state. Without `config.checkpoint_id`, the live view: the latest checkpoint
    /// with the writes of the next step's finished tasks applied (on a copy) and `next` listing
    /// only the tasks still to run; if those writes cannot be merged, the thread reads as failed
    /// at that step: the committed values, every task of the step in `next`, and the merge error
    /// (`error`, and on each finished task). With a checkpoint id, that checkpoint as committed.
    /// Either way each task carries its result, error or interrupts.
    pub async fn get_state(&self, config: &RunConfig) -> Result<StateSnapshot<S>, GraphError> {
        let saver = self.saver(config, "get_state")?;
        let checkpoint = saver
            .get(
                &config.thread_id,
                &config.ns,
                config.checkpoint_id.as_deref(),
            )
            .await?
            .ok_or_else(|| GraphError::CheckpointNotFound {
                thread_id: config.thread_id.clone(),
                checkpoint_id: config.checkpoint_id.clone(),
            })?;
        let checkpoint = load_full(saver.as_ref(), checkpoint).await?;
        let view = match config.checkpoint_id {
            Some(_) => View::Historical,
            None => View::Live,
        };
        build_snapshot(&self.topology, &checkpoint, view)
    }

    /// Every checkpoint of the thread as committed, newest first.
    pub async fn state_history(
        &self,
        config: &RunConfig,
    ) -> Result<Vec<StateSnapshot<S>>, GraphError> {
        let saver = self.saver(config, "state_history")?;
        let checkpoints = full_history(&saver.list(&config.thread_id, &config.ns).await?)?;
        checkpoints
            .iter()
            .map(|c| build_snapshot(&self.topology, c, View::Historical))
            .collect()
    }

    /// Writes `update` into the thread as a new checkpoint, through the reducers. With
    /// `as_node`, the update counts as that node's output: its edges decide what runs next.
    /// Without, the next tasks stay as they were. Pending writes and interrupts are dropped.
    /// Returns the new checkpoint id.
    pub async fn update_state(
        &self,
        config: &RunConfig,
        update: S::Update,
        as_node: Option<&str>,
    ) -> Result<String, GraphError> {
        let saver = self.saver(config, "update_state")?;
        let latest = saver.get(&config.thread_id, &config.ns, None).await?;
        let base = match &config.checkpoint_id {
            Some(id) => saver.get(&config.thread_id, &config.ns, Some(id)).await?,
            None => latest.clone(),
        }
        .ok_or_else(|| GraphError::CheckpointNotFound {
            thread_id: config.thread_id.clone(),
            checkpoint_id: config.checkpoint_id.clone(),
        })?;
        let base = load_full(saver.as_ref(), base).await?;
        let latest_sequence = latest.map(|c| checkpoint_sequence(&c.id)).unwrap_or(0);
        let mut thread: ThreadState<S> = ThreadState::from_checkpoint(&base, latest_sequence)?;
        match as_node {
            Some(node) => {
                if !self.topology.nodes.contains_key(node) {
                    return Err(GraphError::InvalidGraph(format!(
                        "update_state as unknown node `{node}`"
                    )));
                }
                let task = PreparedTask {
                    id: format!("update:{node}"),
                    node: node.to_string(),
                    kind: TaskKind::Pull,
                    input: None,
                };
                let writes =
                    finish_task(&self.topology, node, &thread.state, Command::update(update))?;
                let (triggers, _) = apply_writes(
                    &self.topology,
                    &mut thread.state,
                    &thread.triggers,
                    vec![(&task, writes)],
                    false,
                )?;
                thread.triggers = triggers;
            }
            None => {
                thread.state.apply_updates(vec![update])?;
            }
        }
        let id = checkpoint_id(thread.next_sequence);
        let checkpoint = Checkpoint {
            id: id.clone(),
            parent_id: Some(base.id.clone()),
            step: base.step + 1,
            source: CheckpointSource::Update,
            // A full checkpoint: its whole state, whatever the base stored.
            format_version: crate::graph::checkpoint::CHECKPOINT_FORMAT_VERSION,
            channel_values: serde_json::to_value(&thread.state)?,
            delta: None,
            pending_tasks: crate::graph::checkpoint::encode_triggers(&thread.triggers)?,
            pending_writes: Vec::new(),
            pending_interrupts: Vec::new(),
            pending_errors: Vec::new(),
            resume_values: Default::default(),
            ..base
        };
        saver.put(checkpoint).await?;
        Ok(id)
    }

    /// The checkpointer in effect: the graph's own, or the one inherited from a parent graph.
    pub(crate) fn effective_checkpointer(
        &self,
        config: &RunConfig,
    ) -> Option<Rc<dyn Checkpointer>> {
        self.checkpointer
            .clone()
            .or_else(|| config.inherited_checkpointer.clone())
    }

    fn saver(
        &self,
        config: &RunConfig,
        what: &'static str,
    ) -> Result<Rc<dyn Checkpointer>, GraphError> {
        self.effective_checkpointer(config)
            .ok_or(GraphError::NoCheckpointer(what))
    }

    fn run_loop<'a>(&'a self, config: &'a RunConfig) -> RunLoop<'a, S> {
        RunLoop {
            topology: &self.topology,
            checkpointer: self.effective_checkpointer(config),
            config,
        }
    }
}
