//! Batch screening: one job description, many resumes, the screening part of the
//! hiring pipeline for each, within a rate and cost limit.
//!
//! ```text
//! START → ats_screen ─ats_only→ rank → END
//!              └─────→ jd_analysis_agent ─Send per candidate→ screen_candidate → cost_gate
//!                                       └─none left→ rank        cost_gate ─Send (go on)→ screen_candidate
//!                                                                          └─→ rank
//! ```
//!
//! - `ats_screen` scores every resume with the deterministic ATS (no model) and flags suspicious
//!   lines (prompt injection, hidden text): the table is useful at once and without a key.
//! - `jd_analysis_agent` analyses the job once; every candidate shares it.
//! - `screen_candidate` runs once per candidate (a `Send` each, all in one superstep): it takes
//!   one of `concurrency` slots, checks the cost cap, then asks the hiring workflow's parser,
//!   matcher and evaluator in turn (their prompts and schemas). Blind screening (on by default)
//!   masks the name, contacts and personal attributes before any of them reads the resume
//!   ([`crate::domain::blind`]); without it, names and contact details still stay out of the matcher's and
//!   evaluator's prompts ([`redact`] says what each step sends). Each finished
//!   task is saved as it ends, so a reload keeps every finished candidate: it never runs again.
//! - The model is wrapped in [`crate::llm::limiter::RateLimited`]: at most `concurrency` calls in
//!   flight, requests/tokens per minute, and a 429 pauses every candidate, then retries.
//! - `cost_gate`: candidates that found the estimated spend at or over the cap were deferred
//!   without a call; the gate asks once (an interrupt) whether to go on with a new cap or stop.
//!   A refused key (401/403) defers the candidate that met it and every one not yet started
//!   (seen: 20 refused calls, then "Batch finished"); the gate then asks the key question
//!   instead ([`KeyRefusedPause`]). A refused job analysis stops the run (`KeyRefused`).
//!   In-flight candidates finish, so the spend may pass the cap by at most `concurrency`
//!   candidates' worth.
//! - `rank` writes the ranked table ([`rank::rank_rows`]), exported by [`rank::to_csv`] and
//!   [`rank::to_markdown`].
//! - Self-reported categories, optional in the input and never sent to a model, give the
//!   finished batch its impact ratios (NYC Local Law 144): [`fairness::impact_report`], computed
//!   from the state; [`categories`] reads the list a user gives as a CSV file.
//!
//! Cancelling: the run's cancel token stops the batch (finished candidates are kept);
//! [`cancel_candidate`] stops one candidate and the batch goes on. Retrying failed (or cancelled)
//! candidates: invoke the thread again with `BatchUpdate::retry_rounds(1)`; only candidates that
//! failed before that request run again.

mod annotations;
pub mod audit;
pub mod bias;
mod cancel;
pub mod categories;
pub mod decisions;
mod dispatch;
pub mod estimate;
pub mod fairness;
mod nodes;
pub mod pause;
pub mod rank;
pub mod redact;
pub mod sample;
mod screen;
mod settings;
mod shared;
mod slots;
mod state;
mod workflow;

use std::cell::RefCell;
use std::rc::Rc;

use crate::graph::{CompiledGraph, GraphError, NodeContext, StateGraph, END, START};
use crate::llm::ChatModel;

pub use cancel::cancel_candidate;
pub use dispatch::{dispatch, to_screen};
pub use estimate::{estimate, CostEstimate};
pub use fairness::{impact_report, ImpactReport, ScoreSource};
pub use pause::{BatchAnswer, BatchPause, CostCapPause, KeyRefusedPause};
pub use rank::{rank_rows, to_csv, to_markdown, RankedRow};
pub use settings::{BatchSettings, DEFAULT_CONCURRENCY};
pub use state::{
    AtsResult, BatchCandidate, BatchState, BatchUpdate, CandidateResult, CandidateStatus,
};
pub use workflow::{BatchResume, BatchRunInput, BatchWorkflow, MAX_RESUMES};

pub const ATS: &str = "ats_screen";
pub const JD: &str = "jd_analysis_agent";
pub const SCREEN: &str = "screen_candidate";
pub const GATE: &str = "cost_gate";
pub const RANK: &str = "rank";

/// Supersteps of one invocation at most: ATS, job analysis, screening, gate, ranking, plus a
/// screening and a gate per "go on" answer (each answer starts a new invocation anyway).
pub fn recursion_limit() -> usize {
    16
}

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
/// `model` is already paced: see [`BatchWorkflow`].
pub fn graph(model: Rc<dyn ChatModel>, settings: BatchSettings) -> StateGraph<BatchState> {
    let shared = Rc::new(shared::Shared {
        model,
        slots: slots::Slots::new(settings.concurrency),
        settings,
        meter: RefCell::new((-1, 0.0)),
        key_refused: RefCell::new(None),
    });
    let mut graph = StateGraph::<BatchState>::new();
    graph.add_node(ATS, |state: BatchState, _ctx: NodeContext| async move {
        Ok(nodes::ats_screen(&state))
    });
    let s = shared.clone();
    graph.add_node(JD, move |state: BatchState, ctx: NodeContext| {
        nodes::jd_analysis(s.clone(), state, ctx)
    });
    let s = shared;
    graph.add_node(SCREEN, move |state: BatchState, ctx: NodeContext| {
        screen::screen_candidate(s.clone(), state, ctx)
    });
    graph.add_node(GATE, |state: BatchState, ctx: NodeContext| async move {
        nodes::cost_gate(state, ctx)
    });
    graph.add_node(RANK, |state: BatchState, _ctx: NodeContext| async move {
        Ok(nodes::rank(&state))
    });

    graph.add_edge(START, ATS);
    graph.add_conditional_edges(
        ATS,
        |state: &BatchState| if state.ats_only { RANK } else { JD },
        [JD, RANK],
    );
    graph.add_conditional_edges(JD, dispatch, [SCREEN, RANK]);
    graph.add_edge(SCREEN, GATE);
    graph.add_conditional_edges(GATE, dispatch, [SCREEN, RANK]);
    graph.add_edge(RANK, END);
    graph
}

/// [`graph`], compiled without persistence (tests, drawing).
pub fn build(
    model: Rc<dyn ChatModel>,
    settings: BatchSettings,
) -> Result<CompiledGraph<BatchState>, GraphError> {
    graph(model, settings).compile()
}
