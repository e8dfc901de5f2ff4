//! Starting a run: JSON input in, engine events out, the final state as JSON at the end.

use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde::Deserialize;
use serde_json::Value;

use super::error::{ErrorCode, SessionError};
use super::ids::new_thread_id;
use super::provider::ProviderConfig;
use crate::domain::Language;
use crate::graph::{
    Checkpointer, CompiledGraph, EventSink, MemorySaver, Resume, RunConfig, RunOutcome, State,
};
use crate::llm::{CancelToken, ChatModel};
use crate::workflows::resume_review::{self, ReviewInput, ReviewSettings};
use crate::workflows::resume_tailoring::{
    self, GraphState, GraphUpdate, TailorInput, TailorSettings,
};

/// Largest resume or job description accepted, in characters: far above any real resume, low
/// enough that a pasted book cannot run up a bill.
pub const MAX_INPUT_CHARS: usize = 60_000;

/// Stops a run: in-flight model calls are aborted and the run ends with `ErrorCode::Cancelled`.
/// For an interactive workflow it also names the paused run (its checkpoint thread), answered
/// with [`resume_run`]. `Send + Sync`: the paused graph itself stays in this thread's registry.
#[derive(Clone, Debug, Default)]
pub struct RunHandle {
    pub(super) cancel: CancelToken,
    pub(super) thread_id: Option<String>,
}

impl RunHandle {
    /// Cancels in-flight calls; an interactive run is also forgotten (no further answers).
    pub fn cancel(&self) {
        self.cancel.cancel();
        if let Some(id) = &self.thread_id {
            PAUSED.with(|paused| paused.borrow_mut().remove(id));
        }
    }

    /// The token `cancel` trips, for a workflow's settings.
    pub(super) fn cancel_token(&self) -> CancelToken {
        self.cancel.clone()
    }

    /// The checkpoint thread of an interactive run (`None` for one-shot workflows).
    pub fn thread_id(&self) -> Option<String> {
        self.thread_id.clone()
    }
}

thread_local! {
    /// Interactive runs by thread id, from start (or `reopen_run`) until they finish or are
    /// cancelled.
    pub(super) static PAUSED: std::cell::RefCell<std::collections::HashMap<String, Rc<dyn Resumable>>> =
        Default::default();
}

/// A run that can pause for the user and be resumed on its thread.
pub(super) trait Resumable {
    fn resume(
        &self,
        answer: Value,
        events: EventSink,
    ) -> LocalBoxFuture<'static, Result<Value, SessionError>>;

    /// Goes on from the latest checkpoint without an answer (a step cut short by a reload).
    fn continue_run(
        &self,
        events: EventSink,
    ) -> LocalBoxFuture<'static, Result<Value, SessionError>>;
}

/// A checkpointed graph (in memory, or the caller's checkpointer) under one thread id.
pub(super) struct Interactive<S: State> {
    pub(super) graph: Rc<CompiledGraph<S>>,
    pub(super) config: RunConfig,
    /// The token the graph's nodes watch: tells a stop from a failure.
    pub(super) cancel: CancelToken,
}

impl<S: State> Interactive<S> {
    pub(super) fn config(&self, events: EventSink) -> RunConfig {
        self.config.clone().with_events(events)
    }
}

/// An interactive run's step as JSON: `{"status": "interrupted", "threadId", "interrupts": [{"id",
/// "node", "path", "payload"}], "state"}` or `{"status": "done", "threadId", "state"}`. A finished
/// run leaves the registry.
pub(super) fn step_json<S: State>(
    thread_id: &str,
    outcome: RunOutcome<S>,
) -> Result<Value, SessionError> {
    if outcome.is_done() {
        PAUSED.with(|paused| paused.borrow_mut().remove(thread_id));
    }
    let failed = |e: serde_json::Error| SessionError::new(ErrorCode::RunFailed, e.to_string());
    Ok(match outcome {
        RunOutcome::Done(state) => serde_json::json!({
            "status": "done",
            "threadId": thread_id,
            "state": serde_json::to_value(&state).map_err(failed)?,
        }),
        RunOutcome::Interrupted {
            interrupts, state, ..
        } => serde_json::json!({
            "status": "interrupted",
            "threadId": thread_id,
            "interrupts": serde_json::to_value(&interrupts).map_err(failed)?,
            "state": serde_json::to_value(&state).map_err(failed)?,
        }),
    })
}

