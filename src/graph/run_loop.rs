//! The superstep loop: loads or starts a thread, runs steps until END, an interrupt, a failure
//! or the recursion limit, saves each task's result as it ends (`put_writes`) and a checkpoint
//! after every step.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use futures::StreamExt;
use serde_json::Value;

use crate::graph::algo::{apply_input, apply_writes, prepare_next_tasks};
use crate::graph::checkpoint::{
    checkpoint_id, checkpoint_sequence, load_full, CheckpointSource, Checkpointer, TaskWrite,
};
use crate::graph::command::Resume;
use crate::graph::config::RunConfig;
use crate::graph::error::GraphError;
use crate::graph::outcome::RunOutcome;
use crate::graph::runner::{run_step, StepEnv, TaskOutcome, TaskRun};
use crate::graph::state::State;
use crate::graph::stream::StreamEvent;
use crate::graph::thread::ThreadState;
use crate::graph::topology::Topology;

/// How a run begins.
pub(crate) enum Start<S: State> {
    Input(S::Update),
    Resume(Resume),
    /// Go on from the saved checkpoint (after a failure, or to replay from `checkpoint_id`).
    Continue,
}

/// One invocation of a graph on a thread.
pub(crate) struct RunLoop<'a, S: State> {
    pub topology: &'a Topology<S>,
    pub checkpointer: Option<Rc<dyn Checkpointer>>,
    pub config: &'a RunConfig,
}

