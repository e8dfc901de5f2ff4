//! Past and paused runs, newest first: open one (a paused run's dialog comes back, a finished
//! run shows its result) or delete it.

use leptos::prelude::*;

use super::history::{status_id, status_label, RunHistory};
use crate::store::{RunRecord, RunStatus};
use crate::ui::i18n::{tr, use_language};

fn when(ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// The open button's text; its accessible name adds the run's title.
fn open_label(status: RunStatus, lang: crate::domain::Language) -> &'static str {
    if matches!(status, RunStatus::Paused | RunStatus::Running) {
        tr(lang, "Continue", "继续")
    } else {
        tr(lang, "Open", "打开")
    }
}

#[component]
pub fn RunList(
    history: RunHistory,
    on_open: Callback<RunRecord>,
    on_delete: Callback<String>,
) -> impl IntoView {
    let lang = use_language();
    let entries = history.records();
    view! {
        <section class="run-list" aria-labelledby="run-list-title" data-testid="run-list" hidden=move || entries.with(Vec::is_empty)>
            <h2 id="run-list-title" class="run-list__title">{move || tr(lang.get(), "Your tailoring runs", "你的定制记录")}</h2>
            <ul class="run-list__items">
                <For each=move || entries.get() key=|e| (e.thread_id.clone(), status_id(e.status), e.updated_at_ms) let:entry>
                    {
                        let status = entry.status;
                        let thread = entry.thread_id.clone();
                        let open_entry = entry.clone();
                        let (open_title, delete_title) = (entry.title.clone(), entry.title.clone());
                        view! {
                            <li class="run-list__item" data-testid="run-entry" data-thread=entry.thread_id.clone() data-status=status_id(status)>
                                <span class="run-list__name">{entry.title.clone()}</span>
                                <span class=format!("badge run-list__status run-list__status--{}", status_id(status))>
                                    {move || status_label(status, lang.get())}
                                </span>
                                <span class="run-list__time">{when(entry.updated_at_ms as f64)}</span>
                                <button type="button" class="button button--small" data-testid="run-open"
                                    aria-label=move || format!("{}: {open_title}", open_label(status, lang.get()))
                                    on:click=move |_| on_open.run(open_entry.clone())>
                                    {move || open_label(status, lang.get())}
                                </button>
                                <button type="button" class="button button--small button--danger" data-testid="run-delete"
                                    aria-label=move || format!("{}: {delete_title}", tr(lang.get(), "Delete", "删除"))
                                    on:click=move |_| on_delete.run(thread.clone())>
                                    {move || tr(lang.get(), "Delete", "删除")}
                                </button>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}
