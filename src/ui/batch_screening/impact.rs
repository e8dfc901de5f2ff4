//! The finished batch's impact ratios (NYC Local Law 144), when its input carried self-reported
//! categories: per rate (scoring; selection when there are recommendations) the sample, the
//! median, a table per dimension with every ratio under 0.8 flagged, the categories excluded for
//! size and the unknown counts, and CSV / Markdown exports. Computed from the state on the spot
//! (`impact_report`), so it always agrees with the ranked table. Each row carries its exact
//! numbers as data attributes, so a test reads them rather than the rounded text.

use leptos::prelude::*;

use crate::domain::fairness::impact::{
    to_csv, Dimension, ImpactRow, ImpactTable, RateKind, UnknownCounts,
};
use crate::domain::Language;
use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::batch_screening::fairness::table_markdown;
use crate::workflows::batch_screening::{impact_report, BatchState, ImpactReport};

fn kind_id(kind: RateKind) -> &'static str {
    match kind {
        RateKind::Scoring => "scoring",
        RateKind::Selection => "selection",
    }
}

fn dimension_id(dimension: Dimension) -> &'static str {
    match dimension {
        Dimension::Sex => "sex",
        Dimension::RaceEthnicity => "race_ethnicity",
        Dimension::Intersection => "intersection",
    }
}

fn dimension_name(dimension: Dimension, lang: Language) -> &'static str {
    match dimension {
        Dimension::Sex => tr(lang, "Sex", "性别"),
        Dimension::RaceEthnicity => tr(lang, "Race/ethnicity", "种族/族裔"),
        Dimension::Intersection => tr(lang, "Sex × race/ethnicity", "性别 × 种族/族裔"),
    }
}

#[component]
pub fn ImpactSection(state: BatchState) -> impl IntoView {
    let lang = use_language();
    let language = state.language;
    let report = impact_report(&state)?;
    let tables: Vec<ImpactTable> = std::iter::once(report.scoring.clone())
        .chain(report.selection.clone())
        .collect();
    let report = StoredValue::new(report);
    let (with, total) = report.with_value(|r| (r.with_categories, r.candidates));
    Some(view! {
        <section class="batch-impact" aria-labelledby="batch-impact-title" data-testid="impact-report">
            <h3 id="batch-impact-title">{move || tr(lang.get(), "Impact ratios (NYC Local Law 144)", "影响比（纽约市第 144 号地方法）")}</h3>
            <p>
                {move || {
                    let lang = lang.get();
                    let rest = if with < total { tr(lang, "; the others count as unknown", "；其余计为未知") } else { "" };
                    match lang {
                        Language::Zh => format!("{total} 位候选人中有 {with} 位提供了自报类别（从未发送给模型）{rest}。"),
                        Language::En => format!("Self-reported categories were given for {with} of {total} candidates (never sent to a model){rest}."),
                    }
                }}
            </p>
            <p class="field__hint" data-testid="impact-note">
                {move || tr(lang.get(),
                    "Not legal advice. A ratio under 0.8 is flagged by the four-fifths rule, the usual US threshold, which the law itself does not set.",
                    "非法律意见。影响比低于 0.8 时按“五分之四规则”（美国常用阈值，该法本身未规定）标记。")}
            </p>
            {tables.into_iter().map(|table| view! { <RateTables report=report table=table language=language /> }).collect_view()}
        </section>
    })
}

