//! Resume review (docs/workflows/resume_review.md): three critics review a resume in parallel, an aggregator scores the
//! round, a revisor rewrites until the score reaches the threshold or the rounds run out, then
//! portfolio advice and an optional design review.
//!
//! ```text
//! START → router → recruiter ∥ tech_writer ∥ copywriter → aggregator
//! aggregator ─should_continue_review→ revisor → router (loop) | portfolio
//! portfolio ─should_do_design_review→ design → END | END
//! START → retry_critics → END (only a finished run's follow-up: its failed critics asked again)
//! ```
//!
//! Using it (what the page does):
//! ```
//! use std::rc::Rc;
//! use careergraph::graph::{EventSink, RunConfig, StreamEvent};
//! use careergraph::llm::CancelToken;
//! use careergraph::workflows::resume_review::{self, ReviewInput, ReviewSettings};
//! use careergraph::workflows::RunSettings;
//! use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
//!
//! // Keep the token: `cancel.cancel()` aborts in-flight calls and fails the run.
//! let cancel = CancelToken::new();
//! let settings = ReviewSettings::default().with_cancel(cancel.clone());
//! // Any `ChatModel` (it carries the API key); the demo model works offline.
//! let model = Rc::new(resume_review::demo_model());
//! let graph = resume_review::graph(model, settings.clone()).compile().unwrap();
//!
//! let events = EventSink::new(|event| match event {
//!     // `payload["type"]`: "delta" (live text per agent), "delta_reset" (drop it: streamed
//!     // again), "usage" (tokens, cost), "clamped", "structured_mode", "agent_error"
//!     // (see `common::call_agent`).
//!     StreamEvent::Custom { payload, .. } => { let _ = &payload["agent"]; }
//!     // Node lifecycle and the state after every superstep, for progress and partial results.
//!     StreamEvent::NodeStarted { .. } | StreamEvent::StepDone { .. } => {}
//!     _ => {}
//! });
//! let config = RunConfig::default().with_events(events);
//! let input = ReviewInput::new(SAMPLE_RESUME, SAMPLE_TARGET_ROLE);
//! let run = graph.invoke(resume_review::initial_state(&input, &settings), &config);
//! let state = futures::executor::block_on(run).unwrap().into_state();
//! assert!((0.0..=10.0).contains(&state.final_score));
//! assert!(graph.to_mermaid().contains("aggregator"));
//! ```

mod advice;
pub mod agents;
mod aggregate;
pub mod best;
mod critics;
mod decisions;
pub mod demo;
mod demo_metrics;
mod demo_zh;
pub mod facts;
pub mod prompts;
mod report;
mod retry;
mod revisor;
mod settings;
mod state;
mod workflow;

use std::rc::Rc;

use crate::graph::{NodeContext, NodeError, StateGraph, END, START};
use crate::llm::{ChatModel, LlmError};
use crate::workflows::common::{self, RunSettings};

pub use aggregate::{
    answered, integrated_score, merge_feedback, score_is_meaningful, should_continue_review,
    should_do_design_review, MIN_ANSWERED,
};
pub use decisions::{final_resume_decided, Decisions};
pub use demo::demo_model;
pub use report::{
    answered_line, final_resume_kept, report_markdown, report_markdown_decided, report_markdown_in,
    report_markdown_kept,
};
pub use settings::{ReviewInput, ReviewSettings};
pub use state::{initial_state, ReviewState, ReviewUpdate};
pub use workflow::{ReviewRunInput, ReviewWorkflow};

/// What the review's nodes share.
type Deps = common::Deps<ReviewSettings>;

/// Node names, in graph order.
pub const NODES: [&str; 8] = [
    "router",
    "recruiter",
    "tech_writer",
    "copywriter",
    "aggregator",
    "revisor",
    "portfolio",
    "design",
];

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
pub fn graph(model: Rc<dyn ChatModel>, settings: ReviewSettings) -> StateGraph<ReviewState> {
    let deps = Rc::new(Deps { model, settings });
    let mut graph = StateGraph::<ReviewState>::new();

    let router_deps = deps.clone();
    graph.add_node("router", move |state: ReviewState, _ctx: NodeContext| {
        let deps = router_deps.clone();
        async move {
            // A cancelled run stops here between rounds instead of starting three more calls.
            if deps.settings.is_cancelled() {
                return Err(NodeError::from(LlmError::Cancelled));
            }
            // The one place the round counter moves: 1 during the first round.
            Ok(ReviewUpdate::default().current_iteration(state.current_iteration + 1))
        }
    });
    for critic in agents::CRITICS {
        let deps = deps.clone();
        graph.add_node(
            critic.agent.node,
            move |state: ReviewState, ctx: NodeContext| {
                critics::run_critic(deps.clone(), critic, state, ctx)
            },
        );
    }
    let aggregator_deps = deps.clone();
    graph.add_node(
        "aggregator",
        move |state: ReviewState, _ctx: NodeContext| {
            let lang = aggregator_deps.settings.language();
            async move { Ok(aggregate::aggregate(&state, lang)) }
        },
    );
    let revisor_deps = deps.clone();
    graph.add_node("revisor", move |state: ReviewState, ctx: NodeContext| {
        revisor::run_revisor(revisor_deps.clone(), state, ctx)
    });
    let portfolio_deps = deps.clone();
    graph.add_node("portfolio", move |state: ReviewState, ctx: NodeContext| {
        advice::run_portfolio(portfolio_deps.clone(), state, ctx)
    });
    let design_deps = deps.clone();
    graph.add_node("design", move |state: ReviewState, ctx: NodeContext| {
        advice::run_design(design_deps.clone(), state, ctx)
    });
    graph.add_node(retry::RETRY, move |state: ReviewState, ctx: NodeContext| {
        retry::run_retry(deps.clone(), state, ctx)
    });

    // Every run starts at the router (the seed's START → router); only a finished run's
    // follow-up, "Retry failed critics", starts at `retry_critics` and ends there.
    graph.add_conditional_edges(START, retry::route_start, ["router", retry::RETRY]);
    graph.add_edge(retry::RETRY, END);
    for critic in agents::CRITICS {
        graph.add_edge("router", critic.agent.node);
    }
    // One edge from all three: the aggregator waits until every critic has written.
    graph.add_edge(
        agents::CRITICS.map(|critic| critic.agent.node),
        "aggregator",
    );
    graph.add_conditional_edges(
        "aggregator",
        should_continue_review,
        ["revisor", "portfolio"],
    );
    graph.add_edge("revisor", "router");
    graph.add_conditional_edges("portfolio", should_do_design_review, ["design", END]);
    graph.add_edge("design", END);
    graph
}
