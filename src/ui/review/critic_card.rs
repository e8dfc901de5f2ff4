//! One critic's card: streamed text while the critic writes, then score, strengths, issues and
//! suggestions once its answer is parsed.

use leptos::prelude::*;

use super::model::{NodeStatus, RunModel};
use crate::domain::{Feedback, Language, Severity};
use crate::ui::i18n::{tr, use_language};

/// The severity's CSS modifier (always English) and its label in `lang`.
fn severity_name(severity: Severity, lang: Language) -> (&'static str, &'static str) {
    match severity {
        Severity::Low => ("low", tr(lang, "low", "低")),
        Severity::Medium => ("medium", tr(lang, "medium", "中")),
        Severity::High => ("high", tr(lang, "high", "高")),
    }
}

/// A critic's name in `lang` (the English titles come from `CRITICS`).
fn critic_title(id: &str, en: &'static str, lang: Language) -> &'static str {
    let zh = match id {
        "recruiter" => "招聘官",
        "tech_writer" => "技术写作",
        "copywriter" => "文案",
        _ => en,
    };
    tr(lang, en, zh)
}

fn feedback_view(feedback: Feedback, lang: Language) -> impl IntoView {
    let failed = feedback.is_failure();
    view! {
        <p class="card__score" data-testid="card-score">
            <span class="card__score-value">{format!("{:.1}", feedback.score)}</span>
            <span class="card__score-max">"/10"</span>
            {failed.then(|| view! { <span class="badge badge--warn">{tr(lang, "evaluation failed", "评估失败")}</span> })}
        </p>
        // A section with nothing in it is left out, heading and all.
        {(!feedback.strengths.is_empty()).then(|| view! {
            <h3 class="card__heading">{tr(lang, "Strengths", "优点")}</h3>
            <ul class="card__list">{feedback.strengths.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
        })}
        {(!feedback.issues.is_empty()).then(|| view! {
        <h3 class="card__heading">{tr(lang, "Issues", "问题")}</h3>
        <ul class="card__list">
            {feedback
                .issues
                .into_iter()
                .map(|issue| {
                    let (severity, label) = severity_name(issue.severity, lang);
                    view! {
                        <li>
                            <span class=format!("badge badge--{severity}")>{label}</span>
                            {(!issue.section.is_empty()).then(|| format!(" {} · ", issue.section))}
                            {issue.description}
                            {(!issue.suggestion.is_empty()).then(|| view! { <span class="card__fix">{format!(" → {}", issue.suggestion)}</span> })}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
        })}
        {(!feedback.suggestions.is_empty()).then(|| view! {
            <h3 class="card__heading">{tr(lang, "Suggestions", "建议")}</h3>
            <ul class="card__list">{feedback.suggestions.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
        })}
    }
}

#[component]
pub fn CriticCard(model: RunModel, id: &'static str, title: &'static str) -> impl IntoView {
    let card = move || model.cards.with(|c| c.get(id).cloned().unwrap_or_default());
    let running = move || model.status(id) == NodeStatus::Running;
    let lang = use_language();
    view! {
        <article class="card" data-testid=format!("card-{id}") aria-busy=move || running().to_string()>
            <header class="card__header">
                <h2 class="card__title">{move || critic_title(id, title, lang.get())}</h2>
                {move || running().then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
            </header>
            {move || {
                let card = card();
                let lang = lang.get();
                match card.feedback {
                    Some(feedback) => feedback_view(feedback, lang).into_any(),
                    None if card.streamed.is_empty() => {
                        let waiting = if running() {
                            tr(lang, "Reading the resume…", "正在阅读简历…")
                        } else {
                            tr(lang, "Waiting", "等待中")
                        };
                        view! { <p class="card__waiting">{waiting}</p> }.into_any()
                    }
                    None => view! { <pre class="card__stream" data-testid="card-stream">{card.streamed}</pre> }.into_any(),
                }
            }}
            {move || card().error.map(|e| view! { <p class="card__error" role="alert">{e}</p> })}
        </article>
    }
}
