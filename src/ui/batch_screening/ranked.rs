//! The finished batch: the ranked table (sort by a header, filter by text or recommendation),
//! each row opening its candidate's packet (match and evaluation), and the CSV / Markdown
//! exports of the whole table.

use leptos::prelude::*;

use super::decide::DecisionForm;
use super::masked::MaskedNote;
use super::table::{filtered, sorted, who, Sort, SortKey};
use crate::domain::calendar::iso_timestamp;
use crate::domain::hiring::Recommendation;
use crate::domain::Language;
use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::batch_screening::audit::{audit_log, AuditMeta};
use crate::workflows::batch_screening::decisions::PersonDecision;
use crate::workflows::batch_screening::{to_csv, to_markdown, BatchState, RankedRow};

fn header_label(lang: Language, key: SortKey) -> &'static str {
    match key {
        SortKey::Rank => tr(lang, "Rank", "排名"),
        SortKey::Candidate => tr(lang, "Candidate", "候选人"),
        SortKey::Overall => tr(lang, "Overall", "总分"),
        SortKey::Ats => "ATS",
        SortKey::Coverage => tr(lang, "Must-haves", "必备项覆盖"),
        SortKey::Recommendation => tr(lang, "Recommendation", "建议"),
    }
}

#[component]
pub fn RankedTable(
    state: BatchState,
    thread: String,
    decide: Callback<PersonDecision>,
) -> impl IntoView {
    let lang = use_language();
    let sort = RwSignal::new(Sort::default());
    let text = RwSignal::new(String::new());
    let recommendation = RwSignal::new(String::new());
    let open = RwSignal::new(None::<String>);
    let export_error = RwSignal::new(None::<String>);
    let rows = StoredValue::new(state.decided_table());
    let state = StoredValue::new(state);
    let shown = Memo::new(move |_| {
        let rows = rows.get_value();
        sorted(
            filtered(rows, &text.get(), &recommendation.get()),
            sort.get(),
        )
    });

    let export = move |csv: bool| {
        let rows = rows.get_value();
        let result = if csv {
            download("batch-screening.csv", "text/csv", &to_csv(&rows))
        } else {
            let language = state.with_value(|s| s.language);
            download(
                "batch-screening.md",
                "text/markdown",
                &to_markdown(&rows, language),
            )
        };
        export_error.set(result.err());
    };

    let header = move |key: SortKey| {
        let aria_sort = move || match sort.get() {
            s if s.key != key => "none",
            s if s.descending => "descending",
            _ => "ascending",
        };
        view! {
            <th scope="col" aria-sort=aria_sort>
                <button
                    type="button"
                    class="batch-table__sort"
                    data-testid=format!("batch-sort-{}", key.id())
                    on:click=move |_| sort.update(|s| *s = s.clicked(key))
                >
                    {move || header_label(lang.get(), key)}
                    {move || match aria_sort() {
                        "ascending" => " ▲",
                        "descending" => " ▼",
                        _ => "",
                    }}
                </button>
            </th>
        }
    };

    view! {
        <div class="batch-result" data-testid="batch-result">
            <div class="batch-result__bar">
                <label class="batch-result__filter">
                    <span>{move || tr(lang.get(), "Filter", "筛选")}</span>
                    <input type="search" data-testid="batch-filter" prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
                </label>
                <label class="batch-result__filter">
                    <span>{move || tr(lang.get(), "Recommendation", "建议")}</span>
                    <select data-testid="batch-filter-rec" on:change=move |ev| recommendation.set(event_target_value(&ev))>
                        <option value="">{move || tr(lang.get(), "Any", "全部")}</option>
                        {Recommendation::ALL.into_iter().map(|r| view! {
                            <option value=r.id()>{move || r.label(lang.get()).to_string()}</option>
                        }).collect_view()}
                        <option value="none">{move || tr(lang.get(), "None (not screened)", "无（未筛选）")}</option>
                    </select>
                </label>
                <button type="button" class="button" data-testid="batch-export-csv" on:click=move |_| export(true)>
                    {move || tr(lang.get(), "Export CSV", "导出 CSV")}
                </button>
                <button type="button" class="button" data-testid="batch-export-md" on:click=move |_| export(false)>
                    {move || tr(lang.get(), "Export Markdown", "导出 Markdown")}
                </button>
                <button type="button" class="button" data-testid="batch-export-audit" on:click=move |_| {
                    let meta = AuditMeta {
                        thread: thread.clone(),
                        exported_at: iso_timestamp(crate::store::now_ms() as f64),
                    };
                    let log = state.with_value(|s| audit_log(s, &meta));
                    export_error.set(download("batch-audit-log.jsonl", "application/jsonl", &log).err());
                }>
                    {move || tr(lang.get(), "Export audit log (JSON Lines)", "导出审计日志（JSON Lines）")}
                </button>
            </div>
            {move || export_error.get().map(|e| view! { <p class="notice notice--error" role="alert">{e}</p> })}
            <table class="batch-table batch-table--ranked" data-testid="batch-ranked">
                <thead>
                    <tr>
                        {header(SortKey::Rank)}
                        {header(SortKey::Candidate)}
                        {header(SortKey::Overall)}
                        {header(SortKey::Ats)}
                        {header(SortKey::Coverage)}
                        <th scope="col">{move || tr(lang.get(), "Missing must-haves", "缺少的必备项")}</th>
                        <th scope="col">{move || tr(lang.get(), "Red flags", "风险提示")}</th>
                        <th scope="col">{move || tr(lang.get(), "Injection", "注入")}</th>
                        {header(SortKey::Recommendation)}
                        <th scope="col">{move || tr(lang.get(), "Decision", "决定")}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || shown.get().into_iter().map(|row| view! { <Row row=row open=open state=state decide=decide /> }).collect_view()}
                </tbody>
            </table>
            <p class="batch-result__count" data-testid="batch-shown">
                {move || format!("{} {} / {}", tr(lang.get(), "Shown:", "显示："), shown.with(Vec::len), rows.with_value(Vec::len))}
            </p>
        </div>
    }
}

