//! The tailoring page (docs/workflows/resume_tailoring.md): the form with a live ATS panel, the run list, and the run:
//! its graph while agents work, the question and review dialogs while it waits for the user, and
//! the tailored resume with its exports at the end. Runs go through the shared run controller
//! (`ui::run`): saved in IndexedDB, re-opened on load with their dialog. The page's own parts are
//! its view model's hooks: the conversation and pause time saved with the record, and the master
//! resume the answers updated, saved with the finished run and offered to the next one.
//!
//! Dialogs: Escape hides the open question or review without answering (the run stays paused; a
//! "Continue answering" button brings it back, and the review's countdown goes on). Focus moves
//! into a dialog when it opens, back to that button when it is hidden, and to the run's status
//! line once the question is answered.

mod ats_panel;
pub(crate) mod diff_view;
mod form;
mod model;
mod progress;
mod question_dialog;
mod result;
mod review_dialog;

use std::time::Duration;

use leptos::prelude::*;

use crate::session::TailoringWorkflow;
use crate::ui::components::{
    focus_later, Field, FileImport, ImportedJsonResume, PageShell, RunPanel, TextBox,
};
use crate::ui::draft_review::{
    dialog_toggle, ended_text, result_verdict, DraftProgress, FinishedWords, PauseDialog,
    ReopenButton, VerdictNotice, DEMO_WORDS,
};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{ActiveRun, RunController, RunPhase};
use crate::ui::settings::Settings;
use crate::workflows::resume_tailoring::{ReviewAnswer, TailorAnswer};
use crate::workflows::Workflow;
use ats_panel::AtsPanel;
use form::{title_of, TailorForm, TailorOptions};
use model::{Prompt, TailorModel};
use progress::ROWS;
use question_dialog::{QuestionDialog, AFTER_ANSWER_FOCUS};
use result::TailorResult;

use review_dialog::{clock, seconds_left, ReviewDialog};

/// A result made without a failed step says so, not just "finished"; one that fails its result
/// check is not "finished" at all ("The tailored resume dropped your name, …").
const FINISHED: FinishedWords = FinishedWords {
    what: ("The tailored resume", "定制后的简历"),
    done: ("Tailoring finished.", "定制完成。"),
    without_failed: (
        "Tailoring finished, but {n} step(s) failed: the result was made without them (see below).",
        "定制已结束，但有 {n} 个步骤失败：结果是在缺少这些步骤的情况下生成的（见下方）。",
    ),
};

const REOPEN_BUTTON: &str = "[data-testid=open-prompt]";

/// A tailoring run the page shows.
pub type TailorRun = ActiveRun<TailoringWorkflow, TailorModel>;

