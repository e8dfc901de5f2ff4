//! Interview questions in three tabs (HR / technical / CEO), following the WAI-ARIA tabs pattern:
//! one tab stop for the tab list, Left/Right (and Home/End) move between tabs and select them
//! (automatic activation), the panel follows.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::domain::hiring::InterviewQuestions;
use crate::ui::i18n::{tr, use_language};

/// The three rounds: id (for element ids and test ids), English and Chinese label.
const ROUNDS: [(&str, &str, &str); 3] = [
    ("hr", "HR", "HR 面试"),
    ("technical", "Technical", "技术面试"),
    ("ceo", "CEO", "CEO 面试"),
];

fn focus_tab(index: usize) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("tab-{}", ROUNDS[index].0)))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

fn panel(questions: Option<InterviewQuestions>, missing: &'static str) -> AnyView {
    match questions {
        None => view! { <p class="packet__missing">{missing}</p> }.into_any(),
        Some(q) => view! {
            {(!q.focus.is_empty()).then(|| view! { <p class="tabs__focus">{q.focus.clone()}</p> })}
            <ol class="questions">
                {q.questions
                    .into_iter()
                    .map(|item| view! {
                        <li class="questions__item">
                            <p class="questions__question">{item.question}</p>
                            <p class="questions__meta">{item.purpose}</p>
                            <p class="questions__meta"><em>{item.listen_for}</em></p>
                        </li>
                    })
                    .collect_view()}
            </ol>
        }
        .into_any(),
    }
}

#[component]
pub fn QuestionTabs(
    hr: Option<InterviewQuestions>,
    technical: Option<InterviewQuestions>,
    ceo: Option<InterviewQuestions>,
) -> impl IntoView {
    let lang = use_language();
    let selected = RwSignal::new(0usize);
    let sets = [hr, technical, ceo];
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let current = selected.get_untracked();
        let last = ROUNDS.len() - 1;
        let next = match ev.key().as_str() {
            "ArrowRight" => Some(if current == last { 0 } else { current + 1 }),
            "ArrowLeft" => Some(if current == 0 { last } else { current - 1 }),
            "Home" => Some(0),
            "End" => Some(last),
            _ => None,
        };
        if let Some(next) = next {
            ev.prevent_default();
            selected.set(next);
            focus_tab(next);
        }
    };
    view! {
        <div class="tabs">
            <div
                role="tablist"
                class="tabs__list"
                aria-label=move || tr(lang.get(), "Interview questions", "面试问题")
                on:keydown=on_keydown
            >
                {ROUNDS
                    .iter()
                    .enumerate()
                    .map(|(index, (id, en, zh))| {
                        let is_selected = move || selected.get() == index;
                        view! {
                            <button
                                type="button"
                                role="tab"
                                class="tabs__tab"
                                id=format!("tab-{id}")
                                data-testid=format!("tab-{id}")
                                aria-controls=format!("panel-{id}")
                                aria-selected=move || is_selected().to_string()
                                tabindex=move || if is_selected() { "0" } else { "-1" }
                                on:click=move |_| selected.set(index)
                            >
                                {move || tr(lang.get(), en, zh)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {ROUNDS
                .iter()
                .zip(sets)
                .enumerate()
                .map(|(index, ((id, _, _), questions))| {
                    view! {
                        <div
                            role="tabpanel"
                            class="tabs__panel"
                            id=format!("panel-{id}")
                            data-testid=format!("panel-{id}")
                            aria-labelledby=format!("tab-{id}")
                            tabindex="0"
                            hidden=move || selected.get() != index
                        >
                            {move || panel(questions.clone(), tr(lang.get(), "Not produced in this run.", "本次运行未生成。"))}
                        </div>
                    }
                })
                .collect_view()}
        </div>
    }
}
