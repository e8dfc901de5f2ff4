//! The shell of a workflow page: its form (the page's fields, then Run, Stop where the page has
//! it, the demo badge and the status line), then its saved runs, the run it shows and the
//! provider's notes. The pages write only their fields, what Run starts, and their run view.

use leptos::prelude::*;

use crate::session::Workflow;
use crate::ui::components::{submit_run, FormActions, PageRuns};
use crate::ui::run::{ActiveRun, RunController, ViewModel};

/// `start` starts a run from the fields (never while one is live); `stop`: Stop stands beside Run
/// (the draft pages; the others stop from the run's bar); `testid_prefix` and `demo` as in
/// [`FormActions`], `clamped` as in [`PageRuns`].
#[component]
pub fn PageShell<W, V, S, F, IV>(
    runs: RunController<W, V>,
    /// The form's class and test id.
    class: &'static str,
    testid: &'static str,
    start: S,
    #[prop(optional)] stop: bool,
    #[prop(optional)] testid_prefix: &'static str,
    #[prop(into, default = None)] demo: Option<(&'static str, &'static str)>,
    clamped: bool,
    run_view: F,
    children: Children,
) -> impl IntoView
where
    W: Workflow,
    V: ViewModel<W>,
    S: Fn() + 'static,
    F: Fn(ActiveRun<W, V>) -> IV + Send + Sync + 'static,
    IV: IntoView + 'static,
{
    let running = move || runs.live();
    let on_stop = stop.then(|| Callback::new(move |()| runs.stop()));
    // autocomplete="off": the signals are the state; a browser must not restore a control
    // behind their back.
    view! {
        <form autocomplete="off" class=class on:submit=submit_run(running, start) data-testid=testid>
            {children()}
            <FormActions running=Signal::derive(running) status=runs.message() testid_prefix=testid_prefix
                on_stop=on_stop demo=demo />
        </form>
        <PageRuns runs=runs clamped=clamped run_view=run_view />
    }
}
