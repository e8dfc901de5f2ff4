//! Resume tailoring (docs/workflows/resume_tailoring.md): analyse a job, screen the resume, ask the user about
//! missing information in a subgraph (which updates the master resume), tailor, optimise for ATS,
//! let the user review, revise on feedback, finalize.
//!
//! ```text
//! START → file_loader ─→ job_analyzer → resume_screener → resume_tailorer   (error → END)
//! resume_tailorer ─Command→ info_collection (subgraph, when missing info) → resume_tailorer
//!                 └Command→ ats_optimizer
//! ats_optimizer ─→ human_review (review on) | finalization_agent (review off)
//! human_review ─Command→ reflexion_agent (revise) → ats_optimizer (rescore) → human_review …
//!              └Command→ finalization_agent (approve, timeout, error, revision limit) → END
//! info_collection: conversation_starter → question_asker (loops) → info_formatter
//! ```
//!
//! Interrupts (answer with `graph.resume(&config, Resume::value(answer))` on the same thread,
//! which needs a checkpointer: compile [`graph`] with one):
//! - a **question** from the subgraph (`interrupt.path == ["info_collection"]`), payload and
//!   answers documented in [`info_collection`];
//! - the **review** from `human_review`, payload and answers documented in [`review`], including
//!   the timeout answer the page sends when its timer fires.
//!
//! Grounding: the draft's facts that the resume, master resume and answers do not hold are listed
//! in the review payload and kept only when the user keeps them (see [`grounding`]).
//!
//! Results in [`GraphState`]: `tailored_resume`, `ungrounded_kept` / `ungrounded_removed`, `ats_score` and `ats_report`, `keywords_matched`
//! / `keywords_missing`, `human_decision`, `warnings`, and `master_resume` with
//! `master_resume_updated` (the page stores the updated master resume as its last step).
//!
//! ```
//! use std::rc::Rc;
//! use careergraph::graph::{MemorySaver, Resume, RunConfig};
//! use careergraph::workflows::resume_tailoring::{self, TailorInput, TailorSettings};
//! use serde_json::json;
//!
//! let settings = TailorSettings::default();
//! let graph = resume_tailoring::graph(Rc::new(resume_tailoring::demo_model()), settings.clone())
//!     .unwrap()
//!     .compile_with_checkpointer(Rc::new(MemorySaver::new()))
//!     .unwrap();
//! let config = RunConfig::thread("job-1").with_recursion_limit(settings.recursion_limit());
//! let input = TailorInput::new(
//!     "# Ann\n## Skills\nPython, Docker\n",
//!     "Requirements:\n- Python and Docker\n",
//! );
//! let run = graph.invoke(resume_tailoring::initial_state(&input, &settings), &config);
//! let paused = futures::executor::block_on(run).unwrap();
//! assert_eq!(paused.interrupts()[0].payload["type"], "review");
//! let done = graph.resume(&config, Resume::value(json!({"decision": "approve"})));
//! let state = futures::executor::block_on(done).unwrap().into_state();
//! assert_eq!(state.ats_score, 100);
//! assert!(state.tailored_resume.contains("Python"));
//! ```

pub mod agents;
pub mod answers;
pub mod demo;
pub mod grounding;
pub mod info_collection;
mod nodes;
pub mod pause;
pub mod prompts;
pub mod review;
mod settings;
mod state;
mod workflow;

use std::rc::Rc;

use crate::graph::{GraphError, NodeContext, NodeOptions, StateGraph, START};
use crate::llm::ChatModel;
use crate::workflows::common::{self, with_deps, RunSettings};

pub use demo::demo_model;
pub use pause::{
    QuestionAction, QuestionAnswer, QuestionPause, ReviewAnswer, ReviewPause, TailorAnswer,
    TailorPause,
};
pub use settings::{TailorInput, TailorSettings};
pub use state::{
    initial_state, ChatTurn, GraphState, GraphUpdate, HumanDecision, InfoCollectionState,
    InfoCollectionUpdate, Question,
};
pub use workflow::{TailorRunInput, TailoringWorkflow};

