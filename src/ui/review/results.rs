//! The end of a review: final score, warnings, the revised resume against the original, portfolio
//! and design advice, token and cost totals, and the exports.

use leptos::prelude::*;

use super::model::{RunModel, UsageTotals};
use crate::domain::{diff_lines, DiffLine};
use crate::ui::components::ExportMenu;
use crate::ui::download::download;
use crate::workflows::resume_review::{report_markdown, ReviewState};

fn usage_text(u: UsageTotals) -> String {
    let tokens = format!(
        "{} calls · {} input + {} output tokens",
        u.calls, u.input_tokens, u.output_tokens
    );
    match (u.cost_usd, u.cost_unknown) {
        (_, true) | (None, _) => format!("{tokens} · cost unknown for this model"),
        (Some(0.0), false) => format!("{tokens} · no cost"),
        (Some(cost), false) => format!("{tokens} · about ${cost:.4}"),
    }
}

fn diff_view(before: &str, after: &str) -> impl IntoView {
    let lines = diff_lines(before, after);
    let changed = lines
        .iter()
        .filter(|l| !matches!(l, DiffLine::Same(_)))
        .count();
    view! {
        <p class="diff__summary">{format!("{changed} changed lines")}</p>
        <pre class="diff" data-testid="diff">
            {lines
                .into_iter()
                .map(|line| match line {
                    DiffLine::Same(l) => view! { <span class="diff__line">{format!("  {l}\n")}</span> },
                    DiffLine::Removed(l) => view! { <span class="diff__line diff__line--removed">{format!("- {l}\n")}</span> },
                    DiffLine::Added(l) => view! { <span class="diff__line diff__line--added">{format!("+ {l}\n")}</span> },
                })
                .collect_view()}
        </pre>
    }
}

#[component]
pub fn Results(model: RunModel, state: ReviewState) -> impl IntoView {
    let export_error = RwSignal::new(None::<String>);
    let markdown = report_markdown(&state);
    let json = serde_json::to_string_pretty(&state).unwrap_or_default();
    let revised = state.resume.text != state.original_resume.text;
    let met = state.threshold_met;
    view! {
        <section class="results" aria-labelledby="results-title" data-testid="results">
            <h2 id="results-title">"Result"</h2>
            <p class="results__score">
                "Final score "
                <strong data-testid="final-score">{format!("{:.1}", state.final_score)}</strong>
                "/10 · "
                {if met { "threshold met".to_string() } else { format!("below the threshold of {:.1}", state.threshold) }}
                {format!(" · {} round{}", state.current_iteration, if state.current_iteration == 1 { "" } else { "s" })}
            </p>
            <p class="results__usage" data-testid="usage">{move || usage_text(model.usage.get())}</p>
            <div class="results__actions">
                <button type="button" class="button" data-testid="export-markdown"
                    on:click=move |_| export_error.set(download("resume-review.md", "text/markdown", &markdown).err())>
                    "Export Markdown"
                </button>
                <button type="button" class="button" data-testid="export-json"
                    on:click=move |_| export_error.set(download("resume-review.json", "application/json", &json).err())>
                    "Export JSON"
                </button>
                {move || export_error.get().map(|e| view! { <span role="alert">{e}</span> })}
            </div>
            {(!state.warnings.is_empty()).then(|| view! {
                <div class="notice notice--warn" role="note">
                    <h3>"Worth knowing"</h3>
                    <ul>{state.warnings.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
                </div>
            })}
            <h3>"Revised resume"</h3>
            <ExportMenu text=Signal::stored(state.resume.text.clone()) />
            {if revised {
                diff_view(&state.original_resume.text, &state.resume.text).into_any()
            } else {
                view! { <p>"No revision was needed or kept: your resume is unchanged."</p> }.into_any()
            }}
            {state.portfolio_advice.clone().map(|p| view! {
                <h3>"Portfolio ideas"</h3>
                <p>{p.summary}</p>
                <ul>{p.pieces.into_iter().map(|piece| view! {
                    <li><strong>{piece.title}</strong>{format!(" — {} ", piece.description)}<em>{format!("(shows {})", piece.demonstrates)}</em></li>
                }).collect_view()}</ul>
            })}
            {state.design_advice.clone().map(|d| view! {
                <h3>{format!("Design · readability {:.1}/10", d.readability_score)}</h3>
                <ul>{d.layout_issues.into_iter().chain(d.recommendations).map(|item| view! { <li>{item}</li> }).collect_view()}</ul>
            })}
        </section>
    }
}
