//! Runs by handle, for callers that keep a `Send` handle rather than the run (the JS API's
//! driver, tests): `start_run` → steps as JSON; `resume_run` / `continue_run` on the handle;
//! `reopen_run` after a reload; `follow_up_run` on a finished run that takes one. A live run sits
//! in this thread's table from start (or reopen) until it ends (and takes no follow-up) or is
//! cancelled.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::error::{ErrorCode, SessionError};
use super::json::{new_run, reopen_any, AnyRun, JsonStep};
use super::provider::ProviderConfig;
use super::runtime::Runtime;
use crate::graph::{Checkpointer, EventSink};
use crate::llm::{CancelToken, ChatModel};

/// Stops a run and names it. `Send + Sync`: the run itself stays in this thread's table.
#[derive(Clone, Debug, Default)]
pub struct RunHandle {
    cancel: CancelToken,
    thread_id: Option<String>,
}

thread_local! {
    static LIVE: RefCell<HashMap<String, Rc<dyn AnyRun>>> = Default::default();
}

impl RunHandle {
    fn register(run: Rc<dyn AnyRun>) -> RunHandle {
        let thread_id = run.thread_id().to_string();
        let cancel = run.cancel_token();
        LIVE.with(|live| live.borrow_mut().insert(thread_id.clone(), run));
        RunHandle {
            cancel,
            thread_id: Some(thread_id),
        }
    }

    /// Cancels in-flight calls; the run takes no further answers.
    pub fn cancel(&self) {
        self.cancel.cancel();
        self.forget();
    }

    /// Takes the run out of this thread's table (it takes no more answers).
    fn forget(&self) {
        if let Some(id) = &self.thread_id {
            LIVE.with(|live| live.borrow_mut().remove(id));
        }
    }

    /// The run's checkpoint thread.
    pub fn thread_id(&self) -> Option<String> {
        self.thread_id.clone()
    }

    fn run(&self) -> Result<Rc<dyn AnyRun>, SessionError> {
        self.thread_id
            .as_ref()
            .and_then(|id| LIVE.with(|live| live.borrow().get(id).cloned()))
            .ok_or_else(|| {
                SessionError::new(
                    ErrorCode::InvalidInput,
                    "This run does not take answers (it finished or was stopped).",
                )
            })
    }

    /// `step`, with the run leaving the table once it has reached its end (unless it ended in a
    /// state that takes a follow-up: see [`follow_up_run`]).
    fn tracked(&self, step: JsonStep) -> JsonStep {
        let thread_id = self.thread_id.clone();
        Box::pin(async move {
            let result = step.await;
            // A failed step can be continued; a stopped run left the table when it was cancelled.
            let over = matches!(&result, Ok(step) if step["status"] == "done");
            if let (true, Some(id)) = (over, thread_id) {
                forget_unless_followed(&id);
            }
            result
        })
    }
}

/// Takes a finished run out of this thread's table, unless it takes a follow-up.
fn forget_unless_followed(thread_id: &str) {
    LIVE.with(|live| {
        let mut live = live.borrow_mut();
        if !live.get(thread_id).is_some_and(|run| run.can_follow_up()) {
            live.remove(thread_id);
        }
    });
}

/// A started run: the handle, the workflow's Mermaid diagram, and the future of its first step.
pub struct Run {
    pub handle: RunHandle,
    pub mermaid: String,
    pub outcome: JsonStep,
}

/// Starts `workflow_id` with JSON `input` on `model`, checkpointed in memory. Events go to
/// `events` as they happen; nothing runs until `outcome` is polled. `outcome` resolves to the
/// first step (see `json.rs`): answer an `interrupted` step with [`resume_run`].
pub fn start_run(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    start_on(workflow_id, input, &Runtime::new(provider, model), events)
}

/// [`start_run`], with every superstep saved to `checkpointer`, so the run can be re-opened with
/// [`reopen_run`] after a reload.
pub fn start_run_checkpointed(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
    checkpointer: Rc<dyn Checkpointer>,
) -> Result<Run, SessionError> {
    let runtime = Runtime::new(provider, model).with_checkpointer(checkpointer);
    start_on(workflow_id, input, &runtime, events)
}

/// Starts `workflow_id` on `runtime`.
pub fn start_on(
    workflow_id: &str,
    input: Value,
    runtime: &Runtime,
    events: EventSink,
) -> Result<Run, SessionError> {
    Ok(started(new_run(workflow_id, input, runtime)?, events))
}

/// `run` registered as live, with the future of its first step (also for `chunks::start_checked`).
pub(super) fn started(run: Rc<dyn AnyRun>, events: EventSink) -> Run {
    let mermaid = run.mermaid().to_string();
    let first = run.start(events);
    let handle = RunHandle::register(run);
    Run {
        outcome: handle.tracked(first),
        handle,
        mermaid,
    }
}

/// Answers the pause the run behind `handle` waits on; resolves to the next step.
pub fn resume_run(
    handle: &RunHandle,
    answer: Value,
    events: EventSink,
) -> Result<JsonStep, SessionError> {
    Ok(handle.tracked(handle.run()?.resume(answer, events)))
}

/// Goes on with a reopened run whose step a reload cut short (`"status": "stopped"`) or failed
/// (`"status": "failed"`): only the tasks of that step that had not finished run again; a step
/// whose writes cannot be merged fails again with the same error.
pub fn continue_run(handle: &RunHandle, events: EventSink) -> Result<JsonStep, SessionError> {
    Ok(handle.tracked(handle.run()?.continue_run(events)))
}

/// Invokes the finished run behind `handle` again on its thread with its workflow's follow-up
/// (the batch's "Retry failed"); resolves to the next step. Fails at once when the run has not
/// finished, or finished with nothing to do again (it then left the table when it ended).
pub fn follow_up_run(handle: &RunHandle, events: EventSink) -> Result<JsonStep, SessionError> {
    let run = handle.run()?;
    if !run.can_follow_up() {
        return Err(SessionError::new(
            ErrorCode::InvalidInput,
            "This run takes no follow-up now: it has not finished, or has nothing to do again.",
        ));
    }
    Ok(handle.tracked(run.follow_up(events)))
}

/// A run rebuilt from its checkpoints by [`reopen_run`].
pub struct ReopenedRun {
    pub handle: RunHandle,
    pub mermaid: String,
    /// Where the run stands, as a JSON step (`interrupted`, `done`, `stopped` or `failed`).
    pub step: Value,
}

/// Re-opens the run `thread_id` saved in `checkpointer`. `input` must be the input it was
/// started with and `provider` the same model settings, otherwise the rebuilt graph differs.
pub async fn reopen_run(
    workflow_id: &str,
    thread_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    checkpointer: Rc<dyn Checkpointer>,
) -> Result<ReopenedRun, SessionError> {
    let runtime = Runtime::new(provider, model).with_checkpointer(checkpointer);
    reopen_on(workflow_id, thread_id, input, &runtime).await
}

/// [`reopen_run`] on `runtime`.
pub async fn reopen_on(
    workflow_id: &str,
    thread_id: &str,
    input: Value,
    runtime: &Runtime,
) -> Result<ReopenedRun, SessionError> {
    let (run, step) = reopen_any(workflow_id, thread_id, input, runtime).await?;
    let mermaid = run.mermaid().to_string();
    let handle = RunHandle::register(run);
    if step["status"] == "done" {
        forget_unless_followed(thread_id);
    }
    Ok(ReopenedRun {
        handle,
        mermaid,
        step,
    })
}
