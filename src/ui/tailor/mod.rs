//! The tailoring page (seeds 001 + 003): the form with a live ATS panel, the run list, and the run:
//! its graph while agents work, the question and review dialogs while it waits for the user, and
//! the tailored resume with its exports at the end. Runs go through `crate::session`, the same
//! path the JS API uses ([`driver`]). Runs are saved in IndexedDB through [`history`]: on load
//! the newest paused run is re-opened with its dialog; the master resume the answers updated is
//! saved with the finished run and offered to the next one.
//!
//! Dialogs: Escape hides the open question or review without answering (the run stays paused; a
//! "Continue answering" button brings it back, and the review's countdown goes on). Focus moves
//! into a dialog when it opens, back to that button when it is hidden, and to the run's status
//! line once the question is answered.

mod ats_panel;
mod dialog;
mod diff_view;
mod driver;
mod form;
mod history;
mod model;
mod progress;
mod question_dialog;
mod result;
mod review_dialog;
mod run_list;

use std::time::Duration;

use leptos::prelude::*;
use serde_json::json;

use crate::store::{RunRecord, RunStatus};
use crate::ui::components::FileImport;
use crate::ui::i18n::{tr, use_language};
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;
use ats_panel::AtsPanel;
use dialog::focus_later;
use driver::{reopen_tailoring, start_tailoring, view_saved, TailorRun};
use form::{title_of, TailorForm, TailorOptions};
use history::RunHistory;
use model::{Phase, Prompt};
use progress::TailorProgress;
use question_dialog::{QuestionDialog, AFTER_ANSWER_FOCUS};
use result::TailorResult;
use review_dialog::{clock, seconds_left, ReviewDialog};
use run_list::RunList;

const REOPEN_BUTTON: &str = "[data-testid=open-prompt]";

