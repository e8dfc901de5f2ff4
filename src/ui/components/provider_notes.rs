//! The run's notes from the provider layer (`ui::run::RunNotes`): a score the model gave off its
//! scale and the value shown instead, and which answer format a local server accepted, so a user
//! of a small local model knows why a score is a round 10 or why answers break more often.

use leptos::prelude::*;

use crate::domain::Language;
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{Clamped, RunNotes};
use crate::workflows::agent_name;

/// "95", "7.5": a score as the model wrote it, without a trailing ".0".
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// "The model gave 95 on a 0–10 scale; shown as 10." Fields other than a score are named.
pub fn clamp_note(lang: Language, c: &Clamped) -> String {
    let (v, shown) = (number(c.value), number(c.shown));
    let said = match (c.minimum.map(number), c.maximum.map(number)) {
        (Some(lo), Some(hi)) => match lang {
            Language::En => format!("the model gave {v} on a {lo}–{hi} scale; shown as {shown}"),
            Language::Zh => format!("模型给出 {v}，超出 {lo}–{hi} 的范围；按 {shown} 显示"),
        },
        (Some(lo), None) => match lang {
            Language::En => format!("the model gave {v}, below the minimum {lo}; shown as {shown}"),
            Language::Zh => format!("模型给出 {v}，低于最小值 {lo}；按 {shown} 显示"),
        },
        (None, Some(hi)) => match lang {
            Language::En => format!("the model gave {v}, above the maximum {hi}; shown as {shown}"),
            Language::Zh => format!("模型给出 {v}，高于最大值 {hi}；按 {shown} 显示"),
        },
        (None, None) => match lang {
            Language::En => format!("the model gave {v}; shown as {shown}"),
            Language::Zh => format!("模型给出 {v}；按 {shown} 显示"),
        },
    };
    match (c.path == "score", lang) {
        (false, Language::En) => format!("{}: {said}.", c.path),
        (false, Language::Zh) => format!("{}：{said}。", c.path),
        // Every English sentence above starts with "the": sentence case.
        (true, Language::En) => format!("T{}.", &said[1..]),
        (true, Language::Zh) => format!("{said}。"),
    }
}

/// What the server's answer format means for the user.
fn mode_text(lang: Language, mode: &str) -> String {
    let accepted = match mode {
        "json_schema" => tr(lang, "JSON schema", "JSON schema（按格式约束回答）"),
        "json_object" => tr(
            lang,
            "JSON mode (any JSON; the format is checked afterwards)",
            "JSON 模式（任意 JSON，事后检查格式）",
        ),
        "prompt" => tr(
            lang,
            "instructions only (the format is not enforced; answers are checked and re-asked)",
            "仅提示词（不强制格式，回答会被检查并重问）",
        ),
        other => {
            return format!(
                "{}{other}",
                tr(lang, "This server accepted: ", "该服务器接受：")
            )
        }
    };
    format!(
        "{}{accepted}",
        tr(lang, "This server accepted: ", "该服务器接受：")
    )
}

/// The run's provider notes under the run. `clamped`: list clamped numbers here (pages whose
/// cards show them next to the score pass `false`); `workflow` names the agents.
#[component]
pub fn ProviderNotes(
    notes: Signal<RunNotes>,
    clamped: bool,
    workflow: &'static str,
) -> impl IntoView {
    let lang = use_language();
    view! {
        {move || notes.with(|n| n.structured_mode.clone()).map(|mode| view! {
            <p class="run-note" data-testid="structured-mode" data-mode=mode.clone()>{mode_text(lang.get(), &mode)}</p>
        })}
        {move || {
            let lang = lang.get();
            let list = if clamped { notes.with(|n| n.clamped.clone()) } else { Vec::new() };
            (!list.is_empty()).then(|| view! {
                <ul class="run-note" data-testid="clamp-notes">
                    {list.into_iter().map(|(agent, c)| view! {
                        <li data-testid="clamp-note">{format!("{}: {}", agent_name(workflow, &agent, lang), clamp_note(lang, &c))}</li>
                    }).collect_view()}
                </ul>
            })
        }}
    }
}