/// One rate's tables and exports.
#[component]
fn RateTables(
    report: StoredValue<ImpactReport>,
    table: ImpactTable,
    language: Language,
) -> impl IntoView {
    let lang = use_language();
    let kind = table.kind;
    let export_error = RwSignal::new(None::<String>);
    let exported = StoredValue::new(table.clone());
    let export = move |csv: bool| {
        let name = format!("impact-ratios-{}", kind_id(kind));
        let result = exported.with_value(|table| {
            if csv {
                download(&format!("{name}.csv"), "text/csv", &to_csv(table))
            } else {
                let markdown = report.with_value(|r| table_markdown(r, table, language));
                download(&format!("{name}.md"), "text/markdown", &markdown)
            }
        });
        export_error.set(result.err());
    };
    let source = report.with_value(|r| r.score_source);
    let (assessed, median) = (table.assessed, table.median);
    let excluded: Vec<String> = table
        .excluded()
        .map(|r| format!("{} ({})", r.category, r.count))
        .collect();
    let excluded_attribute = excluded.join("\n");
    let unknown = table.unknown;
    let kind_name = move || match kind {
        RateKind::Scoring => tr(lang.get(), "Scoring rate", "评分率"),
        RateKind::Selection => tr(lang.get(), "Selection rate", "选择率"),
    };
    view! {
        <section class="batch-impact__rate" data-testid="impact-table" data-kind=kind_id(kind)
            data-assessed=assessed data-median=median.map(|m| m.to_string()).unwrap_or_default()>
            <h4>{kind_name}</h4>
            <p data-testid="impact-sample">
                {move || {
                    let lang = lang.get();
                    let what = match kind {
                        RateKind::Scoring => format!("{}{}", tr(lang, "Score: ", "分数："), source.describe(lang)),
                        RateKind::Selection => tr(lang, "Selected: the tool recommended moving forward (strong hire or hire)", "被选中：工具建议推进（强烈推荐录用或建议录用）").to_string(),
                    };
                    let median = median.map(|m| match lang {
                        Language::Zh => format!("；中位数 {m}（只计严格高于者）"),
                        Language::En => format!("; median {m} (only scores strictly above it count)"),
                    });
                    match lang {
                        Language::Zh => format!("{what}。样本：{assessed} 人{}。", median.unwrap_or_default()),
                        Language::En => format!("{what}. Sample: {assessed} people{}.", median.unwrap_or_default()),
                    }
                }}
            </p>
            {Dimension::ALL.into_iter().map(|dimension| {
                let rows: Vec<ImpactRow> = table.rows_of(dimension).cloned().collect();
                view! { <DimensionTable kind=kind dimension=dimension rows=rows /> }
            }).collect_view()}
            <p data-testid="impact-excluded" data-categories=excluded_attribute>
                {move || {
                    let lang = lang.get();
                    let list = if excluded.is_empty() { tr(lang, "none", "无").to_string() } else { excluded.join(", ") };
                    match lang {
                        Language::Zh => format!("因人数过少（不足 {assessed} 人的 2%）未参与比较：{list}。"),
                        Language::En => format!("Excluded for size (under 2% of the {assessed} assessed): {list}."),
                    }
                }}
            </p>
            <UnknownLine unknown=unknown />
            <div class="batch-result__bar">
                <button type="button" class="button" data-testid="impact-export-csv"
                    aria-label=move || format!("{} · {}", tr(lang.get(), "Export impact ratios (CSV)", "导出影响比（CSV）"), kind_name())
                    on:click=move |_| export(true)>
                    {move || tr(lang.get(), "Export impact ratios (CSV)", "导出影响比（CSV）")}
                </button>
                <button type="button" class="button" data-testid="impact-export-md"
                    aria-label=move || format!("{} · {}", tr(lang.get(), "Export impact ratios (Markdown)", "导出影响比（Markdown）"), kind_name())
                    on:click=move |_| export(false)>
                    {move || tr(lang.get(), "Export impact ratios (Markdown)", "导出影响比（Markdown）")}
                </button>
            </div>
            {move || export_error.get().map(|e| view! { <p class="notice notice--error" role="alert">{e}</p> })}
        </section>
    }
}

