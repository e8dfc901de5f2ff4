//! Stop, as a form or a run's bar shows it: enabled only while there is something to stop.

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

/// `label`: English and Chinese, "Stop" unless the page says more ("Stop all" for a batch).
#[component]
pub fn StopButton(
    testid: &'static str,
    enabled: Signal<bool>,
    on_stop: Callback<()>,
    #[prop(default = ("Stop", "停止"))] label: (&'static str, &'static str),
) -> impl IntoView {
    let lang = use_language();
    view! {
        <button type="button" class="button button--danger" data-testid=testid disabled=move || !enabled.get() on:click=move |_| on_stop.run(())>
            {move || tr(lang.get(), label.0, label.1)}
        </button>
    }
}
