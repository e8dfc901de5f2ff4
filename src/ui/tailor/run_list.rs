//! Past and paused runs, newest first: open one (a paused run's dialog comes back, a finished
//! run shows its result) or delete it.

use leptos::prelude::*;

use super::history::{RunEntry, RunHistory, RunStatus};
use crate::ui::i18n::{tr, use_language};

fn when(ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

#[component]
pub fn RunList(
    history: RunHistory,
    on_open: Callback<RunEntry>,
    on_delete: Callback<String>,
) -> impl IntoView {
    let lang = use_language();
    let entries = history.entries();
    view! {
        <section class="run-list" aria-labelledby="run-list-title" data-testid="run-list" hidden=move || entries.with(Vec::is_empty)>
            <h2 id="run-list-title" class="run-list__title">{move || tr(lang.get(), "Your tailoring runs", "你的定制记录")}</h2>
            <ul class="run-list__items">
                <For each=move || entries.get() key=|e| (e.thread_id.clone(), e.status.id(), e.updated_at_ms.to_bits()) let:entry>
                    {
                        let status = entry.status;
                        let thread = entry.thread_id.clone();
                        let open_entry = entry.clone();
                        view! {
                            <li class="run-list__item" data-testid="run-entry" data-thread=entry.thread_id.clone() data-status=status.id()>
                                <span class="run-list__name">{entry.title.clone()}</span>
                                <span class=format!("badge run-list__status run-list__status--{}", status.id())>
                                    {move || status.label(lang.get())}
                                </span>
                                <span class="run-list__time">{when(entry.updated_at_ms)}</span>
                                <button type="button" class="button button--small" data-testid="run-open"
                                    hidden=status == RunStatus::Running
                                    on:click=move |_| on_open.run(open_entry.clone())>
                                    {move || if status == RunStatus::Paused { tr(lang.get(), "Continue", "继续") } else { tr(lang.get(), "Open", "打开") }}
                                </button>
                                <button type="button" class="button button--small button--danger" data-testid="run-delete"
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
