//! What the pages share whose run writes a draft the user reviews with its facts (tailoring, the
//! cover letter): the graph whose nodes light up as they run (`graph`), the dialog's open and
//! hidden state and the run's status words (`run_view`), the run's errors and the agents' streamed
//! text (`run_view`), the review dialog's note box and buttons (`review_form`), and the result's
//! notices: failed steps, warnings, and what became of the facts no source held
//! (`result_notices`), and the result check's verdict in place of "finished" (`verdict`). Each page keeps its own words where they differ, and its test ids.

mod graph;
mod result_notices;
mod review_form;
mod run_view;
mod verdict;

pub use graph::{GraphNode, GraphRows, NodeStatus};
pub use result_notices::{FactOutcome, FailedSteps, Warnings};
pub use review_form::{
    approve_with, revise_with, ReviewActions, ReviewHeading, ReviewNote, ReviewNoteIds,
    UnchangedNotice,
};
pub use run_view::{
    dialog_toggle, ended_text, take_agent_event, DraftProgress, PauseDialog, ReopenButton,
};

/// What the demo badge says on the draft pages, whose demo answers are heuristic.
pub const DEMO_WORDS: (&str, &str) = (
    "Demo: heuristic answers, no model is called",
    "演示：启发式回答，不调用模型",
);
pub use verdict::{finished_text, result_verdict, FinishedWords, VerdictNotice};
