//! The batch screening page: one job description, many resumes (files dropped or
//! picked, or pasted), the run's settings and a cost estimate before it starts; while it runs a
//! row per candidate with its status and ATS score (cancel one, stop all, the cost-cap question);
//! at the end the ranked table, sortable and filterable, with each candidate's packet and CSV /
//! Markdown exports, and, when self-reported categories were given, the impact ratios. Runs go through the shared run controller (`ui::run`): a batch a reload cut
//! short goes on when the page comes back, its finished candidates kept; "Retry failed" is the
//! finished run's follow-up on the same thread (same run, same table).

mod bias;
mod categories;
mod cost;
mod decide;
mod draft;
mod form;
mod impact;
mod key_pause;
mod live;
mod masked;
mod model;
mod pause;
mod ranked;
pub mod table;

use leptos::prelude::*;

use crate::ui::components::PageRuns;
use crate::ui::run::{ActiveRun, RunController};
use crate::workflows::batch_screening::{decisions, BatchAnswer, BatchWorkflow};
use model::BatchModel;

/// A batch run the page shows.
type BatchRunHandle = ActiveRun<BatchWorkflow, BatchModel>;
type BatchController = RunController<BatchWorkflow, BatchModel>;

/// The page: the form, the saved runs, then the run.
#[component]
pub fn Page() -> impl IntoView {
    let runs = BatchController::new();
    let follow_up = Callback::new(move |()| runs.follow_up());
    // The key question's "Go on": the run re-opened on the key Settings has now.
    let key_go_on =
        Callback::new(move |()| runs.answer_anew(BatchAnswer::Continue { cost_cap_usd: None }));
    // "Check this screening for bias": a new batch of variants, started like any batch.
    let check_bias = Callback::new(move |(input, title)| runs.start(input, title));
    // A person's decision on a candidate: written into the finished run, nothing runs.
    let decide = Callback::new(move |decision| runs.amend(decisions::record(decision)));
    view! {
        <form::BatchForm runs=runs />
        <PageRuns runs=runs clamped=true
            run_view=move |run| view! { <live::BatchRun run=run retry=follow_up key_go_on=key_go_on check_bias=check_bias decide=decide /> } />
    }
}
