//! What follows every workflow page's form: the page's saved runs, the run it shows, and the
//! provider's notes on that run. One component, so that opening, deleting and marking the live
//! run work the same on every page.

use leptos::prelude::*;

use crate::session::Workflow;
use crate::store::RunRecord;
use crate::ui::components::{ProviderNotes, RunList};
use crate::ui::run::{ActiveRun, RunController, ViewModel};

/// The run list of `runs`' workflow, the shown run as `run_view` draws it, and the notes.
/// `clamped`: whether the notes say which scores the provider's answers had clamped (off where
/// the page shows that next to each score).
#[component]
pub fn PageRuns<W, V, F, IV>(runs: RunController<W, V>, clamped: bool, run_view: F) -> impl IntoView
where
    W: Workflow,
    V: ViewModel<W>,
    F: Fn(ActiveRun<W, V>) -> IV + Send + Sync + 'static,
    IV: IntoView + 'static,
{
    let open = Callback::new(move |record: RunRecord| runs.open(record));
    let delete = Callback::new(move |thread_id: String| runs.delete(thread_id));
    let export = Callback::new(move |record: RunRecord| runs.export(record));
    view! {
        <RunList workflow_id=W::ID on_open=open on_delete=delete on_export=export live=Signal::derive(move || runs.live_thread()) />
        {move || runs.active().map(&run_view)}
        <ProviderNotes notes=Signal::derive(move || runs.notes()) clamped=clamped workflow=W::ID />
    }
}