/// What the tailoring nodes share.
type Deps = common::Deps<TailorSettings>;

/// Main-graph node names, in pipeline order.
pub const NODES: [&str; 9] = [
    "file_loader",
    "job_analyzer",
    "resume_screener",
    "resume_tailorer",
    "info_collection",
    "ats_optimizer",
    "human_review",
    "reflexion_agent",
    "finalization_agent",
];

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
pub fn graph(
    model: Rc<dyn ChatModel>,
    settings: TailorSettings,
) -> Result<StateGraph<GraphState>, GraphError> {
    let language = settings.language();
    let deps = Rc::new(Deps { model, settings });
    let mut graph = StateGraph::<GraphState>::new();

    graph.add_node(
        "file_loader",
        |state: GraphState, _ctx: NodeContext| async move { Ok(nodes::file_loader(&state)) },
    );
    graph.add_node("job_analyzer", with_deps(&deps, nodes::job_analyzer));
    graph.add_node("resume_screener", with_deps(&deps, nodes::resume_screener));
    graph.add_node_with(
        "resume_tailorer",
        NodeOptions::default().destinations(["info_collection", "ats_optimizer"]),
        with_deps(&deps, nodes::resume_tailorer),
    );
    graph.add_subgraph(
        "info_collection",
        info_collection::build_in(language)?,
        |p: &GraphState| {
            InfoCollectionUpdate::default()
                .missing_info_requirements(p.missing_info.clone())
                .user_id(p.user_id.clone())
                .full_resume(p.master_resume.clone())
        },
        move |parent: &GraphState, child: &InfoCollectionState| {
            collection_result(parent, child, language)
        },
    );
    graph.add_node("ats_optimizer", with_deps(&deps, nodes::ats_optimizer));
    graph.add_node_with(
        "human_review",
        NodeOptions::default().destinations(["reflexion_agent", "finalization_agent"]),
        review::human_review,
    );
    graph.add_node("reflexion_agent", with_deps(&deps, nodes::reflexion_agent));
    graph.add_node(
        "finalization_agent",
        move |state: GraphState, _ctx: NodeContext| async move {
            Ok(nodes::finalization_agent(&state, language))
        },
    );

    graph.add_edge(START, "file_loader");
    graph.add_conditional_edges(
        "file_loader",
        nodes::after_file_loader,
        ["job_analyzer", crate::graph::END],
    );
    graph.add_edge("job_analyzer", "resume_screener");
    graph.add_edge("resume_screener", "resume_tailorer");
    graph.add_edge("info_collection", "resume_tailorer");
    graph.add_conditional_edges(
        "ats_optimizer",
        nodes::after_ats_optimizer,
        ["human_review", "finalization_agent"],
    );
    graph.add_edge("reflexion_agent", "ats_optimizer");
    graph.add_edge("finalization_agent", crate::graph::END);
    Ok(graph)
}

/// What the subgraph gives back: the formatted answers (used right away) and the updated master
/// resume (for this and later sessions); skipped and stopped questions become warnings.
fn collection_result(
    parent: &GraphState,
    child: &InfoCollectionState,
    lang: crate::domain::Language,
) -> GraphUpdate {
    let answered = !child.final_collected_info.trim().is_empty();
    let mut warnings = Vec::new();
    if !child.skipped.is_empty() {
        warnings.push(match lang {
            crate::domain::Language::En => {
                format!("Skipped questions: {}", child.skipped.join(", "))
            }
            crate::domain::Language::Zh => format!("跳过的问题：{}", child.skipped.join("、")),
        });
    }
    if child.stopped {
        warnings.push(
            lang.pick(
                "You stopped the questions early; the answers given so far are used.",
                "你提前结束了提问；已给出的回答会被采用。",
            )
            .into(),
        );
    }
    let master = if answered && !child.updated_full_resume.trim().is_empty() {
        child.updated_full_resume.clone()
    } else {
        parent.master_resume.clone()
    };
    GraphUpdate::default()
        .collected_info(child.final_collected_info.clone())
        .master_resume(master)
        .master_resume_updated(answered)
        .info_collection_done(true)
        .warnings(warnings)
}
