//! PDF text as pdf.js gives it (positioned pieces of text, page by page) to resume text.
//!
//! ```text
//! pieces ─ icon fonts, private-use glyphs, duplicate runs out (clean) ─ lines by baseline (lines)
//!        ─ running headers/footers out (clean) ─ a label column lifted (labels), or a hints
//!          column of dates written into its lines (hints), or columns (columns) ─ per line: letter spacing, soft hyphens, headings from size/weight
//!        ─ words broken at line ends re-joined
//! ```
//! Pieces are grouped into lines by their baseline (y), ordered by x within a line, and joined
//! with a space where there is a visible gap (a tab where the gap is wide, as between a title and
//! its dates). A taller gap between lines starts a paragraph. Bullet glyphs become `- `. A short
//! line set larger than the body text (or in a bold font, where the font's name says so) becomes
//! a Markdown heading, so the rest of the app finds the sections of a PDF resume.

mod cells;
mod clean;
mod columns;
mod headings;
mod hints;
mod labels;
mod lines;

use serde::Deserialize;

use super::error::ImportError;
use super::limits::{MAX_PDF_ITEMS, MAX_PDF_PAGES, MAX_TEXT_CHARS};
use super::text::list_marker;
use crate::domain::structured::ends_with_joining_word;
use clean::EDGE_LINES;
use columns::{Columns, Part};
use headings::Headings;
use lines::{line_text, Line};

/// One piece of text on a page, in PDF units (y grows upwards), as pdf.js's `getTextContent`
/// reports it: `str`, `transform[4]`, `transform[5]`, `width`, `height`, `hasEOL`, `fontName`,
/// and the family of that font from `styles` (every field optional: older callers sent only the
/// first five).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PdfTextItem {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// pdf.js's name for the font (`g_d0_f3`), or the PDF's own (`ABCDEF+Lato-Bold`).
    #[serde(rename = "fontName")]
    pub font_name: String,
    /// The CSS family pdf.js would draw the font with (`sans-serif`, or a real family name).
    #[serde(rename = "fontFamily")]
    pub font_family: String,
    /// pdf.js's mark that a line ends after this piece.
    #[serde(rename = "hasEOL")]
    pub has_eol: bool,
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
    check_garbled(pages)?;
    let icons = clean::icon_fonts(pages);
    let bullets = clean::bullet_fonts(pages);
    let kept: Vec<Vec<PdfTextItem>> = pages
        .iter()
        .map(|p| clean::usable_items(p, &icons, &bullets))
        .collect();
    let body = columns::body_size(kept.iter().flatten());
    let largest = kept
        .iter()
        .flatten()
        .map(lines::item_height)
        .fold(0.0, f64::max);
    let body_font = headings::body_font(kept.iter().flatten());
    let mut page_lines: Vec<Vec<Line>> = kept.into_iter().map(lines::group).collect();
    clean::drop_running_lines(&mut page_lines);
    let mut style = Headings::new(body, largest, body_font);
    style.learn(page_lines.iter().flatten().map(|line| {
        let text = clean::soft_hyphens(&clean::join_letter_spaced(&lines::line_text(line)));
        (line, text)
    }));
    // A page of the document with a column of dates beside its entries: a later page's column
    // of labels alone (moderncv's languages) is one too.
    let dated_hints = page_lines.iter().any(|l| hints::has_dated_column(l));
    // Where each page's text ends on the right: a two-column page whose next page has text
    // only left of its gutter runs its left column on into that page (columns.rs).
    let right_edges: Vec<Option<f64>> = page_lines
        .iter()
        .map(|lines| {
            lines
                .iter()
                .flat_map(|l| &l.items)
                .map(|i| i.x + i.width.max(0.0))
                .reduce(f64::max)
        })
        .collect();
    // Pages whose columns go on over the break are read as one flow (`one_flow`); each page of
    // such a run reads its columns in the order its last page does, which looks at the page
    // after the run.
    let columns: Vec<Option<Columns>> = page_lines
        .iter()
        .map(|lines| page_columns(lines.clone(), &style, dated_hints))
        .collect();
    let mut run_end: Vec<usize> = (0..page_lines.len()).collect();
    for n in (1..columns.len()).rev() {
        if let (Some(a), Some(b)) = (&columns[n - 1], &columns[n]) {
            if a.go_on_into(b) {
                run_end[n - 1] = run_end[n];
            }
        }
    }
    let pages_read: Vec<PageBlocks> = page_lines
        .into_iter()
        .enumerate()
        .map(|(n, lines)| {
            let next_right_edge = right_edges.get(run_end[n] + 1).copied().flatten();
            page_text(lines, &mut style, dated_hints, next_right_edge)
        })
        .collect();
    let text = one_flow(pages_read).join("\n\n");
    let alnum = text.chars().filter(|c| c.is_alphanumeric()).count();
    if alnum < MIN_ALNUM_PER_PAGE * pages.len().max(1) {
        return Err(ImportError::PdfScanned);
    }
    Ok(text)
}

