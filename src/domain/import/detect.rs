//! Which reader a file needs. Magic bytes first (a PDF renamed `.txt` is still a PDF), then the
//! extension, then the MIME type the browser reported, then the content.

use serde::Serialize;

use super::error::ImportError;

/// The formats an import can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ImportFormat {
    Pdf,
    Docx,
    /// jsonresume.org's resume schema (basics, work, education, ...).
    JsonResume,
    /// jsonresume.org's job schema (title, company, responsibilities, ...): a job description.
    JsonResumeJob,
    Markdown,
    PlainText,
}

impl ImportFormat {
    /// How the format is named to the user ("Imported as Word (DOCX)").
    pub fn label(self) -> &'static str {
        match self {
            ImportFormat::Pdf => "PDF",
            ImportFormat::Docx => "Word (DOCX)",
            ImportFormat::JsonResume => "JSON Resume",
            ImportFormat::JsonResumeJob => "JSON Resume job",
            ImportFormat::Markdown => "Markdown",
            ImportFormat::PlainText => "plain text",
        }
    }
}

/// The file picker's `accept` list: what the import reads, by extension and MIME type.
pub const ACCEPT: &str = ".pdf,.docx,.md,.markdown,.txt,.text,.json,application/pdf,\
application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/markdown,text/plain,application/json";

/// Decides the format of a file, or says why it cannot be imported (an old `.doc`, an image,
/// an encrypted Office file, a binary).
pub fn detect_format(name: &str, mime: &str, bytes: &[u8]) -> Result<ImportFormat, ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::EmptyFile);
    }
    if let Some(found) = by_magic(bytes) {
        return found;
    }
    let extension = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    let mime = mime.to_ascii_lowercase();
    match extension.as_str() {
        "md" | "markdown" | "mdown" | "mkd" => return Ok(ImportFormat::Markdown),
        "txt" | "text" => return Ok(ImportFormat::PlainText),
        "json" => return Ok(ImportFormat::JsonResume),
        // Named so, but the magic bytes said otherwise.
        "pdf" => {
            return Err(ImportError::PdfDamaged {
                detail: "it does not start like a PDF".into(),
            })
        }
        "docx" => {
            return Err(ImportError::DocxDamaged {
                detail: "it is not a ZIP archive".into(),
            })
        }
        "doc" => return Err(ImportError::LegacyWord),
        "rtf" => return Err(unsupported("Rich Text (.rtf)")),
        "odt" => return Err(unsupported("OpenDocument (.odt)")),
        "pages" => return Err(unsupported("Apple Pages")),
        _ => {}
    }
    if mime.contains("json") {
        return Ok(ImportFormat::JsonResume);
    }
    if mime == "text/markdown" || mime == "text/x-markdown" {
        return Ok(ImportFormat::Markdown);
    }
    // No telling name or type: read the content. A JSON object is offered to the JSON reader,
    // which says clearly if it is not a JSON Resume.
    let start = bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(bytes)
        .iter()
        .find(|b| !b.is_ascii_whitespace());
    if start == Some(&b'{') {
        return Ok(ImportFormat::JsonResume);
    }
    Ok(if looks_like_markdown(bytes) {
        ImportFormat::Markdown
    } else {
        ImportFormat::PlainText
    })
}

fn unsupported(kind: &'static str) -> ImportError {
    ImportError::Unsupported { kind }
}

