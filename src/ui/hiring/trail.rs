//! The supervisor's routing trail: one line per decision, with why when it overrode the model.

use leptos::prelude::*;

use super::model::agent_label;
use crate::domain::Language;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::hiring::{RouteReason, RouteStep};

fn reason_text(lang: Language, reason: RouteReason) -> &'static str {
    match reason {
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

#[component]
pub fn Trail(trail: Signal<Vec<RouteStep>>) -> impl IntoView {
    let lang = use_language();
    view! {
        <section class="trail" aria-labelledby="trail-title">
            <h3 id="trail-title">{move || tr(lang.get(), "Routing trail", "调度记录")}</h3>
            <ol class="trail__list" data-testid="hiring-trail">
                {move || {
                    let lang = lang.get();
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
                                    <span class="trail__reason">{format!(" · {}", reason_text(lang, step.reason))}</span>
                                    {(!step.note.is_empty()).then(|| view! { <span class="trail__note">{format!(" — {}", step.note)}</span> })}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
