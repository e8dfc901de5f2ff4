//! The live graph: the seed's diagram as rows of nodes that light up while they run. The three
//! critics share a row, so running in parallel is visible as three lit nodes at once.

use leptos::prelude::*;

use super::model::{NodeStatus, RunModel};
use crate::domain::Language;
use crate::ui::draft_review::GraphNode;
use crate::ui::i18n::{tr, use_language};

/// Rows of the seed-000 diagram, top to bottom: node id, English label, Chinese label.
const ROWS: &[&[(&str, &str, &str)]] = &[
    &[("router", "router", "路由")],
    &[
        ("recruiter", "recruiter", "招聘官"),
        ("tech_writer", "tech writer", "技术写作"),
        ("copywriter", "copywriter", "文案"),
    ],
    &[("aggregator", "aggregator", "汇总")],
    &[
        ("revisor", "revisor ↺", "修订 ↺"),
        ("portfolio", "portfolio", "作品集"),
    ],
    &[("design", "design", "版式设计")],
];

/// The status as `data-status` holds it (English, for styles and tests); `queued`: running, but
/// waiting for its turn on a model that answers one agent at a time.
fn status_name(status: NodeStatus, queued: bool) -> &'static str {
    match status {
        NodeStatus::Running if queued => "queued",
        NodeStatus::Idle => "idle",
        NodeStatus::Running => "running",
        NodeStatus::Done => "done",
        NodeStatus::Failed => "failed",
    }
}

/// The status as a screen reader says it.
fn status_label(status: NodeStatus, queued: bool, lang: Language) -> &'static str {
    match status {
        NodeStatus::Running if queued => tr(lang, "queued", "排队中"),
        NodeStatus::Idle => tr(lang, "idle", "等待"),
        NodeStatus::Running => tr(lang, "running", "运行中"),
        NodeStatus::Done => tr(lang, "done", "完成"),
        NodeStatus::Failed => tr(lang, "failed", "失败"),
    }
}

#[component]
pub fn GraphView(model: RunModel, max_iterations: u32) -> impl IntoView {
    let lang = use_language();
    let one_at_a_time = super::critic_card::one_at_a_time();
    view! {
        <section class="graph" aria-label=move || tr(lang.get(), "Workflow progress", "工作流程进度") data-testid="graph">
            <p class="graph__round" data-testid="round">
                {move || {
                    let round = model.iteration.get().max(1);
                    match lang.get() {
                        Language::En => format!("Round {round} of at most {max_iterations}"),
                        Language::Zh => format!("第 {round} 轮，最多 {max_iterations} 轮"),
                    }
                }}
            </p>
            {ROWS
                .iter()
                .map(|row| {
                    view! {
                        <ol class="graph__row">
                            {row
                                .iter()
                                .map(|&(id, en, zh)| {
                                    let queued = move || model.waiting_turn(id, one_at_a_time);
                                    let status = Signal::derive(move || status_name(model.status(id), queued()));
                                    let spoken = Signal::derive(move || {
                                        let lang = lang.get();
                                        format!("{}{}{}", tr(lang, en, zh), tr(lang, ": ", "："), status_label(model.status(id), queued(), lang))
                                    });
                                    view! { <GraphNode id=id label=(en, zh) status=status spoken=spoken /> }
                                })
                                .collect_view()}
                        </ol>
                    }
                })
                .collect_view()}
        </section>
    }
}
