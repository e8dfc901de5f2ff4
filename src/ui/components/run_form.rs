use leptos::prelude::*;

use crate::session::ReviewWorkflow;
use crate::store::RunRecord;
use crate::ui::components::{
    FileImport, ImportedJsonResume, ProviderBadge, ProviderNotes, RunList,
};
use crate::ui::i18n::{tr, use_language};
use crate::ui::pages::lazy_view;
use crate::ui::resume_review::{load_review_engine, review_run_view, RunModel};
use crate::ui::run::RunController;
use crate::ui::settings::Settings;
use crate::ui::storage;
use crate::workflows::resume_review::ReviewRunInput;
use crate::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use crate::workflows::Workflow;

const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_ROLE_KEY: &str = "careergraph.draft.role";

/// The review page's form: resume, target role or job description, Run; its saved runs; the run
/// below. What the user types is saved as they type, so a reload or a failed run loses nothing;
/// a run a reload cut short goes on when the page comes back.
#[component]
pub fn RunForm() -> impl IntoView {
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let role = draft_signal(DRAFT_ROLE_KEY, SAMPLE_TARGET_ROLE);
    // The imported JSON Resume file, for the result's JSON Resume export.
    let imported_json = ImportedJsonResume::provide();
    let settings = expect_context::<RwSignal<Settings>>();
    // The run engine is a chunk of its own: fetched once the page is idle after its
    // first paint, or at the first Run or re-opened run if that comes first.
    let runs = RunController::<ReviewWorkflow, RunModel>::loading(load_review_engine);
    request_idle_callback(move || runs.prefetch());
    let status = runs.message();
    let running = move || runs.live();
    let lang = use_language();

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if running() {
            return;
        }
        let settings = settings.get_untracked();
        let target_role = role.get_untracked();
        let input = ReviewRunInput {
            resume: resume.get_untracked(),
            target_role: target_role.clone(),
            threshold: settings.threshold,
            max_iterations: settings.max_iterations,
            design_review: settings.design_review,
            language: settings.language(),
        };
        runs.start(input, first_line(&target_role, "Resume review"));
    };
    // "Retry failed critics" on the shown finished run: its follow-up, on the same thread.
    let retry = Callback::new(move |()| runs.follow_up());
    let open_entry = Callback::new(move |record: RunRecord| runs.open(record));
    let delete_entry = Callback::new(move |thread_id: String| runs.delete(thread_id));

    view! {
        <form autocomplete="off" class="run-form" on:submit=on_submit data-testid="run-form">
            <div class="field">
                <label class="field__label" for="target-role">
                    {move || tr(lang.get(), "Target role or job description", "目标职位或职位描述")}
                </label>
                <textarea
                    id="target-role"
                    class="field__input field__input--short"
                    data-testid="target-role"
                    rows="3"
                    prop:value=move || role.get()
                    on:input=move |ev| role.set(event_target_value(&ev))
                ></textarea>
            </div>
            <div class="field">
                <label class="field__label" for="resume">{move || tr(lang.get(), "Resume", "简历")}</label>
                <FileImport target=resume outline="resume" json_resume=imported_json>
                <textarea
                    id="resume"
                    class="field__input field__input--tall"
                    data-testid="resume"
                    rows="18"
                    spellcheck="false"
                    prop:value=move || resume.get()
                    on:input=move |ev| resume.set(event_target_value(&ev))
                ></textarea>
                </FileImport>
            </div>
            <div class="run-form__actions">
                <button type="submit" class="button button--primary" data-testid="run" disabled=running>
                    {move || {
                        let lang = lang.get();
                        if running() { tr(lang, "Running…", "运行中…") } else { tr(lang, "Run", "运行") }
                    }}
                </button>
                <ProviderBadge demo_en="Demo: heuristic scores, no model is called" demo_zh="演示：启发式评分，不调用任何模型" />
                <p class="run-form__status" role="status" aria-live="polite" data-testid="status">
                    {move || status.get()}
                </p>
            </div>
        </form>
        <RunList workflow_id=ReviewWorkflow::ID on_open=open_entry on_delete=delete_entry live=Signal::derive(move || runs.live_thread()) />
        {move || runs.active().map(|run| lazy_view(review_run_view(run, retry)))}
        // The critic cards show their clamped scores themselves.
        <ProviderNotes notes=Signal::derive(move || runs.notes()) clamped=false workflow=ReviewWorkflow::ID />
    }
}

/// A signal initialised from the saved draft (or `default`) that saves itself on every change.
pub fn draft_signal(key: &'static str, default: &str) -> RwSignal<String> {
    let signal = RwSignal::new(storage::load(key).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| signal.with(|value| storage::save(key, value)));
    signal
}

/// A run list title: the text's first non-empty line, at most 70 characters; for a job
/// description with YAML front matter, its `title:` (or the first line after it), never "---".
pub fn first_line(text: &str, fallback: &str) -> String {
    crate::domain::front_matter::title_line(text).unwrap_or_else(|| fallback.to_string())
}
