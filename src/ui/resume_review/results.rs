//! The end of a review: final score, warnings, the revised resume against the original, portfolio
//! and design advice, token and cost totals, and the exports.

use leptos::prelude::*;

use super::model::{RunModel, UsageTotals, CRITICS};
use crate::domain::result_check::{unreliable, Degeneracy};
use crate::domain::{diff_lines, DiffLine, Language};
use crate::session::{ReviewWorkflow, WorkflowRun};
use crate::ui::components::{
    clamp_note, kept_keys, DroppedList, ExportMenu, FactDecisions, FactList, ImportedJsonResume,
};
use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};
use crate::ui::resume_tailoring::diff_view::{line_view, AfterLines, FactMarks};
use crate::ui::run::RunPhase;
use crate::workflows::resume_review::agents::critic_node;
use crate::workflows::resume_review::{
    answered_line, final_resume_decided, report_markdown_decided, score_is_meaningful, Decisions,
    ReviewState,
};
use crate::workflows::{agent_name, Workflow};

fn usage_text(u: UsageTotals, lang: Language) -> String {
    let cached = match (u.cached_input_tokens, lang) {
        (0, _) => String::new(),
        (n, Language::En) => format!(" ({n} cached)"),
        (n, Language::Zh) => format!("（其中 {n} 个来自缓存）"),
    };
    let re_asks = match (u.re_asks, lang) {
        (0, _) => String::new(),
        (n, Language::En) => format!(" ({n} re-asked)"),
        (n, Language::Zh) => format!("（其中 {n} 次为重新询问）"),
    };
    let tokens = match lang {
        Language::En => format!(
            "{} calls{re_asks} · {} input{cached} + {} output tokens",
            u.calls, u.input_tokens, u.output_tokens
        ),
        Language::Zh => format!(
            "{} 次调用{re_asks} · 输入 {}{cached} + 输出 {} 个 token",
            u.calls, u.input_tokens, u.output_tokens
        ),
    };
    match (u.cost_usd, u.cost_unknown) {
        (_, true) | (None, _) => format!(
            "{tokens} · {}",
            tr(lang, "cost unknown for this model", "该模型费用未知")
        ),
        (Some(0.0), false) => format!("{tokens} · {}", tr(lang, "no cost", "无费用")),
        (Some(cost), false) => format!("{tokens} · {}${cost:.4}", tr(lang, "about ", "约 ")),
    }
}

/// The revision against the original, its ungrounded facts marked.
fn diff_view(before: &str, after: &str, marks: FactMarks, lang: Signal<Language>) -> impl IntoView {
    let lines = diff_lines(before, after);
    let after_lines = AfterLines::new(after, Some(marks));
    let mut index = 0;
    let changed = lines
        .iter()
        .filter(|l| !matches!(l, DiffLine::Same(_)))
        .count();
    view! {
        <p class="diff__summary">
            {move || match lang.get() {
                Language::En => format!("{changed} changed lines"),
                Language::Zh => format!("{changed} 行有改动"),
            }}
        </p>
        <pre class="diff" data-testid="diff">
            {lines
                .into_iter()
                .map(|line| line_view(line, &after_lines, &mut index))
                .collect_view()}
        </pre>
    }
}

/// "Retry failed critics" under the answered line: offered while the run stands finished with a
/// failed critic in its result round (the workflow's follow-up); names who will be asked again.
fn retry_button(
    state: &ReviewState,
    phase: RwSignal<RunPhase>,
    retry: Callback<()>,
    lang: Signal<Language>,
) -> Option<impl IntoView> {
    if !WorkflowRun::<ReviewWorkflow>::takes_follow_up(state) {
        return None;
    }
    let failed: Vec<String> = CRITICS
        .iter()
        .filter(|(id, _)| {
            state
                .current_feedback
                .iter()
                .any(|f| f.is_failure() && critic_node(&f.agent_name) == *id)
        })
        .map(|(id, _)| id.to_string())
        .collect();
    let names = move || {
        let lang = lang.get();
        failed
            .iter()
            .map(|id| agent_name(ReviewWorkflow::ID, id, lang))
            .collect::<Vec<_>>()
            .join(tr(lang, ", ", "、"))
    };
    Some(view! {
        <button type="button" class="button" data-testid="retry-critics"
            disabled=move || phase.get() != RunPhase::Finished
            on:click=move |_| retry.run(())>
            {move || match lang.get() {
                Language::En => format!("Retry failed critics ({})", names()),
                Language::Zh => format!("重试失败的评审（{}）", names()),
            }}
        </button>
    })
}

