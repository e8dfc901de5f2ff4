//! A form's text box, bound to a signal. The pages' forms are mostly these (inside a [`Field`]);
//! written once so that every box keeps the same markup and binding.
//!
//! [`Field`]: super::Field

use leptos::prelude::*;

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
