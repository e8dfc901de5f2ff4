//! DOCX (Office Open XML) to Markdown. A DOCX is a ZIP: `_rels/.rels` names the main document
//! part (nearly always `word/document.xml`), `word/styles.xml` says which styles are headings,
//! and page headers (`word/header*.xml`) often hold the name and contact line, so they come first.

mod document;
mod styles;
mod xml;

use std::io::{Cursor, Read};

use zip::result::ZipError;
use zip::ZipArchive;

use super::error::ImportError;

/// The most one XML part may unpack to: a long resume's document.xml is under 1 MB; this stops a
/// ZIP bomb from filling the tab's memory.
const MAX_PART_BYTES: u64 = 32 * 1024 * 1024;

pub(super) fn docx_to_markdown(bytes: &[u8]) -> Result<String, ImportError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(zip_error)?;
    let main_part = read_part(&mut archive, "_rels/.rels")?
        .and_then(|rels| xml::main_document_target(&rels))
        .unwrap_or_else(|| "word/document.xml".to_string());
    let document = read_part(&mut archive, &main_part)?
        .or(read_part(&mut archive, "word/document.xml")?)
        .ok_or(ImportError::ZipNotDocx)?;
    let styles = read_part(&mut archive, "word/styles.xml")?
        .map(|xml| styles::Styles::parse(&xml))
        .unwrap_or_default();

    let mut header_names: Vec<String> = archive
        .file_names()
        .flatten()
        .filter(|n| n.starts_with("word/header") && n.ends_with(".xml"))
        .map(|n| n.into_owned())
        .collect();
    header_names.sort();
    let mut out = String::new();
    for name in header_names {
        if let Some(xml) = read_part(&mut archive, &name)? {
            let text = document::to_markdown(&xml, &styles).map_err(damaged)?;
            // Repeated headers (first page, even pages) say the same thing once.
            if !text.trim().is_empty() && !out.contains(text.trim()) {
                out.push_str(text.trim());
                out.push_str("\n\n");
            }
        }
    }
    out.push_str(&document::to_markdown(&document, &styles).map_err(damaged)?);
    Ok(out)
}

/// A part's text, `None` if the archive has no such part.
fn read_part(
    archive: &mut ZipArchive<Cursor<&[u8]>>,
    name: &str,
) -> Result<Option<String>, ImportError> {
    let file = match archive.by_name(name) {
        Ok(file) => file,
        Err(ZipError::FileNotFound) => return Ok(None),
        Err(error) => return Err(zip_error(error)),
    };
    let mut bytes = Vec::new();
    file.take(MAX_PART_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| damaged(e.to_string()))?;
    if bytes.len() as u64 > MAX_PART_BYTES {
        return Err(damaged(format!(
            "{name} unpacks to more than {} MB",
            MAX_PART_BYTES / 1024 / 1024
        )));
    }
    Ok(Some(xml::decode_part(&bytes)))
}

fn zip_error(error: ZipError) -> ImportError {
    match error {
        ZipError::UnsupportedArchive(message) if message == ZipError::PASSWORD_REQUIRED => {
            ImportError::Encrypted
        }
        ZipError::InvalidPassword => ImportError::Encrypted,
        ZipError::FileNotFound => ImportError::ZipNotDocx,
        other => damaged(other.to_string()),
    }
}

fn damaged(detail: impl Into<String>) -> ImportError {
    ImportError::DocxDamaged {
        detail: detail.into(),
    }
}