#[component]
pub fn Results(
    model: RunModel,
    state: ReviewState,
    phase: RwSignal<RunPhase>,
    retry: Callback<()>,
) -> impl IntoView {
    let export_error = RwSignal::new(None::<String>);
    let lang = use_language();
    let json = serde_json::to_string_pretty(&state).unwrap_or_default();
    let revised = state.resume.text != state.original_resume.text;
    // Keep / Remove per ungrounded fact of the revision: the exports carry only the kept ones.
    let decisions: FactDecisions = RwSignal::new(Default::default());
    let facts = state.ungrounded_facts.clone();
    // Keep deleted / Restore per thing the revision dropped: the exports put back all but the kept.
    let deletions: FactDecisions = RwSignal::new(Default::default());
    let decided = move || Decisions {
        kept_facts: decisions.with(kept_keys),
        kept_deletions: deletions.with(kept_keys),
    };
    let export_state = StoredValue::new(state.clone());
    let exported = Signal::derive(move || {
        let decided = decided();
        export_state.with_value(|s| final_resume_decided(s, &decided))
    });
    let met = state.threshold_met;
    let meaningful = score_is_meaningful(&state.current_feedback);
    let answered = StoredValue::new(state.current_feedback.clone());
    let (threshold, rounds) = (state.threshold, state.current_iteration);
    // The Markdown report is written when exported, in the language chosen then.
    let report_state = state.clone();
    let export_markdown = move |_| {
        let decided = Decisions {
            kept_facts: decisions.with_untracked(kept_keys),
            kept_deletions: deletions.with_untracked(kept_keys),
        };
        let markdown = report_markdown_decided(&report_state, lang.get_untracked(), &decided);
        export_error.set(download("resume-review.md", "text/markdown", &markdown).err())
    };
    view! {
        <section class="results" aria-labelledby="results-title" data-testid="results">
            <h2 id="results-title">{move || tr(lang.get(), "Result", "结果")}</h2>
            <p class="results__score">
                {move || tr(lang.get(), "Final score ", "最终得分 ")}
                <strong data-testid="final-score">{format!("{:.1}", state.final_score)}</strong>
                "/10 · "
                {move || match (lang.get(), met, meaningful) {
                    (Language::En, _, false) => "not meaningful".to_string(),
                    (Language::Zh, _, false) => "无参考意义".to_string(),
                    (Language::En, true, _) => "threshold met".to_string(),
                    (Language::En, false, _) => format!("below the threshold of {threshold:.1}"),
                    (Language::Zh, true, _) => "已达到阈值".to_string(),
                    (Language::Zh, false, _) => format!("低于阈值 {threshold:.1}"),
                }}
                {move || match lang.get() {
                    Language::En => format!(" · {rounds} round{}", if rounds == 1 { "" } else { "s" }),
                    Language::Zh => format!(" · 共 {rounds} 轮"),
                }}
            </p>
            // A critic's off-scale score was clamped before it was averaged: said where the final
            // score is, not only on the critic's card ("threshold met" over a 95 read as 10).
            {move || {
                let lang = lang.get();
                let notes: Vec<String> = model.cards.with(|cards| {
                    CRITICS
                        .iter()
                        .filter_map(|(id, _)| cards.get(*id).map(|card| (*id, card)))
                        .flat_map(|(id, card)| {
                            card.clamped.iter().map(move |c| {
                                format!("{}: {}", agent_name(ReviewWorkflow::ID, id, lang), clamp_note(lang, c))
                            })
                        })
                        .collect()
                });
                (!notes.is_empty()).then(|| view! {
                    <p class="results__answered notice notice--warn" data-testid="final-clamped">
                        {tr(lang, "This score includes clamped scores. ", "此得分包含被截断的分数。")}
                        {notes.join("; ")}
                    </p>
                })
            }}
            <p class=if meaningful { "results__answered" } else { "results__answered notice notice--warn" }
                data-testid="answered" data-meaningful=meaningful.to_string()>
                {move || answered.with_value(|f| answered_line(f, lang.get()))}
            </p>
            {retry_button(&state, phase, retry, lang)}
            <p class="results__usage" data-testid="usage">{move || usage_text(model.usage.get(), lang.get())}</p>
            <div class="results__actions">
                <button type="button" class="button" data-testid="export-markdown" on:click=export_markdown>
                    {move || tr(lang.get(), "Export Markdown", "导出 Markdown")}
                </button>
                <button type="button" class="button" data-testid="export-json"
                    on:click=move |_| export_error.set(download("resume-review.json", "application/json", &json).err())>
                    {move || tr(lang.get(), "Export JSON", "导出 JSON")}
                </button>
                {move || export_error.get().map(|e| view! { <span role="alert">{e}</span> })}
            </div>
            {(!state.warnings.is_empty()).then(|| view! {
                <div class="notice notice--warn" role="note">
                    <h3>{move || tr(lang.get(), "Worth knowing", "值得注意")}</h3>
                    <ul>{state.warnings.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
                </div>
            })}
            <h3>{move || tr(lang.get(), "Revised resume", "修订后的简历")}</h3>
            <FactList facts=facts.clone() decisions=decisions testid="result-facts" />
            <DroppedList items=state.dropped_facts.clone() decisions=deletions testid="result-dropped" />
            <ExportMenu text=exported base=ImportedJsonResume::base() />
            {if revised {
                diff_view(&state.original_resume.text, &state.resume.text, FactMarks { facts, decisions }, lang).into_any()
            } else {
                view! { <p>{move || tr(lang.get(), "No revision was needed or kept: your resume is unchanged.", "无需修订或修订未被采用：你的简历保持不变。")}</p> }.into_any()
            }}
            {state.portfolio_advice.clone().map(|p| view! {
                <h3>{move || tr(lang.get(), "Portfolio ideas", "作品集建议")}</h3>
                <Unreliable why=unreliable(&p.text()) testid="portfolio-unreliable" />
                <p>{p.summary}</p>
                <ul>{p.pieces.into_iter().map(|piece| view! {
                    <li><strong>{piece.title}</strong>{format!(" — {} ", piece.description)}<em>{move || match lang.get() {
                        Language::En => format!("(shows {})", piece.demonstrates),
                        Language::Zh => format!("（体现：{}）", piece.demonstrates),
                    }}</em></li>
                }).collect_view()}</ul>
            })}
            {state.design_advice.clone().map(|d| {
                // An answer that is no answer gives no score worth showing.
                let why = unreliable(&d.text());
                let score = why.is_none().then_some(d.readability_score);
                view! {
                <h3>{move || match (lang.get(), score) {
                    (Language::En, Some(score)) => format!("Design · readability {score:.1}/10"),
                    (Language::Zh, Some(score)) => format!("版式设计 · 可读性 {score:.1}/10"),
                    (lang, None) => tr(lang, "Design", "版式设计").to_string(),
                }}</h3>
                <Unreliable why=why testid="design-unreliable" />
                <ul>{d.layout_issues.into_iter().chain(d.recommendations).map(|item| view! { <li>{item}</li> }).collect_view()}</ul>
            }})}
        </section>
    }
}

/// The mark on an agent's answer that is no answer (empty, looping): shown as written, said to be
/// unreliable, its score left out.
#[component]
fn Unreliable(why: Option<Degeneracy>, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    why.map(|why| {
        view! {
            <p class="notice notice--warn" role="note" data-testid=testid>
                {move || {
                    let lang = lang.get();
                    match lang {
                        Language::En => format!("Not reliable: this answer {}. It is shown as written and counts in no score.", why.describe(lang)),
                        Language::Zh => format!("不可靠：此回答{}。按原样显示，不计入任何分数。", why.describe(lang)),
                    }
                }}
            </p>
        }
    })
}
