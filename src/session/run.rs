//! [`AnyRun`]: a run named by workflow id and driven with JSON, for the JS API and for tests that
//! keep a `Send` handle rather than the run. A thin layer over [`WorkflowRun`]'s one way in: its
//! verbs mirror the typed ones: [`AnyRun::check`] and [`AnyRun::new`] (the two halves of
//! [`WorkflowRun::new`], `chunks.rs`) then [`start`](AnyRun::start), [`resume`](AnyRun::resume) a pause,
//! [`reopen`](AnyRun::reopen) after a reload and [`continue_run`](AnyRun::continue_run) a step
//! the reload cut short, [`follow_up`](AnyRun::follow_up) a finished run that takes one,
//! [`cancel`](AnyRun::cancel); each step resolves to JSON (`json.rs`). The run itself is not
//! `Send`: it sits in this thread's table from `new` (or `reopen`) until it ends (and takes no
//! follow-up) or is cancelled, and the handle names it there.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::chunks::reopen_in_chunk;
use super::error::{ErrorCode, SessionError};
use super::json::{DynRun, JsonStep};
use super::request::RunRequest;
use super::runtime::Runtime;
use crate::graph::EventSink;
use crate::llm::CancelToken;

/// A run of the workflow a caller named by id, driven with JSON. `Send + Sync` and cheap to
/// clone: the run itself stays in this thread's table, and every clone drives the same run.
#[derive(Clone, Debug, Default)]
pub struct AnyRun {
    cancel: CancelToken,
    thread_id: Option<String>,
    mermaid: String,
}

thread_local! {
    static LIVE: RefCell<HashMap<String, Rc<dyn DynRun>>> = Default::default();
}

impl AnyRun {
    /// Re-opens the run `thread_id` saved in `runtime`'s checkpointer through
    /// [`WorkflowRun::reopen`] (in the workflow's chunk in the split package, like
    /// [`AnyRun::new`]), and says where it stands as a JSON step (`interrupted`, `done`,
    /// `stopped` or `failed`). The request must be the one it was started with (same input, same
    /// options) and the runtime's model the same settings, otherwise the rebuilt graph differs.
    pub async fn reopen(
        workflow_id: &str,
        thread_id: &str,
        request: impl Into<RunRequest<Value>>,
        runtime: &Runtime,
    ) -> Result<(AnyRun, Value), SessionError> {
        let (run, step) = reopen_in_chunk(workflow_id, thread_id, request.into(), runtime).await?;
        let run = AnyRun::register(run);
        if step["status"] == "done" {
            forget_unless_followed(thread_id);
        }
        Ok((run, step))
    }

    pub(super) fn register(run: Rc<dyn DynRun>) -> AnyRun {
        let thread_id = run.thread_id().to_string();
        let handle = AnyRun {
            cancel: run.cancel_token(),
            thread_id: Some(thread_id.clone()),
            mermaid: run.mermaid().to_string(),
        };
        LIVE.with(|live| live.borrow_mut().insert(thread_id, run));
        handle
    }

    /// Runs from the input to the first pause or the end; resolves to that step. A second call
    /// fails: a run starts once. Answer an `interrupted` step with [`resume`](Self::resume).
    pub fn start(&self, events: EventSink) -> JsonStep {
        match self.run() {
            Ok(run) => self.tracked(run.start(events)),
            // Cancelled before it started (the run left the table): stopped, as a typed run says.
            Err(_) if self.cancel.is_cancelled() => {
                Box::pin(async { Err(SessionError::stopped()) })
            }
            Err(error) => Box::pin(async move { Err(error) }),
        }
    }

    /// Answers the pause the run waits on; resolves to the next step.
    pub fn resume(&self, answer: Value, events: EventSink) -> Result<JsonStep, SessionError> {
        Ok(self.tracked(self.run()?.resume(answer, events)))
    }

    /// Goes on with a reopened run whose step a reload cut short (`"status": "stopped"`) or
    /// failed (`"status": "failed"`): only the tasks of that step that had not finished run
    /// again; a step whose writes cannot be merged fails again with the same error.
    pub fn continue_run(&self, events: EventSink) -> Result<JsonStep, SessionError> {
        Ok(self.tracked(self.run()?.continue_run(events)))
    }

    /// Invokes the finished run again on its thread with its workflow's follow-up (the batch's
    /// "Retry failed"); resolves to the next step. Fails at once when the run has not finished,
    /// or finished with nothing to do again (it then left the table when it ended).
    pub fn follow_up(&self, events: EventSink) -> Result<JsonStep, SessionError> {
        let run = self.run()?;
        if !run.can_follow_up() {
            return Err(SessionError::new(
                ErrorCode::InvalidInput,
                "This run takes no follow-up now: it has not finished, or has nothing to do again.",
            ));
        }
        Ok(self.tracked(run.follow_up(events)))
    }

    /// Cancels in-flight calls; the run takes no further answers.
    pub fn cancel(&self) {
        self.cancel.cancel();
        self.forget();
    }

    /// The run's checkpoint thread.
    pub fn thread_id(&self) -> Option<String> {
        self.thread_id.clone()
    }

    /// The workflow's graph as a Mermaid flowchart.
    pub fn mermaid(&self) -> &str {
        &self.mermaid
    }

    /// Whether this thread's table holds a run of thread `thread_id` (one started or re-opened
    /// here that has not ended).
    pub(super) fn is_open(thread_id: &str) -> bool {
        LIVE.with(|live| live.borrow().contains_key(thread_id))
    }

    /// Takes the run out of this thread's table (it takes no more answers).
    fn forget(&self) {
        if let Some(id) = &self.thread_id {
            LIVE.with(|live| live.borrow_mut().remove(id));
        }
    }

    fn run(&self) -> Result<Rc<dyn DynRun>, SessionError> {
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
    /// state that takes a follow-up: see [`follow_up`](Self::follow_up)).
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
pub(super) fn forget_unless_followed(thread_id: &str) {
    LIVE.with(|live| {
        let mut live = live.borrow_mut();
        if !live.get(thread_id).is_some_and(|run| run.can_follow_up()) {
            live.remove(thread_id);
        }
    });
}
