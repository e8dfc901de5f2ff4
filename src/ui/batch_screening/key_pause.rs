//! The key question: the provider refused the API key (401/403), so the batch paused instead of
//! sending every candidate's calls to be refused too. The rest wait for a working key: fixed in
//! Settings, "Go on" re-opens the run on it (the run as shown keeps the model it started with)
//! and screens them; or stop here, ranked by their ATS score, with "Retry failed" to screen them
//! later. Same dialog conventions as the cost cap's (`pause.rs`).

use leptos::prelude::*;

use super::BatchRunHandle;
use crate::domain::Language;
use crate::ui::components::{focus_later, Modal};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::RunPhase;
use crate::workflows::batch_screening::{BatchAnswer, KeyRefusedPause};

/// What the pause says: the candidates whose calls were refused apart from those never sent.
fn why(lang: Language, pause: &KeyRefusedPause) -> String {
    let (refused, unsent) = (pause.refused, pause.deferred);
    match lang {
        Language::Zh => {
            let counts = match refused {
                0 => format!("{unsent} 位候选人尚未筛选（未为他们发送请求）"),
                _ => format!(
                    "{refused} 位候选人的请求被拒绝，另有 {unsent} 位尚未筛选（未为他们发送请求）"
                ),
            };
            format!(
                "服务商拒绝了 API 密钥（{}）。批量筛选已暂停：{counts}。请在设置中修正密钥，然后点击“继续”；或到此为止（他们按 ATS 分数排名，之后可“重试失败项”）。",
                pause.message
            )
        }
        Language::En => {
            let counts = match refused {
                0 => format!("{unsent} candidate(s) were not screened (no call was sent for them)"),
                _ => format!("{refused} candidate(s) had their call refused, and {unsent} more were not started (no call was sent for them)"),
            };
            format!(
                "The provider refused the API key ({}). The batch paused: {counts}. Fix the key in Settings, then Go on; or stop here (they are ranked by their ATS score, and Retry failed screens them later).",
                pause.message
            )
        }
    }
}

#[component]
pub fn KeyRefusedDialog(run: BatchRunHandle, go_on: Callback<()>) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let waiting =
        move || phase.with(|p| *p == RunPhase::Waiting) && model.key_pause.with(Option::is_some);
    let stop_run = run.clone();
    let stop = Callback::new(move |_: ()| {
        stop_run.answer(BatchAnswer::Stop);
        focus_later("[data-testid=batch-phase]");
    });
    let on_escape = Callback::new(move |_: ()| {
        model.hidden.set(true);
        focus_later("[data-testid=batch-reopen-key]");
    });
    view! {
        <button
            type="button"
            class="button"
            data-testid="batch-reopen-key"
            hidden=move || !(waiting() && model.hidden.get())
            on:click=move |_| model.hidden.set(false)
        >
            {move || tr(lang.get(), "Answer the key question", "回答密钥问题")}
        </button>
        {move || model.key_pause.get().filter(|_| waiting() && !model.hidden.get()).map(|pause| view! {
            <Modal labelled_by="batch-key-title" described_by="batch-key-why" testid="batch-key-dialog" on_escape=on_escape on_send=go_on>
                <h2 id="batch-key-title" class="modal__title">{move || tr(lang.get(), "The provider refused the API key", "服务商拒绝了 API 密钥")}</h2>
                <p id="batch-key-why" data-testid="batch-key-why">{move || why(lang.get(), &pause)}</p>
                <div class="modal__actions">
                    <button type="button" class="button button--primary" data-autofocus data-testid="batch-key-go-on" on:click=move |_| go_on.run(())>
                        {move || tr(lang.get(), "Go on", "继续")}
                    </button>
                    <button type="button" class="button" data-testid="batch-key-stop" on:click=move |_| stop.run(())>
                        {move || tr(lang.get(), "Stop here", "到此为止")}
                    </button>
                </div>
            </Modal>
        })}
    }
}
