//! "Import file…" for a text field: a button with a file picker, and dropping a file onto the
//! field. The file is read in the browser (PDF by pdf.js, the rest by `crate::domain::import`);
//! its text replaces the field's only on success, with an Undo, so nothing the user typed is lost.
//! The format found, warnings and errors are announced in an aria-live region. With `outline`
//! (the field's id), a resume field also shows what the app understood of its text
//! ([`ResumeOutline`]), opened after each import, and the import's status line says how much:
//! "4 jobs, 2 degrees, 1 section unplaced (kept as text: …)", so unplaced text is never silent.
//!
//! ```ignore
//! <FileImport target=resume outline="resume">
//!     <textarea prop:value=move || resume.get() on:input=… />
//! </FileImport>
//! ```

use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::domain::import::{
    import_file, import_pdf_pages, ImportError, Imported, ACCEPT, MAX_FILE_BYTES,
};
use crate::domain::structured::Understanding;
use crate::ui::components::file_drop::{DropZone, FilePicker, OnFiles};
use crate::ui::components::resume_outline::ResumeOutline;
use crate::ui::i18n::{tr, use_language};
use crate::ui::pdf_text::pdf_pages;

/// The original file of the page's last JSON Resume import, provided as context by a page whose
/// result exports a resume (review, tailoring), read by its [`crate::ui::components::ExportMenu`].
/// Kept in memory only: after a reload, JSON Resume is exported from the text alone.
#[derive(Clone, Copy)]
pub struct ImportedJsonResume(pub RwSignal<Option<String>>);

impl ImportedJsonResume {
    /// A new, empty one, provided as context to the page's components.
    pub fn provide() -> RwSignal<Option<String>> {
        let signal = RwSignal::new(None);
        provide_context(Self(signal));
        signal
    }

    /// The page's base as the export menu takes it (none outside such a page).
    pub fn base() -> Signal<Option<String>> {
        use_context::<Self>()
            .map(|c| Signal::from(c.0))
            .unwrap_or_default()
    }
}

#[derive(Clone, PartialEq)]
enum Status {
    Idle,
    Reading(String),
    Done {
        name: String,
        format: &'static str,
        warnings: Vec<String>,
        /// What the structure understood, for a resume field (one with an outline).
        understood: Option<Understanding>,
    },
    Failed {
        name: String,
        message: String,
    },
}

/// Wraps the field (its children) as a drop target and puts the import button and status below.
#[component]
pub fn FileImport(
    /// The field's text: replaced by the file's text when an import succeeds.
    target: RwSignal<String>,
    /// The id of a resume field: shows the outline of its text under it.
    #[prop(optional)]
    outline: Option<&'static str>,
    /// Receives the original file of a JSON Resume import (the base a JSON Resume export
    /// completes the text from); `None` after any other import or an Undo.
    #[prop(optional)]
    json_resume: Option<RwSignal<Option<String>>>,
    children: Children,
) -> impl IntoView {
    let lang = use_language();
    let outline_open = RwSignal::new(false);
    let status = RwSignal::new(Status::Idle);
    // The text before the last successful import, for Undo.
    let previous = RwSignal::new(None::<String>);
    // Only the latest file counts: a slow PDF must not overwrite a later choice.
    let generation = StoredValue::new(0u32);

    let start = move |file: web_sys::File| {
        let name = file.name();
        let this = generation.get_value() + 1;
        generation.set_value(this);
        status.set(Status::Reading(name.clone()));
        leptos::task::spawn_local(async move {
            let result = read_understood(file).await;
            if generation.get_value() != this {
                return;
            }
            match result {
                Ok((imported, understood)) => {
                    let understood = outline.map(|_| understood);
                    previous.set(Some(target.get_untracked()));
                    if let Some(json) = json_resume {
                        json.set(imported.json_resume.clone());
                    }
                    target.set(imported.text);
                    outline_open.set(true);
                    status.set(Status::Done {
                        name,
                        format: imported.format.label(),
                        warnings: imported.warnings,
                        understood,
                    });
                }
                Err(error) => status.set(Status::Failed {
                    name,
                    message: error.to_string(),
                }),
            }
        });
    };

    // The first file only: one field takes one file.
    let on_files = OnFiles::new(move |files: web_sys::FileList| {
        if let Some(file) = files.get(0) {
            start(file);
        }
    });
    let undo = move |_| {
        if let Some(text) = previous.get_untracked() {
            target.set(text);
            previous.set(None);
            if let Some(json) = json_resume {
                json.set(None);
            }
            status.set(Status::Idle);
        }
    };

    view! {
        <DropZone class="file-import" testid="file-import" on_files=on_files>
            {children()}
            <div class="file-import__bar">
                <FilePicker
                    label=Signal::derive(move || tr(lang.get(), "Import file…", "导入文件…").to_string())
                    testid="import-file"
                    input_testid="import-input"
                    accept=ACCEPT
                    disabled=Signal::derive(move || matches!(status.get(), Status::Reading(_)))
                    on_files=on_files
                />
                <span class="file-import__hint">
                    {move || tr(lang.get(), "PDF, DOCX, Markdown, text or JSON Resume; or drop a file on the field", "PDF、DOCX、Markdown、文本或 JSON Resume；也可把文件拖到输入框")}
                </span>
                <button
                    type="button"
                    class="button button--link"
                    data-testid="import-undo"
                    hidden=move || previous.with(Option::is_none)
                    on:click=undo
                >
                    {move || tr(lang.get(), "Undo import", "撤销导入")}
                </button>
            </div>
            <div
                class="file-import__status"
                role="status"
                aria-live="polite"
                data-testid="import-status"
                data-state=move || match status.get() {
                    Status::Idle => "idle",
                    Status::Reading(_) => "reading",
                    Status::Done { .. } => "done",
                    Status::Failed { .. } => "failed",
                }
            >
                {move || status_view(status.get(), lang.get())}
            </div>
            {outline.map(|field_id| view! {
                <ResumeOutline text=target field_id=field_id open=outline_open />
            })}
        </DropZone>
    }
}

