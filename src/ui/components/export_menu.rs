//! Export of a final resume: Markdown and JSON Resume downloads, a standalone HTML page, and
//! Print. Print uses a print stylesheet rather than a new window: the resume is rendered (escaped,
//! by `crate::domain::export::resume_html`) into a `.print-sheet` element at the end of `<body>`,
//! and `@media print` in web/style.css shows only that sheet. A new window would be a `blob:`
//! document, which inherits this page's CSP (`style-src 'self'`: its inline print CSS would be
//! blocked) and may be stopped by popup blockers; the stylesheet needs neither.
//!
//! ```ignore
//! <ExportMenu text=Signal::derive(move || final_text.get()) base=ImportedJsonResume::base() />
//! ```

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};

/// What a button exports.
#[derive(Clone, Copy)]
enum Export {
    Markdown,
    JsonResume,
    HtmlPage,
    /// The escaped resume markup of the print sheet.
    PrintSheet,
}

/// The menu's buttons, in order: what each exports, its class, test id and label (English,
/// Chinese). Print is the primary one: it is the way to a PDF.
const BUTTONS: [(Export, &str, &str, &str, &str); 4] = [
    (
        Export::Markdown,
        "button",
        "export-resume-markdown",
        "Markdown",
        "Markdown",
    ),
    (
        Export::JsonResume,
        "button",
        "export-resume-json",
        "JSON Resume",
        "JSON Resume",
    ),
    (
        Export::HtmlPage,
        "button",
        "export-resume-html",
        "HTML page",
        "HTML 页面",
    ),
    (
        Export::PrintSheet,
        "button button--primary",
        "export-resume-print",
        "Print / PDF",
        "打印 / PDF",
    ),
];

#[component]
pub fn ExportMenu(
    /// The resume to export (Markdown-ish text, as the workflows produce it).
    #[prop(into)]
    text: Signal<String>,
    /// File names start with this; by default the resume's name ("ada-quill-resume").
    #[prop(optional, into)]
    file_name: Option<String>,
    /// The JSON Resume file the text was imported from, if any: the JSON Resume export takes the
    /// fields the text cannot carry (locations, profiles, references, ...) from it.
    #[prop(optional, into)]
    base: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_language();
    let error = RwSignal::new(None::<String>);
    let file_name = StoredValue::new(file_name);
    let run = move |export: Export| {
        let (text, base) = (text.get_untracked(), base.get_untracked());
        leptos::task::spawn_local(async move {
            let file = exported(export, text, base, file_name.get_value()).await;
            error.try_set(match export {
                Export::PrintSheet => print(&file.body).err(),
                _ => download(&file.name, file.mime, &file.body).err(),
            });
        });
    };

    view! {
        <div class="export-menu" role="group" aria-label="Export the resume" data-testid="export-menu">
            {BUTTONS.into_iter().map(|(export, class, testid, en, zh)| view! {
                <button type="button" class=class data-testid=testid on:click=move |_| run(export)>
                    {move || tr(lang.get(), en, zh)}
                </button>
            }).collect_view()}
            {move || error.get().map(|e| view! { <span role="alert">{e}</span> })}
        </div>
    }
}

/// One export's file.
struct ExportedFile {
    name: String,
    mime: &'static str,
    body: String,
}

/// The file `export` makes of `text`. A lazily loaded chunk in the split app (`split` feature,
/// see `ui::pages`): the exporters are not needed before the user exports.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn exported(
    export: Export,
    text: String,
    base: Option<String>,
    file_name: Option<String>,
) -> ExportedFile {
    use crate::domain::export::{
        file_stem, print_page_html, resume_html, to_json_resume, to_json_resume_with_base,
        to_markdown,
    };
    use crate::domain::Resume;

    let stem = || {
        file_name.clone().unwrap_or_else(|| {
            let doc = to_json_resume(&Resume::new(text.clone()));
            file_stem(doc["basics"]["name"].as_str().unwrap_or(""))
        })
    };
    let (extension, mime, body) = match export {
        Export::Markdown => ("md", "text/markdown", to_markdown(&text)),
        Export::JsonResume => {
            let doc = match &base {
                Some(base) => to_json_resume_with_base(&text, base),
                None => to_json_resume(&Resume::new(text.clone())),
            };
            let body = serde_json::to_string_pretty(&doc).unwrap_or_default();
            ("resume.json", "application/json", body)
        }
        Export::HtmlPage => ("html", "text/html", print_page_html(&text, &stem())),
        Export::PrintSheet => ("", "text/html", resume_html(&text)),
    };
    ExportedFile {
        name: format!("{}.{extension}", stem()),
        mime,
        body,
    }
}

/// Puts `resume_html` (the resume, escaped by `resume_html`) into the print sheet and opens the
/// browser's print dialog.
fn print(resume_html: &str) -> Result<(), String> {
    // Escaped by resume_html: the resume's own text never becomes markup.
    print_sheet(&format!("<main class=\"resume\">{resume_html}</main>"))
}

/// Puts `html` (already escaped markup: a resume, a letter) into a `.print-sheet` at the end of
/// `<body>` and opens the browser's print dialog (where "Save as PDF" is); `@media print` shows
/// only that sheet. The sheet is removed after printing, so printing the app later prints the
/// app.
pub fn print_sheet(html: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let sheet = match document.query_selector(".print-sheet").ok().flatten() {
        Some(existing) => existing,
        None => {
            let sheet = document
                .create_element("div")
                .map_err(|_| "could not prepare the page")?;
            sheet.set_class_name("print-sheet");
            sheet
                .set_attribute("data-testid", "print-sheet")
                .map_err(|_| "could not prepare the page")?;
            body.append_child(&sheet)
                .map_err(|_| "could not prepare the page")?;
            sheet
        }
    };
    sheet.set_inner_html(html);
    let cleanup = wasm_bindgen::closure::Closure::once_into_js(move || {
        if let Some(window) = web_sys::window() {
            window.set_onafterprint(None);
        }
        sheet.remove();
    });
    window.set_onafterprint(Some(cleanup.unchecked_ref()));
    window
        .print()
        .map_err(|_| "the browser did not open its print dialog".to_string())
}
