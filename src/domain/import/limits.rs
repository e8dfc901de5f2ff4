//! How much an import takes. Over the text limit the text is cut, not refused: the parts a
//! workflow needs (contact, summary, experience, skills) come first in nearly every resume, and
//! what runs past 60 000 characters is appendices (publication lists, project archives). Cutting
//! at a line break with a warning that quotes where the cut fell gives the user a working resume
//! at once, and the file is still theirs for anything left out. Text over ten times the limit is
//! refused: it is not a resume, and cutting it would only hide that.

use super::error::ImportError;

/// Largest resume text imported, in characters: the same as the limit on a run's input
/// (`crate::session` `MAX_INPUT_CHARS`; a test keeps the two equal), so an import always runs.
pub const MAX_TEXT_CHARS: usize = 60_000;

/// Largest file read at all: PDFs with photos run to a few MB; a DOCX's text is a small part.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;

/// Most pages of a PDF read: a resume has one to five; a longer PDF is a thesis or a portfolio,
/// and reading hundreds of pages would only make the tab wait. `web/import/pdf.js` refuses a PDF
/// over it before reading any page (its `MAX_PAGES` is this number).
pub const MAX_PDF_PAGES: usize = 30;

/// Most pieces of text pdf.js may hand over for one PDF: a dense resume page has a few hundred.
/// `web/import/pdf.js` stops collecting past it (its `MAX_ITEMS`), and lines are grouped only
/// below it, so a PDF of millions of tiny pieces cannot stall the page.
pub const MAX_PDF_ITEMS: usize = 50_000;

/// How long reading one PDF may take (`web/import/pdf.js` `TIMEOUT_MS`): a resume takes well
/// under a second.
pub const PDF_TIMEOUT_SECONDS: u32 = 20;

pub(super) fn check_file_size(bytes: usize) -> Result<(), ImportError> {
    match bytes {
        0 => Err(ImportError::EmptyFile),
        n if n > MAX_FILE_BYTES => Err(ImportError::FileTooLarge { bytes: n }),
        _ => Ok(()),
    }
}

/// The text as is when it fits, else cut at the last line break before the limit, with a warning.
pub(super) fn fit(text: String) -> Result<(String, Option<String>), ImportError> {
    let chars = text.chars().count();
    if chars <= MAX_TEXT_CHARS {
        return Ok((text, None));
    }
    if chars > MAX_TEXT_CHARS * 10 {
        return Err(ImportError::NotAResume { chars });
    }
    let limit_byte = text
        .char_indices()
        .nth(MAX_TEXT_CHARS)
        .map_or(text.len(), |(i, _)| i);
    // Cut at a line break, unless the only one is far back (one enormous line): then mid-line.
    let cut = match text[..limit_byte].rfind('\n') {
        Some(i) if i > limit_byte / 2 => i,
        _ => limit_byte,
    };
    let kept = text[..cut].trim_end().to_string();
    let dropped = chars - kept.chars().count();
    let first_dropped: String = text[cut..]
        .trim_start()
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(60)
        .collect();
    let warning = format!(
        "The text is {chars} characters long; the limit is {MAX_TEXT_CHARS}, so the last {dropped} \
         characters were left out, from “{first_dropped}” on. To keep them, shorten the file (older \
         roles, publication lists) and import it again."
    );
    Ok((kept, Some(warning)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_within_the_limit_is_kept_whole() {
        let text = "a".repeat(MAX_TEXT_CHARS);
        assert_eq!(fit(text.clone()).unwrap(), (text, None));
    }

    #[test]
    fn long_text_is_cut_at_a_line_break_and_says_where() {
        let line = format!("{}\n", "x".repeat(99));
        let mut text = line.repeat(MAX_TEXT_CHARS / 100 - 1);
        // This line crosses the limit: the cut falls before it.
        text.push_str(&format!("Publications start here{}\n", "y".repeat(200)));
        text.push_str(&line.repeat(300));
        let (kept, warning) = fit(text).unwrap();
        assert!(kept.chars().count() <= MAX_TEXT_CHARS);
        assert!(kept.ends_with('x'), "cut at a line break");
        let warning = warning.unwrap();
        assert!(warning.contains("Publications start here"), "{warning}");
        assert!(warning.contains("60000"), "{warning}");
    }

    #[test]
    fn multibyte_text_is_cut_on_a_character_boundary() {
        let text = "简历".repeat(MAX_TEXT_CHARS);
        let (kept, warning) = fit(text).unwrap();
        assert_eq!(kept.chars().count(), MAX_TEXT_CHARS);
        assert!(warning.is_some());
    }

    #[test]
    fn a_book_is_refused_not_cut() {
        let text = "word ".repeat(MAX_TEXT_CHARS * 3);
        assert!(matches!(fit(text), Err(ImportError::NotAResume { .. })));
    }

    #[test]
    fn empty_and_huge_files_are_refused_before_reading() {
        assert_eq!(check_file_size(0), Err(ImportError::EmptyFile));
        assert!(matches!(
            check_file_size(MAX_FILE_BYTES + 1),
            Err(ImportError::FileTooLarge { .. })
        ));
        assert_eq!(check_file_size(10), Ok(()));
    }
}
