//! Settings for the in-browser model: what this browser can do, the model files kept here (choose
//! one, see its size, delete it), and adding one from disk or from an `https:` URL, with progress
//! and Cancel. The drawer owns the copy or download it starts: closing the page aborts it.

use leptos::prelude::*;

use crate::domain::Language;
use crate::session::in_tab::{self, KeptError, KeptModel};
use crate::ui::components::FilePicker;
use crate::ui::i18n::tr;
use crate::ui::settings::Settings;

/// "98.4 MB", "1.9 GB": decimal units (1 MB = 1,000,000 bytes), as the unit's name says; the
/// figure was once MiB labelled "MB" (93.8 for a 98.4 MB file).
fn size(bytes: f64) -> String {
    const MB: f64 = 1_000_000.0;
    if bytes >= 1000.0 * MB {
        format!("{:.1} GB", bytes / (1000.0 * MB))
    } else {
        format!("{:.1} MB", bytes / MB)
    }
}

fn kept_error(error: &KeptError, lang: Language) -> String {
    match (lang, error) {
        (Language::En, _) => error.message(),
        (Language::Zh, KeptError::NotGguf) => {
            "这不是 GGUF 模型文件（文件开头不是 \"GGUF\"）。".into()
        }
        (Language::Zh, KeptError::NoStorage) => {
            "此浏览器无法为应用保存文件（没有 Origin Private File System；隐私窗口可能没有）。"
                .into()
        }
        (Language::Zh, KeptError::StorageFull) => {
            "浏览器拒绝为此模型分配空间：请释放空间或选择更小的模型。".into()
        }
        (Language::Zh, KeptError::NotHttps) => "请填写 .gguf 文件的 https:// 地址。".into(),
        (Language::Zh, KeptError::DownloadFailed(detail)) => {
            format!("下载失败（{detail}）。服务器必须允许本页面获取该文件（CORS）。")
        }
        (Language::Zh, KeptError::Cancelled) => "已取消：没有保存任何文件。".into(),
        (Language::Zh, KeptError::Other(detail)) => format!("操作失败：{detail}"),
    }
}

/// Starts one copy or download, given its progress callback and abort signal.
type StartTransfer = Box<
    dyn FnOnce(
        in_tab::Progress,
        web_sys::AbortSignal,
    ) -> futures::future::LocalBoxFuture<'static, Result<KeptModel, KeptError>>,
>;

/// A copy or download under way: bytes done and the total, when known.
#[derive(Clone, Copy, PartialEq)]
struct Transfer {
    done: f64,
    total: Option<f64>,
}

