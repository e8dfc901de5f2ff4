//! Past and paused runs of one workflow, newest first: open one (a paused run's dialog comes
//! back, a run cut short goes on, a finished run shows its result) or delete it. Every page shows
//! this list for its own workflow, so opening a run never switches page. Problems of the store
//! (not available, records this version cannot read, storage full) are said above it, and a
//! one-line hint when the browser refused to keep the saved runs. The run the page drives right now
//! is marked live here and offers no Continue (a second copy of its calls); a run another tab
//! drives is opened read-only by the controller (its Web Lock), never driven twice.

use leptos::prelude::*;

use crate::domain::result_check::Verdict;
use crate::domain::Language;
use crate::store::{RunRecord, RunStatus};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{held_threads, RunStore};

/// The result check a finished run's record was saved with (`None` for a record saved before
/// runs carried one).
fn saved_verdict(step: &serde_json::Value) -> Option<Verdict> {
    serde_json::from_value(step.get("verdict")?.clone()).ok()
}

pub fn status_id(status: RunStatus) -> &'static str {
    match status {
        RunStatus::Running => "running",
        RunStatus::Paused => "paused",
        RunStatus::Done => "done",
        RunStatus::Failed => "failed",
        RunStatus::Cancelled => "cancelled",
    }
}

pub fn status_label(status: RunStatus, lang: Language) -> &'static str {
    match status {
        RunStatus::Running => tr(lang, "interrupted mid-step", "中途中断"),
        RunStatus::Paused => tr(lang, "waiting for you", "等待你的回答"),
        RunStatus::Done => tr(lang, "done", "已完成"),
        RunStatus::Failed => tr(lang, "failed", "失败"),
        RunStatus::Cancelled => tr(lang, "stopped", "已停止"),
    }
}

fn when(ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// The badge of a run this page drives right now: its record may still say "running" (a
/// step under way) but it was not cut short.
fn live_label(status: RunStatus, lang: Language) -> &'static str {
    match status {
        RunStatus::Paused => tr(
            lang,
            "waiting for you (shown above)",
            "等待你的回答（见上方）",
        ),
        _ => tr(lang, "running (shown above)", "运行中（见上方）"),
    }
}

/// The open button's text; its accessible name adds the run's title. A run another tab drives
/// is only viewed from here (the controller opens it read-only).
fn open_label(status: RunStatus, elsewhere: bool, lang: Language) -> &'static str {
    match status {
        _ if elsewhere => tr(lang, "View", "查看"),
        RunStatus::Paused | RunStatus::Running => tr(lang, "Continue", "继续"),
        _ => tr(lang, "Open", "打开"),
    }
}

/// How often the list asks which runs a tab holds: another tab starts or ends a run without this
/// one hearing of it otherwise (its records arrive, its lock does not).
const HELD_POLL_MS: u32 = 2_000;

/// The threads whose Web Lock some tab holds, asked when the list changes and every
/// [`HELD_POLL_MS`] while the list is shown (the interval ends with it).
fn held_elsewhere(entries: Signal<Vec<RunRecord>>) -> RwSignal<Vec<String>> {
    let held = RwSignal::new(Vec::new());
    let refresh = move || {
        leptos::task::spawn_local(async move {
            let threads = held_threads().await;
            // The list may be gone by the time the browser answers.
            if held.try_get_untracked().is_some_and(|h| h != threads) {
                held.set(threads);
            }
        });
    };
    Effect::new(move |_| {
        entries.track();
        refresh();
    });
    if let Ok(interval) = set_interval_with_handle(
        refresh,
        std::time::Duration::from_millis(HELD_POLL_MS.into()),
    ) {
        on_cleanup(move || interval.clear());
    }
    held
}

