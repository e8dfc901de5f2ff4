//! The info-collection conversation as a chat: the turns so far as bubbles, the current question
//! and why it is asked, an answer box, Send, Skip and Stop conversation. Answers go into the master
//! resume; skipped questions and a stopped conversation still use what was answered.

use leptos::prelude::*;

use super::model::QuestionPrompt;
use super::TailorRun;
use crate::ui::components::{focus_later, Modal};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::resume_tailoring::{QuestionAction, TailorAnswer};

/// After an answer the dialog is gone: focus goes to the run's status line.
pub const AFTER_ANSWER_FOCUS: &str = "[data-testid=tailor-phase]";

#[component]
pub fn QuestionDialog(
    run: TailorRun,
    prompt: QuestionPrompt,
    on_escape: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let answer = RwSignal::new(String::new());
    let hint = RwSignal::new(None::<&'static str>);
    let model = run.view;
    let send_run = run.clone();
    let send = Callback::new(move |()| {
        let text = answer.get_untracked().trim().to_string();
        if text.is_empty() {
            hint.set(Some(tr(
                lang.get_untracked(),
                "Type an answer first, or press Skip.",
                "请先输入回答，或点击“跳过”。",
            )));
            return;
        }
        send_run.answer(TailorAnswer::Question(QuestionAction::Answer {
            answer: text,
        }));
        focus_later(AFTER_ANSWER_FOCUS);
    });
    let skip_run = run.clone();
    let skip = move |_| {
        skip_run.answer(TailorAnswer::Question(QuestionAction::Skip));
        focus_later(AFTER_ANSWER_FOCUS);
    };
    let stop = move |_| {
        // An answer typed before stopping is kept.
        let text = answer.get_untracked().trim().to_string();
        let answer = (!text.is_empty()).then_some(text);
        run.answer(TailorAnswer::Question(QuestionAction::Stop { answer }));
        focus_later(AFTER_ANSWER_FOCUS);
    };
    let item = prompt.missing_item.clone();
    view! {
        <Modal labelled_by="question-title" described_by="question-why" testid="question-dialog" on_escape=on_escape on_send=send>
            <h2 id="question-title" class="modal__title">
                {move || format!("{} {} / {}", tr(lang.get(), "Question", "问题"), prompt.index, prompt.total)}
            </h2>
            <ol class="chat" aria-label=move || tr(lang.get(), "Conversation so far", "对话记录") data-testid="chat">
                {move || {
                    model
                        .conversation
                        .get()
                        .into_iter()
                        .map(|turn| {
                            let who = if turn.role == "user" { "user" } else { "assistant" };
                            view! {
                                <li class=format!("chat__bubble chat__bubble--{who}") data-role=who>
                                    <span class="visually-hidden">
                                        {move || if who == "user" { tr(lang.get(), "You: ", "你：") } else { tr(lang.get(), "Assistant: ", "助手：") }}
                                    </span>
                                    {turn.content}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <p class="modal__why" id="question-why" data-testid="question-why">
                {move || match lang.get() {
                    crate::domain::Language::En => format!(
                        "Why we ask: your resume does not show {item}. Your answer is added to your \
                         master resume; nothing is invented."
                    ),
                    crate::domain::Language::Zh => format!(
                        "为什么问：你的简历中没有体现 {item}。你的回答会加入主简历，不会编造任何内容。"
                    ),
                }}
            </p>
            <div class="field">
                <label class="field__label" for="question-answer">{move || tr(lang.get(), "Your answer", "你的回答")}</label>
                <textarea autocomplete="off"
                    id="question-answer"
                    class="field__input"
                    data-testid="question-answer"
                    data-autofocus
                    rows="4"
                    aria-describedby="question-keys"
                    prop:value=move || answer.get()
                    on:input=move |ev| {
                        hint.set(None);
                        answer.set(event_target_value(&ev));
                    }
                ></textarea>
                <span class="field__hint" id="question-keys">
                    {move || tr(lang.get(),
                        "Ctrl+Enter (⌘+Enter) sends · Escape hides this dialog; the run waits for you.",
                        "Ctrl+Enter（⌘+Enter）发送 · Esc 隐藏对话框，运行会等待你。")}
                </span>
                <p class="field__warning" role="alert">{move || hint.get()}</p>
            </div>
            <div class="modal__actions">
                <button type="button" class="button button--primary" data-testid="question-send" on:click=move |_| send.run(())>
                    {move || tr(lang.get(), "Send", "发送")}
                </button>
                <button type="button" class="button" data-testid="question-skip" on:click=skip>
                    {move || tr(lang.get(), "Skip", "跳过")}
                </button>
                <button type="button" class="button button--danger" data-testid="question-stop" on:click=stop>
                    {move || tr(lang.get(), "Stop conversation", "结束对话")}
                </button>
            </div>
        </Modal>
    }
}
