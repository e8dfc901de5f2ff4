//! The tailoring graph as rows of nodes that light up while they run; a node paused on the user
//! (the questions, the review) shows as waiting. Loops are marked ↺.

use leptos::prelude::*;

use super::model::TailorModel;
use crate::ui::i18n::{tr, use_language};

/// Rows of the seed-001/003 pipeline, top to bottom, as (node, English, Chinese).
const ROWS: &[&[(&str, &str, &str)]] = &[
    &[("file_loader", "load", "载入")],
    &[("job_analyzer", "job analyzer", "职位分析")],
    &[("resume_screener", "screener", "简历筛查")],
    &[
        ("resume_tailorer", "tailorer", "定制"),
        ("info_collection", "questions ↺", "提问 ↺"),
    ],
    &[("ats_optimizer", "ATS optimizer", "ATS 优化")],
    &[
        ("human_review", "your review", "你的审阅"),
        ("reflexion_agent", "revision ↺", "修改 ↺"),
    ],
    &[("finalization_agent", "finalize", "定稿")],
];

#[component]
pub fn TailorProgress(model: TailorModel) -> impl IntoView {
    let lang = use_language();
    view! {
        <section class="graph" aria-label=move || tr(lang.get(), "Workflow progress", "流程进度") data-testid="tailor-graph">
            {ROWS
                .iter()
                .map(|row| {
                    view! {
                        <ol class="graph__row">
                            {row
                                .iter()
                                .map(|(id, en, zh)| {
                                    let id = *id;
                                    let status = move || model.status(id).name();
                                    let label = move || tr(lang.get(), en, zh);
                                    view! {
                                        <li
                                            class=move || format!("gnode gnode--{}", status())
                                            data-testid=format!("node-{id}")
                                            data-status=status
                                            aria-label=move || format!("{}: {}", label(), status())
                                        >
                                            {label}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ol>
                    }
                })
                .collect_view()}
        </section>
    }
}