#[component]
pub fn InTabModels(settings: RwSignal<Settings>, lang: Signal<Language>) -> impl IntoView {
    let caps = in_tab::capabilities();
    let kept = RwSignal::new(Vec::<KeptModel>::new());
    let usage = RwSignal::new(None::<f64>);
    let error = RwSignal::new(None::<KeptError>);
    let transfer = RwSignal::new(None::<Transfer>);
    let url = RwSignal::new(String::new());
    let controller = StoredValue::new_local(None::<web_sys::AbortController>);
    let chosen = move || settings.with(|s| s.model.trim().to_string());

    let refresh = move || {
        leptos::task::spawn_local(async move {
            match in_tab::list().await {
                Ok(list) => kept.set(list),
                Err(e) => error.set(Some(e)),
            }
            usage.set(in_tab::estimate().await.ok().and_then(|e| e.usage));
        });
    };
    refresh();
    // The drawer owns what it started: leaving the page stops a copy or a download.
    on_cleanup(move || {
        if let Some(c) = controller.try_get_value().flatten() {
            c.abort();
        }
    });

    // Runs one copy or download; the kept file becomes the chosen model.
    let run = move |start: StartTransfer| {
        let Ok(abort) = web_sys::AbortController::new() else {
            return;
        };
        controller.set_value(Some(abort.clone()));
        error.set(None);
        transfer.set(Some(Transfer {
            done: 0.0,
            total: None,
        }));
        let progress: in_tab::Progress = Box::new(move |done, total| {
            transfer.set(Some(Transfer { done, total }));
        });
        let job = start(progress, abort.signal());
        leptos::task::spawn_local(async move {
            let outcome = job.await;
            transfer.set(None);
            controller.set_value(None);
            match outcome {
                Ok(model) => settings.update(|s| s.model = model.name),
                Err(e) => error.set(Some(e)),
            }
            refresh();
        });
    };
    let on_files = crate::ui::components::OnFiles::new(move |files: web_sys::FileList| {
        if let Some(file) = files.get(0) {
            run(Box::new(move |progress, signal| {
                Box::pin(async move { in_tab::keep(&file, progress, &signal).await })
            }));
        }
    });
    let download = move || {
        let address = url.get_untracked().trim().to_string();
        run(Box::new(move |progress, signal| {
            Box::pin(async move { in_tab::download(&address, progress, &signal).await })
        }));
    };
    let cancel = move |_| {
        if let Some(c) = controller.get_value() {
            c.abort();
        }
    };
    let delete = move |name: String| {
        leptos::task::spawn_local(async move {
            if let Err(e) = in_tab::delete(&name).await {
                error.set(Some(e));
            }
            if settings.with_untracked(|s| s.model.trim() == name) {
                settings.update(|s| s.model.clear());
            }
            refresh();
        });
    };

    let capability_line = move || {
        let lang = lang.get();
        let yes_no = |ok: bool| {
            if ok {
                tr(lang, "yes", "是")
            } else {
                tr(lang, "no", "否")
            }
        };
        let threads = if caps.threads {
            // What the engine runs the model on: every core but one (`defaultThreads` in
            // web/local-model/engine.js), never the core count itself.
            let used = caps.cores.saturating_sub(1).max(1);
            match (lang, used) {
                (Language::En, 1) => format!("1 thread for the model ({} cores)", caps.cores),
                (Language::En, n) => format!("{n} threads for the model ({} cores)", caps.cores),
                (Language::Zh, n) => format!("模型使用 {n} 线程（共 {} 核）", caps.cores),
            }
        } else {
            tr(
                lang,
                "one thread (the page is not cross-origin isolated)",
                "单线程（页面未启用跨源隔离）",
            )
            .to_string()
        };
        let memory = caps
            .memory_gb
            .map(|gb| format!(" · {} ≈ {gb} GB", tr(lang, "memory", "内存")))
            .unwrap_or_default();
        format!(
            "{}: SIMD {} · {threads}{memory}",
            tr(lang, "This browser", "此浏览器"),
            yes_no(caps.simd)
        )
    };
    // A model larger than half the device's memory (as far as the browser says) may not load.
    let too_big = move || {
        let memory = caps.memory_gb? * 1024.0 * 1024.0 * 1024.0;
        let name = chosen();
        let model = kept.with(|k| k.iter().find(|m| m.name == name).cloned())?;
        (model.size > memory / 2.0).then(|| match lang.get() {
            Language::En => format!(
                "{} ({}) may not fit in this device's memory (about {}).",
                model.name,
                size(model.size),
                size(memory)
            ),
            Language::Zh => format!(
                "{}（{}）可能超出此设备的内存（约 {}）。",
                model.name,
                size(model.size),
                size(memory)
            ),
        })
    };

    view! {
        <div class="field" data-testid="in-tab-models">
            <p class="field__hint" data-testid="in-tab-capabilities">{capability_line}</p>
            <p class="field__warning" role="alert" hidden=caps.simd>
                {move || tr(lang.get(), "This browser lacks WebAssembly SIMD: the model cannot run here.", "此浏览器不支持 WebAssembly SIMD：无法在此运行模型。")}
            </p>
            <fieldset class="drawer__section">
                <legend>{move || tr(lang.get(), "Model file (kept in this browser)", "模型文件（保存在此浏览器中）")}</legend>
                <p class="field__hint" hidden=move || kept.with(|k| !k.is_empty())>
                    {move || tr(lang.get(), "No model kept yet. Add a GGUF file (e.g. Qwen2.5 1.5B Instruct, Q4): from disk, or from an https: address.", "尚未保存模型。请添加 GGUF 文件（例如 Qwen2.5 1.5B Instruct，Q4）：从磁盘选择，或填写 https: 地址。")}
                </p>
                <ul class="kept-models" data-testid="in-tab-kept">
                    {move || kept.get().into_iter().map(|model| {
                        let name = model.name.clone();
                        let checked = { let name = name.clone(); move || chosen() == name };
                        let choose = { let name = name.clone(); move |_| settings.update(|s| s.model = name.clone()) };
                        let remove = { let name = name.clone(); move |_| delete(name.clone()) };
                        let delete_label = { let name = name.clone(); move || format!("{} {name}", tr(lang.get(), "Delete", "删除")) };
                        view! {
                            <li class="kept-models__item">
                                <label class="field--inline">
                                    <input type="radio" name="in-tab-model" autocomplete="off" prop:checked=checked on:change=choose />
                                    <span>{name.clone()}" · "{size(model.size)}</span>
                                </label>
                                <button type="button" class="button button--small" aria-label=delete_label data-testid="in-tab-delete" on:click=remove>
                                    {move || tr(lang.get(), "Delete", "删除")}
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
                <p class="field__hint" data-testid="in-tab-usage" hidden=move || usage.get().is_none()>
                    {move || usage.get().map(|bytes| match lang.get() {
                        Language::En => format!("This site keeps {} in this browser.", size(bytes)),
                        Language::Zh => format!("本站在此浏览器中保存了 {}。", size(bytes)),
                    })}
                </p>
                <p class="field__warning" hidden=move || too_big().is_none()>{too_big}</p>
            </fieldset>
            <FilePicker
                label=Signal::derive(move || tr(lang.get(), "Add a .gguf file…", "添加 .gguf 文件…").to_string())
                testid="in-tab-pick"
                input_testid="in-tab-file"
                accept=".gguf"
                disabled=Signal::derive(move || transfer.get().is_some())
                on_files=on_files
            />
            <label class="field__label" for="in-tab-url">{move || tr(lang.get(), "Or download from an https: address", "或从 https: 地址下载")}</label>
            <input id="in-tab-url" type="url" autocomplete="off" data-testid="in-tab-url"
                placeholder="https://…/model-q4_k_m.gguf"
                prop:value=move || url.get()
                on:input=move |ev| url.set(event_target_value(&ev))
                on:keydown=move |ev| if ev.key() == "Enter" && transfer.get_untracked().is_none() { ev.prevent_default(); download(); }
            />
            <button type="button" class="button" data-testid="in-tab-download"
                disabled=move || transfer.get().is_some() || url.with(|u| u.trim().is_empty())
                on:click=move |_| download()
            >{move || tr(lang.get(), "Download", "下载")}</button>
            {move || transfer.get().map(|t| view! {
                <div class="kept-models__progress" data-testid="in-tab-progress" role="status">
                    <progress max=t.total.unwrap_or(0.0) value=t.done aria-label=tr(lang.get(), "Model file copied so far", "模型文件已复制的部分")></progress>
                    <span>{match (t.total, lang.get()) {
                        (Some(total), Language::En) => format!("{} of {}", size(t.done), size(total)),
                        (Some(total), Language::Zh) => format!("{} / {}", size(t.done), size(total)),
                        (None, _) => size(t.done),
                    }}</span>
                    <button type="button" class="button button--small" data-testid="in-tab-cancel" on:click=cancel>
                        {tr(lang.get(), "Cancel", "取消")}
                    </button>
                </div>
            })}
            <p class="field__warning" role="alert" data-testid="in-tab-error" hidden=move || error.with(Option::is_none)>
                {move || error.get().map(|e| kept_error(&e, lang.get()))}
            </p>
            <p class="field__hint">
                {move || tr(lang.get(), "The model runs on this device, inside this tab: nothing is sent anywhere. Agents that run in parallel elsewhere take turns here.", "模型在本设备的此标签页中运行：不会发送任何内容。在其他服务中并行运行的智能体在这里依次运行。")}
            </p>
        </div>
    }
}
