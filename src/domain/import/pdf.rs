//! PDF text as pdf.js gives it (positioned pieces of text, page by page) to lines. Pieces are
//! grouped into lines by their baseline (y), ordered by x within a line, and joined with a space
//! where there is a visible gap (a tab where the gap is wide, as between a title and its dates).
//! A taller gap between lines starts a paragraph. Bullet glyphs become `- `.

use serde::Deserialize;

use super::error::ImportError;
use super::limits::{MAX_PDF_ITEMS, MAX_PDF_PAGES, MAX_TEXT_CHARS};
use super::text::list_marker;

/// One piece of text on a page, in PDF units (y grows upwards), as pdf.js's `getTextContent`
/// reports it: `str`, `transform[4]`, `transform[5]`, `width`, `height`, `hasEOL`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PdfTextItem {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// The text pieces of one page.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PdfPage {
    pub items: Vec<PdfTextItem>,
}

/// Fewer letters and digits than this per page (on average) means a scan: a real resume page
/// has well over a thousand; a scan may carry a page number or a stamp.
const MIN_ALNUM_PER_PAGE: usize = 50;

pub(super) fn pages_to_text(pages: &[PdfPage]) -> Result<String, ImportError> {
    check_bounds(pages)?;
    let text = pages.iter().map(page_text).collect::<Vec<_>>().join("\n\n");
    let alnum = text.chars().filter(|c| c.is_alphanumeric()).count();
    if alnum < MIN_ALNUM_PER_PAGE * pages.len().max(1) {
        return Err(ImportError::PdfScanned);
    }
    // Fonts without a Unicode map come out as private-use or replacement characters.
    let visible: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let garbled = visible
        .iter()
        .filter(|c| matches!(**c, '\u{E000}'..='\u{F8FF}' | '\u{FFFD}') || c.is_control())
        .count();
    if garbled * 5 > visible.len() {
        return Err(ImportError::PdfGarbledText);
    }
    Ok(text)
}

/// Refuses, before any grouping (a sort per page), more pages, pieces or characters than a resume
/// could have: the work below is then bounded whatever the PDF holds.
fn check_bounds(pages: &[PdfPage]) -> Result<(), ImportError> {
    if pages.len() > MAX_PDF_PAGES {
        return Err(ImportError::PdfTooManyPages { pages: pages.len() });
    }
    let items: usize = pages.iter().map(|p| p.items.len()).sum();
    if items > MAX_PDF_ITEMS {
        return Err(ImportError::PdfTooMuchText { items });
    }
    // Bytes bound characters from above; counting characters only when the bytes are over.
    let bytes: usize = pages
        .iter()
        .flat_map(|p| &p.items)
        .map(|i| i.text.len())
        .sum();
    if bytes > MAX_TEXT_CHARS * 10 {
        let chars = pages
            .iter()
            .flat_map(|p| &p.items)
            .map(|i| i.text.chars().count())
            .sum();
        if chars > MAX_TEXT_CHARS * 10 {
            return Err(ImportError::NotAResume { chars });
        }
    }
    Ok(())
}

struct Line<'a> {
    y: f64,
    height: f64,
    items: Vec<&'a PdfTextItem>,
}

fn page_text(page: &PdfPage) -> String {
    let mut items: Vec<&PdfTextItem> = page
        .items
        .iter()
        .filter(|i| !i.text.is_empty() && i.x.is_finite() && i.y.is_finite())
        .collect();
    items.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));

    let mut lines: Vec<Line> = Vec::new();
    for item in items {
        let height = if item.height > 0.0 { item.height } else { 10.0 };
        match lines.last_mut() {
            // Same baseline within half a character height (sub/superscripts, mixed fonts).
            Some(line) if (line.y - item.y).abs() <= 0.5 * height.min(line.height) => {
                line.items.push(item)
            }
            _ => lines.push(Line {
                y: item.y,
                height,
                items: vec![item],
            }),
        }
    }

    let mut out = String::new();
    let mut previous: Option<&Line> = None;
    for line in &lines {
        let text = line_text(line);
        if text.trim().is_empty() || is_page_number(&text) {
            continue;
        }
        if let Some(prev) = previous {
            let gap = prev.y - line.y;
            out.push_str(if gap > 1.8 * prev.height.max(line.height) {
                "\n\n"
            } else {
                "\n"
            });
        }
        out.push_str(&list_marker(&text));
        previous = Some(line);
    }
    out
}

fn line_text(line: &Line) -> String {
    let mut items = line.items.clone();
    items.sort_by(|a, b| a.x.total_cmp(&b.x));
    let mut text = String::new();
    let mut end_x: Option<f64> = None;
    // pdf.js puts a " " piece across a wide gap; the gap itself says space or tab.
    for item in items.into_iter().filter(|i| !i.text.trim().is_empty()) {
        if let Some(end) = end_x {
            let gap = item.x - end;
            let height = if item.height > 0.0 { item.height } else { 10.0 };
            let spaced =
                text.ends_with(char::is_whitespace) || item.text.starts_with(char::is_whitespace);
            if gap > 3.0 * height {
                text.push('\t');
            } else if gap > 0.15 * height && !spaced {
                text.push(' ');
            }
        }
        text.push_str(&item.text);
        end_x = Some(item.x + item.width.max(0.0));
    }
    text.trim().to_string()
}

