//! Hiring packet (docs/workflows/hiring_pipeline.md): a supervisor routes nine specialist agents over one shared
//! [`HiringState`]; each agent writes its one typed output and hands back to the supervisor.
//!
//! ```text
//! START → supervisor_agent ─route→ resume_parser_agent | jd_analysis_agent | matching_agent
//!                                 | candidate_research_agent | hr_interview_agent
//!                                 | technical_interview_agent | ceo_interview_agent
//!                                 | evaluation_agent | email_agent | END ("finished")
//! every agent → supervisor_agent
//! ```
//!
//! The supervisor asks the model which agent runs next; the rules in [`routing`] break loops,
//! cap the steps, recover from unreadable answers (setting `error`) and refuse to finish while
//! the packet misses a required part. The research agent has no web access and says so in
//! every answer. Every system prompt ends with the settings' language instruction.
//!
//! ```
//! use std::rc::Rc;
//! use careergraph::graph::RunConfig;
//! use careergraph::workflows::hiring::{self, HiringInput, HiringSettings};
//!
//! let settings = HiringSettings::default();
//! let graph = hiring::graph(Rc::new(hiring::demo_model()), settings.clone()).compile().unwrap();
//! let input = HiringInput::new(
//!     "# Ann Lee\n## Experience\n### Engineer — Acme (2019–2024)\n- Built Rust services\n## Skills\nRust, Python\n",
//!     "Backend Engineer\nRequirements:\n- Rust\n- Kubernetes\n",
//! );
//! let config = RunConfig::default().with_recursion_limit(settings.recursion_limit());
//! let run = graph.invoke(hiring::initial_state(&input, &settings), &config);
//! let state = futures::executor::block_on(run).unwrap().into_state();
//! assert!(state.completed);
//! assert!(state.email_content.is_some());
//! assert_eq!(state.workflow_history.len(), 9);
//! ```

mod agents;
pub mod demo;
mod nodes;
pub mod prompts;
mod report;
pub mod routing;
mod schemas;
mod settings;
mod state;
mod supervisor;
mod workflow;

use std::rc::Rc;

use crate::graph::{StateGraph, END, START};
use crate::llm::ChatModel;
use crate::workflows::common::{self, with_deps};

pub use agents::{Agent, SUPERVISOR, WORKERS};
pub use demo::demo_model;
pub use nodes::{clamp_score, enforce_no_web, no_web_access_note};
pub use report::packet_markdown;
pub use settings::{HiringInput, HiringSettings};
pub use state::{initial_state, HiringState, HiringUpdate, RouteReason, RouteStep, DEFAULT_TASK};
pub use supervisor::{supervisor_message, SupervisorAnswer};
pub use workflow::{HiringRunInput, HiringWorkflow};

/// What the hiring nodes share.
type Deps = common::Deps<HiringSettings>;

/// The supervisor's node name.
pub const SUPERVISOR_NODE: &str = "supervisor_agent";

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
pub fn graph(model: Rc<dyn ChatModel>, settings: HiringSettings) -> StateGraph<HiringState> {
    let deps = Rc::new(Deps { model, settings });
    let mut graph = StateGraph::<HiringState>::new();

    graph.add_node(SUPERVISOR_NODE, with_deps(&deps, supervisor::supervisor));
    for worker in nodes::WORKER_NODES {
        graph.add_node(
            worker.agent().node,
            with_deps(&deps, move |d, state, ctx| worker.run(d, state, ctx)),
        );
    }

    graph.add_edge(START, SUPERVISOR_NODE);
    let [a, b, c, d, e, f, g, h, i] = routing::AGENTS;
    graph.add_conditional_edges(
        SUPERVISOR_NODE,
        supervisor::route,
        [a, b, c, d, e, f, g, h, i, END],
    );
    for agent in routing::AGENTS {
        graph.add_edge(agent, SUPERVISOR_NODE);
    }
    graph
}
