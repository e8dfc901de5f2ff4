use leptos::prelude::*;

use crate::ui::keys::Keys;
use crate::ui::settings::{Settings, PROVIDERS};
use crate::ui::storage;
use crate::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE, WORKFLOWS};

const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_ROLE_KEY: &str = "careergraph.draft.role";
const DRAFT_WORKFLOW_KEY: &str = "careergraph.draft.workflow";

/// The run form: workflow picker, resume, target role or job description, and Run.
/// What the user types is saved as they type, so a reload loses nothing.
#[component]
pub fn RunForm() -> impl IntoView {
    let workflow = draft_signal(DRAFT_WORKFLOW_KEY, WORKFLOWS[0].0);
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let role = draft_signal(DRAFT_ROLE_KEY, SAMPLE_TARGET_ROLE);
    let status = RwSignal::new(String::new());
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let words = resume.with(|r| r.split_whitespace().count());
        let settings = settings.get();
        let has_key = keys.with(|k| {
            k.get(&settings.provider)
                .is_some_and(|key| !key.trim().is_empty())
        });
        status.set(if words == 0 {
            "Paste a resume first: the text area is empty.".to_string()
        } else if settings.needs_key() && !has_key {
            let label = PROVIDERS
                .iter()
                .find(|(id, _)| *id == settings.provider)
                .map_or("this provider", |(_, l)| *l);
            format!("Add your {label} API key in Settings, or choose the offline demo.")
        } else {
            format!("Ready: {words} words of resume for “{}”.", role.get())
        });
    };

    view! {
        <form class="run-form" on:submit=on_submit data-testid="run-form">
            <div class="field">
                <label class="field__label" for="workflow">"Workflow"</label>
                <select
                    id="workflow"
                    data-testid="workflow"
                    prop:value=move || workflow.get()
                    on:change=move |ev| workflow.set(event_target_value(&ev))
                >
                    {WORKFLOWS
                        .iter()
                        .map(|(id, label)| view! { <option value=*id>{*label}</option> })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label class="field__label" for="target-role">"Target role or job description"</label>
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
                <label class="field__label" for="resume">"Resume"</label>
                <textarea
                    id="resume"
                    class="field__input field__input--tall"
                    data-testid="resume"
                    rows="18"
                    spellcheck="false"
                    prop:value=move || resume.get()
                    on:input=move |ev| resume.set(event_target_value(&ev))
                ></textarea>
            </div>
            <div class="run-form__actions">
                <button type="submit" class="button button--primary" data-testid="run">"Run"</button>
                <p class="run-form__status" role="status" aria-live="polite" data-testid="status">
                    {move || status.get()}
                </p>
            </div>
        </form>
    }
}

/// A signal initialised from the saved draft (or `default`) that saves itself on every change.
fn draft_signal(key: &'static str, default: &str) -> RwSignal<String> {
    let signal = RwSignal::new(storage::load(key).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| signal.with(|value| storage::save(key, value)));
    signal
}