/// Fonts without a Unicode map come out as private-use or replacement characters: counted on
/// the pieces as pdf.js gave them, before icon glyphs are taken out.
fn check_garbled(pages: &[PdfPage]) -> Result<(), ImportError> {
    let (mut visible, mut garbled) = (0usize, 0usize);
    for c in pages
        .iter()
        .flat_map(|p| &p.items)
        .flat_map(|i| i.text.chars())
        .filter(|c| !c.is_whitespace())
    {
        visible += 1;
        if matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{FFFD}') || c.is_control() {
            garbled += 1;
        }
    }
    if garbled * 5 > visible {
        return Err(ImportError::PdfGarbledText);
    }
    Ok(())
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

/// A page's text as blocks in reading order, each with the part of the page it is, and where
/// its columns lie when the page was split into two.
struct PageBlocks {
    columns: Option<Columns>,
    blocks: Vec<(Part, String)>,
}

/// The pages' texts, pages whose two columns go on over the page break (`Columns::go_on_into`)
/// read as one flow: every page's first-read column one after the other, then every page's
/// other column, so an entry that the page break cuts in a column is not cut again by the other
/// column's end (a sidebar that goes on onto page 2 beside the main column). The first page's
/// header band stays first; a later page's header goes before its left column (the one that
/// runs on, as in `columns::split`), a footer after its page's second column. Which column is
/// read first is the run's last page's: its left column may run on into the next page.
fn one_flow(pages: Vec<PageBlocks>) -> Vec<String> {
    let same = |a: Option<Columns>, b: Option<Columns>| match (a, b) {
        (Some(a), Some(b)) => a.go_on_into(&b),
        _ => false,
    };
    let mut out = Vec::new();
    let mut pages = pages.into_iter().peekable();
    while let Some(page) = pages.next() {
        let mut run = vec![page];
        while let Some(next) = pages.next_if(|p| same(run[run.len() - 1].columns, p.columns)) {
            run.push(next);
        }
        if run.len() == 1 {
            let blocks: Vec<String> = run.remove(0).blocks.into_iter().map(|(_, t)| t).collect();
            out.push(blocks.join("\n\n"));
            continue;
        }
        let last = &run[run.len() - 1].blocks;
        let position = |part: Part| last.iter().position(|(p, _)| *p == part);
        let right_first = matches!(
            (position(Part::Right), position(Part::Left)),
            (Some(r), Some(l)) if r < l
        );
        let (mut header, mut first, mut second) = (Vec::new(), Vec::new(), Vec::new());
        for (n, page) in run.into_iter().enumerate() {
            for (part, text) in page.blocks {
                match part {
                    Part::Header if n == 0 => header.push(text),
                    Part::Header | Part::Left if !right_first => first.push(text),
                    Part::Header | Part::Left => second.push(text),
                    Part::Right if right_first => first.push(text),
                    Part::Whole | Part::Right | Part::Footer => second.push(text),
                }
            }
        }
        header.append(&mut first);
        header.append(&mut second);
        out.push(header.join("\n\n"));
    }
    out
}