/// Signatures that settle the question whatever the file is called.
fn by_magic(bytes: &[u8]) -> Option<Result<ImportFormat, ImportError>> {
    const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
    let found = if bytes.starts_with(b"%PDF-") || find(&bytes[..bytes.len().min(1024)], b"%PDF-") {
        // Some generators put junk before the header; pdf.js reads those too.
        Ok(ImportFormat::Pdf)
    } else if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        // A ZIP: the DOCX reader checks for word/document.xml and says so if it is missing.
        Ok(ImportFormat::Docx)
    } else if bytes.starts_with(OLE) {
        // Old binary Word and password-protected Office files share this container; an
        // encrypted DOCX names its "EncryptedPackage" stream (UTF-16) in the directory.
        if find(bytes, &utf16le("EncryptedPackage")) {
            Err(ImportError::Encrypted)
        } else {
            Err(ImportError::LegacyWord)
        }
    } else if bytes.starts_with(b"{\\rtf") {
        Err(unsupported("Rich Text (.rtf)"))
    } else if let Some(kind) = image_kind(bytes) {
        Err(ImportError::Image { kind })
    } else {
        return None;
    };
    Some(found)
}

fn image_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG") {
        Some("PNG")
    } else if bytes.starts_with(b"\xFF\xD8\xFF") {
        Some("JPEG")
    } else if bytes.starts_with(b"GIF8") {
        Some("GIF")
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some("WebP")
    } else if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        Some("TIFF")
    } else if bytes
        .get(4..12)
        .is_some_and(|b| b == b"ftypheic" || b == b"ftypheix")
    {
        Some("HEIC")
    } else {
        None
    }
}

/// Headings or list markers at the start of lines.
fn looks_like_markdown(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(8192)]);
    head.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("# ") || line.starts_with("## ") || line.starts_with("**")
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_bytes_win_over_the_name() {
        assert_eq!(
            detect_format("resume.txt", "text/plain", b"%PDF-1.7\n..."),
            Ok(ImportFormat::Pdf)
        );
        assert_eq!(
            detect_format("resume", "", b"PK\x03\x04rest"),
            Ok(ImportFormat::Docx)
        );
        assert_eq!(
            detect_format("photo.md", "", b"\x89PNG\r\n"),
            Err(ImportError::Image { kind: "PNG" })
        );
    }

    #[test]
    fn old_word_and_encrypted_office_files_are_told_apart() {
        let mut doc = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1".to_vec();
        doc.extend_from_slice(&[0; 64]);
        assert_eq!(
            detect_format("cv.doc", "", &doc),
            Err(ImportError::LegacyWord)
        );
        doc.extend(utf16le("EncryptedPackage"));
        assert_eq!(
            detect_format("cv.docx", "", &doc),
            Err(ImportError::Encrypted)
        );
    }

    #[test]
    fn extension_then_mime_then_content() {
        // (file name, MIME type, bytes, the format read)
        let cases: &[(&str, &str, &[u8], ImportFormat)] = &[
            ("a.MD", "", b"text", ImportFormat::Markdown),
            ("a.txt", "", b"# x", ImportFormat::PlainText),
            ("a.json", "", b"[]", ImportFormat::JsonResume),
            ("blob", "application/json", b"x", ImportFormat::JsonResume),
            (
                "",
                "",
                b"\xEF\xBB\xBF  {\"basics\":{}}",
                ImportFormat::JsonResume,
            ),
            ("", "", b"## Skills\n- Rust", ImportFormat::Markdown),
            ("", "", b"Skills: Rust", ImportFormat::PlainText),
        ];
        for (name, mime, bytes, format) in cases {
            assert_eq!(detect_format(name, mime, bytes), Ok(*format), "{name:?}");
        }
        assert_eq!(
            detect_format("cv.doc", "", b"plain"),
            Err(ImportError::LegacyWord)
        );
        assert!(matches!(
            detect_format("cv.rtf", "", b"x"),
            Err(ImportError::Unsupported { .. })
        ));
    }

    #[test]
    fn a_file_named_pdf_without_pdf_bytes_is_not_read_as_text() {
        assert!(matches!(
            detect_format("cv.pdf", "", b"hello"),
            Err(ImportError::PdfDamaged { .. })
        ));
        assert!(matches!(
            detect_format("cv.docx", "", b"hello"),
            Err(ImportError::DocxDamaged { .. })
        ));
    }
}
