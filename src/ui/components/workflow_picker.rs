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
            <select
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

/// A workflow's title and description in the page's language. The session registry speaks
/// English (it is the JS API's too); the Chinese versions live here, beside the picker.
fn localized(info: &WorkflowInfo, lang: Language) -> (&'static str, &'static str) {
    let zh = match info.id {
        "resume_review" => Some((
            "简历评审",
            "三位评审（招聘官、技术写作、文案）并行审阅简历；分数未达阈值时修订，最后给出作品集与版式建议。",
        )),
        "resume_tailoring" => Some((
            "简历定制",
            "按职位描述定制简历：职位分析、筛选、就缺失技能向你提问（回答会更新主简历）、ATS 优化、你的审阅，最终简历。",
        )),
        "hiring_pipeline" => Some((
            "招聘材料包",
            "主管智能体调度解析、职位分析、匹配、面试题、评估与邮件草稿，生成完整的候选人材料包。",
        )),
        "career_navigator" => Some((
            "职业规划",
            "画像、行业与岗位分析并行进行，你评价报告直到满意，然后分解目标并生成日程计划。",
        )),
        _ => None,
    };
    match (lang, zh) {
        (Language::Zh, Some(pair)) => pair,
        _ => (info.title, info.description),
    }
}
