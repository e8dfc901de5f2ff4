//! CareerNavigator (docs/workflows/career_navigator.md): a coordinator judges how clear the career goal is; a clear goal is
//! decomposed directly, an unclear one is analysed first: a planner writes the strategy, a
//! supervisor dispatches three analysts in parallel, a reporter integrates their results and the
//! user rates the report; dissatisfied feedback sends the analysis back to the supervisor (at most
//! `max_iterations` times). Then goals (long, medium, short term), an action plan, and the
//! user's final confirmation.
//!
//! ```text
//! START → coordinator ─(clarity_score > 70)→ goal_decomposer
//!                     └(else)→ planner → supervisor → user_profiler ∥ industry_researcher ∥ job_analyzer
//! user_profiler, industry_researcher, job_analyzer → reporter → user_feedback
//! user_feedback ─Command→ goal_decomposer (satisfied, or the round limit)
//!               └Command→ supervisor (not satisfied, rounds left)
//! goal_decomposer → scheduler → final_confirmation ─Command→ END (confirmed, or the revision limit)
//!                                                   └Command→ scheduler (not confirmed)
//! ```
//!
//! Interrupts (answer with `graph.resume(&config, Resume::value(answer))` on the same thread,
//! which needs a checkpointer: compile [`graph`] with one): the satisfaction rating and the
//! plan confirmation, payloads and answers documented in [`interaction`].
//!
//! Results in [`CareerNavigatorState`]: `integrated_report`, `career_goals`, `final_plan`,
//! `plan_confirmed`, the `user_feedback_history`, and for a details view `system_metrics` and
//! `error_log`. Exports: [`export::markdown`] and [`export::calendar`].
//!
//! ```
//! use std::rc::Rc;
//! use careergraph::graph::{MemorySaver, Resume, RunConfig};
//! use careergraph::workflows::career_navigator::{self, NavigatorInput, NavigatorSettings};
//! use serde_json::json;
//!
//! let settings = NavigatorSettings::default();
//! let graph = career_navigator::graph(Rc::new(career_navigator::demo_model()), settings.clone())
//!     .unwrap()
//!     .compile_with_checkpointer(Rc::new(MemorySaver::new()))
//!     .unwrap();
//! let config = RunConfig::thread("plan-1").with_recursion_limit(settings.recursion_limit());
//! let mut input = NavigatorInput::default();
//! input.profile.current_position = "Backend engineer".into();
//! input.goal = "Not sure yet, maybe something closer to product".into();
//! let run = graph.invoke(career_navigator::initial_state(&input, &settings), &config);
//! let paused = futures::executor::block_on(run).unwrap();
//! assert_eq!(paused.interrupts()[0].payload["type"], "satisfaction");
//! let next = graph.resume(&config, Resume::value(json!({"level": 5, "feedback": ""})));
//! let paused = futures::executor::block_on(next).unwrap();
//! assert_eq!(paused.interrupts()[0].payload["type"], "confirm_plan");
//! let done = graph.resume(&config, Resume::value(json!({"confirm": true})));
//! let state = futures::executor::block_on(done).unwrap().into_state();
//! assert!(state.plan_confirmed);
//! assert!(!state.final_plan.unwrap().action_items.is_empty());
//! ```

pub mod agents;
mod analysts;
mod call;
pub mod demo;
pub mod export;
pub mod interaction;
mod nodes;
pub mod pause;
pub mod prompts;
pub mod routing;
mod settings;
mod state;
mod workflow;

use std::rc::Rc;

use crate::graph::{GraphError, NodeContext, NodeOptions, StateGraph, END, START};
use crate::llm::ChatModel;
use crate::workflows::common::{self, with_deps};

pub use demo::demo_model;
pub use nodes::{confirmation_question, normalize_plan, satisfaction_question, MAX_PLAN_WEEKS};
pub use pause::{
    ConfirmPlanAnswer, ConfirmPlanPause, LevelChoice, NavigatorAnswer, NavigatorPause,
    PlanConfirmation, SatisfactionAnswer, SatisfactionLevel, SatisfactionPause, SatisfactionRating,
};
pub use settings::{Clock, NavigatorInput, NavigatorSettings};
pub use state::{initial_state, CareerNavigatorState, ChatTurn, NavigatorUpdate};
pub use workflow::{NavigatorRunInput, NavigatorWorkflow, ProfileInput};

/// What the CareerNavigator nodes share.
type Deps = common::Deps<NavigatorSettings>;

/// Node names, in graph order.
pub const NODES: [&str; 11] = [
    "coordinator",
    "planner",
    "supervisor",
    "user_profiler",
    "industry_researcher",
    "job_analyzer",
    "reporter",
    "user_feedback",
    "goal_decomposer",
    "scheduler",
    "final_confirmation",
];

/// The parallel analysts' node names.
pub const ANALYST_NODES: [&str; 3] = ["user_profiler", "industry_researcher", "job_analyzer"];

type S = CareerNavigatorState;

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
pub fn graph(
    model: Rc<dyn ChatModel>,
    settings: NavigatorSettings,
) -> Result<StateGraph<S>, GraphError> {
    let deps = Rc::new(Deps { model, settings });
    let mut graph = StateGraph::<S>::new();

    graph.add_node("coordinator", with_deps(&deps, nodes::coordinator));
    graph.add_node("planner", with_deps(&deps, nodes::planner));
    graph.add_node("supervisor", with_deps(&deps, nodes::supervisor));
    graph.add_node("user_profiler", with_deps(&deps, analysts::user_profiler));
    graph.add_node(
        "industry_researcher",
        with_deps(&deps, analysts::industry_researcher),
    );
    graph.add_node("job_analyzer", with_deps(&deps, analysts::job_analyzer));
    graph.add_node("reporter", with_deps(&deps, nodes::reporter));
    graph.add_node("goal_decomposer", with_deps(&deps, nodes::goal_decomposer));
    graph.add_node("scheduler", with_deps(&deps, nodes::scheduler));

    let d = deps.clone();
    graph.add_node_with(
        "user_feedback",
        NodeOptions::default().destinations(["supervisor", "goal_decomposer"]),
        move |state: S, ctx: NodeContext| {
            let d = d.clone();
            async move { interaction::user_feedback(&d.settings, &state, &ctx) }
        },
    );
    graph.add_node_with(
        "final_confirmation",
        NodeOptions::default().destinations(["scheduler", END]),
        move |state: S, ctx: NodeContext| {
            let d = deps.clone();
            async move { interaction::final_confirmation(&d.settings, &state, &ctx) }
        },
    );

    graph.add_edge(START, "coordinator");
    graph.add_conditional_edges(
        "coordinator",
        routing::route_after_coordinator,
        ["planner", "goal_decomposer"],
    );
    graph.add_edge("planner", "supervisor");
    for analyst in ANALYST_NODES {
        graph.add_edge("supervisor", analyst);
    }
    // One edge from all three: the reporter waits until every analyst has written.
    graph.add_edge(ANALYST_NODES, "reporter");
    graph.add_edge("reporter", "user_feedback");
    graph.add_edge("goal_decomposer", "scheduler");
    graph.add_edge("scheduler", "final_confirmation");
    Ok(graph)
}