#[component]
pub fn TailorPage() -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    let form = TailorForm::load();
    let history = RunHistory::new();
    // Runs started or re-opened in this page load, by thread id.
    let live = StoredValue::new_local(Vec::<TailorRun>::new());
    let active = RwSignal::new_local(None::<TailorRun>);
    let status = RwSignal::new(String::new());
    let dialog_open = RwSignal::new(true);
    // Whether this run starts from the saved master resume (earlier answers) when there is one.
    let use_master = RwSignal::new(true);

    let phase = move || active.with(|run| run.as_ref().map(|r| r.model.phase.get()));
    let busy = move || matches!(phase(), Some(Phase::Running | Phase::Waiting));
    let prompt = move || active.with(|run| run.as_ref().and_then(|r| r.model.prompt.get()));
    // A new question or review opens its dialog.
    Effect::new(move |previous: Option<Option<String>>| {
        let id = prompt().map(|p| p.id().to_string());
        if id.is_some() && previous.as_ref() != Some(&id) {
            dialog_open.set(true);
        }
        id
    });
    let show = move |run: TailorRun| {
        live.update_value(|all| {
            all.retain(|r| r.thread_id != run.thread_id);
            all.push(run.clone());
        });
        dialog_open.set(true);
        active.set(Some(run));
    };
    let key = move || {
        let settings = settings.get_untracked();
        let key = keys.with_untracked(|k| k.get(&settings.provider).cloned());
        (settings, key)
    };
    // Re-opens a saved run that waits for the user (or was cut short by a reload).
    let reopen = move |record: RunRecord| {
        let (settings, key) = key();
        status.set(
            tr(
                lang.get_untracked(),
                "Re-opening the saved run…",
                "正在重新打开保存的运行…",
            )
            .to_string(),
        );
        leptos::task::spawn_local(async move {
            match reopen_tailoring(&settings, key, &record, history).await {
                Ok(run) => {
                    status.set(String::new());
                    show(run);
                }
                Err(error) => status.set(error.message),
            }
        });
    };
    // "On load": the newest run that waits for an answer comes back with its dialog.
    leptos::task::spawn_local(async move {
        history.load().await;
        let paused = history
            .records()
            .get_untracked()
            .into_iter()
            .find(|r| r.status == RunStatus::Paused);
        if let (Some(record), false) = (paused, busy()) {
            reopen(record);
        }
    });

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy() {
            return;
        }
        let (settings, key) = key();
        let title = title_of(&form.job.get_untracked());
        let master = use_master
            .get_untracked()
            .then(|| {
                history
                    .master
                    .with_untracked(|m| m.as_ref().map(|m| m.text.clone()))
            })
            .flatten();
        let input = form.input(master, settings.language());
        match start_tailoring(&settings, key, input, title, history) {
            Ok(run) => {
                status.set(String::new());
                show(run);
            }
            Err(error) => status.set(error.message),
        }
    };
    let stop = move |_| {
        if let Some(run) = active.get_untracked() {
            run.stop();
        }
    };
    let open_entry = Callback::new(move |record: RunRecord| {
        if busy() {
            status.set(
                tr(
                    lang.get_untracked(),
                    "Stop the current run first.",
                    "请先停止当前运行。",
                )
                .to_string(),
            );
            return;
        }
        let found = live.with_value(|all| {
            all.iter()
                .find(|r| r.thread_id == record.thread_id)
                .cloned()
        });
        match found {
            Some(run) => {
                status.set(String::new());
                show(run);
            }
            None if record.can_reopen() => reopen(record),
            None => {
                status.set(String::new());
                show(view_saved(&record, history));
            }
        }
    });
    let delete_entry = Callback::new(move |thread_id: String| {
        if let Some(run) =
            live.with_value(|all| all.iter().find(|r| r.thread_id == thread_id).cloned())
        {
            run.stop();
        }
        live.update_value(|all| all.retain(|r| r.thread_id != thread_id));
        if active.with_untracked(|a| a.as_ref().is_some_and(|r| r.thread_id == thread_id)) {
            active.set(None);
        }
        history.delete(&thread_id);
    });
    let hide_dialog = Callback::new(move |()| {
        dialog_open.set(false);
        focus_later(REOPEN_BUTTON);
    });
    let demo = move || settings.with(|s| s.provider == "demo");
    let options = form.options;
    let set_option = move |f: &dyn Fn(&mut TailorOptions)| options.update(|o| f(o));

    view! {
        <form class="run-form tailor-form" on:submit=on_submit data-testid="tailor-form">
            <div class="tailor-form__grid">
                <div class="tailor-form__texts">
                    <div class="field">
                        <label class="field__label" for="job-description">{move || tr(lang.get(), "Job description", "职位描述")}</label>
                        <FileImport target=form.job>
                        <textarea
                            id="job-description"
                            class="field__input field__input--medium"
                            data-testid="job-description"
                            rows="8"
                            prop:value=move || form.job.get()
                            on:input=move |ev| form.job.set(event_target_value(&ev))
                        ></textarea>
                        </FileImport>
                    </div>
                    <div class="field">
                        <label class="field__label" for="tailor-resume">{move || tr(lang.get(), "Resume", "简历")}</label>
                        <FileImport target=form.resume>
                        <textarea
                            id="tailor-resume"
                            class="field__input field__input--tall"
                            data-testid="resume"
                            rows="16"
                            spellcheck="false"
                            prop:value=move || form.resume.get()
                            on:input=move |ev| form.resume.set(event_target_value(&ev))
                        ></textarea>
                        </FileImport>
                    </div>
                </div>
                <AtsPanel resume=form.resume job=form.job target=Signal::derive(move || options.with(|o| o.target_ats_score)) />
            </div>
            {move || history.master.get().map(|master| view! {
                <label class="field field--inline" data-testid="master-resume">
                    <input type="checkbox" data-testid="use-master"
                        prop:checked=move || use_master.get()
                        on:change=move |ev| use_master.set(event_target_checked(&ev))
                    />
                    <span>
                        {move || tr(lang.get(),
                            "Start from my master resume saved in this browser (it holds the answers of earlier runs)",
                            "使用此浏览器中保存的主简历（包含以往运行中的回答）")}
                        <span class="field__hint">{format!(" · {} characters", master.text.chars().count())}</span>
                    </span>
                </label>
            })}
            <fieldset class="tailor-form__options">
                <legend>{move || tr(lang.get(), "Options", "选项")}</legend>
                <div class="field">
                    <label class="field__label" for="target-ats">{move || tr(lang.get(), "Target ATS score (0–100)", "目标 ATS 分数（0–100）")}</label>
                    <input id="target-ats" type="number" min="0" max="100" step="1" data-testid="target-ats"
                        prop:value=move || options.with(|o| o.target_ats_score.to_string())
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                                set_option(&|o| o.target_ats_score = v.min(100));
                            }
                        }
                    />
                </div>
                <label class="field field--inline">
                    <input type="checkbox" data-testid="human-review"
                        prop:checked=move || options.with(|o| o.human_review)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            set_option(&|o| o.human_review = on);
                        }
                    />
                    <span>{move || tr(lang.get(), "Let me review the draft before it is finalized", "定稿前让我审阅草稿")}</span>
                </label>
                <div class="field">
                    <label class="field__label" for="review-timeout">{move || tr(lang.get(), "Review timeout (seconds, at least 10)", "审阅超时（秒，至少 10）")}</label>
                    <input id="review-timeout" type="number" min="10" step="10" data-testid="review-timeout"
                        aria-describedby="review-timeout-hint"
                        disabled=move || !options.with(|o| o.human_review)
                        prop:value=move || options.with(|o| o.review_timeout_seconds.to_string())
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                                set_option(&|o| o.review_timeout_seconds = v.max(10));
                            }
                        }
                    />
                    <span class="field__hint" id="review-timeout-hint">
                        {move || tr(lang.get(), "An unanswered review is finalized as is, with a warning.", "超时未审阅的草稿将按原样定稿，并给出提醒。")}
                    </span>
                </div>
            </fieldset>
            <div class="run-form__actions">
                <button type="submit" class="button button--primary" data-testid="run" disabled=busy>
                    {move || if busy() { tr(lang.get(), "Running…", "运行中…") } else { tr(lang.get(), "Run", "运行") }}
                </button>
                <button type="button" class="button button--danger" data-testid="stop" disabled=move || !busy() on:click=stop>
                    {move || tr(lang.get(), "Stop", "停止")}
                </button>
                <span class="badge badge--info" hidden=move || !demo()>
                    {move || tr(lang.get(), "Demo: heuristic answers, no model is called", "演示：启发式回答，不调用模型")}
                </span>
                <p class="run-form__status" role="status" aria-live="polite" data-testid="status">{move || status.get()}</p>
            </div>
        </form>
        {move || history.notice.get().map(|notice| view! {
            <p class="notice notice--warn" role="status" data-testid="store-notice">{notice}</p>
        })}
        <RunList history=history on_open=open_entry on_delete=delete_entry />
        {move || active.get().map(|run| view! { <RunView run=run dialog_open=dialog_open hide_dialog=hide_dialog /> })}
    }
}