impl<S: State> Resumable for Interactive<S> {
    fn resume(
        &self,
        answer: Value,
        events: EventSink,
    ) -> LocalBoxFuture<'static, Result<Value, SessionError>> {
        let (graph, cancel) = (self.graph.clone(), self.cancel.clone());
        let config = self.config(events);
        Box::pin(async move {
            let outcome = graph
                .resume(&config, Resume::value(answer))
                .await
                .map_err(|e| SessionError::from_run(&e, &cancel))?;
            step_json(&config.thread_id, outcome)
        })
    }

    fn continue_run(
        &self,
        events: EventSink,
    ) -> LocalBoxFuture<'static, Result<Value, SessionError>> {
        let (graph, cancel) = (self.graph.clone(), self.cancel.clone());
        let config = self.config(events);
        Box::pin(async move {
            let outcome = graph
                .continue_run(&config)
                .await
                .map_err(|e| SessionError::from_run(&e, &cancel))?;
            step_json(&config.thread_id, outcome)
        })
    }
}

/// Answers the question an interactive run (e.g. `resume_tailoring`) is paused on: `answer` is
/// the shape its interrupt payload documents. Resolves to the next step (see `start_run`). Events
/// of the resumed part go to `events`.
pub fn resume_run(
    handle: &RunHandle,
    answer: Value,
    events: EventSink,
) -> Result<LocalBoxFuture<'static, Result<Value, SessionError>>, SessionError> {
    Ok(registered(handle)?.resume(answer, events))
}

/// The live interactive run behind `handle`.
pub(super) fn registered(handle: &RunHandle) -> Result<Rc<dyn Resumable>, SessionError> {
    handle
        .thread_id
        .as_ref()
        .and_then(|id| PAUSED.with(|paused| paused.borrow().get(id).cloned()))
        .ok_or_else(|| {
            invalid(
                "This run does not take answers (it finished, was stopped, or is not interactive).",
            )
        })
}

/// A started run: the handle, the workflow's Mermaid diagram, and the future that drives it to the end.
pub struct Run {
    pub handle: RunHandle,
    pub mermaid: String,
    pub outcome: LocalBoxFuture<'static, Result<Value, SessionError>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReviewRunInput {
    resume: String,
    target_role: String,
    threshold: Option<f64>,
    max_iterations: Option<u32>,
    design_review: Option<bool>,
    language: Option<String>,
}

/// The output language of a run: `"en"` (default) or `"zh"`.
fn language(id: Option<&str>) -> Language {
    id.map(Language::from_id).unwrap_or_default()
}

pub(super) fn invalid(message: impl Into<String>) -> SessionError {
    SessionError::new(ErrorCode::InvalidInput, message)
}

/// Checks what the user typed before any model is called, with messages that say what to fix.
pub(super) fn check_text(what: &str, text: &str) -> Result<(), SessionError> {
    if text.trim().is_empty() {
        return Err(invalid(format!("The {what} is empty: paste it first.")));
    }
    let chars = text.chars().count();
    if chars > MAX_INPUT_CHARS {
        return Err(invalid(format!(
            "The {what} is {chars} characters long; the limit is {MAX_INPUT_CHARS}. Trim it to the relevant parts."
        )));
    }
    Ok(())
}

/// Starts `workflow_id` with `input` (its `WorkflowInfo::input_schema`) on `model`. Events go to
/// `events` as they happen; nothing runs until `outcome` is polled.
///
/// `outcome` resolves to the final state for one-shot workflows (`resume_review`). Interactive
/// workflows (`resume_tailoring`) resolve to a step: `{"status": "interrupted", "threadId",
/// "interrupts": [{"id", "node", "path", "payload"}], "state"}` while waiting for the user
/// (answer with [`resume_run`] on the same handle), or `{"status": "done", "threadId", "state"}`.
pub fn start_run(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    start_with(workflow_id, input, provider, model, events, None)
}

