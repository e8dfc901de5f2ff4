//! One critic's card: streamed text while the critic writes, then score, strengths, issues and
//! suggestions once its answer is parsed.

use leptos::prelude::*;

use super::model::{NodeStatus, RunModel};
use crate::domain::{Feedback, Severity};

fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Low => "low",
        Severity::Medium => "medium",
        Severity::High => "high",
    }
}

fn feedback_view(feedback: Feedback) -> impl IntoView {
    let failed = feedback.is_failure();
    view! {
        <p class="card__score" data-testid="card-score">
            <span class="card__score-value">{format!("{:.1}", feedback.score)}</span>
            <span class="card__score-max">"/10"</span>
            {failed.then(|| view! { <span class="badge badge--warn">"evaluation failed"</span> })}
        </p>
        <h4 class="card__heading">"Strengths"</h4>
        <ul class="card__list">{feedback.strengths.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
        <h4 class="card__heading">"Issues"</h4>
        <ul class="card__list">
            {feedback
                .issues
                .into_iter()
                .map(|issue| {
                    let severity = severity_name(issue.severity);
                    view! {
                        <li>
                            <span class=format!("badge badge--{severity}")>{severity}</span>
                            {(!issue.section.is_empty()).then(|| format!(" {} · ", issue.section))}
                            {issue.description}
                            {(!issue.suggestion.is_empty()).then(|| view! { <span class="card__fix">{format!(" → {}", issue.suggestion)}</span> })}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
        <h4 class="card__heading">"Suggestions"</h4>
        <ul class="card__list">{feedback.suggestions.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
    }
}

#[component]
pub fn CriticCard(model: RunModel, id: &'static str, title: &'static str) -> impl IntoView {
    let card = move || model.cards.with(|c| c.get(id).cloned().unwrap_or_default());
    let running = move || model.status(id) == NodeStatus::Running;
    view! {
        <article class="card" data-testid=format!("card-{id}") aria-busy=move || running().to_string()>
            <header class="card__header">
                <h3 class="card__title">{title}</h3>
                {move || running().then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
            </header>
            {move || {
                let card = card();
                match card.feedback {
                    Some(feedback) => feedback_view(feedback).into_any(),
                    None if card.streamed.is_empty() => {
                        view! { <p class="card__waiting">{if running() { "Reading the resume…" } else { "Waiting" }}</p> }.into_any()
                    }
                    None => view! { <pre class="card__stream" data-testid="card-stream">{card.streamed}</pre> }.into_any(),
                }
            }}
            {move || card().error.map(|e| view! { <p class="card__error" role="alert">{e}</p> })}
        </article>
    }
}
