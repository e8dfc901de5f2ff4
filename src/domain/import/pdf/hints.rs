//! A column of dates left of the content, each on the baseline of the entry it dates (LaTeX's
//! moderncv in its `classic` and `casual` styles, which call it the hints column; Europass-like
//! Word templates): "Sep 2021 –" beside "Staff Data Engineer, Fjordline Logistics", the range's
//! end ("Present") wrapped onto the next line, beside the job's first bullet. Read across, the
//! start runs into the title and the end into the bullet; the column splitter rightly refuses
//! such a page (its sides share baselines), and the label lifter refuses dates.
//!
//! Here each date, its wrapped end joined back, goes after its entry's line behind a tab, the way
//! a title and its dates are written everywhere else ("Staff Data Engineer, Fjordline\tSep 2021 –
//! Present"); a short label in the column beside content (moderncv's `\cvitem{Data}{Kafka, …}`)
//! goes before it with a colon ("Data: Kafka, …").
//!
//! What makes a hints column: every piece left of the content's left edge (none crossing it on
//! that line) is short, at least two thirds of them sit on a line with content, and at least two
//! are dates, on this page or (for a later page of labels only) on another page of the document.

use super::labels::content_edge;
use super::lines::{item_height, line_text, Line};
use super::PdfTextItem;
use crate::domain::structured::find_range;

/// The gap between a hint's right end and the content's left edge, at least (PDF units).
const MIN_GAP: f64 = 6.0;

/// A hint is short: "Sep 2021 – Present", "Programming languages".
const MAX_WORDS: usize = 5;
const MAX_CHARS: usize = 32;

/// One line, its hints column apart from the rest.
struct Row {
    line: Line,
    hint: Vec<PdfTextItem>,
    content: Vec<PdfTextItem>,
    /// A piece crosses the content's left edge (a name across the header): left as it is.
    across: bool,
}

/// Whether the page has a hints column of its own: it qualifies with two dates or more.
pub(super) fn has_dated_column(lines: &[Line]) -> bool {
    rows(lines).is_some_and(|rows| qualifies(&rows, false))
}

/// The page's lines with their hints written into the lines they belong to, and whether the page
/// had a hints column (then it has no second column to split off). `document_dated`: another
/// page of the document has a dated hints column, so labels alone make one here.
pub(super) fn lift(lines: Vec<Line>, document_dated: bool) -> (Vec<Line>, bool) {
    let Some(rows) = rows(&lines) else {
        return (lines, false);
    };
    if !qualifies(&rows, document_dated) {
        return (lines, false);
    }
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if row.hint.is_empty() || row.across {
            out.push(row.line);
            continue;
        }
        let hint = Line::new(row.line.y, row.hint);
        if row.content.is_empty() {
            out.push(hint);
            continue;
        }
        let text = line_text(&hint);
        let first = hint.items[0].clone();
        let height = item_height(&first);
        let mut items = row.content;
        if find_range(&text).is_some() {
            // After the content's right end, a tab's gap away.
            let end = items
                .iter()
                .map(|i| i.x + i.width.max(0.0))
                .fold(f64::MIN, f64::max);
            items.push(PdfTextItem {
                text,
                x: end + 4.0 * height + 1.0,
                width: hint_width(&hint),
                ..first
            });
        } else {
            let text = if text.ends_with([':', '：']) {
                text
            } else {
                format!("{text}:")
            };
            let width = hint_width(&hint);
            // Before the content, a word's space away.
            items.push(PdfTextItem {
                text,
                x: items[0].x - width - 0.25 * height,
                width,
                ..first
            });
        }
        out.push(Line::new(row.line.y, items));
    }
    (out, true)
}

fn hint_width(hint: &Line) -> f64 {
    let left = hint.items.iter().map(|i| i.x).fold(f64::MAX, f64::min);
    let right = hint
        .items
        .iter()
        .map(|i| i.x + i.width.max(0.0))
        .fold(f64::MIN, f64::max);
    (right - left).max(0.0)
}

/// The page's lines split at the content's left edge, a date range's wrapped end joined back to
/// its start (the end's line then keeps only its content).
fn rows(lines: &[Line]) -> Option<Vec<Row>> {
    let edge = content_edge(lines)?;
    let mut rows: Vec<Row> = lines
        .iter()
        .map(|line| {
            let (mut hint, mut content, mut across) = (Vec::new(), Vec::new(), false);
            for item in &line.items {
                let blank = item.text.trim().is_empty();
                if item.x + item.width.max(0.0) <= edge - MIN_GAP {
                    // The blank pieces pdf.js puts across the gap go with neither side.
                    if !blank {
                        hint.push(item.clone());
                    }
                } else if item.x >= edge - MIN_GAP {
                    content.push(item.clone());
                } else if !blank {
                    across = true;
                }
            }
            Row {
                line: line.clone(),
                hint,
                content,
                across,
            }
        })
        .collect();
    for n in 1..rows.len() {
        let (head, tail) = rows.split_at_mut(n);
        let (prev, next) = (&mut head[n - 1], &mut tail[0]);
        if prev.hint.is_empty() || prev.across || next.hint.is_empty() || next.across {
            continue;
        }
        let start = line_text(&Line::new(prev.line.y, prev.hint.clone()));
        let end = line_text(&Line::new(next.line.y, next.hint.clone()));
        let whole = join_wrapped(&start, &end);
        let full = |t: &str| find_range(t).is_some_and(|(r, _)| r.end.is_some() || r.present);
        if !full(&start) && full(&whole) {
            // One piece carrying the whole range, where the start was.
            let mut first = prev.hint[0].clone();
            first.text = whole;
            first.width = hint_width(&Line::new(prev.line.y, prev.hint.clone()));
            prev.hint = vec![first];
            next.hint.clear();
            // The end's line without it (its content stays).
            next.line = Line::new(next.line.y, next.content.clone());
        }
    }
    Some(rows)
}

fn qualifies(rows: &[Row], document_dated: bool) -> bool {
    let hints: Vec<(String, bool)> = rows
        .iter()
        .filter(|r| !r.hint.is_empty() && !r.across)
        .map(|r| {
            (
                line_text(&Line::new(r.line.y, r.hint.clone())),
                !r.content.is_empty(),
            )
        })
        .collect();
    if hints.is_empty() {
        return false;
    }
    let short = hints
        .iter()
        .all(|(t, _)| t.split_whitespace().count() <= MAX_WORDS && t.chars().count() <= MAX_CHARS);
    let beside = hints.iter().filter(|(_, c)| *c).count();
    let dated = hints
        .iter()
        .filter(|(t, _)| find_range(t).is_some())
        .count();
    short && beside * 3 >= hints.len() * 2 && (dated >= 2 || document_dated)
}

/// A range wrapped at the column's edge, put back together: with a space, or without one
/// between two Han characters ("至" + "今").
fn join_wrapped(start: &str, end: &str) -> String {
    let han = |c: Option<char>| c.is_some_and(crate::domain::han::is_han);
    if han(start.chars().next_back()) && han(end.chars().next()) {
        format!("{start}{end}")
    } else {
        format!("{start} {end}")
    }
}