/// How many people of the sample reported no category, per dimension.
#[component]
fn UnknownLine(unknown: UnknownCounts) -> impl IntoView {
    let lang = use_language();
    view! {
        <p data-testid="impact-unknown" data-sex=unknown.sex data-race-ethnicity=unknown.race_ethnicity
            data-intersection=unknown.intersection>
            {move || match lang.get() {
                Language::Zh => format!("未报告类别（计入样本，不列入任何一行）：性别 {} 人，种族/族裔 {} 人，交叉（任一未知）{} 人。",
                    unknown.sex, unknown.race_ethnicity, unknown.intersection),
                Language::En => format!("Unknown (not reported; in the sample, in no row): sex {}, race/ethnicity {}, intersection (either unknown) {}.",
                    unknown.sex, unknown.race_ethnicity, unknown.intersection),
            }}
        </p>
    }
}

/// One dimension's table.
#[component]
fn DimensionTable(kind: RateKind, dimension: Dimension, rows: Vec<ImpactRow>) -> impl IntoView {
    let lang = use_language();
    let empty = rows.is_empty();
    // Compared categories, none above the median (or selected): every ratio is 0 / 0.
    let undefined =
        rows.iter().any(|r| !r.excluded_for_size) && rows.iter().all(|r| r.impact_ratio.is_none());
    let body = rows.into_iter().map(|row| {
        let flag = move || {
            if row.excluded_for_size {
                tr(lang.get(), "excluded: under 2%", "已排除：不足 2%")
            } else if row.flagged {
                tr(lang.get(), "⚠ under 0.8", "⚠ 低于 0.8")
            } else {
                ""
            }
        };
        view! {
            <tr data-testid="impact-row" data-kind=kind_id(kind) data-dimension=dimension_id(dimension)
                data-category=row.category.clone() data-count=row.count data-hits=row.above_or_selected
                data-rate=row.rate.to_string() data-ratio=row.impact_ratio.map(|r| r.to_string()).unwrap_or_default()
                data-flagged=row.flagged.to_string() data-excluded=row.excluded_for_size.to_string()
                class:batch-impact__flagged=row.flagged>
                <th scope="row">{row.category.clone()}</th>
                <td>{row.count}</td>
                <td>{row.above_or_selected}</td>
                <td>{format!("{:.1}%", row.rate * 100.0)}</td>
                <td>{row.impact_ratio.map_or_else(|| "—".to_string(), |r| format!("{r:.3}"))}</td>
                <td data-testid="impact-flag">{flag}</td>
            </tr>
        }
    }).collect_view();
    view! {
        <table class="batch-table batch-impact__table" data-testid="impact-dimension" data-dimension=dimension_id(dimension)>
            <caption>{move || dimension_name(dimension, lang.get())}</caption>
            <thead>
                <tr>
                    <th scope="col">{move || tr(lang.get(), "Category", "类别")}</th>
                    <th scope="col">{move || tr(lang.get(), "Count", "人数")}</th>
                    <th scope="col">{move || match kind {
                        RateKind::Scoring => tr(lang.get(), "Above median", "高于中位数"),
                        RateKind::Selection => tr(lang.get(), "Selected", "被选中"),
                    }}</th>
                    <th scope="col">{move || tr(lang.get(), "Rate", "比率")}</th>
                    <th scope="col">{move || tr(lang.get(), "Impact ratio", "影响比")}</th>
                    <th scope="col">{move || tr(lang.get(), "Flag", "标记")}</th>
                </tr>
            </thead>
            <tbody>
                {body}
                {empty.then(|| view! {
                    <tr><td colspan="6">{move || tr(lang.get(), "No one in the sample reported a category here.", "样本中无人报告此项类别。")}</td></tr>
                })}
            </tbody>
        </table>
        {undefined.then(|| view! {
            <p class="field__hint" data-testid="impact-undefined">
                {move || match kind {
                    RateKind::Scoring => tr(lang.get(), "No one in a compared category scored above the median: impact ratios are undefined.", "参与比较的类别中无人高于中位数：影响比无定义。"),
                    RateKind::Selection => tr(lang.get(), "No one in a compared category was selected: impact ratios are undefined.", "参与比较的类别中无人被选中：影响比无定义。"),
                }}
            </p>
        })}
    }
}