impl<S: State> RunLoop<'_, S> {
    /// Runs to completion, pause or failure, reporting the end on the event stream.
    pub async fn run(&self, start: Start<S>) -> Result<RunOutcome<S>, GraphError> {
        let result = self.run_inner(start).await;
        if let Some(sink) = &self.config.events {
            let path = self.config.path.clone();
            match &result {
                Ok(RunOutcome::Done(state)) => sink.emit(StreamEvent::RunFinished {
                    path,
                    state: serde_json::to_value(state).unwrap_or(Value::Null),
                }),
                Ok(RunOutcome::Interrupted { interrupts, .. }) => {
                    sink.emit(StreamEvent::Interrupted {
                        path,
                        interrupts: interrupts.clone(),
                    })
                }
                Err(error) => sink.emit(StreamEvent::RunFailed {
                    path,
                    error: error.to_string(),
                }),
            }
        }
        result
    }

    async fn run_inner(&self, start: Start<S>) -> Result<RunOutcome<S>, GraphError> {
        let mut thread = self.load(&start).await?;
        let mut fresh_answers: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
        match start {
            Start::Input(input) => {
                let (triggers, changes) = apply_input(
                    self.topology,
                    &mut thread.state,
                    &thread.triggers,
                    input,
                    self.checkpointer.is_some(),
                )?;
                thread.triggers = triggers;
                thread.unsaved = Some(changes);
                thread.step += 1;
                thread.pending.clear();
                thread.resume_values.clear();
                self.save_new(&mut thread, CheckpointSource::Input).await?;
            }
            Start::Resume(resume) => {
                fresh_answers = self.answer_interrupts(&mut thread, resume)?;
                // Saved before anything runs (LangGraph writes RESUME at once): after a reload
                // the answered task runs again with its answers instead of asking again.
                self.save_pending(&thread).await?;
            }
            Start::Continue => {}
        }
        let mut steps_run = 0;
        loop {
            let step = thread.step + 1;
            let tasks = prepare_next_tasks(self.topology, &thread.triggers, step);
            if tasks.is_empty() {
                return Ok(RunOutcome::Done(thread.state));
            }
            if steps_run >= self.config.recursion_limit {
                return Err(GraphError::RecursionLimit {
                    limit: self.config.recursion_limit,
                });
            }
            // Tasks already done (pending writes) are not paid for twice; tasks whose interrupts
            // are all still unanswered stay paused. A task with some answers runs (a subgraph
            // with several interrupts resumes the answered ones and re-reports the rest).
            let paused: BTreeSet<&str> = thread
                .pending
                .interrupts
                .iter()
                .map(|(task_id, _)| task_id.as_str())
                .filter(|task_id| !fresh_answers.contains_key(*task_id))
                .collect();
            let runs: Vec<TaskRun<S>> = tasks
                .iter()
                .filter(|t| {
                    !thread.pending.writes.contains_key(&t.id) && !paused.contains(t.id.as_str())
                })
                .map(|task| TaskRun {
                    task,
                    resume_values: thread
                        .resume_values
                        .get(&task.id)
                        .cloned()
                        .unwrap_or_default(),
                    fresh_answers: fresh_answers.remove(&task.id).unwrap_or_default(),
                })
                .collect();
            // A task that runs reports its interrupts afresh.
            let running: BTreeSet<&str> = runs.iter().map(|r| r.task.id.as_str()).collect();
            thread
                .pending
                .interrupts
                .retain(|(task_id, _)| !running.contains(task_id.as_str()));
            let env = StepEnv {
                topology: self.topology,
                committed: &thread.state,
                step,
                config: self.config,
                checkpointer: self.checkpointer.clone(),
            };
            // Each task is saved the moment it ends, before the next one is taken in: dropping
            // this future (a page reload) at any point keeps every task that had finished.
            let mut failures: BTreeMap<usize, GraphError> = BTreeMap::new();
            let mut save_error = None;
            let mut ended = run_step(&env, runs);
            while let Some((task, outcome)) = ended.next().await {
                if let TaskOutcome::Failed(error) = &outcome {
                    let position = tasks.iter().position(|t| t.id == task.id);
                    failures.insert(position.unwrap_or(usize::MAX), error.clone());
                }
                let saved = match thread.pending.record(task, outcome) {
                    Ok(write) => self.save_task(thread.checkpoint_id.as_deref(), write).await,
                    Err(error) => Err(error),
                };
                // The other tasks keep running: if the step commits, its checkpoint holds
                // this task's writes anyway.
                if let Err(error) = saved {
                    save_error.get_or_insert(error);
                }
            }
            drop(ended);
            // Report interrupts in task order, however many resumes it took to get here.
            thread.pending.sort_interrupts(&tasks);
            // The first failure in task order, whatever order the tasks ended in.
            let failure = failures.into_values().next();
            if failure.is_some() || !thread.pending.interrupts.is_empty() {
                // A task whose save failed would be lost on reload: that error comes first.
                if let Some(error) = save_error {
                    return Err(error);
                }
                return match failure {
                    Some(error) => Err(error),
                    None => Ok(RunOutcome::Interrupted {
                        interrupts: thread.pending.interrupt_list(),
                        tasks: thread.pending.task_snapshots(&tasks)?,
                        state: thread.state,
                    }),
                };
            }
            let finished = tasks
                .iter()
                .map(|task| {
                    let writes = thread
                        .pending
                        .writes
                        .remove(&task.id)
                        .expect("all tasks wrote");
                    (task, writes)
                })
                .collect();
            // Writes that cannot be merged (two values for a plain key) fail the run; they stay
            // saved as pending, so continuing fails the same way without calling a node again,
            // and merges them once the graph declares a reducer for the key.
            let (triggers, changes) = apply_writes(
                self.topology,
                &mut thread.state,
                &thread.triggers,
                finished,
                self.checkpointer.is_some(),
            )?;
            thread.triggers = triggers;
            thread.unsaved = Some(changes);
            thread.pending.clear();
            thread.step = step;
            thread.resume_values.clear();
            steps_run += 1;
            self.save_new(&mut thread, CheckpointSource::Loop).await?;
            if let Some(sink) = &self.config.events {
                sink.emit(StreamEvent::StepDone {
                    path: self.config.path.clone(),
                    step,
                    nodes: tasks.iter().map(|t| t.node.clone()).collect(),
                    state: if sink.wants_step_states() {
                        serde_json::to_value(&thread.state)?
                    } else {
                        Value::Null
                    },
                });
            }
        }
    }

    /// The thread to start from: the saved checkpoint (latest or `config.checkpoint_id`), or a
    /// fresh one for an input on a new thread.
    async fn load(&self, start: &Start<S>) -> Result<ThreadState<S>, GraphError> {
        let Some(saver) = &self.checkpointer else {
            return match start {
                Start::Input(_) => Ok(ThreadState::fresh()),
                Start::Resume(_) => Err(GraphError::NoCheckpointer("resume")),
                Start::Continue => Err(GraphError::NoCheckpointer("continuing a thread")),
            };
        };
        let (thread_id, ns) = (&self.config.thread_id, &self.config.ns);
        let latest = saver.get(thread_id, ns, None).await?;
        let wanted = match &self.config.checkpoint_id {
            Some(id) => saver.get(thread_id, ns, Some(id)).await?,
            None => latest.clone(),
        };
        let latest_sequence = latest.map(|c| checkpoint_sequence(&c.id)).unwrap_or(0);
        match (wanted, start) {
            (Some(checkpoint), _) => {
                let checkpoint = load_full(saver.as_ref(), checkpoint).await?;
                let mut thread = ThreadState::from_checkpoint(&checkpoint, latest_sequence)?;
                // Saved as each task ended: put them in task order before reporting any.
                let tasks = prepare_next_tasks(self.topology, &thread.triggers, thread.step + 1);
                thread.pending.sort_interrupts(&tasks);
                Ok(thread)
            }
            (None, Start::Input(_)) if self.config.checkpoint_id.is_none() => {
                Ok(ThreadState::fresh())
            }
            (None, _) => Err(GraphError::CheckpointNotFound {
                thread_id: thread_id.clone(),
                checkpoint_id: self.config.checkpoint_id.clone(),
            }),
        }
    }

    /// Records the answers of a `resume` and returns them per task (for subgraph nodes).
    fn answer_interrupts(
        &self,
        thread: &mut ThreadState<S>,
        resume: Resume,
    ) -> Result<BTreeMap<String, BTreeMap<String, Value>>, GraphError> {
        let pending_ids: Vec<String> = thread
            .pending
            .interrupts
            .iter()
            .map(|(_, i)| i.id.clone())
            .collect();
        let answers = match resume {
            _ if pending_ids.is_empty() => {
                return Err(GraphError::NothingToResume {
                    thread_id: self.config.thread_id.clone(),
                })
            }
            Resume::Value(value) if pending_ids.len() == 1 => {
                BTreeMap::from([(pending_ids[0].clone(), value)])
            }
            Resume::Value(_) => return Err(GraphError::ResumeNeedsIds { ids: pending_ids }),
            Resume::ById(answers) => answers,
        };
        if let Some(unknown) = answers.keys().find(|id| !pending_ids.contains(id)) {
            return Err(GraphError::UnknownInterruptId {
                id: unknown.clone(),
                pending: pending_ids,
            });
        }
        let mut per_task: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
        thread.pending.interrupts.retain(|(task_id, interrupt)| {
            let Some(answer) = answers.get(&interrupt.id) else {
                return true;
            };
            thread
                .resume_values
                .entry(task_id.clone())
                .or_default()
                .push(answer.clone());
            per_task
                .entry(task_id.clone())
                .or_default()
                .insert(interrupt.id.clone(), answer.clone());
            false
        });
        Ok(per_task)
    }

    /// Saves a new checkpoint for the thread's current position.
    async fn save_new(
        &self,
        thread: &mut ThreadState<S>,
        source: CheckpointSource,
    ) -> Result<(), GraphError> {
        let Some(saver) = &self.checkpointer else {
            return Ok(());
        };
        let id = checkpoint_id(thread.next_sequence);
        thread.next_sequence += 1;
        let parent_id = thread.checkpoint_id.clone();
        let values = thread.take_channel_values(parent_id.as_deref())?;
        let checkpoint =
            thread.to_checkpoint(self.config, id.clone(), parent_id, source, values)?;
        saver.put(checkpoint).await?;
        thread.checkpoint_id = Some(id);
        Ok(())
    }

    /// Saves how one task ended against the current checkpoint.
    async fn save_task(
        &self,
        checkpoint_id: Option<&str>,
        write: TaskWrite,
    ) -> Result<(), GraphError> {
        let (Some(saver), Some(id)) = (&self.checkpointer, checkpoint_id) else {
            return Ok(());
        };
        saver
            .put_writes(&self.config.thread_id, &self.config.ns, id, write)
            .await
    }

    /// Re-saves the current checkpoint with the uncommitted step's results and answers.
    async fn save_pending(&self, thread: &ThreadState<S>) -> Result<(), GraphError> {
        let (Some(saver), Some(id)) = (&self.checkpointer, &thread.checkpoint_id) else {
            return Ok(());
        };
        let existing = saver
            .get(&self.config.thread_id, &self.config.ns, Some(id))
            .await?;
        // The stored values stay as they were (a delta stays a delta of the same parent).
        let (parent_id, source, values) = match existing {
            Some(c) => (c.parent_id, c.source, (c.channel_values, c.delta)),
            None => (
                None,
                CheckpointSource::Loop,
                (serde_json::to_value(&thread.state)?, None),
            ),
        };
        let checkpoint =
            thread.to_checkpoint(self.config, id.clone(), parent_id, source, values)?;
        saver.put(checkpoint).await
    }
}
