use leptos::prelude::*;

use crate::ui::components::FileImport;
use crate::ui::i18n::{tr, use_language};
use crate::ui::keys::Keys;
use crate::ui::review::{start_review, ActiveRun, ReviewRun};
use crate::ui::settings::Settings;
use crate::ui::storage;
use crate::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};

const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_ROLE_KEY: &str = "careergraph.draft.role";

/// The review page's form: resume, target role or job description, Run; the run below it.
/// What the user types is saved as they type, so a reload or a failed run loses nothing.
#[component]
pub fn RunForm() -> impl IntoView {
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let role = draft_signal(DRAFT_ROLE_KEY, SAMPLE_TARGET_ROLE);
    let status = RwSignal::new(String::new());
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    // Not `Send` (the run handle holds the cancel token), so a local signal.
    let active = RwSignal::new_local(None::<ActiveRun>);
    let running = move || {
        active.with(|run| {
            run.as_ref().is_some_and(|r| {
                r.model
                    .phase
                    .with(|p| *p == crate::ui::review::Phase::Running)
            })
        })
    };
    let demo = move || settings.with(|s| s.provider == "demo");
    let lang = use_language();

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if running() {
            return;
        }
        let settings = settings.get();
        let key = keys.with(|k| k.get(&settings.provider).cloned());
        match start_review(&settings, key, resume.get(), role.get()) {
            Ok(run) => {
                status.set(String::new());
                active.set(Some(run));
            }
            Err(error) => status.set(error.message),
        }
    };

    view! {
        <form class="run-form" on:submit=on_submit data-testid="run-form">
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
                <FileImport target=resume>
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
                <span class="badge badge--info" hidden=move || !demo()>
                    {move || tr(lang.get(), "Demo: heuristic scores, no model is called", "演示：启发式评分，不调用任何模型")}
                </span>
                <p class="run-form__status" role="status" aria-live="polite" data-testid="status">
                    {move || status.get()}
                </p>
            </div>
        </form>
        {move || active.get().map(|run| view! { <ReviewRun run=run /> })}
    }
}

/// A signal initialised from the saved draft (or `default`) that saves itself on every change.
pub fn draft_signal(key: &'static str, default: &str) -> RwSignal<String> {
    let signal = RwSignal::new(storage::load(key).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| signal.with(|value| storage::save(key, value)));
    signal
}
