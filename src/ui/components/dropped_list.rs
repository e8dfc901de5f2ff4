//! What a rewrite dropped from the user's resume (seen: a revision lost the contact line and
//! the Skills section), listed beside the facts it added (`FactList`), with Keep deleted /
//! Restore per item. Mirrors `FactList`: a deletion the user does not keep (restored, or not
//! decided) is put back in the result and every export, so nothing of theirs is lost silently.
//! Decisions are by key, in a [`FactDecisions`] map: `true` keeps the deletion, `false` restores.

use leptos::prelude::*;

use super::FactDecisions;
use crate::domain::dropped::{DroppedFact, DroppedKind};
use crate::ui::i18n::{counted, tr, use_language};

fn state_of(decisions: FactDecisions, key: &str) -> &'static str {
    match decisions.with(|d| d.get(key).copied()) {
        Some(true) => "kept",
        Some(false) => "restored",
        None => "undecided",
    }
}

/// "N items dropped from your resume", each with Keep deleted / Restore (plain buttons: Tab and
/// Enter/Space); a dropped section shows its original lines.
#[component]
pub fn DroppedList(
    items: Vec<DroppedFact>,
    decisions: FactDecisions,
    testid: &'static str,
) -> impl IntoView {
    let lang = use_language();
    let n = items.len();
    let keys: Vec<String> = items.iter().map(|d| d.key.clone()).collect();
    let open = move || decisions.with(|d| keys.iter().filter(|k| !d.contains_key(*k)).count());
    (n > 0).then(|| view! {
        <section class="facts facts--dropped" data-testid=testid aria-labelledby=format!("{testid}-title")>
            <h3 class="facts__title" id=format!("{testid}-title")>
                {move || counted(lang.get(), n, "item dropped from your resume", "items dropped from your resume", "项内容被修订删去")}
            </h3>
            <p class="facts__why">
                {move || tr(lang.get(),
                    "Your resume has these, but the rewrite left them out. Restore what should stay: a deletion you do not keep, or leave undecided, is put back in the result and in every export.",
                    "你的简历里有这些内容，但改写删去了它们。恢复应保留的内容：你未确认或未作决定的删除，都会在结果和所有导出中恢复。")}
            </p>
            <p class="facts__open" role="status" data-testid=format!("{testid}-open")>
                {move || match open() {
                    0 => tr(lang.get(), "Every deletion decided.", "所有删除都已决定。").to_string(),
                    k => counted(lang.get(), k, "deletion undecided: restored", "deletions undecided: restored", "项未决定：将恢复"),
                }}
            </p>
            <ul class="facts__list">
                {items.into_iter().map(|item| {
                    let key = item.key.clone();
                    let (k1, k2, k3, k4, k5) = (key.clone(), key.clone(), key.clone(), key.clone(), key.clone());
                    let kind = item.kind;
                    let section = (kind == DroppedKind::Section).then(|| item.original.clone());
                    view! {
                        <li class="facts__item" data-testid="dropped-item" data-key=k5
                            data-decision=move || state_of(decisions, &k1)>
                            <span class="facts__kind">{move || kind.label(lang.get())}</span>
                            <del class="fact-mark">{item.text.clone()}</del>
                            <span class="facts__actions" role="group" aria-label=item.text.clone()>
                                <button type="button" class="button button--small" data-testid="dropped-keep"
                                    aria-pressed=move || (state_of(decisions, &k2) == "kept").to_string()
                                    on:click=move |_| { decisions.update(|d| { d.insert(k3.clone(), true); }); }>
                                    {move || tr(lang.get(), "Keep deleted", "确认删除")}
                                </button>
                                <button type="button" class="button button--small" data-testid="dropped-restore"
                                    aria-pressed=move || (state_of(decisions, &k4) == "restored").to_string()
                                    on:click=move |_| { decisions.update(|d| { d.insert(key.clone(), false); }); }>
                                    {move || tr(lang.get(), "Restore", "恢复")}
                                </button>
                            </span>
                            {section.map(|text| view! { <pre class="facts__original">{text}</pre> })}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    })
}