/// One run: status line, graph, agent activity and errors, the dialog it waits on, the result.
#[component]
fn RunView(
    run: TailorRun,
    dialog_open: RwSignal<bool>,
    hide_dialog: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let model = run.model;
    let phase_text = move || {
        let lang = lang.get();
        match model.phase.get() {
            Phase::Running => tr(lang, "Tailoring…", "正在定制…").to_string(),
            Phase::Waiting => match model.prompt.get() {
                Some(Prompt::Question(q)) => match lang {
                    crate::domain::Language::En => format!(
                        "Waiting for your answer (question {} of {}).",
                        q.index, q.total
                    ),
                    crate::domain::Language::Zh => {
                        format!("等待你的回答（第 {} / {} 个问题）。", q.index, q.total)
                    }
                },
                _ => tr(lang, "Waiting for your review.", "等待你的审阅。").to_string(),
            },
            Phase::Finished => tr(lang, "Tailoring finished.", "定制完成。").to_string(),
            Phase::Stopped => tr(
                lang,
                "Stopped. Your inputs are kept; press Run to start again.",
                "已停止。输入已保留，点击“运行”重新开始。",
            )
            .to_string(),
            Phase::Failed(message) => {
                format!("{} {message}", tr(lang, "The run failed:", "运行失败："))
            }
        }
    };
    let agent_errors = move || {
        let mut errors: Vec<String> = model.agent_errors.with(|e| e.values().cloned().collect());
        errors.dedup();
        errors
    };
    // The review's countdown: it runs from the moment the run paused, whether or not the dialog
    // is shown, and answers `timeout` when it reaches zero.
    let now = RwSignal::new(js_sys::Date::now());
    if let Ok(handle) =
        set_interval_with_handle(move || now.set(js_sys::Date::now()), Duration::from_secs(1))
    {
        on_cleanup(move || handle.clear());
    }
    let review_left = Signal::derive(move || match model.prompt.get() {
        Some(Prompt::Review(r)) => Some(seconds_left(
            model.paused_at_ms.get(),
            r.timeout_seconds,
            now.get(),
        )),
        _ => None,
    });
    let timeout_run = run.clone();
    Effect::new(move |_| {
        if review_left.get() == Some(0) {
            timeout_run.answer(json!({"decision": "timeout"}));
            focus_later(AFTER_ANSWER_FOCUS);
        }
    });
    let left = Signal::derive(move || review_left.get().unwrap_or(0));
    let dialog_run = run.clone();
    view! {
        <section class="run" aria-label=move || tr(lang.get(), "Tailoring run", "定制运行") data-testid="tailor-run">
            <div class="run__bar">
                <p class="run__phase" role="status" aria-live="polite" tabindex="-1" data-testid="tailor-phase">{phase_text}</p>
                <button type="button" class="button" data-testid="open-prompt"
                    hidden=move || dialog_open.get() || model.prompt.with(Option::is_none)
                    on:click=move |_| dialog_open.set(true)>
                    {move || tr(lang.get(), "Continue answering", "继续回答")}
                    {move || review_left.get().map(|s| format!(" ({})", clock(s)))}
                </button>
            </div>
            {move || match model.phase.get() {
                Phase::Failed(message) => Some(view! {
                    <div class="notice notice--error" role="alert" data-testid="run-error">
                        <p>{message}</p>
                        <p>{move || tr(lang.get(), "Your resume and job description are kept above.", "你的简历和职位描述已保留在上方。")}</p>
                    </div>
                }),
                _ => None,
            }}
            {move || {
                let errors = agent_errors();
                (!errors.is_empty()).then(|| view! {
                    <div class="notice notice--error" role="alert" data-testid="agent-errors">
                        {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                    </div>
                })
            }}
            <TailorProgress model=model />
            {move || {
                let activity = model.activity.get();
                (model.phase.get() == Phase::Running && !activity.is_empty()).then(|| view! {
                    <div class="activity" data-testid="activity">
                        {activity.into_iter().map(|(agent, text)| view! {
                            <details open>
                                <summary>{agent}</summary>
                                <pre class="card__stream">{text}</pre>
                            </details>
                        }).collect_view()}
                    </div>
                })
            }}
            {move || {
                let run = dialog_run.clone();
                match (dialog_open.get(), model.prompt.get()) {
                    (true, Some(Prompt::Question(q))) => Some(view! { <QuestionDialog run=run prompt=q on_escape=hide_dialog /> }.into_any()),
                    (true, Some(Prompt::Review(r))) => Some(view! { <ReviewDialog run=run prompt=r left=left on_escape=hide_dialog /> }.into_any()),
                    _ => None,
                }
            }}
            {move || model.result.get().map(|state| view! { <TailorResult state=state /> })}
        </section>
    }
}
