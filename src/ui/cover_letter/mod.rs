//! The cover letter page: the form (resume, job description, company, role, tone, length,
//! notes), the run list, and the run: its graph while the agents work, the review of each draft
//! (every fact no source holds marked, Keep / Remove per fact, Approve or "Request a revision"),
//! and the letter at the end, each paragraph with the requirements it answers and the resume
//! lines it rests on, with its exports. Runs go through the shared run controller (`ui::run`):
//! saved in IndexedDB, re-opened on load with their dialog.
//!
//! The dialog: Escape hides it without answering (the run stays paused; "Continue reviewing"
//! brings it back). Focus moves into it when it opens, back to that button when it is hidden,
//! and to the run's status line once it is answered.

mod form;
mod model;
mod progress;
mod result;
mod review_dialog;

use leptos::prelude::*;

use crate::ui::components::{Field, FileImport, PageShell, RunPanel, TextBox};
use crate::ui::draft_review::{
    dialog_toggle, ended_text, result_verdict, DraftProgress, FinishedWords, PauseDialog,
    ReopenButton, VerdictNotice, DEMO_WORDS,
};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{ActiveRun, RunController, RunPhase};
use crate::ui::settings::Settings;
use crate::workflows::cover_letter::CoverLetterWorkflow;
use crate::workflows::Workflow;
use form::{LetterFields, LetterForm, LENGTHS, TONES};
use model::LetterModel;
use progress::ROWS;
use result::LetterResult;
use review_dialog::ReviewDialog;

/// A letter that fails its result check is never "ready": the check says why ("The letter is
/// empty or one word. …").
const FINISHED: FinishedWords = FinishedWords {
    what: ("The letter", "求职信"),
    done: ("The letter is ready.", "求职信已完成。"),
    without_failed: (
        "The letter is ready, but {n} step(s) failed: it was made without them (see below).",
        "求职信已完成，但有 {n} 个步骤失败：它是在缺少这些步骤的情况下生成的（见下方）。",
    ),
};

const REOPEN_BUTTON: &str = "[data-testid=letter-open-review]";
/// Where focus goes once the review is answered: the run's status line.
const AFTER_ANSWER_FOCUS: &str = "[data-testid=letter-phase]";

/// A cover letter run the page shows.
pub type LetterRun = ActiveRun<CoverLetterWorkflow, LetterModel>;

