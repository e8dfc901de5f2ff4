//! Why a file could not be imported, each with a message that tells the user what to do instead.

use thiserror::Error;

use super::limits::{MAX_FILE_BYTES, MAX_PDF_ITEMS, MAX_PDF_PAGES, MAX_TEXT_CHARS};

const PASTE: &str = "or paste the text into the field.";

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    #[error("The file is empty.")]
    EmptyFile,
    #[error("The file has no text to import.")]
    NoText,
    #[error("The file is {} MB; files up to {} MB can be imported. Save the resume without images, {PASTE}", mb(*.bytes), mb(MAX_FILE_BYTES))]
    FileTooLarge { bytes: usize },
    #[error("The file holds {chars} characters of text, more than ten times the {MAX_TEXT_CHARS}-character limit for a resume: it does not look like a resume. Import the resume alone, {PASTE}")]
    NotAResume { chars: usize },
    #[error("This is an old Word .doc file, which the browser cannot read. In Word, use File → Save As → Word Document (.docx) or PDF, {PASTE}")]
    LegacyWord,
    #[error("This document is password-protected. Save a copy without the password and import that, {PASTE}")]
    Encrypted,
    #[error("This Word file is damaged and cannot be read ({detail}). Open it in Word and save it again, {PASTE}")]
    DocxDamaged { detail: String },
    #[error("This Word file is far larger inside than a resume ({detail}): it may be damaged or a ZIP bomb, and was not unpacked. Save the resume again as .docx without embedded files, {PASTE}")]
    DocxTooBig { detail: String },
    #[error("This is a ZIP archive but not a Word document (it has no word/document.xml). Import the .docx itself, {PASTE}")]
    ZipNotDocx,
    #[error("This file is not valid JSON (line {line}, column {column}: {detail}). Fix it, import the resume as Markdown or text, {PASTE}")]
    InvalidJson {
        line: usize,
        column: usize,
        detail: String,
    },
    #[error("This JSON file is not a JSON Resume: it has none of basics, work, education, skills or projects. Export it from your resume tool as JSON Resume (jsonresume.org), {PASTE}")]
    NotJsonResume,
    #[error("This is an image ({kind}): text in an image cannot be read here. Upload the resume as PDF with text, DOCX or Markdown, {PASTE}")]
    Image { kind: &'static str },
    #[error(
        "{kind} files cannot be read here. Save the resume as .docx, PDF or plain text, {PASTE}"
    )]
    Unsupported { kind: &'static str },
    #[error("This file is not text (it looks like a binary file). Upload a PDF, DOCX, Markdown, text or JSON Resume file, {PASTE}")]
    Binary,
    #[error("The browser could not read this file ({detail}). Try again, {PASTE}")]
    Unreadable { detail: String },
    #[error("PDF text is read in the browser by pdf.js.")]
    PdfNeedsBrowser,
    #[error("This PDF has no text (it looks scanned). Paste the text or upload DOCX/Markdown.")]
    PdfScanned,
    #[error("This PDF's text cannot be read: its fonts do not map to letters (it copies out as symbols). Export the PDF again from your editor, upload DOCX/Markdown, {PASTE}")]
    PdfGarbledText,
    #[error("This PDF is password-protected. Save a copy without the password (print it to PDF), {PASTE}")]
    PdfEncrypted,
    #[error("This PDF is damaged and cannot be read ({detail}). Export it again from your editor, {PASTE}")]
    PdfDamaged { detail: String },
    #[error("This PDF has {pages} pages; a resume has a few, and PDFs of up to {MAX_PDF_PAGES} pages are read. Import the resume alone (print just its pages to PDF), {PASTE}")]
    PdfTooManyPages { pages: usize },
    #[error("This PDF holds {items} pieces of text, more than the {MAX_PDF_ITEMS} a resume of {MAX_PDF_PAGES} pages could: it does not look like a resume. Import the resume alone, {PASTE}")]
    PdfTooMuchText { items: usize },
    #[error("Reading this PDF took longer than {seconds} seconds and was stopped. Export it again from your editor (without large images), {PASTE}")]
    PdfTimeout { seconds: u32 },
    #[error(
        "The PDF reader could not be loaded ({detail}). Reload the page and try again, {PASTE}"
    )]
    PdfReaderUnavailable { detail: String },
}

impl ImportError {
    /// A stable name for the kind of failure (tests, `data-error` attributes), not for users.
    pub fn code(&self) -> &'static str {
        match self {
            ImportError::EmptyFile => "empty_file",
            ImportError::NoText => "no_text",
            ImportError::FileTooLarge { .. } => "file_too_large",
            ImportError::NotAResume { .. } => "not_a_resume",
            ImportError::LegacyWord => "legacy_word",
            ImportError::Encrypted => "encrypted",
            ImportError::DocxDamaged { .. } => "docx_damaged",
            ImportError::DocxTooBig { .. } => "docx_too_big",
            ImportError::ZipNotDocx => "zip_not_docx",
            ImportError::InvalidJson { .. } => "invalid_json",
            ImportError::NotJsonResume => "not_json_resume",
            ImportError::Image { .. } => "image",
            ImportError::Unsupported { .. } => "unsupported",
            ImportError::Binary => "binary",
            ImportError::Unreadable { .. } => "unreadable",
            ImportError::PdfNeedsBrowser => "pdf_needs_browser",
            ImportError::PdfScanned => "pdf_scanned",
            ImportError::PdfGarbledText => "pdf_garbled_text",
            ImportError::PdfEncrypted => "pdf_encrypted",
            ImportError::PdfDamaged { .. } => "pdf_damaged",
            ImportError::PdfTooManyPages { .. } => "pdf_too_many_pages",
            ImportError::PdfTooMuchText { .. } => "pdf_too_much_text",
            ImportError::PdfTimeout { .. } => "pdf_timeout",
            ImportError::PdfReaderUnavailable { .. } => "pdf_reader_unavailable",
        }
    }
}

/// Megabytes with one decimal, for messages.
fn mb(bytes: usize) -> String {
    let text = format!("{:.1}", bytes as f64 / (1024.0 * 1024.0));
    text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
}
