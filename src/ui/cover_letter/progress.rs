//! The cover letter's graph as rows of nodes that light up while they run; the review shows as
//! waiting while it is the user's turn. The revision loop is marked ↺.

use leptos::prelude::*;

use super::model::LetterModel;
use crate::ui::i18n::{tr, use_language};

/// Rows of the graph, top to bottom, as (node, English, Chinese): the evidence and the framing
/// run side by side.
const ROWS: &[&[(&str, &str, &str)]] = &[
    &[("requirements", "requirements", "职位要求")],
    &[
        ("evidence", "evidence", "简历证据"),
        ("framing", "company and role", "公司与职位"),
    ],
    &[("writer", "writer ↺", "撰写 ↺")],
    &[("grounding", "fact check", "事实核查")],
    &[("human_review", "your review", "你的审阅")],
    &[("finalize", "final letter", "定稿")],
];

#[component]
pub fn LetterProgress(model: LetterModel) -> impl IntoView {
    let lang = use_language();
    view! {
        <section class="graph" aria-label=move || tr(lang.get(), "Workflow progress", "流程进度") data-testid="letter-graph">
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
