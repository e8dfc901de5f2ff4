use leptos::prelude::*;

use crate::domain::Language;
use crate::session::{workflows, WorkflowInfo};
use crate::ui::i18n::{tr, use_language};
use crate::ui::pages::{workflow_page, WORKFLOWS_WITH_PAGES};
use crate::ui::storage;

const DRAFT_WORKFLOW_KEY: &str = "careergraph.draft.workflow";

/// The workflow picker and, below it, the chosen workflow's page. The choice is saved, so a reload
/// comes back to the same page.
#[component]
pub fn WorkflowPicker() -> impl IntoView {
    let available: Vec<_> = workflows()
        .into_iter()
        .filter(|w| WORKFLOWS_WITH_PAGES.contains(&w.id))
        .collect();
    let saved = storage::load(DRAFT_WORKFLOW_KEY)
        .filter(|id| available.iter().any(|w| w.id == id.as_str()))
        .unwrap_or_else(|| available[0].id.to_string());
    let workflow = RwSignal::new(saved);
    let lang = use_language();
    Effect::new(move |_| workflow.with(|id| storage::save(DRAFT_WORKFLOW_KEY, id)));
    let description = {
        let available = available.clone();
        move || {
            workflow.with(|id| {
                available
                    .iter()
                    .find(|w| w.id == id.as_str())
                    .map(|w| localized(w, lang.get()).1)
                    .unwrap_or_default()
            })
        }
    };

    view! {
        <div class="field workflow-picker">
            <label class="field__label" for="workflow">{move || tr(lang.get(), "Workflow", "工作流程")}</label>
            <select autocomplete="off"
                id="workflow"
                data-testid="workflow"
                aria-describedby="workflow-description"
                prop:value=move || workflow.get()
                on:change=move |ev| workflow.set(event_target_value(&ev))
            >
                {available
                    .iter()
                    .map(|w| {
                        let info = w.clone();
                        view! { <option value=w.id>{move || localized(&info, lang.get()).0}</option> }
                    })
                    .collect_view()}
            </select>
            <span class="field__hint" id="workflow-description">{description}</span>
        </div>
        {move || workflow_page(&workflow.get())}
    }
}

/// A workflow's title and description in the page's language, as the workflow declares them.
fn localized(info: &WorkflowInfo, lang: Language) -> (&'static str, &'static str) {
    (info.titles.get(lang), info.descriptions.get(lang))
}