/// The page's lines with a label or hints column lifted into them (`true`: then the page is one
/// block, no second column), each line parted where its sizes part.
fn lifted(lines: Vec<Line>, style: &Headings, dated_hints: bool) -> (Vec<Line>, bool) {
    let (lines, labelled) = labels::lift(lines, style.body, &style.body_font);
    let (lines, hinted) = if labelled {
        (lines, false)
    } else {
        hints::lift(lines, dated_hints)
    };
    let lines = lines.into_iter().flat_map(lines::apart_by_size).collect();
    (lines, labelled || hinted)
}

/// Where the page's two columns lie, if it has two (read as `page_text` will read it).
fn page_columns(lines: Vec<Line>, style: &Headings, dated_hints: bool) -> Option<Columns> {
    let (lines, one_block) = lifted(lines, style, dated_hints);
    if one_block {
        return None;
    }
    columns::split(lines, style.body, None).0
}

fn page_text(
    lines: Vec<Line>,
    style: &mut Headings,
    dated_hints: bool,
    next_right_edge: Option<f64>,
) -> PageBlocks {
    let (lines, one_block) = lifted(lines, style, dated_hints);
    let count = lines.len();
    // Lines near the page's edges may end in a page number after a tab (a running footer).
    let edge: Vec<bool> = (0..count)
        .map(|n| n < EDGE_LINES || n + EDGE_LINES >= count)
        .collect();
    let edge_ys: Vec<f64> = lines
        .iter()
        .zip(&edge)
        .filter(|(_, e)| **e)
        .map(|(l, _)| l.y)
        .collect();
    let mut blocks_out = Vec::new();
    // A page with a label or hints column has its labels in its lines now: no second column.
    let (columns, blocks) = if one_block {
        (None, vec![(Part::Whole, lines)])
    } else {
        columns::split(lines, style.body, next_right_edge)
    };
    for (index, (part, block)) in blocks.into_iter().enumerate() {
        // Within one column: a sidebar's line on the same baseline is no cell of the row.
        let block = cells::join_cut_dates(cells::join_wrapped(block));
        let mut texts: Vec<String> = Vec::new();
        let mut breaks = Vec::new();
        let mut headings = Vec::new();
        let mut previous: Option<&Line> = None;
        for line in &block {
            let mut text = line_text(line);
            if edge_ys.contains(&line.y) {
                text = clean::without_page_number(&text);
            }
            if text.trim().is_empty() || clean::is_page_number(&text) {
                continue;
            }
            let text = clean::soft_hyphens(&clean::join_letter_spaced(&text));
            let paragraph = previous.is_some_and(|prev| {
                prev.y - line.y > 1.8 * prev.height.max(line.height) || prev.y < line.y
            });
            if headings.last() == Some(&Some("# "))
                && previous.is_some_and(|prev| lines::continues_title(prev, line))
            {
                // The name line wrapped ("Ada Quill | Staff Data" / "Engineer"): one title.
                if let Some(title) = texts.last_mut() {
                    // Broken at its own hyphen ("Weiß-" / "Öztürk"): no space.
                    if !title.ends_with('-') {
                        title.push(' ');
                    }
                    title.push_str(text.trim());
                }
                previous = Some(line);
                continue;
            }
            let heading = style.heading(line, &text);
            // A name set as a heading and wrapped after a joining word ("CHALMERS INSTITUTE OF" /
            // "TECHNOLOGY", Deedy's schools): one heading, not two.
            if heading.is_some()
                && !paragraph
                && headings.last() == Some(&heading)
                && texts.last().is_some_and(|t| ends_with_joining_word(t))
            {
                if let Some(last) = texts.last_mut() {
                    last.push(' ');
                    last.push_str(text.trim());
                }
                previous = Some(line);
                continue;
            }
            texts.push(list_marker(&text));
            breaks.push(paragraph);
            headings.push(heading);
            previous = Some(line);
        }
        clean::join_broken_words(&mut texts);
        clean::join_broken_addresses(&mut texts);
        // A name set large in a header band sits lower than the contact lines beside it; the
        // title goes first all the same.
        if let Some(title) = headings.iter().position(|h| *h == Some("# ")) {
            if index == 0 && (1..EDGE_LINES).contains(&title) {
                let text = texts.remove(title);
                texts.insert(0, text);
                headings.remove(title);
                headings.insert(0, Some("# "));
                breaks.remove(title);
                breaks.insert(0, false);
                breaks[1] = false;
            }
        }
        let mut out = String::new();
        for ((text, paragraph), heading) in texts.iter().zip(breaks).zip(headings) {
            if text.trim().is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push_str(if paragraph || heading.is_some() {
                    "\n\n"
                } else {
                    "\n"
                });
            }
            out.push_str(heading.unwrap_or(""));
            out.push_str(text);
        }
        if !out.is_empty() {
            blocks_out.push((part, out));
        }
    }
    PageBlocks {
        columns,
        blocks: blocks_out,
    }
}

