//! The supervisor's routing trail: one line per decision, with why when it overrode the model.

use leptos::prelude::*;

use super::model::agent_label;
use crate::domain::Language;
use crate::session::ProviderKind;
use crate::ui::i18n::{tr, use_language};
use crate::ui::settings::Settings;
use crate::workflows::hiring::routing::AGENTS;
use crate::workflows::hiring::{RouteReason, RouteStep, SUPERVISOR_NODE};

fn reason_text(lang: Language, reason: RouteReason, demo: bool) -> &'static str {
    match reason {
        // The demo has no model: its supervisor takes the first part still missing.
        RouteReason::Model if demo => tr(lang, "next missing part", "下一个缺失部分"),
        RouteReason::Model => tr(lang, "chosen by the model", "模型选择"),
        RouteReason::LoopBroken => tr(lang, "loop broken", "打破循环"),
        RouteReason::ParseFailure => {
            tr(lang, "unreadable answer, fallback", "无法解析，按顺序回退")
        }
        RouteReason::FinishedEarly => {
            tr(lang, "finished too early, continued", "过早结束，继续执行")
        }
        RouteReason::StepLimit => tr(lang, "step limit reached", "达到步数上限"),
        RouteReason::AllDone => tr(lang, "all parts done", "全部完成"),
    }
}

/// The supervisor's note with the agents' ids (`resume_parser_agent`) replaced by their names.
fn readable_note(lang: Language, note: &str) -> String {
    note.split_inclusive(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map(|piece| {
            let id = piece.trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            if id == SUPERVISOR_NODE || AGENTS.contains(&id) {
                format!("{}{}", agent_label(lang, id), &piece[id.len()..])
            } else {
                piece.to_string()
            }
        })
        .collect()
}

#[component]
pub fn Trail(trail: Signal<Vec<RouteStep>>) -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let demo = move || settings.with(|s| s.provider_kind() == ProviderKind::Demo);
    view! {
        <section class="trail" aria-labelledby="trail-title">
            <h2 id="trail-title">{move || tr(lang.get(), "Routing trail", "调度记录")}</h2>
            <ol class="trail__list" data-testid="hiring-trail">
                {move || {
                    let lang = lang.get();
                    let demo = demo();
                    trail
                        .get()
                        .into_iter()
                        .map(|step| {
                            let overridden = step.reason != RouteReason::Model;
                            view! {
                                <li
                                    class="trail__step"
                                    class:trail__step--override=overridden
                                    data-testid="trail-step"
                                    data-next=step.next.clone()
                                    data-reason=format!("{:?}", step.reason)
                                >
                                    <strong>{agent_label(lang, &step.next)}</strong>
                                    <span class="trail__reason">{format!(" · {}", reason_text(lang, step.reason, demo))}</span>
                                    {(!step.note.is_empty()).then(|| view! { <span class="trail__note">{format!(" — {}", readable_note(lang, &step.note))}</span> })}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
