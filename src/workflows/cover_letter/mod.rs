//! Cover letters that invent nothing: every paragraph says which of the posting's requirements it
//! answers and which resume lines it rests on, and every fact no source holds is shown to the
//! user, who keeps or removes it.
//!
//! ```text
//! START → requirements ─┬→ evidence ─┬→ writer → grounding → human_review
//!                       └→ framing  ─┘   ↑                        │
//!                                        └──── revise (bounded) ──┤
//!                                               approve, other ───┴→ finalize → END
//! ```
//!
//! - `requirements` (no model): the posting's ATS analysis (`domain::ats`), each requirement with
//!   an id (`R1`…), and the resume's lines with ids (`L1`…).
//! - `evidence` and `framing` run in one superstep; `writer` waits for both (a join edge).
//!   `evidence` (model): which resume lines show which requirement. `framing` (model): what the
//!   company and role are about, from the posting.
//! - `writer` (model): the letter as paragraphs, each citing requirement and line ids (unknown
//!   ids dropped); on a revision, the last draft and the user's note.
//! - `grounding` (no model): the draft's facts that the resume, the notes, the revision notes and
//!   the company and role do not hold (see [`grounding`]: the posting is not a source).
//! - `human_review`: the pause and its answers, see [`review`].
//! - `finalize` (no model): the draft without the facts not kept; Markdown and HTML.
//!
//! Results in [`CoverLetterState`]: `letter` (paragraphs with their requirements and resume
//! lines), `letter_markdown`, `letter_html`, `ungrounded_kept` / `ungrounded_removed`,
//! `warnings`, `failed_steps`.

pub mod agents;
pub mod demo;
pub mod grounding;
pub mod letter;
mod nodes;
pub mod pause;
pub mod review;
mod settings;
mod state;
mod workflow;

use std::rc::Rc;

use crate::graph::{GraphError, NodeContext, NodeOptions, StateGraph, END, START};
use crate::llm::ChatModel;
use crate::workflows::common::{self, with_deps, RunSettings};

pub use demo::demo_model;
pub use nodes::{mentioned_evidence, resume_lines, CoverLetterError};
pub use pause::{CoverLetterAnswer, CoverLetterPause, LetterReview};
pub use settings::{style_block, CoverSettings, Length, Tone};
pub use state::{
    CitedParagraph, CoverLetterState, CoverLetterUpdate, Decision, LetterEvidence, LetterFraming,
    LetterParagraph, LetterRequirement, LetterResumeLine,
};
pub use workflow::{CoverLetterInput, CoverLetterWorkflow};

/// What the nodes share.
type Deps = common::Deps<CoverSettings>;

/// Node names, in pipeline order.
pub const NODES: [&str; 7] = [
    "requirements",
    "evidence",
    "framing",
    "writer",
    "grounding",
    "human_review",
    "finalize",
];

/// The first update of a run: the input, and what routing reads. The input is scanned for
/// prompt injection before any model call (findings are shown; the run proceeds).
pub fn initial_state(input: &CoverLetterInput, settings: &CoverSettings) -> CoverLetterUpdate {
    CoverLetterUpdate::default()
        .injection_findings(input.injection_findings())
        .resume(input.resume.trim().to_string())
        .job_description(input.job_description.trim().to_string())
        .company(input.company.trim().to_string())
        .role(input.role.trim().to_string())
        .notes(input.notes.trim().to_string())
        .tone(input.tone)
        .length(input.length)
        .max_revisions(settings.max_revisions)
}

/// The workflow's graph, uncompiled: what its `Workflow::prepare` compiles on the run's
/// checkpointer. A run goes through the session (`WorkflowRun::new`, docs/runs.md); tests
/// that exercise the graph alone compile it themselves (`compile`, `compile_with_checkpointer`).
pub fn graph(
    model: Rc<dyn ChatModel>,
    settings: CoverSettings,
) -> Result<StateGraph<CoverLetterState>, GraphError> {
    let lang = settings.language();
    let deps = Rc::new(Deps { model, settings });
    let mut graph = StateGraph::<CoverLetterState>::new();

    graph.add_node(
        "requirements",
        move |state: CoverLetterState, _ctx: NodeContext| async move {
            Ok(nodes::requirements(&state, lang))
        },
    );
    graph.add_node("evidence", with_deps(&deps, nodes::evidence));
    graph.add_node("framing", with_deps(&deps, nodes::framing));
    graph.add_node("writer", with_deps(&deps, nodes::writer));
    graph.add_node(
        "grounding",
        |state: CoverLetterState, _ctx: NodeContext| async move { Ok(nodes::grounding(&state)) },
    );
    graph.add_node_with(
        "human_review",
        NodeOptions::default().destinations(["writer", "finalize"]),
        move |state: CoverLetterState, ctx: NodeContext| review::human_review(state, ctx, lang),
    );
    graph.add_node(
        "finalize",
        move |state: CoverLetterState, _ctx: NodeContext| async move {
            Ok(nodes::finalize(&state, lang))
        },
    );

    graph.add_edge(START, "requirements");
    graph.add_edge("requirements", "evidence");
    graph.add_edge("requirements", "framing");
    graph.add_edge(["evidence", "framing"], "writer");
    graph.add_edge("writer", "grounding");
    graph.add_edge("grounding", "human_review");
    graph.add_edge("finalize", END);
    Ok(graph)
}
