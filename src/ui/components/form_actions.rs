//! The row every run form ends with: Run, Stop on the pages that stop a run from the form, the
//! demo badge and the status line the run controller writes to. Written once so that the six pages
//! cannot drift apart in how Run is labelled and disabled.

use leptos::prelude::*;

use crate::ui::components::{ProviderBadge, StopButton};
use crate::ui::i18n::{tr, use_language};

/// The form's actions. `testid_prefix` ("hiring-", "batch-") keeps the test ids the older pages'
/// suites know (`hiring-run`, `batch-status`); `blocked` disables Run for the page's own reasons
/// (nothing to run on yet) besides a live run; `demo` is the badge's words for the page's demo
/// answers, and a page without it shows no badge.
#[component]
pub fn FormActions(
    running: Signal<bool>,
    status: RwSignal<String>,
    #[prop(optional)] testid_prefix: &'static str,
    #[prop(optional)] blocked: Option<Signal<bool>>,
    #[prop(into, default = None)] on_stop: Option<Callback<()>>,
    #[prop(into, default = None)] demo: Option<(&'static str, &'static str)>,
) -> impl IntoView {
    let lang = use_language();
    let disabled = move || running.get() || blocked.is_some_and(|b| b.get());
    view! {
        <div class="run-form__actions">
            <button type="submit" class="button button--primary" data-testid=format!("{testid_prefix}run") disabled=disabled>
                {move || if running.get() { tr(lang.get(), "Running…", "运行中…") } else { tr(lang.get(), "Run", "运行") }}
            </button>
            {on_stop.map(|stop| view! { <StopButton testid="stop" enabled=running on_stop=stop /> })}
            {demo.map(|(en, zh)| view! { <ProviderBadge demo_en=en demo_zh=zh /> })}
            <p class="run-form__status" role="status" aria-live="polite" data-testid=format!("{testid_prefix}status")>{move || status.get()}</p>
        </div>
    }
}

/// The form's submit handler: the browser's own submit is prevented, and `start` runs unless a
/// run is live already (Enter pressed again while it runs starts nothing).
pub fn submit_run(
    running: impl Fn() -> bool + 'static,
    start: impl Fn() + 'static,
) -> impl Fn(leptos::ev::SubmitEvent) + 'static {
    move |ev| {
        ev.prevent_default();
        if !running() {
            start();
        }
    }
}
