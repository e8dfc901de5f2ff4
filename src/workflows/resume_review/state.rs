//! The review state: the seed's `ReviewState` fields, minus API keys, plus settings and results.

use crate::domain::dropped::DroppedFact;
use crate::domain::facts::Fact;
use crate::domain::injection::scan_inputs;
use crate::domain::{DesignAdvice, Feedback, InjectionFinding, PortfolioAdvice, Resume, Revision};
use crate::state;

use super::settings::{ReviewInput, ReviewSettings};

state! {
    /// Everything a review run knows; checkpointed after every superstep and streamed as JSON.
    #[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
    pub struct ReviewState updates ReviewUpdate {
        /// The resume the critics read: the user's, then each accepted revision; at the end, the
        /// best-scoring of them (see `best`).
        pub resume: Resume,
        /// The resume as given; revisions are fact-checked against it.
        pub original_resume: Resume,
        pub target_role: String,
        /// Written by each critic node, overwritten every round (one writer each: no reducer).
        pub recruiter_feedback: Option<Feedback>,
        pub tech_writer_feedback: Option<Feedback>,
        pub copywriter_feedback: Option<Feedback>,
        /// This round's feedback, merged by the aggregator in the order recruiter, tech writer, copywriter.
        pub current_feedback: Vec<Feedback>,
        /// One entry per round.
        pub feedback_history: Vec<Vec<Feedback>> => append,
        pub integrated_score: f64,
        pub threshold_met: bool,
        /// Rounds started; the router increments it, so it is 1 during the first round.
        pub current_iteration: u32,
        /// The integrated score of the result: the last round's, or the best round's when the
        /// review ended on a worse one (see `best`).
        pub final_score: f64,
        /// The best round with a meaningful score so far; the result when the last is worse.
        pub best_round: Option<super::best::BestRound>,
        /// Settings copied from `ReviewSettings` so routing depends on state only (and a resumed
        /// checkpoint routes the same way).
        pub threshold: f64,
        pub max_iterations: u32,
        pub design_review: bool,
        /// The latest accepted revision's text (`None` until the revisor has run and been accepted).
        pub revised_resume: Option<String>,
        pub revision_history: Vec<Revision> => append,
        /// Facts of `resume` (the latest accepted revision) that the original resume does not
        /// hold, with their byte spans in `resume.text`: the user keeps or removes each in the
        /// result view; an exported resume carries only the kept ones.
        pub ungrounded_facts: Vec<Fact>,
        /// What `resume` lost of the original resume (contact details, whole sections,
        /// organisations, dates, degrees), with the original lines holding each: the
        /// user keeps each deletion or restores it; an export puts back every one not kept.
        /// Empty in checkpoints written before it existed (the state is `serde(default)`).
        pub dropped_facts: Vec<DroppedFact>,
        pub portfolio_advice: Option<PortfolioAdvice>,
        pub design_advice: Option<DesignAdvice>,
        /// Things the user should know that did not stop the run: failed agents, revisions that
        /// changed facts.
        pub warnings: Vec<String> => append,
        /// The follow-up "Retry failed critics" (`ReviewWorkflow::follow_up`): the
        /// feedback names of the result round's critics that failed, asked again on the result's
        /// resume. Empty in every other run; the retry empties it again.
        pub retry_critics: Vec<String>,
        /// Suspicious lines of the input (prompt injection, hidden text), found before any model
        /// call; shown to the user as a warning. The run proceeds regardless.
        pub injection_findings: Vec<InjectionFinding>,
    }
}

/// The first update of a run: the input plus the settings that routing reads. Use a fresh thread
/// per review when checkpointing: the history fields append to whatever the thread already holds.
pub fn initial_state(input: &ReviewInput, settings: &ReviewSettings) -> ReviewUpdate {
    let resume = Resume::new(input.resume.clone());
    ReviewUpdate::default()
        .original_resume(resume.clone())
        .resume(resume)
        .target_role(input.target_role.clone())
        .current_iteration(0u32)
        .threshold(settings.threshold)
        .max_iterations(settings.max_iterations)
        .design_review(settings.design_review)
        .injection_findings(scan_inputs(&[
            ("resume", &input.resume),
            ("target_role", &input.target_role),
        ]))
}
