//! The batch form: the job, the resumes (files, or pasted one by one), the run's limits, and
//! what the batch is expected to cost before it starts.

use leptos::prelude::*;

use super::categories::{categories_text, CategoriesPicker};
use super::cost::{estimate_line, model_and_language};
use super::draft::{keep_resume_draft, DraftState};
use super::BatchController;
use crate::ui::components::{
    draft_signal, first_line, read_file, submit_run, BlindSwitches, DropZone, Field, FilePicker,
    FormActions, OnFiles, TextBox,
};
use crate::ui::i18n::{tr, use_language};
use crate::ui::settings::Settings;
use crate::workflows::batch_screening::categories::{categories_for, with_categories, CategoryRow};
use crate::workflows::batch_screening::sample::SAMPLE_RESUMES;
use crate::workflows::batch_screening::{
    estimate, BatchResume, BatchRunInput, DEFAULT_CONCURRENCY, MAX_RESUMES,
};
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;

const DRAFT_JD_KEY: &str = "careergraph.draft.batch.jd";

/// A number the user typed, if it is one.
fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.trim().parse().ok()
}

#[component]
pub fn BatchForm(runs: BatchController) -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let job = draft_signal(DRAFT_JD_KEY, "");
    let resumes = RwSignal::new(Vec::<BatchResume>::new());
    let draft = keep_resume_draft(resumes);
    // Self-reported categories, beside the resumes (never in their text): see `categories.rs`.
    let category_list = RwSignal::new(Vec::<CategoryRow>::new());
    let pasted = RwSignal::new(String::new());
    let import_errors = RwSignal::new(Vec::<String>::new());
    let reading = RwSignal::new(0usize);
    let concurrency = RwSignal::new(DEFAULT_CONCURRENCY.to_string());
    let rpm = RwSignal::new(String::new());
    let tpm = RwSignal::new(String::new());
    let cap = RwSignal::new(String::new());
    let ats_only = RwSignal::new(false);
    // Blind screening and its proxies are on unless the user turns them off, run by run.
    let blind = RwSignal::new(true);
    let mask_proxies = RwSignal::new(true);
    let status = runs.message();
    let running = move || runs.live();

    let add_files = move |files: web_sys::FileList| {
        for i in 0..files.length() {
            let Some(file) = files.get(i) else { continue };
            let name = file.name();
            reading.update(|n| *n += 1);
            leptos::task::spawn_local(async move {
                let result = read_file(file).await;
                reading.update(|n| *n = n.saturating_sub(1));
                match result {
                    Ok(imported) => resumes.update(|r| {
                        r.push(BatchResume {
                            label: name,
                            text: imported.text,
                            ..BatchResume::default()
                        })
                    }),
                    Err(error) => import_errors.update(|e| e.push(format!("{name}: {error}"))),
                }
            });
        }
    };
    let on_files = OnFiles::new(move |files: web_sys::FileList| {
        import_errors.set(Vec::new());
        add_files(files);
    });
    let add_pasted = move |_| {
        let text = pasted.get_untracked();
        if text.trim().is_empty() {
            return;
        }
        resumes.update(|r| {
            let label = first_line(&text, &format!("Resume {}", r.len() + 1));
            r.push(BatchResume {
                label,
                text,
                ..BatchResume::default()
            });
        });
        pasted.set(String::new());
    };
    let load_sample = move |_| {
        job.set(SAMPLE_JOB_DESCRIPTION.to_string());
        resumes.set(
            SAMPLE_RESUMES
                .iter()
                .map(|(label, text)| BatchResume {
                    label: (*label).into(),
                    text: (*text).into(),
                    ..BatchResume::default()
                })
                .collect(),
        );
    };

    let input = move || BatchRunInput {
        job_description: job.get_untracked(),
        resumes: category_list
            .with_untracked(|list| with_categories(resumes.get_untracked(), list)),
        language: settings.with_untracked(Settings::language),
        ats_only: ats_only.get_untracked(),
        cost_cap_usd: number(&cap.get_untracked()),
        concurrency: number(&concurrency.get_untracked()),
        requests_per_minute: number(&rpm.get_untracked()),
        tokens_per_minute: number(&tpm.get_untracked()),
        blind: Some(blind.get_untracked()),
        mask_proxies: Some(mask_proxies.get_untracked()),
        shortlist_at: None,
    };
    let cost = Memo::new(move |_| {
        let (model, language) = settings.with(model_and_language);
        let texts = resumes.with(|r| r.iter().map(|r| r.text.clone()).collect::<Vec<_>>());
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        job.with(|jd| estimate(jd, &texts, language, &model, ats_only.get()))
    });

    let on_submit = submit_run(running, move || {
        let input = input();
        let title = format!(
            "{} ({})",
            first_line(&input.job_description, "Batch screening"),
            input.resumes.len()
        );
        runs.start(input, title);
    });

    view! {
        <form autocomplete="off" class="run-form batch-form" on:submit=on_submit data-testid="batch-form">
            <Field id="batch-jd" label=("Job description", "职位描述")>
                <TextBox id="batch-jd" class="field__input" testid="batch-jd" rows=8 value=job />
            </Field>
            <fieldset class="batch-resumes">
                <legend>{move || tr(lang.get(), "Resumes", "简历")}</legend>
                <DropZone class="batch-drop" testid="batch-drop" on_files=on_files>
                    <FilePicker
                        label=Signal::derive(move || tr(lang.get(), "Add files…", "添加文件…").to_string())
                        testid="batch-pick-files"
                        input_testid="batch-files"
                        accept=crate::domain::import::ACCEPT
                        multiple=true
                        on_files=on_files
                    />
                    <span class="file-import__hint">
                        {move || tr(lang.get(), "PDF, DOCX, Markdown, text or JSON Resume; one resume per file. Or drop files here.", "PDF、DOCX、Markdown、文本或 JSON Resume；每个文件一份简历。也可把文件拖到这里。")}
                    </span>
                    {move || (reading.get() > 0).then(|| view! {
                        <p role="status" data-testid="batch-reading">{move || format!("{} {}…", tr(lang.get(), "Reading files:", "正在读取文件："), reading.get())}</p>
                    })}
                    {move || {
                        let errors = import_errors.get();
                        (!errors.is_empty()).then(|| view! {
                            <div class="notice notice--error" role="alert" data-testid="batch-import-errors">
                                {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                            </div>
                        })
                    }}
                </DropZone>
                <Field id="batch-paste" label=("Paste a resume", "粘贴一份简历")>
                    <TextBox id="batch-paste" class="field__input" testid="batch-paste" rows=6 value=pasted prose=false />
                    <div class="batch-resumes__actions">
                        <button type="button" class="button" data-testid="batch-add" on:click=add_pasted>
                            {move || tr(lang.get(), "Add", "添加")}
                        </button>
                        <button type="button" class="button button--link" data-testid="batch-sample" on:click=load_sample>
                            {move || tr(lang.get(), "Load sample", "载入示例")}
                        </button>
                        <button type="button" class="button button--link" data-testid="batch-clear" on:click=move |_| resumes.set(Vec::new())>
                            {move || tr(lang.get(), "Remove all", "全部移除")}
                        </button>
                    </div>
                </Field>
                <p class="batch-resumes__count" data-testid="batch-count" data-count=move || resumes.with(Vec::len)>
                    {move || {
                        let n = resumes.with(Vec::len);
                        match lang.get() {
                            crate::domain::Language::Zh => format!("已添加 {n} 份简历（最多 {MAX_RESUMES} 份）"),
                            _ => format!("{n} resume(s) added (at most {MAX_RESUMES})"),
                        }
                    }}
                </p>
                {move || match draft.get() {
                    DraftState::Failed(reason) if resumes.with(|r| !r.is_empty()) => Some(view! {
                        <p class="notice notice--warn" role="status" data-testid="batch-draft-failed">
                            {move || tr(lang.get(), "This resume list could not be saved as a draft: it stays in this page until you close it.", "简历列表无法保存为草稿：关闭页面前它仍保留在此页。")}
                            " (" {reason} ")"
                        </p>
                    }),
                    _ => None,
                }}
                <ul class="batch-resumes__list" data-testid="batch-resume-list" data-draft=move || draft.with(DraftState::attribute)>
                    {move || resumes.get().into_iter().enumerate().map(|(i, resume)| {
                        let label = resume.label.clone();
                        let given = category_list.with(|list| categories_for(list, &label).cloned()).or(resume.categories);
                        view! {
                            <li data-testid="batch-resume">
                                <span class="batch-resumes__label">{resume.label.clone()}</span>
                                {given.map(|c| view! { <span class="batch-resumes__size" data-testid="batch-resume-categories">{move || categories_text(&c, lang.get())}</span> })}
                                <span class="batch-resumes__size">{format!("{} chars", resume.text.chars().count())}</span>
                                <button
                                    type="button"
                                    class="button button--link"
                                    data-testid="batch-remove"
                                    aria-label=move || format!("{} {}", tr(lang.get(), "Remove", "移除"), label)
                                    on:click=move |_| resumes.update(|r| { if i < r.len() { r.remove(i); } })
                                >
                                    {move || tr(lang.get(), "Remove", "移除")}
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
                <CategoriesPicker resumes=resumes list=category_list />
            </fieldset>
            <fieldset class="batch-settings">
                <legend>{move || tr(lang.get(), "Limits", "限制")}</legend>
                <label class="batch-settings__item">
                    <span>{move || tr(lang.get(), "Candidates at once", "同时处理的候选人")}</span>
                    <input type="number" min="1" max="16" data-testid="batch-concurrency" prop:value=move || concurrency.get() on:input=move |ev| concurrency.set(event_target_value(&ev)) />
                </label>
                <label class="batch-settings__item">
                    <span>{move || tr(lang.get(), "Requests per minute", "每分钟请求数")}</span>
                    <input type="number" min="1" data-testid="batch-rpm" prop:value=move || rpm.get() on:input=move |ev| rpm.set(event_target_value(&ev)) />
                </label>
                <label class="batch-settings__item">
                    <span>{move || tr(lang.get(), "Tokens per minute", "每分钟 token 数")}</span>
                    <input type="number" min="1" data-testid="batch-tpm" prop:value=move || tpm.get() on:input=move |ev| tpm.set(event_target_value(&ev)) />
                </label>
                <label class="batch-settings__item">
                    <span>{move || tr(lang.get(), "Cost cap (USD)", "费用上限（美元）")}</span>
                    <input type="number" min="0" step="any" data-testid="batch-cap" prop:value=move || cap.get() on:input=move |ev| cap.set(event_target_value(&ev)) />
                </label>
                <label class="batch-settings__item batch-settings__check">
                    <input type="checkbox" data-testid="batch-ats-only" prop:checked=move || ats_only.get() on:change=move |ev| ats_only.set(event_target_checked(&ev)) />
                    <span>{move || tr(lang.get(), "ATS only (no model, no key)", "仅 ATS（不调用模型，无需密钥）")}</span>
                </label>
            </fieldset>
            <BlindSwitches blind=blind mask_proxies=mask_proxies testid_prefix="batch-" />
            <p class="batch-estimate" role="status" aria-live="polite" data-testid="batch-estimate" data-calls=move || cost.with(|c| c.calls)>
                {move || cost.with(|c| estimate_line(lang.get(), c, ("candidates", "位候选人")))}
            </p>
            // Nothing to screen yet, or files still being read: Run waits for them.
            <FormActions running=Signal::derive(running) status=status testid_prefix="batch-"
                blocked=Signal::derive(move || resumes.with(Vec::is_empty) || reading.get() > 0)
                demo=("Demo: heuristic answers, no model is called", "演示模式：启发式结果，不调用模型") />
        </form>
    }
}