/// "3", "Page 2", "Page 2 of 3", "2 / 3": running footers, not resume text. Numbers of four
/// digits are years, not pages.
fn is_page_number(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    let rest = lower.strip_prefix("page").unwrap_or(&lower).trim();
    !rest.is_empty()
        && rest
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|w| !w.is_empty() && *w != "of")
            .all(|w| w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(text: &str, x: f64, y: f64) -> PdfTextItem {
        PdfTextItem {
            text: text.into(),
            x,
            y,
            // Roughly 5 units per character of a 10-unit font.
            width: 5.0 * text.chars().count() as f64,
            height: 10.0,
        }
    }

    fn page(items: Vec<PdfTextItem>) -> PdfPage {
        PdfPage { items }
    }

    #[test]
    fn items_are_grouped_into_lines_by_baseline_and_ordered_by_x() {
        let filler = "Data engineer with eight years of pipeline work across rail and retail.";
        let p = page(vec![
            // Out of order, as content streams often are; "Quill" sits 0.4 units lower.
            item("Quill", 30.0, 699.6),
            item("Ada", 10.0, 700.0),
            item("• Cut batch time by 40%", 10.0, 686.0),
            item("2019 – 2023", 400.0, 672.0),
            item("Engineer, Acme Rail", 10.0, 672.0),
            item(filler, 10.0, 630.0),
            item("Page 1 of 1", 250.0, 40.0),
        ]);
        assert_eq!(
            pages_to_text(&[p]).unwrap(),
            format!(
                "Ada Quill\n- Cut batch time by 40%\nEngineer, Acme Rail\t2019 – 2023\n\n{filler}"
            )
        );
    }

    #[test]
    fn a_space_piece_across_a_wide_gap_still_gives_a_tab() {
        let mut space = item(" ", 105.0, 700.0);
        space.width = 290.0;
        let p = page(vec![
            item("Engineer", 65.0, 700.0),
            space,
            item("2019 – 2024", 400.0, 700.0),
            item(&"x".repeat(60), 10.0, 680.0),
        ]);
        assert!(pages_to_text(&[p])
            .unwrap()
            .starts_with("Engineer\t2019 – 2024\n"));
    }

    #[test]
    fn pieces_of_one_word_are_not_split() {
        let mut p = page(vec![item("Engin", 10.0, 700.0), item("eer", 35.0, 700.0)]);
        p.items.push(item(&"x".repeat(60), 10.0, 680.0));
        assert!(pages_to_text(&[p]).unwrap().starts_with("Engineer\n"));
    }

    #[test]
    fn a_page_without_text_is_a_scan() {
        assert_eq!(pages_to_text(&[page(vec![])]), Err(ImportError::PdfScanned));
        let stamp = page(vec![
            item("Page 1", 10.0, 10.0),
            item("CONFIDENTIAL", 10.0, 30.0),
        ]);
        assert_eq!(pages_to_text(&[stamp]), Err(ImportError::PdfScanned));
        assert_eq!(pages_to_text(&[]), Err(ImportError::PdfScanned));
    }

    #[test]
    fn unmapped_fonts_are_reported_as_unreadable() {
        let glyphs: String = std::iter::repeat_n('\u{E012}', 200).collect();
        let p = page(vec![
            item(&glyphs, 10.0, 700.0),
            item(&"a".repeat(60), 10.0, 680.0),
        ]);
        assert_eq!(pages_to_text(&[p]), Err(ImportError::PdfGarbledText));
    }

    #[test]
    fn too_many_pages_pieces_or_characters_are_refused_before_grouping() {
        let one = page(vec![item(&"a".repeat(60), 10.0, 700.0)]);
        let pages = vec![one.clone(); MAX_PDF_PAGES + 1];
        assert_eq!(
            pages_to_text(&pages),
            Err(ImportError::PdfTooManyPages {
                pages: MAX_PDF_PAGES + 1
            })
        );
        assert!(pages_to_text(&vec![one; MAX_PDF_PAGES]).is_ok());

        let crowded = page(vec![item("x", 10.0, 700.0); MAX_PDF_ITEMS + 1]);
        assert_eq!(
            pages_to_text(&[crowded]),
            Err(ImportError::PdfTooMuchText {
                items: MAX_PDF_ITEMS + 1
            })
        );
        let book = page(vec![item(
            &"é".repeat(MAX_TEXT_CHARS * 10 + 1),
            10.0,
            700.0,
        )]);
        assert!(matches!(
            pages_to_text(&[book]),
            Err(ImportError::NotAResume { .. })
        ));
    }

    #[test]
    fn page_numbers_are_recognised() {
        for yes in ["3", "Page 2", "page 2 of 3", "2 / 3"] {
            assert!(is_page_number(yes), "{yes}");
        }
        for no in ["2019", "Page Turner Inc", "Rust 2021 edition", ""] {
            assert!(!is_page_number(no), "{no}");
        }
    }
}
