//! A form's labelled field and its text box, bound to a signal. The pages' forms are mostly these;
//! written once so that every box keeps the same markup (label `for`, class names) and binding.

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

/// A textarea showing `value` and writing to it as the user types. `prose`: off for a resume,
/// whose names and jargon a spellchecker would mark all over. autocomplete="off": the signal is
/// the state; a browser must not restore the box behind its back.
#[component]
pub fn TextBox(
    id: &'static str,
    class: &'static str,
    testid: &'static str,
    rows: u32,
    value: RwSignal<String>,
    #[prop(default = true)] prose: bool,
) -> impl IntoView {
    view! {
        <textarea autocomplete="off"
            id=id
            class=class
            data-testid=testid
            rows=rows.to_string()
            spellcheck=(!prose).then_some("false")
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev))
        ></textarea>
    }
}
