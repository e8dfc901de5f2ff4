//! The frame of a shown run: a labelled section whose bar says where the run stands, beside the
//! page's buttons for it, then what the page shows of the run. Written once so that every page
//! announces its status line the same way (a polite live region).

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

#[component]
pub fn RunPanel(
    /// The section's class ("run", "run hiring"), accessible name and test id.
    class: &'static str,
    label: (&'static str, &'static str),
    testid: &'static str,
    /// The status line's test id and words.
    phase_testid: &'static str,
    phase_text: Signal<String>,
    /// Whether focus may be put on the status line: the draft pages move it there once their
    /// dialog is answered, so the user hears where the run went on.
    #[prop(optional)]
    focusable: bool,
    /// The bar's buttons, after the status line (Stop, Continue answering…).
    #[prop(optional, into)]
    bar: ViewFnOnce,
    children: Children,
) -> impl IntoView {
    let lang = use_language();
    view! {
        <section class=class aria-label=move || tr(lang.get(), label.0, label.1) data-testid=testid>
            <div class="run__bar">
                <p class="run__phase" role="status" aria-live="polite" tabindex=focusable.then_some("-1") data-testid=phase_testid>{move || phase_text.get()}</p>
                {bar.run()}
            </div>
            {children()}
        </section>
    }
}
