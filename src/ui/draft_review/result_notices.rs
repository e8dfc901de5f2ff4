//! The notices of a finished draft: the steps that failed (it was made without them), what the
//! user should know, and what became of the draft's facts that no source held.

use leptos::prelude::*;

use crate::ui::i18n::{counted, tr, use_language};
use crate::workflows::agent_name;

/// The steps of `workflow` that failed, by name; nothing when none did.
#[component]
pub fn FailedSteps(
    workflow: &'static str,
    steps: Vec<String>,
    /// The sentence before the list, in English and Chinese.
    intro: (&'static str, &'static str),
    testid: &'static str,
) -> impl IntoView {
    let lang = use_language();
    (!steps.is_empty()).then(|| {
        view! {
            <div class="notice notice--error" role="alert" data-testid=testid>
                <p>{move || tr(lang.get(), intro.0, intro.1)}</p>
                <ul>{steps.into_iter().map(|node| {
                    view! { <li>{move || agent_name(workflow, &node, lang.get())}</li> }
                }).collect_view()}</ul>
            </div>
        }
    })
}

/// The run's warnings; nothing when there are none.
#[component]
pub fn Warnings(warnings: Vec<String>, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    (!warnings.is_empty()).then(|| {
        view! {
            <div class="notice notice--warn" role="note" data-testid=testid>
                <h3>{move || tr(lang.get(), "Worth knowing", "请注意")}</h3>
                <ul>{warnings.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
            </div>
        }
    })
}

/// How many of the draft's facts no source held were left out, and how many the user kept;
/// nothing when the draft had none.
#[component]
pub fn FactOutcome(kept: usize, removed: usize, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    (kept + removed > 0).then(|| {
        view! {
            <p class="notice" data-testid=testid>
                {move || {
                    let lang = lang.get();
                    format!("{} {}",
                        counted(lang, removed, "fact not in your resume was left out;", "facts not in your resume were left out;", "项不在你简历中的事实已删去；"),
                        counted(lang, kept, "kept by you.", "kept by you.", "项由你保留。"))
                }}
            </p>
        }
    })
}
