//! The cost-cap question: the estimated spend reached the cap and some candidates were deferred;
//! go on with a new cap (or none) or stop and keep them unscreened. A keyboard-usable dialog
//! (`Modal`): Ctrl/Cmd+Enter goes on, Escape hides it (the run stays paused; a button brings it
//! back).

use leptos::prelude::*;

use super::BatchRunHandle;
use crate::ui::components::{focus_later, Modal};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::RunPhase;
use crate::workflows::batch_screening::BatchAnswer;

#[component]
pub fn CostCapDialog(run: BatchRunHandle) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let waiting =
        move || phase.with(|p| *p == RunPhase::Waiting) && model.pause.with(Option::is_some);
    let new_cap = RwSignal::new(String::new());
    let go_on_run = run.clone();
    let go_on = Callback::new(move |_: ()| {
        let cap = new_cap.get_untracked().trim().parse::<f64>().ok();
        go_on_run.answer(BatchAnswer::Continue { cost_cap_usd: cap });
        focus_later("[data-testid=batch-phase]");
    });
    let stop_run = run.clone();
    let stop = move |_| {
        stop_run.answer(BatchAnswer::Stop);
        focus_later("[data-testid=batch-phase]");
    };
    let on_escape = Callback::new(move |_: ()| {
        model.hidden.set(true);
        focus_later("[data-testid=batch-reopen-cap]");
    });
    view! {
        <button
            type="button"
            class="button"
            data-testid="batch-reopen-cap"
            hidden=move || !(waiting() && model.hidden.get())
            on:click=move |_| model.hidden.set(false)
        >
            {move || tr(lang.get(), "Answer the cost-cap question", "回答费用上限问题")}
        </button>
        {move || model.pause.get().filter(|_| waiting() && !model.hidden.get()).map(|pause| {
            let stop = stop.clone();
            if new_cap.with_untracked(String::is_empty) {
                new_cap.set(format!("{:.2}", (pause.cap_usd * 2.0).max(0.01)));
            }
            view! {
                <Modal labelled_by="batch-cap-title" described_by="batch-cap-why" testid="batch-cap-dialog" on_escape=on_escape on_send=go_on>
                    <h2 id="batch-cap-title" class="modal__title">{move || tr(lang.get(), "Cost cap reached", "已达到费用上限")}</h2>
                    <p id="batch-cap-why">
                        {move || match lang.get() {
                            crate::domain::Language::Zh => format!(
                                "预估花费 ${:.4} 已达到上限 ${:.4}；{} 位候选人尚未筛选。以新的上限继续（留空表示不设上限），或停止（他们按 ATS 分数排名）。",
                                pause.spent_usd, pause.cap_usd, pause.deferred
                            ),
                            _ => format!(
                                "The estimated spend ${:.4} reached the cap ${:.4}; {} candidate(s) were not screened. Go on with a new cap (empty: no cap), or stop (they are ranked by their ATS score).",
                                pause.spent_usd, pause.cap_usd, pause.deferred
                            ),
                        }}
                    </p>
                    <label class="field">
                        <span class="field__label">{move || tr(lang.get(), "New cap (USD)", "新的上限（美元）")}</span>
                        <input
                            type="number"
                            min="0"
                            step="any"
                            class="field__input"
                            data-autofocus
                            data-testid="batch-new-cap"
                            prop:value=move || new_cap.get()
                            on:input=move |ev| new_cap.set(event_target_value(&ev))
                        />
                    </label>
                    <div class="modal__actions">
                        <button type="button" class="button button--primary" data-testid="batch-cap-continue" on:click=move |_| go_on.run(())>
                            {move || tr(lang.get(), "Continue", "继续")}
                        </button>
                        <button type="button" class="button" data-testid="batch-cap-stop" on:click=stop>
                            {move || tr(lang.get(), "Stop here", "到此为止")}
                        </button>
                    </div>
                </Modal>
            }
        })}
    }
}
