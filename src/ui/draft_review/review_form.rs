//! The bottom of a draft's review dialog: the notice that the last revision request changed
//! nothing, the note box (what should change; Ctrl+Enter sends it, Escape hides the dialog), the
//! hint at the last round, and the Approve and revise buttons, which stay in view at the dialog's
//! bottom edge while it scrolls.

use leptos::prelude::*;

use crate::ui::components::{focus_later, kept_keys, removed_keys, FactDecisions};
use crate::ui::i18n::{tr, use_language};

/// The notice that the last revision request left the draft as it was, with the run's reason
/// (in the run's language), so the same draft is not taken for a revision.
#[component]
pub fn UnchangedNotice(note: Option<String>, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    note.map(|note| {
        view! {
            <div class="notice notice--warn" role="status" data-testid=testid>
                <strong>{move || tr(lang.get(),
                    "Your last revision request did not change the draft.",
                    "上一次修改请求没有改动草稿。")}</strong>
                " "
                <span>{note}</span>
            </div>
        }
    })
}

/// Element ids (also their test ids) of one dialog's note box.
#[derive(Clone, Copy)]
pub struct ReviewNoteIds {
    /// The text box.
    pub note: &'static str,
    /// The line that says which keys do what.
    pub keys: &'static str,
    /// The hint shown at the last round.
    pub last_round: &'static str,
}

/// The revise action: the note, trimmed, goes to `send` and focus to `after`; an empty note shows
/// `empty_hint` instead.
pub fn revise_with(
    note: RwSignal<String>,
    hint: RwSignal<Option<&'static str>>,
    empty_hint: (&'static str, &'static str),
    after: &'static str,
    send: impl Fn(String) + Send + Sync + 'static,
) -> Callback<()> {
    let lang = use_language();
    Callback::new(move |()| {
        let text = note.get_untracked().trim().to_string();
        if text.is_empty() {
            hint.set(Some(tr(lang.get_untracked(), empty_hint.0, empty_hint.1)));
            return;
        }
        send(text);
        focus_later(after);
    })
}

/// The approve action: the facts the user kept and those they removed (undecided ones are not
/// kept) go to `send`, and focus to `after`.
pub fn approve_with(
    decisions: FactDecisions,
    after: &'static str,
    send: impl Fn(Vec<String>, Vec<String>) + Send + Sync + 'static,
) -> Callback<()> {
    Callback::new(move |()| {
        let (kept, removed) = decisions.with_untracked(|d| (kept_keys(d), removed_keys(d)));
        send(kept, removed);
        focus_later(after);
    })
}

/// The dialog's title and the question every draft review asks; `ids`: the title's and the
/// question's element ids, which the dialog is labelled and described by.
#[component]
pub fn ReviewHeading(
    ids: (&'static str, &'static str),
    title: (&'static str, &'static str),
) -> impl IntoView {
    let lang = use_language();
    view! {
        <h2 id=ids.0 class="modal__title">{move || tr(lang.get(), title.0, title.1)}</h2>
        <p id=ids.1 class="modal__why">
            {move || tr(lang.get(),
                "Approve it to finalize, or say what to change and request a revision.",
                "批准即定稿；或写下修改意见并要求修改。")}
        </p>
    }
}

#[component]
pub fn ReviewNote(
    note: RwSignal<String>,
    /// Why the last action was refused (an empty note), announced.
    hint: RwSignal<Option<&'static str>>,
    ids: ReviewNoteIds,
    /// What Escape does to the run, in English and Chinese.
    keys: (&'static str, &'static str),
    last_round: bool,
    /// Focus goes to the note box when the dialog opens.
    #[prop(optional)]
    autofocus: bool,
) -> impl IntoView {
    let lang = use_language();
    view! {
        <div class="field">
            <label class="field__label" for=ids.note>{move || tr(lang.get(), "What should change?", "需要修改什么？")}</label>
            <textarea autocomplete="off"
                id=ids.note
                class="field__input"
                data-testid=ids.note
                data-autofocus=autofocus.then_some("")
                rows="3"
                aria-describedby=ids.keys
                prop:value=move || note.get()
                on:input=move |ev| {
                    hint.set(None);
                    note.set(event_target_value(&ev));
                }
            ></textarea>
            <span class="field__hint" id=ids.keys>{move || tr(lang.get(), keys.0, keys.1)}</span>
            {last_round.then(|| view! {
                <span class="field__hint" data-testid=ids.last_round>
                    {move || tr(lang.get(),
                        "The revision limit is reached: another request finalizes this draft with a warning.",
                        "已达修改次数上限：再次要求修改将直接定稿并给出提醒。")}
                </span>
            })}
            <p class="field__warning" role="alert">{move || hint.get()}</p>
        </div>
    }
}

/// Approve and revise, kept in view at the dialog's bottom edge.
#[component]
pub fn ReviewActions(
    approve: Callback<()>,
    revise: Callback<()>,
    /// Test ids of the two buttons.
    testids: (&'static str, &'static str),
    /// The revise button's words, in English and Chinese.
    revise_label: (&'static str, &'static str),
) -> impl IntoView {
    let lang = use_language();
    view! {
        <div class="modal__actions modal__actions--sticky">
            <button type="button" class="button button--primary" data-testid=testids.0 on:click=move |_| approve.run(())>
                {move || tr(lang.get(), "Approve", "批准")}
            </button>
            <button type="button" class="button" data-testid=testids.1 on:click=move |_| revise.run(())>
                {move || tr(lang.get(), revise_label.0, revise_label.1)}
            </button>
        </div>
    }
}