#[component]
fn Row(
    row: RankedRow,
    open: RwSignal<Option<String>>,
    state: StoredValue<BatchState>,
    decide: Callback<PersonDecision>,
) -> impl IntoView {
    let lang = use_language();
    let id = row.id.clone();
    let is_open = {
        let id = id.clone();
        move || open.with(|o| o.as_deref() == Some(id.as_str()))
    };
    let toggle = {
        let id = id.clone();
        move |_| {
            open.update(|o| {
                *o = if o.as_deref() == Some(id.as_str()) {
                    None
                } else {
                    Some(id.clone())
                }
            })
        }
    };
    let recommendation = row.recommendation;
    let status = row.status;
    let error = row.error.clone();
    let masked = row.masked.clone();
    let decision = row.decision.clone();
    let decided = row.decision.clone();
    let decided_id = row.decision.as_ref().map(|d| d.choice.id()).unwrap_or("");
    let detail_open = is_open.clone();
    view! {
        <tr data-testid="batch-row" data-id=row.id.clone() data-label=row.label.clone() data-ats=row.ats_score data-rank=row.rank data-status=format!("{status:?}").to_lowercase()>
            <td>{row.rank}</td>
            <td>
                <button type="button" class="button button--link" data-testid="batch-open-row" aria-expanded=move || is_open().to_string() on:click=toggle>
                    {who(&row)}
                </button>
            </td>
            <td data-testid="batch-overall">{row.overall_score.map(|s| format!("{s:.0}")).unwrap_or_else(|| "—".into())}</td>
            <td data-testid="batch-ats">{row.ats_score}</td>
            <td>{format!("{:.0}%", row.must_have_coverage * 100.0)}</td>
            <td>{row.missing_must_haves.join(", ")}</td>
            <td>{row.red_flags.join("; ")}</td>
            <td data-testid="batch-injection">{move || if row.injection_flagged { tr(lang.get(), "⚠ flagged", "⚠ 已标记") } else { "" }}</td>
            <td data-testid="batch-recommendation">
                {move || match recommendation {
                    Some(r) => r.label(lang.get()).to_string(),
                    None => match &error {
                        Some(e) => format!("{} {e}", tr(lang.get(), "Failed:", "失败：")),
                        None => tr(lang.get(), "Not screened", "未筛选").to_string(),
                    },
                }}
            </td>
            <td data-testid="batch-decision" data-choice=decided_id>
                {move || decided.as_ref().map(|d| d.choice.label(lang.get()).to_string()).unwrap_or_default()}
            </td>
        </tr>
        {move || detail_open().then(|| view! {
            <tr class="batch-packet-row" data-testid="batch-packet">
                <td colspan="10">
                    {packet(&state.get_value(), &id, lang.get())}
                    <DecisionForm id=id.clone() current=decision.clone() decide=decide />
                    <MaskedNote state=state id=id.clone() masked=masked.clone() />
                </td>
            </tr>
        })}
    }
}

fn list(title: &'static str, items: &[String]) -> impl IntoView {
    (!items.is_empty()).then(|| {
        view! {
            <h4>{title}</h4>
            <ul>{items.iter().map(|i| view! { <li>{i.clone()}</li> }).collect_view()}</ul>
        }
    })
}

/// One candidate's packet: the match and the evaluation, or why there is none.
fn packet(state: &BatchState, id: &str, lang: Language) -> AnyView {
    let Some(result) = state.latest(id) else {
        return view! { <p>{tr(lang, "Scored by the ATS only: no model screening.", "仅有 ATS 评分：未经模型筛选。")}</p> }.into_any();
    };
    let matching = result.matching.clone().map(|m| {
        view! {
            <section class="batch-packet__part">
                <h3>{format!("{} {:.0}", tr(lang, "Match", "匹配度"), m.score)}</h3>
                <p>{m.summary.clone()}</p>
                {list(tr(lang, "Matched skills", "匹配的技能"), &m.matched_skills)}
                {list(tr(lang, "Missing skills", "缺少的技能"), &m.missing_skills)}
                {list(tr(lang, "Gaps", "差距"), &m.gaps)}
            </section>
        }
    });
    let evaluation = result.evaluation.clone().map(|e| {
        view! {
            <section class="batch-packet__part">
                <h3>{format!("{} {:.0} · {}", tr(lang, "Evaluation", "评估"), e.overall_score, e.recommendation.label(lang))}</h3>
                <p>{e.summary.clone()}</p>
                {list(tr(lang, "Strengths", "优势"), &e.strengths)}
                {list(tr(lang, "Concerns", "顾虑"), &e.concerns)}
                {list(tr(lang, "Next steps", "后续步骤"), &e.next_steps)}
            </section>
        }
    });
    let error = result
        .error
        .clone()
        .map(|e| view! { <p class="notice notice--error">{e}</p> });
    view! {
        <div class="batch-packet">
            {error}
            {matching}
            {evaluation}
            <p class="batch-packet__cost">{format!("{}: {} · ${:.4}", tr(lang, "Model calls", "模型调用"), result.calls, result.cost_usd)}</p>
        </div>
    }
    .into_any()
}
