//! A form's labelled field: written once so that every label names its control (`for`) the same
//! way and speaks both languages.

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

/// A field: its label (English, Chinese) for the control `id`, and the control itself with what
/// goes with it (an import button, an outline, a hint) as `children`.
#[component]
pub fn Field(
    id: &'static str,
    label: (&'static str, &'static str),
    children: Children,
) -> impl IntoView {
    let lang = use_language();
    view! {
        <div class="field">
            <label class="field__label" for=id>{move || tr(lang.get(), label.0, label.1)}</label>
            {children()}
        </div>
    }
}
