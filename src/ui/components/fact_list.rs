//! The facts of a rewrite that are not in the user's resume: marked where they stand
//! in the diff (`marked_line`), and listed with Keep / Remove per fact (`FactList`). A fact the
//! user does not keep (removed, or not decided) is left out of the result and of every export.
//! Decisions are by fact key: the same fact written twice is one decision.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::domain::facts::{Fact, FactKind};
use crate::domain::grounding::Piece;
use crate::domain::Language;
use crate::ui::i18n::{counted, tr, use_language};

/// The user's decision per fact key: `true` keep, `false` remove, absent undecided.
pub type FactDecisions = RwSignal<BTreeMap<String, bool>>;

/// The keys the user kept.
pub fn kept_keys(decisions: &BTreeMap<String, bool>) -> Vec<String> {
    decisions
        .iter()
        .filter(|(_, keep)| **keep)
        .map(|(k, _)| k.clone())
        .collect()
}

/// The keys the user removed (explicitly).
pub fn removed_keys(decisions: &BTreeMap<String, bool>) -> Vec<String> {
    decisions
        .iter()
        .filter(|(_, keep)| !**keep)
        .map(|(k, _)| k.clone())
        .collect()
}

fn state_of(decisions: FactDecisions, key: &str) -> &'static str {
    match decisions.with(|d| d.get(key).copied()) {
        Some(true) => "kept",
        Some(false) => "removed",
        None => "undecided",
    }
}

fn kind_label(kind: FactKind, lang: Language) -> &'static str {
    match kind {
        FactKind::Organisation => tr(lang, "organisation", "机构"),
        FactKind::Title => tr(lang, "job title", "职位"),
        FactKind::Date => tr(lang, "date", "日期"),
        FactKind::Degree => tr(lang, "degree", "学位"),
        FactKind::School => tr(lang, "school", "学校"),
        FactKind::Number => tr(lang, "number", "数字"),
        FactKind::Email => tr(lang, "email", "邮箱"),
        FactKind::Url => tr(lang, "link", "链接"),
        FactKind::Certification => tr(lang, "certification", "证书"),
    }
}

/// The pieces of one diff line, facts in a `<mark>` whose class follows the decision.
pub fn marked_line(pieces: Vec<Piece>, facts: &[Fact], decisions: FactDecisions) -> AnyView {
    pieces
        .into_iter()
        .map(|piece| match piece {
            Piece::Plain(text) => text.into_any(),
            Piece::Fact(text, i) => {
                let key = facts.get(i).map(|f| f.key.clone()).unwrap_or_default();
                let (k1, k2) = (key.clone(), key.clone());
                view! {
                    <mark class=move || format!("fact-mark fact-mark--{}", state_of(decisions, &k1))
                        data-testid="fact-mark" data-key=key data-decision=move || state_of(decisions, &k2)>{text}</mark>
                }
                .into_any()
            }
        })
        .collect_view()
        .into_any()
}

/// "N facts not in your resume", each with Keep / Remove (plain buttons: Tab and Enter/Space).
#[component]
pub fn FactList(facts: Vec<Fact>, decisions: FactDecisions, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    // One row per key, in the order the facts appear.
    let mut rows: Vec<Fact> = Vec::new();
    for fact in facts {
        if !rows.iter().any(|r| r.key == fact.key) {
            rows.push(fact);
        }
    }
    let n = rows.len();
    let keys: Vec<String> = rows.iter().map(|r| r.key.clone()).collect();
    let open = move || decisions.with(|d| keys.iter().filter(|k| !d.contains_key(*k)).count());
    (n > 0).then(|| view! {
        <section class="facts" data-testid=testid aria-labelledby=format!("{testid}-title")>
            <h3 class="facts__title" id=format!("{testid}-title")>
                {move || counted(lang.get(), n, "fact not in your resume", "facts not in your resume", "项事实不在你的简历中")}
            </h3>
            <p class="facts__why">
                {move || tr(lang.get(),
                    "The rewrite states these, but your resume and answers do not. Keep only what is true: a fact you remove, or leave undecided, is left out of the result and of every export.",
                    "改写中写了这些事实，但你的简历和回答里没有。只保留真实的内容：你删除的或未作决定的事实，都不会出现在结果和任何导出中。")}
            </p>
            <p class="facts__open" role="status" data-testid=format!("{testid}-open")>
                {move || match open() {
                    0 => tr(lang.get(), "Every fact decided.", "所有事实都已决定。").to_string(),
                    k => counted(lang.get(), k, "fact undecided: not kept", "facts undecided: not kept", "项未决定：不保留"),
                }}
            </p>
            <ul class="facts__list">
                {rows.into_iter().map(|fact| {
                    let key = fact.key.clone();
                    let (k1, k2, k3, k4, k5, k6) = (key.clone(), key.clone(), key.clone(), key.clone(), key.clone(), key.clone());
                    let kind = fact.kind;
                    view! {
                        <li class="facts__item" data-testid="fact-item" data-key=k6
                            data-decision=move || state_of(decisions, &k1)>
                            <span class="facts__kind">{move || kind_label(kind, lang.get())}</span>
                            <mark class=move || format!("fact-mark fact-mark--{}", state_of(decisions, &k2))>{fact.text.clone()}</mark>
                            <span class="facts__actions" role="group" aria-label=fact.text.clone()>
                                <button type="button" class="button button--small" data-testid="fact-keep"
                                    aria-pressed=move || (state_of(decisions, &k3) == "kept").to_string()
                                    on:click=move |_| { decisions.update(|d| { d.insert(k4.clone(), true); }); }>
                                    {move || tr(lang.get(), "Keep", "保留")}
                                </button>
                                <button type="button" class="button button--small" data-testid="fact-remove"
                                    aria-pressed=move || (state_of(decisions, &k5) == "removed").to_string()
                                    on:click=move |_| { decisions.update(|d| { d.insert(key.clone(), false); }); }>
                                    {move || tr(lang.get(), "Remove", "删除")}
                                </button>
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    })
}
