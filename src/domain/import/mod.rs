//! Resume import: a file's bytes in, resume text out (Markdown-ish, what the workflows take), or a
//! message that says what to do instead. Pure and platform-neutral, so every format except PDF is
//! tested natively; PDF text comes from pdf.js in the browser as positioned text items, and
//! [`import_pdf_pages`] turns those into text here (columns, headings, icon glyphs and running
//! footers out: `pdf/`), where it can be tested too.
//!
//! ```text
//! bytes ─ detect (name, MIME, magic bytes) ─┬─ text / Markdown ─ decode (BOM, UTF-16, CP-1252) ─┐
//!                                           ├─ JSON Resume (resume or job) ─ Markdown ──────────┤
//!                                           ├─ DOCX ─ zip + word/document.xml ─ Markdown ───────┼─ tidy ─ limits ─ Imported
//!                                           └─ PDF ─ (browser: pdf.js) ─ import_pdf_pages ──────┘
//! ```

mod detect;
mod docx;
mod error;
mod json_resume;
mod limits;
mod pdf;
mod posting;
mod text;

pub use detect::{detect_format, ImportFormat, ACCEPT};
pub use docx::{MAX_DOCX_PARTS, MAX_DOCX_TOTAL_BYTES};
pub use error::ImportError;
pub use limits::{
    MAX_FILE_BYTES, MAX_PDF_ITEMS, MAX_PDF_PAGES, MAX_TEXT_CHARS, PDF_TIMEOUT_SECONDS,
};
pub use pdf::{PdfPage, PdfTextItem};
pub use posting::{check_posting, PostingCheck, PostingSignal};
/// The whitespace tidying imports get; exports use it too.
pub(crate) use text::tidy;

/// What an import produced: the text for the resume field, the format it was read as, and
/// anything the user should know (text cut at the limit, a guessed encoding).
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub format: ImportFormat,
    pub text: String,
    pub warnings: Vec<String>,
    /// The file itself when it was a JSON Resume, so exports can give back every field.
    pub json_resume: Option<String>,
}

impl Imported {
    /// The structured resume behind every export: from the JSON Resume file when there was one
    /// (lossless), else from the imported text.
    pub fn structured(&self) -> crate::domain::structured::StructuredResume {
        self.json_resume
            .as_deref()
            .and_then(crate::domain::structured::from_json_resume)
            .unwrap_or_else(|| crate::domain::structured::from_any(&self.text))
    }

    /// How much of the resume the structure understood (jobs, degrees, sections it could not
    /// place), for the line the app shows after the import.
    pub fn understood(&self) -> crate::domain::structured::Understanding {
        crate::domain::structured::Understanding::of(&self.structured())
    }
}

/// Imports a file that is not a PDF. `name` and `mime` are what the browser reports (either may
/// be empty); the bytes decide when they disagree. A PDF gives [`ImportError::PdfNeedsBrowser`]:
/// its text comes from pdf.js, then [`import_pdf_pages`].
pub fn import_file(name: &str, mime: &str, bytes: &[u8]) -> Result<Imported, ImportError> {
    limits::check_file_size(bytes.len())?;
    let mut warnings = Vec::new();
    let mut json_source = None;
    let (format, text) = match detect_format(name, mime, bytes)? {
        ImportFormat::Pdf => return Err(ImportError::PdfNeedsBrowser),
        ImportFormat::Docx => (ImportFormat::Docx, docx::docx_to_markdown(bytes)?),
        // The file says JSON; whether it is a resume or a job, the JSON decides.
        ImportFormat::JsonResume | ImportFormat::JsonResumeJob => {
            let (source, _) = text::decode(bytes)?;
            let (format, text) = json_resume::to_markdown(&source)?;
            if format == ImportFormat::JsonResume {
                json_source = Some(source);
            }
            (format, text)
        }
        format @ (ImportFormat::Markdown | ImportFormat::PlainText) => {
            let (decoded, warning) = text::decode(bytes)?;
            warnings.extend(warning);
            (format, decoded)
        }
    };
    let mut imported = finish(format, &text, warnings)?;
    imported.json_resume = json_source;
    Ok(imported)
}

/// Turns the text pdf.js found, page by page, into resume text. A PDF whose pages hold (almost)
/// no text is a scan: [`ImportError::PdfScanned`].
pub fn import_pdf_pages(pages: &[PdfPage]) -> Result<Imported, ImportError> {
    let text = pdf::pages_to_text(pages)?;
    finish(ImportFormat::Pdf, &text, Vec::new())
}

/// The steps every format ends with: tidy whitespace, refuse empty text, apply the size limit.
fn finish(
    format: ImportFormat,
    text: &str,
    mut warnings: Vec<String>,
) -> Result<Imported, ImportError> {
    let tidy = text::tidy(text);
    if tidy.trim().is_empty() {
        return Err(ImportError::NoText);
    }
    let (text, cut) = limits::fit(tidy)?;
    warnings.extend(cut);
    Ok(Imported {
        format,
        text,
        warnings,
        json_resume: None,
    })
}
