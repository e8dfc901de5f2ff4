//! The details panel: the seed's `system_metrics` and `error_log`.

use leptos::prelude::*;

use crate::domain::career_plan::{ErrorEntry, SystemMetrics};
use crate::domain::Language;
use crate::ui::i18n::{counted, tr, use_language};

/// An agent's name as the page shows it (the metrics and the error log key by node id).
fn agent_name(lang: Language, node: &str) -> String {
    crate::workflows::agent_name(
        <crate::session::NavigatorWorkflow as crate::workflows::Workflow>::ID,
        node,
        lang,
    )
}

#[component]
pub fn DetailsPanel(metrics: SystemMetrics, errors: Vec<ErrorEntry>) -> impl IntoView {
    let lang = use_language().get_untracked();
    let t = move |en, zh| tr(lang, en, zh);
    let rates = metrics
        .agent_success_rate
        .iter()
        .map(|(agent, rate)| format!("{} {:.0}%", agent_name(lang, agent), rate * 100.0))
        .collect::<Vec<_>>()
        .join(" · ");
    view! {
        <details class="card nav-details" data-testid="nav-details">
            <summary>{format!("{} ({})", t("Details", "详细信息"), counted(lang, errors.len(), "error", "errors", "条错误"))}</summary>
            <dl class="nav-metrics" data-testid="nav-metrics">
                <dt>{t("Mean response time", "平均响应时间")}</dt><dd>{format!("{:.2} s", metrics.response_time)}</dd>
                <dt>{t("Agent success rate", "智能体成功率")}</dt><dd>{rates}</dd>
                <dt>{t("Average satisfaction", "平均满意度")}</dt>
                <dd>{metrics.user_satisfaction_avg.map(|s| format!("{:.0}%", s * 100.0)).unwrap_or_else(|| "–".into())}</dd>
                <dt>{t("Iterations", "迭代次数")}</dt><dd>{format!("{} / {}", metrics.iteration_count, metrics.max_iterations)}</dd>
                <dt>{t("Errors", "错误数")}</dt><dd>{metrics.error_count}</dd>
                <dt>{t("Last updated", "最后更新")}</dt><dd>{metrics.last_updated}</dd>
            </dl>
            <h2 class="nav-details__heading">{t("Error log", "错误日志")}</h2>
            {if errors.is_empty() {
                view! { <p data-testid="nav-error-log">{t("No errors.", "没有错误。")}</p> }.into_any()
            } else {
                view! {
                    <ul data-testid="nav-error-log">
                        {errors.into_iter().map(|e| view! {
                            <li>{format!("{} · {} · {}", e.timestamp, agent_name(lang, &e.agent), e.error)}</li>
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </details>
    }
}