fn status_view(status: Status, lang: crate::domain::Language) -> impl IntoView {
    match status {
        Status::Idle => ().into_any(),
        Status::Reading(name) => {
            format!("{} {name}…", tr(lang, "Reading", "正在读取")).into_any()
        }
        Status::Done {
            name,
            format,
            warnings,
            understood,
        } => view! {
            <p data-testid="import-format" data-format=format>
                {format!("{} {name} ({format}).", tr(lang, "Imported", "已导入"))}
                {understood.map(|u| {
                    // Entries the reader is unsure of are said as a warning, not as read.
                    let unsure = u.unsure > 0;
                    view! {
                        " "
                        <span data-testid="import-understood" data-unsure=u.unsure.to_string()
                            class:import-understood--unsure=unsure>
                            {unsure.then_some("⚠ ")}
                            {format!("{}.", u.sentence(lang))}
                        </span>
                    }
                })}
            </p>
            {warnings.into_iter().map(|w| view! { <p class="notice notice--warn">{w}</p> }).collect_view()}
        }
        .into_any(),
        Status::Failed { name, message } => view! {
            <p class="notice notice--error" data-testid="import-error">
                {format!("{name}: {message} ")}
                {tr(lang, "Your text is unchanged.", "输入框中的文字未改动。")}
            </p>
        }
        .into_any(),
    }
}

/// [`read`], and how much of the resume the structure understood ("4 jobs, 2 degrees"): worked
/// out in a lazily loaded chunk too, so the structure parser stays out of the first module.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn read_understood(file: web_sys::File) -> Result<(Imported, Understanding), ImportError> {
    let imported = read(file).await?;
    let understood = imported.understood();
    Ok((imported, understood))
}

/// The file's text: its bytes through the importer, PDFs through pdf.js first. A lazily loaded
/// chunk in the split app (`split` feature, see `ui::pages`): the readers (DOCX's ZIP and
/// inflate, PDF text cleaning, JSON Resume) are not needed before the user picks a file.
#[cfg_attr(feature = "split", leptos::lazy)]
pub(crate) async fn read(file: web_sys::File) -> Result<Imported, ImportError> {
    let size = file.size() as usize;
    if size > MAX_FILE_BYTES {
        return Err(ImportError::FileTooLarge { bytes: size });
    }
    let buffer =
        JsFuture::from(file.array_buffer())
            .await
            .map_err(|e| ImportError::Unreadable {
                detail: e.as_string().unwrap_or_else(|| "read failed".into()),
            })?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    match import_file(&file.name(), &file.type_(), &bytes) {
        Err(ImportError::PdfNeedsBrowser) => import_pdf_pages(&pdf_pages(&bytes).await?),
        other => other,
    }
}