#[component]
pub fn RunList(
    /// The workflow whose runs are listed.
    workflow_id: &'static str,
    on_open: Callback<RunRecord>,
    on_delete: Callback<String>,
    /// Downloads the run as a file to continue on another host.
    on_export: Callback<RunRecord>,
    /// The thread of the run the page drives now (see `RunController::live_thread`).
    #[prop(optional)]
    live: Option<Signal<Option<String>>>,
) -> impl IntoView {
    let lang = use_language();
    let store = RunStore::expect();
    let entries = store.records_of(workflow_id);
    let held = held_elsewhere(entries);
    view! {
        {move || store.notice.get().map(|notice| view! {
            <p class="notice notice--warn" role="status" data-testid="store-notice">{notice}</p>
        })}
        {move || store.quota_full.get().then(|| view! {
            <p class="notice notice--warn" role="status" data-testid="store-quota">
                {tr(lang.get(),
                    "This browser's storage is full: this run is kept in memory until you close the page; free space or delete old runs.",
                    "此浏览器的存储空间已满：本次运行暂存在内存中，关闭页面后将丢失；请释放空间或删除旧的运行。")}
            </p>
        })}
        {move || store.persist_denied.get().then(|| view! {
            <p class="run-list__hint" data-testid="store-persist-hint">
                {tr(lang.get(),
                    "The browser may clear saved runs when it runs short of space; export results you want to keep.",
                    "浏览器在空间不足时可能清除已保存的运行；请导出需要保留的结果。")}
            </p>
        })}
        <section class="run-list" aria-labelledby="run-list-title" data-testid="run-list" data-workflow=workflow_id hidden=move || entries.with(Vec::is_empty)>
            <h2 id="run-list-title" class="run-list__title">{move || tr(lang.get(), "Saved runs", "已保存的运行")}</h2>
            <ul class="run-list__items">
                <For each=move || entries.get() key=|e| (e.thread_id.clone(), status_id(e.status), e.updated_at_ms) let:entry>
                    {
                        let status = entry.status;
                        // A finished run whose result failed its workflow's check is listed as
                        // such, not just "done": the verdict the run ended with, saved with it.
                        let unusable = (status == RunStatus::Done)
                            .then(|| entry.last_step.as_ref().and_then(saved_verdict))
                            .flatten()
                            .is_some_and(|verdict| !verdict.usable());
                        let thread = entry.thread_id.clone();
                        let (open_entry, export_entry) = (entry.clone(), entry.clone());
                        let (open_title, delete_title) = (entry.title.clone(), entry.title.clone());
                        let export_title = entry.title.clone();
                        let live_thread = entry.thread_id.clone();
                        let elsewhere_thread = live_thread.clone();
                        let live_here = Memo::new(move |_| {
                            live.is_some_and(|l| l.with(|t| t.as_deref() == Some(live_thread.as_str())))
                        });
                        // Another tab drives it (holds its lock): running there, so no Continue
                        // here, only a read-only view.
                        let elsewhere = Memo::new(move |_| {
                            matches!(status, RunStatus::Running | RunStatus::Paused)
                                && !live_here.get()
                                && held.with(|h| h.contains(&elsewhere_thread))
                        });
                        view! {
                            <li class="run-list__item" data-testid="run-entry" data-thread=entry.thread_id.clone() data-status=status_id(status)
                                data-live=move || live_here.get().to_string() data-elsewhere=move || elsewhere.get().to_string()>
                                <span class="run-list__name">{entry.title.clone()}</span>
                                <span class=format!("badge run-list__status run-list__status--{}", status_id(status))>
                                    {move || match (live_here.get(), elsewhere.get()) {
                                        (true, _) => live_label(status, lang.get()),
                                        (_, true) => tr(lang.get(), "running in another tab", "正在另一个标签页中运行"),
                                        _ => status_label(status, lang.get()),
                                    }}
                                </span>
                                {unusable.then(|| view! {
                                    <span class="badge run-list__status run-list__status--unusable" data-testid="run-unusable">
                                        {move || tr(lang.get(), "not usable", "不可用")}
                                    </span>
                                })}
                                <span class="run-list__time">{when(entry.updated_at_ms as f64)}</span>
                                // The run shown above is driven here already: Continue would be a
                                // second copy of its calls.
                                <button type="button" class="button button--small" data-testid="run-open"
                                    hidden=move || live_here.get()
                                    aria-label=move || format!("{}: {open_title}", open_label(status, elsewhere.get(), lang.get()))
                                    on:click=move |_| on_open.run(open_entry.clone())>
                                    {move || open_label(status, elsewhere.get(), lang.get())}
                                </button>
                                // A file of the run as saved, to answer and finish it elsewhere
                                // (Node, a server: `runner.import`). Not mid-step here: the
                                // step under way would be run again there.
                                <button type="button" class="button button--small" data-testid="run-export"
                                    hidden=move || live_here.get() && status == RunStatus::Running
                                    aria-label=move || format!("{}: {export_title}", tr(lang.get(), "Export", "导出"))
                                    on:click=move |_| on_export.run(export_entry.clone())>
                                    {move || tr(lang.get(), "Export", "导出")}
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
