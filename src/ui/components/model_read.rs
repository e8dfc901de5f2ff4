//! The outline's "let the model read": the jobs and degrees the reader is unsure of (or every one)
//! go to the provider the user chose, and what the model says is kept only where the entry's own
//! lines say it and it reads back sure (`domain::structured::assisted`); the kept readings are
//! written into the text, which stays the one source of truth. Never offered on the offline demo
//! (it has no model to read with): the outline says so instead. The reading stops with its view.

use leptos::prelude::*;

use crate::domain::Language;
use crate::session::{EntryReading, ProviderConfig, ProviderKind, ReadStop, Runtime, SessionError};
use crate::ui::i18n::tr;
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;
use crate::ui::storage;

/// Where the header lines of the entries the model read are kept, per field: the marks survive a
/// reload with the text they name (an entry edited since is simply no longer marked).
fn marks_key(field_id: &str) -> String {
    format!("careergraph.model-read.{field_id}")
}

/// The header lines the model's readings were written as, for `field_id`.
pub fn load_marks(field_id: &str) -> Vec<String> {
    storage::load(&marks_key(field_id))
        .and_then(|saved| serde_json::from_str(&saved).ok())
        .unwrap_or_default()
}

fn save_marks(field_id: &str, lines: &[String]) {
    if let Ok(json) = serde_json::to_string(lines) {
        storage::save(&marks_key(field_id), &json);
    }
}

/// What the last reading did, as the outline says it.
#[derive(Clone)]
enum Said {
    Done(EntryReading),
    Failed(String),
}

fn summary(read: &EntryReading, lang: Language) -> String {
    let kept = read.read_lines.len();
    match lang {
        Language::Zh => format!(
            "模型读了 {} 条：{} 条已写入文本，{} 条保持原样；它给出的 {} 个值在你的文本中找不到，已舍弃。（{} + {} 个 token）",
            read.asked, kept, read.not_kept, read.dropped_values, read.input_tokens, read.output_tokens
        ),
        _ => format!(
            "The model read {} entries: {} written into the text, {} left as they were; {} values it gave are not in your text and were dropped. ({} + {} tokens)",
            read.asked, kept, read.not_kept, read.dropped_values, read.input_tokens, read.output_tokens
        ),
    }
}

/// The model's reading as a lazily loaded chunk in the split app: the provider's model (the HTTP
/// client and the wire formats) and the structure parser it reads back with are not needed for the
/// first paint. Built here, with this button in every resume field, they were all in the first
/// module (522 KB gzip against its 266.8 KB budget).
#[cfg_attr(feature = "split", leptos::lazy)]
async fn read_with_model(
    config: ProviderConfig,
    text: String,
    whole: bool,
    language: Language,
    stop: ReadStop,
) -> Result<EntryReading, SessionError> {
    let runtime = Runtime::in_browser(&config)?;
    runtime
        .read_resume_entries(&text, whole, language, &stop)
        .await
}

#[component]
pub fn ModelRead(
    text: RwSignal<String>,
    field_id: &'static str,
    /// The header lines of entries the model read (the outline marks them).
    marks: RwSignal<Vec<String>>,
    /// How many jobs and degrees the reader is unsure of.
    unsure: usize,
    lang: Language,
) -> impl IntoView {
    let t = move |en, zh| tr(lang, en, zh);
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    let demo = move || settings.with(|s| s.provider_kind() == ProviderKind::Demo);
    let running = RwSignal::new(None::<ReadStop>);
    let said = RwSignal::new(None::<Said>);
    on_cleanup(move || {
        if let Some(stop) = running.try_get_untracked().flatten() {
            stop.stop();
        }
    });
    let read = move |whole: bool| {
        let settings = settings.get_untracked();
        let key = keys.with_untracked(|k| k.get(&settings.provider).cloned());
        let config = settings.provider_config(key);
        let stop = ReadStop::new();
        running.set(Some(stop.clone()));
        said.set(None);
        let current = text.get_untracked();
        let language = settings.language();
        leptos::task::spawn_local(async move {
            let result = read_with_model(config, current.clone(), whole, language, stop).await;
            running.try_set(None);
            match result {
                Ok(read) => {
                    if !read.read_lines.is_empty() && text.try_get_untracked() == Some(current) {
                        text.try_set(read.text.clone());
                        marks.try_update(|m| {
                            m.extend(read.read_lines.iter().cloned());
                            save_marks(field_id, m);
                        });
                    }
                    said.try_set(Some(Said::Done(read)));
                }
                Err(error) => {
                    said.try_set(Some(Said::Failed(error.message)));
                }
            }
        });
    };
    view! {
        <div class="model-read" data-testid="model-read">
            {move || if demo() {
                view! {
                    <p class="resume-outline__hint" data-testid="model-read-demo">
                        {t("With a provider chosen in Settings, a model can read the entries marked “Check”. The offline demo has no model to read with.",
                           "在设置中选择服务商后，模型可以读取标有“请核对”的条目。离线演示没有可用的模型。")}
                    </p>
                }.into_any()
            } else {
                view! {
                    <div class="entry-fix__actions">
                        {move || match running.get() {
                            Some(stop) => view! {
                                <span role="status" data-testid="model-read-running">{t("The model is reading…", "模型正在读取…")}</span>
                                <button type="button" class="button" data-testid="model-read-stop"
                                    on:click=move |_| stop.stop()>{t("Stop", "停止")}</button>
                            }.into_any(),
                            None => view! {
                                <button type="button" class="button" data-testid="model-read-unsure"
                                    disabled=unsure == 0 on:click=move |_| read(false)>
                                    {t("Let the model read the unsure entries", "让模型读取不确定的条目")}
                                </button>
                                <button type="button" class="button button--link" data-testid="model-read-whole"
                                    on:click=move |_| read(true)>
                                    {t("Let the model read every job and degree", "让模型读取全部工作和学历")}
                                </button>
                            }.into_any(),
                        }}
                    </div>
                }.into_any()
            }}
            {move || said.get().map(|s| match s {
                Said::Done(read) => view! {
                    <p class="notice" role="status" data-testid="model-read-summary">{summary(&read, lang)}</p>
                }.into_any(),
                Said::Failed(message) => view! {
                    <p class="notice notice--error" role="alert" data-testid="model-read-error">
                        {t("The model did not read the entries; your text is unchanged. ", "模型未能读取条目，文本未作改动。")}
                        {message}
                    </p>
                }.into_any(),
            })}
        </div>
    }
}
