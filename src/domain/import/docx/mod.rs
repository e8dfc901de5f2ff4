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
/// The most the whole archive may unpack to, as its central directory declares it: a resume with
/// a few photos is well under 10 MB. Checked before anything is inflated.
pub const MAX_DOCX_TOTAL_BYTES: u64 = 50 * 1024 * 1024;
/// The most entries the archive may hold: Word writes a dozen to a few dozen.
pub const MAX_DOCX_PARTS: usize = 2_000;

/// What may still be inflated: the declared sizes can lie (they are just numbers in the file),
/// so the bytes actually produced count against the same total while reading.
struct Budget {
    left: u64,
}

pub(super) fn docx_to_markdown(bytes: &[u8]) -> Result<String, ImportError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(zip_error)?;
    check_declared_size(&archive)?;
    let budget = &mut Budget {
        left: MAX_DOCX_TOTAL_BYTES,
    };
    let main_part = read_part(&mut archive, "_rels/.rels", budget)?
        .and_then(|rels| xml::main_document_target(&rels))
        .unwrap_or_else(|| "word/document.xml".to_string());
    let document = match read_part(&mut archive, &main_part, budget)? {
        Some(document) => document,
        None => {
            read_part(&mut archive, "word/document.xml", budget)?.ok_or(ImportError::ZipNotDocx)?
        }
    };
    let styles = read_part(&mut archive, "word/styles.xml", budget)?
        .map(|xml| styles::Styles::parse(&xml))
        .unwrap_or_default();

    let mut header_names: Vec<String> = archive
        .file_names()
        .flatten()
        .filter(|n| n.starts_with("word/header") && n.ends_with(".xml"))
        .map(|n| n.into_owned())
        .collect();
    crate::domain::stable_sort::sort_by(&mut header_names, Ord::cmp);
    let mut out = String::new();
    for name in header_names {
        if let Some(xml) = read_part(&mut archive, &name, budget)? {
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

/// Refuses, from the central directory alone (nothing inflated yet), an archive of too many
/// entries or whose entries declare more than the total limit.
fn check_declared_size(archive: &ZipArchive<Cursor<&[u8]>>) -> Result<(), ImportError> {
    let parts = archive.len();
    if parts > MAX_DOCX_PARTS {
        return Err(ImportError::DocxTooBig {
            detail: format!("{parts} entries; a Word document has a few dozen, at most {MAX_DOCX_PARTS} are read"),
        });
    }
    let mut total: u64 = 0;
    for index in 0..parts {
        let entry = archive.by_index_data(index).map_err(zip_error)?;
        total = total.saturating_add(entry.size());
    }
    if total > MAX_DOCX_TOTAL_BYTES {
        return Err(too_big(total));
    }
    Ok(())
}

fn too_big(bytes: u64) -> ImportError {
    ImportError::DocxTooBig {
        detail: format!(
            "it unpacks to more than {} MB, at most {} MB are read",
            bytes / 1024 / 1024,
            MAX_DOCX_TOTAL_BYTES / 1024 / 1024
        ),
    }
}

/// A part's text, `None` if the archive has no such part. Inflates at most what the part limit
/// and the archive's remaining budget allow, whatever the part's header says.
fn read_part(
    archive: &mut ZipArchive<Cursor<&[u8]>>,
    name: &str,
    budget: &mut Budget,
) -> Result<Option<String>, ImportError> {
    let file = match archive.by_name(name) {
        Ok(file) => file,
        Err(ZipError::FileNotFound) => return Ok(None),
        Err(error) => return Err(zip_error(error)),
    };
    let cap = MAX_PART_BYTES.min(budget.left);
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| damaged(e.to_string()))?;
    let read = bytes.len() as u64;
    if read > budget.left {
        return Err(too_big(MAX_DOCX_TOTAL_BYTES + 1));
    }
    if read > MAX_PART_BYTES {
        return Err(damaged(format!(
            "{name} unpacks to more than {} MB",
            MAX_PART_BYTES / 1024 / 1024
        )));
    }
    budget.left -= read;
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