#[component]
pub fn Page() -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let form = LetterForm::load();
    let runs = RunController::<CoverLetterWorkflow, LetterModel>::new();
    // A new review, or another run shown, opens its dialog.
    let pause_key = move || {
        runs.active().map(|r| {
            let prompt = r.view.prompt.with(|p| p.as_ref().map(|p| p.id.clone()));
            format!("{}/{}", r.thread_id(), prompt.unwrap_or_default())
        })
    };
    let dialog = dialog_toggle(pause_key, REOPEN_BUTTON);

    let start = move || {
        let language = settings.with_untracked(Settings::language);
        runs.start(form.input(language), form.title());
    };
    let fields = form.fields;
    let set_field = move |f: &dyn Fn(&mut LetterFields)| fields.update(|o| f(o));

    view! {
        <PageShell runs=runs class="run-form letter-form" testid="letter-form" start=start stop=true
            demo=DEMO_WORDS clamped=true run_view=move |run| view! { <LetterRunView run=run dialog=dialog /> }>
            <Field id="letter-resume" label=("Resume", "简历")>
                <FileImport target=form.resume outline="letter-resume">
                <TextBox id="letter-resume" class="field__input field__input--tall" testid="resume" rows=14 value=form.resume prose=false />
                </FileImport>
            </Field>
            <Field id="letter-job" label=("Job description", "职位描述")>
                <FileImport target=form.job>
                <TextBox id="letter-job" class="field__input field__input--medium" testid="job-description" rows=8 value=form.job />
                </FileImport>
            </Field>
            <fieldset class="tailor-form__options">
                <legend>{move || tr(lang.get(), "The letter", "求职信")}</legend>
                <div class="field">
                    <label class="field__label" for="letter-company">{move || tr(lang.get(), "Company", "公司")}</label>
                    <input id="letter-company" type="text" class="field__input" data-testid="letter-company" maxlength="200"
                        prop:value=move || fields.with(|f| f.company.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); set_field(&|f| f.company = v.clone()); }
                    />
                </div>
                <div class="field">
                    <label class="field__label" for="letter-role">{move || tr(lang.get(), "Role", "职位")}</label>
                    <input id="letter-role" type="text" class="field__input" data-testid="letter-role" maxlength="200"
                        prop:value=move || fields.with(|f| f.role.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); set_field(&|f| f.role = v.clone()); }
                    />
                </div>
                <div class="field">
                    <label class="field__label" for="letter-tone">{move || tr(lang.get(), "Tone", "语气")}</label>
                    <select id="letter-tone" class="field__input" data-testid="letter-tone"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some((tone, _, _)) = TONES.iter().find(|(t, _, _)| t.id() == v) {
                                let tone = *tone;
                                set_field(&|f| f.tone = tone);
                            }
                        }>
                        {TONES.iter().map(|(tone, en, zh)| {
                            let tone = *tone;
                            view! {
                                <option value=tone.id() selected=move || fields.with(|f| f.tone == tone)>{move || tr(lang.get(), en, zh)}</option>
                            }
                        }).collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label class="field__label" for="letter-length">{move || tr(lang.get(), "Length", "篇幅")}</label>
                    <select id="letter-length" class="field__input" data-testid="letter-length"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some((length, _, _)) = LENGTHS.iter().find(|(l, _, _)| l.id() == v) {
                                let length = *length;
                                set_field(&|f| f.length = length);
                            }
                        }>
                        {LENGTHS.iter().map(|(length, en, zh)| {
                            let length = *length;
                            view! {
                                <option value=length.id() selected=move || fields.with(|f| f.length == length)>{move || tr(lang.get(), en, zh)}</option>
                            }
                        }).collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label class="field__label" for="letter-notes">{move || tr(lang.get(), "Notes (optional)", "补充说明（可选）")}</label>
                    <textarea id="letter-notes" class="field__input" data-testid="letter-notes" rows="3"
                        aria-describedby="letter-notes-hint"
                        prop:value=move || fields.with(|f| f.notes.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); set_field(&|f| f.notes = v.clone()); }
                    ></textarea>
                    <span class="field__hint" id="letter-notes-hint">
                        {move || tr(lang.get(),
                            "What the letter may say that your resume does not. The job description is never a source of facts about you.",
                            "求职信可以提到而简历中没有的内容。职位描述不会被当作关于你的事实来源。")}
                    </span>
                </div>
            </fieldset>
        </PageShell>
    }
}

/// One run: status line, graph, agent activity and errors, the review it waits on, the letter.
#[component]
fn LetterRunView(run: LetterRun, dialog: PauseDialog) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let waiting = move || phase.get() == RunPhase::Waiting;
    let input = run.input();
    let findings = input.injection_findings();
    let verdict = result_verdict::<CoverLetterWorkflow>(model.result);
    let phase_text = move || {
        let lang = lang.get();
        match phase.get() {
            RunPhase::Running => tr(lang, "Writing your letter…", "正在撰写求职信…").to_string(),
            RunPhase::Waiting => tr(lang, "Waiting for your review.", "等待你的审阅。").to_string(),
            RunPhase::Finished => {
                FINISHED.status(verdict.get().as_ref(), model.failed_steps(), lang)
            }
            ended => ended_text(&ended, lang).unwrap_or_default(),
        }
    };
    let pending = Signal::derive(move || waiting() && model.prompt.with(Option::is_some));
    let dialog_run = run.clone();
    view! {
        <RunPanel class="run" label=("Cover letter run", "求职信运行") testid="letter-run" phase_testid="letter-phase"
            phase_text=Signal::derive(phase_text) focusable=true
            bar=move || view! { <ReopenButton testid="letter-open-review" label=("Continue reviewing", "继续审阅") pending=pending dialog_open=dialog.open /> }>
            <DraftProgress findings=findings phase=phase rows=ROWS nodes=model.nodes graph_testid="letter-graph"
                agent_errors=model.agent_errors activity=model.activity workflow=CoverLetterWorkflow::ID />
            {move || {
                let run = dialog_run.clone();
                (dialog.open.get() && waiting())
                    .then(|| model.prompt.get())
                    .flatten()
                    .map(|prompt| view! { <ReviewDialog run=run prompt=prompt on_escape=dialog.hide /> })
            }}
            {move || verdict.get().map(|verdict| view! { <VerdictNotice verdict=verdict what=FINISHED.what original=None testid="letter-verdict" /> })}
            {move || model.result.get().map(|state| view! { <LetterResult state=state /> })}
        </RunPanel>
    }
}