/// `start_run`; interactive workflows checkpoint into `checkpointer` (in memory without one).
pub(super) fn start_with(
    workflow_id: &str,
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
    checkpointer: Option<Rc<dyn Checkpointer>>,
) -> Result<Run, SessionError> {
    match workflow_id {
        "resume_review" => start_review(input, provider, model, events),
        "resume_tailoring" => start_tailoring(input, provider, model, events, checkpointer),
        super::hiring::HIRING_WORKFLOW_ID => {
            super::hiring::start_hiring(input, provider, model, events)
        }
        "career_navigator" => super::navigator::start_navigator(input, provider, model, events),
        other => Err(unknown_workflow(other)),
    }
}

pub(super) fn unknown_workflow(id: &str) -> SessionError {
    SessionError::new(
        ErrorCode::UnknownWorkflow,
        format!("There is no workflow called “{id}”."),
    )
}

fn start_review(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
) -> Result<Run, SessionError> {
    let input: ReviewRunInput = serde_json::from_value(input)
        .map_err(|e| invalid(format!("The review input is not valid: {e}.")))?;
    check_text("resume", &input.resume)?;
    check_text("target role", &input.target_role)?;

    let handle = RunHandle::default();
    let mut settings = ReviewSettings::default().with_cancel(handle.cancel.clone());
    settings.threshold = input
        .threshold
        .unwrap_or(settings.threshold)
        .clamp(0.0, 10.0);
    settings.max_iterations = input
        .max_iterations
        .unwrap_or(settings.max_iterations)
        .clamp(1, 10);
    settings.design_review = input.design_review.unwrap_or(settings.design_review);
    settings.language = language(input.language.as_deref());
    for (agent, name) in &provider.agent_models {
        if !name.trim().is_empty() {
            settings = settings.with_model_override(agent, name.trim());
        }
    }

    let graph =
        resume_review::build(model, settings.clone()).map_err(|e| SessionError::from_graph(&e))?;
    let mermaid = graph.to_mermaid();
    let initial = resume_review::initial_state(
        &ReviewInput::new(input.resume, input.target_role),
        &settings,
    );
    // Enough supersteps for max_iterations rounds of four steps, plus portfolio and design.
    let limit = settings.max_iterations as usize * 4 + 4;
    Ok(one_shot_run(handle, mermaid, graph, initial, limit, events))
}

