//! The one modal dialog shell of the app, for every question a paused run asks (the tailoring
//! question and review, the career plan's rating and confirmation): `role=dialog`, `aria-modal`,
//! labelled by its title. It opens at its top (title and decision first), and focus moves to the
//! field marked `data-autofocus` (or the first control) without scrolling it there; Tab and Shift+Tab cycle inside it; Ctrl/Cmd+Enter sends (`on_send`); Escape hides it
//! without answering (`on_escape`): the run stays paused and the page offers a button that brings
//! it back. Where focus goes when it closes is up to the page ([`focus_later`]).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

const FOCUSABLE: &str = "button:not([disabled]), textarea:not([disabled]), \
    input:not([disabled]), select:not([disabled]), a[href], summary, [tabindex]:not([tabindex='-1'])";

fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .filter_map(|node| node.dyn_into::<web_sys::HtmlElement>().ok())
        // Rendered ones only: a control in a hidden field or a closed <details> cannot take focus.
        .filter(|el| el.offset_parent().is_some())
        .collect()
}

fn active_element() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.active_element()
}

/// Focuses the element matching `selector` on the next frame (after the view has changed), e.g.
/// the button that reopens a dialog, or the run's status line. A dialog that opened in the
/// meantime (a fast model answers before the next frame) keeps its focus.
pub fn focus_later(selector: &'static str) {
    request_animation_frame(move || {
        let in_dialog = active_element()
            .and_then(|el| el.closest("[role=dialog]").ok().flatten())
            .is_some();
        if in_dialog {
            return;
        }
        let target = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(selector).ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(target) = target {
            let _ = target.focus();
        }
    });
}

/// Keeps Tab and Shift+Tab inside `root`: from its last control Tab goes to its first, from its
/// first Shift+Tab goes to its last, and from outside either one comes back in.
pub fn cycle_focus(root: &web_sys::Element, ev: &leptos::ev::KeyboardEvent) {
    let all = focusables(root);
    let (Some(first), Some(last)) = (all.first(), all.last()) else {
        return;
    };
    let active = active_element();
    let at = |el: &web_sys::HtmlElement| active.as_ref() == Some(el.unchecked_ref());
    let inside = active.as_ref().is_some_and(|a| root.contains(Some(a)));
    if ev.shift_key() && (at(first) || !inside) {
        ev.prevent_default();
        let _ = last.focus();
    } else if !ev.shift_key() && (at(last) || !inside) {
        ev.prevent_default();
        let _ = first.focus();
    }
}

/// `element.focus({ preventScroll: true })`: a field low in a tall dialog takes focus without
/// scrolling the title and the decision out of view (web-sys' `FocusOptions` is not enabled).
fn focus_without_scrolling(element: &web_sys::HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    let focus = js_sys::Reflect::get(element, &"focus".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match focus {
        Some(focus) => {
            let _ = focus.call1(element, &options);
        }
        None => {
            let _ = element.focus();
        }
    }
}

#[component]
pub fn Modal(
    /// Id of the element naming the dialog (its heading).
    labelled_by: &'static str,
    /// Id of the element describing it, if any.
    #[prop(optional)]
    described_by: Option<&'static str>,
    testid: &'static str,
    on_escape: Callback<()>,
    on_send: Callback<()>,
    children: Children,
) -> impl IntoView {
    let root = NodeRef::<leptos::html::Div>::new();
    // Focus moves in once the dialog is in the document.
    Effect::new(move |_| {
        if let Some(root) = root.get() {
            let preferred = root
                .query_selector("[data-autofocus]")
                .ok()
                .flatten()
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(target) = preferred.or_else(|| focusables(&root).into_iter().next()) {
                focus_without_scrolling(&target);
            }
            if let Some(backdrop) = root.parent_element() {
                backdrop.set_scroll_top(0);
            }
        }
    });
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Escape" => {
            ev.prevent_default();
            on_escape.run(());
        }
        "Enter" if ev.ctrl_key() || ev.meta_key() => {
            ev.prevent_default();
            on_send.run(());
        }
        "Tab" => {
            if let Some(root) = root.get_untracked() {
                cycle_focus(&root, &ev);
            }
        }
        _ => {}
    };
    view! {
        <div class="modal-backdrop">
            <div
                class="modal"
                role="dialog"
                aria-modal="true"
                aria-labelledby=labelled_by
                aria-describedby=described_by
                data-testid=testid
                node_ref=root
                on:keydown=on_keydown
            >
                {children()}
            </div>
        </div>
    }
}