#[cfg(test)]
mod tests {
    use super::clean::is_page_number;
    use super::*;

    fn item(text: &str, x: f64, y: f64) -> PdfTextItem {
        PdfTextItem {
            text: text.into(),
            x,
            y,
            // Roughly 5 units per character of a 10-unit font.
            width: 5.0 * text.chars().count() as f64,
            height: 10.0,
            ..Default::default()
        }
    }

    fn page(items: Vec<PdfTextItem>) -> PdfPage {
        PdfPage { items }
    }

    #[test]
    fn a_title_and_its_employer_told_apart_by_font_alone_are_parted() {
        // An HTML flex row: "Staff Engineer" in bold, "Fjordline" 5 units on in another font,
        // the dates far right. Words of one font a space apart stay one phrase.
        let in_font = |text: &str, x: f64, font: &str| PdfTextItem {
            font_name: font.into(),
            ..item(text, x, 700.0)
        };
        let row = vec![
            in_font("Staff Engineer", 50.0, "bold"),
            in_font("Fjordline", 125.0, "regular"),
            in_font("2021 – Present", 400.0, "regular"),
        ];
        assert_eq!(
            line_text(&Line::new(700.0, row)),
            "Staff Engineer · Fjordline\t2021 – Present"
        );
        let words = vec![
            in_font("Led the", 50.0, "regular"),
            in_font("Kafka", 88.0, "bold"),
        ];
        assert_eq!(line_text(&Line::new(700.0, words)), "Led the Kafka");
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
    fn two_columns_of_sections_are_read_apart_even_with_baselines_in_common() {
        // Deedy: EDUCATION beside EXPERIENCE, same sizes and leading, so a school's lines share
        // baselines with the jobs' and its dates sit beside a job's line; a long school name
        // ends a few units short of the right column, on a baseline of its own.
        let mut long = item("COIMBATORE INSTITUTE OF", 35.0, 578.8);
        long.width = 178.0;
        let left = [
            ("EDUCATION", 685.0),
            ("PACIFIC CREST UNIVERSITY", 668.5),
            ("PhD in Computer Science", 655.5),
            ("2013 – 2019", 643.6),
            ("PACIFIC CREST UNIVERSITY", 623.7),
            ("MS in Electrical Engineering", 610.7),
            ("Sep 2010 – Jun 2012", 598.8),
            ("ENGINEERING", 566.9),
            ("BE in Electronics", 553.9),
            ("Aug 2006 – May 2010", 542.0),
        ];
        let right = [
            ("EXPERIENCE", 685.0),
            ("QUILLMARK AI | Senior ML Scientist", 668.6),
            ("May 2022 – Present", 656.6),
            ("• Cut word error rate from 21% to 13%", 644.7),
            ("BAYSIDE SPEECH LABS | ML Scientist", 621.8),
            ("Aug 2019 – Apr 2022", 609.8),
            ("• Shipped keyword spotting to 2M phones", 595.8),
            ("INSTITUTE FOR LANGUAGE COMPUTING | Intern", 572.9),
            ("2018", 561.0),
            ("TESSELLATE ANALYTICS | Data Analyst", 524.1),
            ("Jul 2012 – Aug 2013", 512.2),
        ];
        let mut items = vec![long];
        items.extend(left.iter().map(|(t, y)| item(t, 35.0, *y)));
        items.extend(right.iter().map(|(t, y)| item(t, 219.0, *y)));
        let text = pages_to_text(&[page(items)]).unwrap();
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let at = |t: &str| lines.iter().position(|l| l.contains(t)).expect(t);
        // Each column whole, one after the other: no line holds both sides.
        let school = at("COIMBATORE INSTITUTE OF");
        assert_eq!(lines[school], "COIMBATORE INSTITUTE OF", "{text}");
        assert!(
            at("PhD in Computer Science") + 1 == at("2013 – 2019"),
            "{text}"
        );
        assert!(at("Aug 2006 – May 2010") < at("EXPERIENCE") || at("Jul 2012") < at("EDUCATION"));
        assert!(
            !lines
                .iter()
                .any(|l| l.contains("UNIVERSITY") && l.contains("AI")),
            "{text}"
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
    fn chinese_text_in_a_cjk_font_beside_a_latin_body_is_not_a_heading() {
        let latin = |text: &str, y: f64| PdfTextItem {
            font_name: "latin".into(),
            ..item(text, 10.0, y)
        };
        let p = page(vec![
            latin("Data engineer with eight years of pipeline work.", 700.0),
            PdfTextItem {
                font_name: "cjk".into(),
                ..item("负责支付清结算系统", 10.0, 686.0)
            },
            latin("Built the feature store for the retail team.", 672.0),
            PdfTextItem {
                font_name: "cjk".into(),
                ..item("SKILLS", 10.0, 658.0)
            },
        ]);
        let text = pages_to_text(&[p]).unwrap();
        assert!(text.contains("\n负责支付清结算系统\n"), "{text}");
        assert!(text.contains("## SKILLS"), "{text}");
    }

    #[test]
    fn a_section_name_in_the_documents_heading_style_is_a_heading_in_any_language_known() {
        let font = |f: &str, text: &str, y: f64| PdfTextItem {
            font_name: f.into(),
            ..item(text, 10.0, y)
        };
        // pdf.js's names, which do not say bold.
        let body = |text: &str, y: f64| font("g_d0_f1", text, y);
        let bold = |text: &str, y: f64| font("g_d0_f2", text, y);
        let head = vec![
            bold("Perfil", 720.0),
            body(
                "Diseñadora de producto centrada en servicios públicos.",
                706.0,
            ),
            bold("Experiencia laboral", 690.0),
            body(
                "Azahar Digital, Valencia, desde enero de 2021 hasta hoy.",
                676.0,
            ),
        ];
        let mut items = head.clone();
        items.extend([
            // A title in the heading font that holds a section word is no heading.
            bold("Senior Career Advisor at Levante Jobs", 662.0),
            body("Ayudé a doscientas personas a cambiar de profesión.", 648.0),
            // "Habilidades" is a usual section name: it says which style the headings have.
            bold("Habilidades", 632.0),
            body(
                "Figma, investigación de usuarios, accesibilidad, prototipos.",
                618.0,
            ),
        ]);
        let text = pages_to_text(&[page(items)]).unwrap();
        for heading in ["## Perfil", "## Experiencia laboral", "## Habilidades"] {
            assert!(text.contains(heading), "{heading}: {text}");
        }
        assert!(!text.contains("## Senior Career"), "{text}");
        // Without a usual name to learn the style from, the other names stay as they were.
        let unlearned = page(head);
        let text = pages_to_text(&[unlearned]).unwrap();
        assert!(!text.contains("## Experiencia laboral"), "{text}");
    }

    #[test]
    fn chips_set_well_apart_are_items_not_one_phrase() {
        let p = page(vec![
            item("Kafka", 10.0, 700.0),
            item("Spark", 52.0, 700.0),
            item("dbt", 94.0, 700.0),
            item(
                "Data engineer with eight years of pipeline work.",
                10.0,
                680.0,
            ),
        ]);
        let text = pages_to_text(&[p]).unwrap();
        assert!(text.starts_with("Kafka · Spark · dbt\n"), "{text}");
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
