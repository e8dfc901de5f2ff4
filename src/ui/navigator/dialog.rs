//! A modal dialog: focus moves into it when it opens, Escape closes it, and the caller returns
//! focus to the control that opened it.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Focuses the element matching `selector` (used to move focus in and give it back).
pub fn focus(selector: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

#[component]
pub fn Dialog(
    /// `id` of the dialog; its title gets `{id}-title`.
    id: &'static str,
    title: Signal<String>,
    /// Called on Escape.
    on_close: Callback<()>,
    children: Children,
) -> impl IntoView {
    // After the dialog is in the DOM, focus its first form control.
    Effect::new(move |_| {
        let selector = format!("#{id} input, #{id} textarea, #{id} button");
        leptos::task::spawn_local(async move { focus(&selector) });
    });
    view! {
        <div class="modal-backdrop">
            <div
                id=id
                class="modal"
                role="dialog"
                aria-modal="true"
                aria-labelledby=format!("{id}-title")
                data-testid=id
                on:keydown=move |ev| {
                    if ev.key() == "Escape" {
                        ev.prevent_default();
                        on_close.run(());
                    }
                }
            >
                <h2 class="modal__title" id=format!("{id}-title")>{move || title.get()}</h2>
                {children()}
            </div>
        </div>
    }
}