#[component]
pub fn Page() -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let form = TailorForm::load();
    // The imported JSON Resume file, for the result's JSON Resume export.
    let imported_json = ImportedJsonResume::provide();
    let runs = RunController::<TailoringWorkflow, TailorModel>::new();
    let store = runs.store();
    // Whether this run starts from the saved master resume (earlier answers) when there is one.
    let use_master = RwSignal::new(true);

    let prompt = move || runs.active().and_then(|r| r.view.prompt.get());
    // A new question or review, or another run shown, opens its dialog.
    let pause_key = move || {
        runs.active().map(|r| {
            format!(
                "{}/{}",
                r.thread_id(),
                prompt().map(|p| p.id().to_string()).unwrap_or_default()
            )
        })
    };
    let dialog = dialog_toggle(pause_key, REOPEN_BUTTON);

    let start = move || {
        let language = settings.with_untracked(Settings::language);
        let title = title_of(&form.job.get_untracked());
        let master = use_master
            .get_untracked()
            .then(|| {
                store
                    .master
                    .with_untracked(|m| m.as_ref().map(|m| m.text.clone()))
            })
            .flatten();
        runs.start(form.input(master, language), title);
    };
    let options = form.options;
    let set_option = move |f: &dyn Fn(&mut TailorOptions)| options.update(|o| f(o));

    // autocomplete="off" on every form and control: the signals are the state, so a browser must
    // not restore or autofill a control behind their back (a box shown unchecked while the run
    // would still use the master resume).
    view! {
        <PageShell runs=runs class="run-form tailor-form" testid="tailor-form" start=start stop=true
            demo=DEMO_WORDS clamped=true run_view=move |run| view! { <TailorRunView run=run dialog=dialog /> }>
            <div class="tailor-form__grid">
                <div class="tailor-form__texts">
                    <Field id="job-description" label=("Job description", "职位描述")>
                        <FileImport target=form.job>
                        <TextBox id="job-description" class="field__input field__input--medium" testid="job-description" rows=8 value=form.job />
                        </FileImport>
                    </Field>
                    <Field id="tailor-resume" label=("Resume", "简历")>
                        <FileImport target=form.resume outline="tailor-resume" json_resume=imported_json>
                        <TextBox id="tailor-resume" class="field__input field__input--tall" testid="resume" rows=16 value=form.resume prose=false />
                        </FileImport>
                    </Field>
                </div>
                <AtsPanel resume=form.resume job=form.job target=Signal::derive(move || options.with(|o| o.target_ats_score)) />
            </div>
            {move || store.master.get().map(|master| view! {
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
        </PageShell>
    }
}

/// One run: status line, graph, agent activity and errors, the dialog it waits on, the result.
#[component]
fn TailorRunView(run: TailorRun, dialog: PauseDialog) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let waiting = move || phase.get() == RunPhase::Waiting;
    let findings = run.input().injection_findings();
    let verdict = result_verdict::<TailoringWorkflow>(model.result);
    let phase_text = move || {
        let lang = lang.get();
        match phase.get() {
            RunPhase::Running => tr(lang, "Tailoring…", "正在定制…").to_string(),
            RunPhase::Waiting => match model.prompt.get() {
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
            RunPhase::Finished => {
                FINISHED.status(verdict.get().as_ref(), model.failed_steps(), lang)
            }
            ended => ended_text(&ended, lang).unwrap_or_default(),
        }
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
            timeout_run.answer(TailorAnswer::Review(ReviewAnswer::Timeout));
            focus_later(AFTER_ANSWER_FOCUS);
        }
    });
    let left = Signal::derive(move || review_left.get().unwrap_or(0));
    let countdown = Signal::derive(move || review_left.get().map(|s| format!(" ({})", clock(s))));
    let pending = Signal::derive(move || waiting() && model.prompt.with(Option::is_some));
    let dialog_run = run.clone();
    view! {
        <RunPanel class="run" label=("Tailoring run", "定制运行") testid="tailor-run" phase_testid="tailor-phase"
            phase_text=Signal::derive(phase_text) focusable=true
            bar=move || view! {
                <ReopenButton testid="open-prompt" label=("Continue answering", "继续回答") pending=pending dialog_open=dialog.open after=countdown />
            }>
            <DraftProgress findings=findings phase=phase rows=ROWS nodes=model.nodes graph_testid="tailor-graph"
                agent_errors=model.agent_errors activity=model.activity workflow=TailoringWorkflow::ID />
            {move || {
                let run = dialog_run.clone();
                match (dialog.open.get() && waiting(), model.prompt.get()) {
                    (true, Some(Prompt::Question(q))) => Some(view! { <QuestionDialog run=run prompt=q on_escape=dialog.hide /> }.into_any()),
                    (true, Some(Prompt::Review(r))) => Some(view! { <ReviewDialog run=run prompt=r left=left on_escape=dialog.hide /> }.into_any()),
                    _ => None,
                }
            }}
            {move || verdict.get().zip(model.result.get()).map(|(verdict, state)| view! {
                <VerdictNotice verdict=verdict what=FINISHED.what original=Some(state.original_resume) testid="tailor-verdict" />
            })}
            {move || model.result.get().map(|state| view! { <TailorResult state=state /> })}
        </RunPanel>
    }
}