/// A run that goes from input to final state without pausing (review, hiring): the engine's
/// errors become session errors (stopped or failed, decided by the handle's token) and the final
/// state is returned as JSON.
pub(super) fn one_shot_run<S: State>(
    handle: RunHandle,
    mermaid: String,
    graph: CompiledGraph<S>,
    initial: S::Update,
    recursion_limit: usize,
    events: EventSink,
) -> Run {
    let cancel = handle.cancel.clone();
    let outcome = async move {
        let config = RunConfig::default()
            .with_events(events)
            .with_recursion_limit(recursion_limit);
        let state = graph
            .invoke(initial, &config)
            .await
            .map_err(|e| SessionError::from_run(&e, &cancel))?
            .into_state();
        serde_json::to_value(&state)
            .map_err(|e| SessionError::new(ErrorCode::RunFailed, e.to_string()))
    };
    Run {
        handle,
        mermaid,
        outcome: Box::pin(outcome),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TailorRunInput {
    resume: String,
    job_description: String,
    master_resume: Option<String>,
    user_id: Option<String>,
    job_id: Option<String>,
    target_ats_score: Option<u32>,
    human_review: Option<bool>,
    review_timeout_seconds: Option<u32>,
    max_questions: Option<u32>,
    max_revisions: Option<u32>,
    language: Option<String>,
}

/// A tailoring graph built from the user's input and settings, ready to start or reopen.
pub(super) struct Tailoring {
    pub(super) interactive: Rc<Interactive<GraphState>>,
    pub(super) mermaid: String,
    pub(super) initial: GraphUpdate,
}

fn start_tailoring(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    events: EventSink,
    checkpointer: Option<Rc<dyn Checkpointer>>,
) -> Result<Run, SessionError> {
    let checkpointer = checkpointer.unwrap_or_else(|| Rc::new(MemorySaver::new()));
    let Tailoring {
        interactive,
        mermaid,
        initial,
    } = prepare_tailoring(
        input,
        provider,
        model,
        checkpointer,
        new_thread_id("tailor"),
    )?;
    let handle = register(interactive.clone());
    let outcome = async move {
        let config = interactive.config(events);
        let outcome = interactive
            .graph
            .invoke(initial, &config)
            .await
            .map_err(|e| SessionError::from_run(&e, &interactive.cancel))?;
        step_json(&config.thread_id, outcome)
    };
    Ok(Run {
        handle,
        mermaid,
        outcome: Box::pin(outcome),
    })
}

/// Makes `run` answerable through [`resume_run`] and returns its handle.
pub(super) fn register<S: State>(run: Rc<Interactive<S>>) -> RunHandle {
    let thread_id = run.config.thread_id.clone();
    let cancel = run.cancel.clone();
    PAUSED.with(|paused| {
        let run: Rc<dyn Resumable> = run;
        paused.borrow_mut().insert(thread_id.clone(), run)
    });
    RunHandle {
        cancel,
        thread_id: Some(thread_id),
    }
}

/// Checks the input and builds the graph on `checkpointer` under `thread_id`. The same input
/// and provider settings always give the same graph, which is what lets `reopen_run` go on from
/// a checkpoint written by another page load.
pub(super) fn prepare_tailoring(
    input: Value,
    provider: &ProviderConfig,
    model: Rc<dyn ChatModel>,
    checkpointer: Rc<dyn Checkpointer>,
    thread_id: String,
) -> Result<Tailoring, SessionError> {
    let input: TailorRunInput = serde_json::from_value(input)
        .map_err(|e| invalid(format!("The tailoring input is not valid: {e}.")))?;
    check_text("resume", &input.resume)?;
    check_text("job description", &input.job_description)?;
    if let Some(master) = input
        .master_resume
        .as_deref()
        .filter(|m| !m.trim().is_empty())
    {
        check_text("master resume", master)?;
    }

    let cancel = CancelToken::new();
    let mut settings = TailorSettings::default().with_cancel(cancel.clone());
    settings.target_ats_objective = input
        .target_ats_score
        .unwrap_or(settings.target_ats_objective)
        .min(100);
    settings.human_review = input.human_review.unwrap_or(settings.human_review);
    settings.language = language(input.language.as_deref());
    settings.review_timeout_seconds = input
        .review_timeout_seconds
        .unwrap_or(settings.review_timeout_seconds)
        .max(10);
    settings.max_questions = input
        .max_questions
        .unwrap_or(settings.max_questions)
        .min(10);
    settings.max_revisions = input
        .max_revisions
        .unwrap_or(settings.max_revisions)
        .min(10);
    for (agent, name) in &provider.agent_models {
        if !name.trim().is_empty() {
            settings = settings.with_model_override(agent, name.trim());
        }
    }

    let graph = resume_tailoring::build_with_checkpointer(model, settings.clone(), checkpointer)
        .map_err(|e| SessionError::from_graph(&e))?;
    let mermaid = graph.to_mermaid();
    let tailor_input = TailorInput {
        user_id: input.user_id.unwrap_or_default(),
        job_id: input.job_id.unwrap_or_default(),
        resume: input.resume,
        job_description: input.job_description,
        master_resume: input.master_resume,
    };
    let initial = resume_tailoring::initial_state(&tailor_input, &settings);
    let interactive = Rc::new(Interactive {
        graph: Rc::new(graph),
        config: RunConfig::thread(thread_id).with_recursion_limit(settings.recursion_limit()),
        cancel,
    });
    Ok(Tailoring {
        interactive,
        mermaid,
        initial,
    })
}
