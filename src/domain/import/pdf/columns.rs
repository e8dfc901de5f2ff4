//! Two-column pages (sidebar templates: AltaCV, Deedy, many Canva/Word exports): a vertical
//! gutter, an x band free of text across a run of consecutive lines, splits those lines into a
//! left and a right column, read one after the other. Lines above the run (a full-width header
//! band) stay first, lines below it last.
//!
//! A label layout (moderncv: dates or labels on the left, each on the baseline of the entry it
//! labels on the right) also has a gutter; there the two sides share their baselines, and
//! splitting would tear each date from its entry. Such pages are not split: the columns must be
//! independent, with at most half of the shorter side's lines on a baseline of the other side.
//! Two real columns set in the same size with the same leading look like a label layout; they
//! are told apart when each side opens with a section heading (Deedy: EDUCATION beside
//! EXPERIENCE), which a label column never does.

use super::lines::{item_height, Line};
use super::PdfTextItem;
use crate::domain::structured::names_section;

/// Fewer lines than this on either side of a gutter is not a column.
const MIN_COLUMN_LINES: usize = 4;

/// Baselines closer than this (PDF units), or than a tenth of the taller piece's height, are the
/// same baseline: a title at 12 units and its dates at 9.75 sit 0.75 apart (mixed sizes on one
/// line are centred, not set on one baseline, by HTML themes).
const ALIGNED: f64 = 0.5;

fn same_baseline(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() <= ALIGNED.max(0.1 * a.1.max(b.1))
}

/// Which part of a page a block is: a page not split is one `Whole` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    Whole,
    Header,
    Left,
    Right,
    Footer,
}

/// Where a split page's two columns lie: the free band between them (the left column's right
/// end, the right column's left edge), and the top and foot (baselines) of each column and of
/// the page's text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Columns {
    pub band: (f64, f64),
    pub left: (f64, f64),
    pub right: (f64, f64),
    pub page: (f64, f64),
    /// The body text's line height, in PDF units.
    pub line: f64,
}

impl Columns {
    /// The same two columns going on from this page onto `next`: their free bands overlap, both
    /// columns reach this page's foot and both start at the next page's top (within a tenth of
    /// the page's text, or four lines), so the page break cuts each of them.
    pub fn go_on_into(&self, next: &Columns) -> bool {
        let overlap = self.band.0.max(next.band.0) < self.band.1.min(next.band.1);
        let near = |c: &Columns| (4.0 * c.line).max(0.1 * (c.page.0 - c.page.1));
        let to_foot = |column: (f64, f64)| column.1 - self.page.1 <= near(self);
        let from_top = |column: (f64, f64)| next.page.0 - column.0 <= near(next);
        overlap
            && to_foot(self.left)
            && to_foot(self.right)
            && from_top(next.left)
            && from_top(next.right)
    }
}

/// The page's lines as blocks to read in order, with where its columns lie when it was split:
/// one block, or header band, left column, right column, footer band (empty blocks left out).
/// When the next page's text all lies left of the gutter (`next_right_edge`, where it ends), the
/// left column is the main one and runs on into that page: the right column is read first, so
/// the left one's last entry is not cut in two by the sidebar (kendall: the employer at the
/// foot of page 1, its dates and title on page 2).
pub(super) fn split(
    lines: Vec<Line>,
    body_size: f64,
    next_right_edge: Option<f64>,
) -> (Option<Columns>, Vec<(Part, Vec<Line>)>) {
    match find_gutter(&lines, body_size) {
        None => (None, vec![(Part::Whole, lines)]),
        Some(gutter) => {
            let left_runs_on =
                next_right_edge.is_some_and(|edge| edge <= gutter.x - gutter.min_gap);
            let (columns, parts) = split_at(lines, gutter, left_runs_on, body_size);
            (Some(columns), parts)
        }
    }
}

struct Gutter {
    /// Left edge of the right column.
    x: f64,
    min_gap: f64,
    /// Line indexes of the split run, `start..end`.
    start: usize,
    end: usize,
}

enum Side {
    Left,
    Right,
    Across,
}

fn side(item: &PdfTextItem, x: f64, min_gap: f64) -> Side {
    if item.x >= x - 1.0 {
        Side::Right
    } else if item.x + item.width.max(0.0) <= x - min_gap {
        Side::Left
    } else {
        Side::Across
    }
}

/// Each piece's side of `x` on one line. A piece ending short of `x` by less than the gutter is
/// across it only when it shares a baseline with a right-side piece (one phrase a word's space
/// apart); otherwise it is a long left-column line on a baseline of its own (Deedy's
/// "COIMBATORE INSTITUTE OF", a few units from the right column, grouped with a line of it).
fn sides(line: &Line, x: f64, min_gap: f64) -> Vec<Side> {
    line.items
        .iter()
        .map(|item| match side(item, x, min_gap) {
            Side::Across if item.x + item.width.max(0.0) <= x - 1.0 => {
                // Near the gutter but not across it: one phrase with a right-side piece only
                // when the two share a baseline (a line groups baselines a few units apart).
                let at = (item.y, item_height(item));
                let joined = line
                    .items
                    .iter()
                    .any(|i| i.x >= x - 1.0 && same_baseline(at, (i.y, item_height(i))));
                if joined {
                    Side::Across
                } else {
                    Side::Left
                }
            }
            other => other,
        })
        .collect()
}

fn find_gutter(lines: &[Line], body_size: f64) -> Option<Gutter> {
    if lines.len() < 2 * MIN_COLUMN_LINES {
        return None;
    }
    let items = || lines.iter().flat_map(|l| &l.items);
    let left_edge = items().map(|i| i.x).fold(f64::INFINITY, f64::min);
    let right_edge = items()
        .map(|i| i.x + i.width.max(0.0))
        .fold(f64::NEG_INFINITY, f64::max);
    let span = right_edge - left_edge;
    if !(span.is_finite() && span > 0.0) {
        return None;
    }
    // Candidate gutters end where some piece starts, away from the page's edges.
    let mut candidates: Vec<i64> = items()
        .map(|i| i.x)
        .filter(|x| *x > left_edge + 0.15 * span && *x < left_edge + 0.85 * span)
        .map(|x| x.floor() as i64)
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    let min_gap = (0.6 * body_size).max(5.0);

    let mut best: Option<(usize, Gutter)> = None;
    for candidate in candidates {
        let x = candidate as f64;
        let Some((start, end, score)) = best_run(lines, x, min_gap) else {
            continue;
        };
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((
                score,
                Gutter {
                    x,
                    min_gap,
                    start,
                    end,
                },
            ));
        }
    }
    best.map(|(_, gutter)| gutter)
}

/// The longest run of consecutive lines that no piece crosses at `x`, if it holds real columns:
/// enough lines on each side, and sides that do not share their baselines.
fn best_run(lines: &[Line], x: f64, min_gap: f64) -> Option<(usize, usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    let mut start = 0;
    while start < lines.len() {
        let (mut left, mut right, mut both, mut dates_beside) = (0, 0, 0, 0);
        // Each side opens with a section heading: two columns of sections, however their
        // lines align (Deedy: EDUCATION beside EXPERIENCE).
        let (mut left_first, mut right_first): (Option<String>, Option<String>) = (None, None);
        let mut end = start;
        while end < lines.len() {
            let (mut left_ys, mut right_ys) = (Vec::new(), Vec::new());
            let (mut left_text, mut right_text) = (Vec::new(), Vec::new());
            let mut across = false;
            for (item, side) in lines[end].items.iter().zip(sides(&lines[end], x, min_gap)) {
                let at = (item.y, item_height(item));
                match side {
                    Side::Left => {
                        left_ys.push(at);
                        left_text.push(item.text.as_str());
                    }
                    Side::Right => {
                        right_ys.push(at);
                        right_text.push(item.text.as_str());
                    }
                    Side::Across => across = true,
                }
            }
            if across {
                break;
            }
            left += usize::from(!left_ys.is_empty());
            right += usize::from(!right_ys.is_empty());
            // Grouping into lines tolerates half a character; a label sits on the very baseline.
            let aligned = left_ys
                .iter()
                .any(|l| right_ys.iter().any(|r| same_baseline(*l, *r)));
            both += usize::from(aligned);
            // A date alone on one side, on the baseline of the other side's line: an entry's
            // dates set flush right (Jake's, Awesome-CV, basic Typst) or left, not a column.
            dates_beside += usize::from(
                aligned && (date_alone(&right_text.join(" ")) || date_alone(&left_text.join(" "))),
            );
            if !left_text.is_empty() {
                left_first.get_or_insert_with(|| left_text.join(" "));
            }
            if !right_text.is_empty() {
                right_first.get_or_insert_with(|| right_text.join(" "));
            }
            end += 1;
        }
        let independent = both * 2 <= left.min(right) && dates_beside < 2
            || [&left_first, &right_first]
                .iter()
                .all(|t| t.as_deref().is_some_and(names_section));
        if left >= MIN_COLUMN_LINES
            && right >= MIN_COLUMN_LINES
            && independent
            && best.is_none_or(|(_, _, score)| end - start > score)
        {
            best = Some((start, end, end - start));
        }
        start = end.max(start + 1);
    }
    best
}

/// A side of a line that is a date range and little else ("Sep 2021 – Present", "2019").
fn date_alone(text: &str) -> bool {
    crate::domain::structured::find_range(text).is_some_and(|(_, span)| {
        let rest = format!("{}{}", &text[..span.start], &text[span.end..]);
        rest.split_whitespace().count() <= 1
    })
}

fn split_at(
    lines: Vec<Line>,
    gutter: Gutter,
    left_runs_on: bool,
    body_size: f64,
) -> (Columns, Vec<(Part, Vec<Line>)>) {
    let ys = lines.iter().map(|l| l.y);
    let page = (
        ys.clone().fold(f64::MIN, f64::max),
        ys.fold(f64::MAX, f64::min),
    );
    let mut header = Vec::new();
    let mut left = Vec::new();
    let mut right = Vec::new();
    let mut footer = Vec::new();
    for (n, line) in lines.into_iter().enumerate() {
        if n < gutter.start {
            header.push(line);
        } else if n >= gutter.end {
            footer.push(line);
        } else {
            let sides = sides(&line, gutter.x, gutter.min_gap);
            let (mut l, mut r) = (Vec::new(), Vec::new());
            for (item, side) in line.items.into_iter().zip(sides) {
                match side {
                    Side::Left => l.push(item),
                    _ => r.push(item),
                }
            }
            // Each side on its own baseline: the line's was the first piece's, of either side.
            let baseline =
                |items: &[PdfTextItem]| items.iter().map(|i| i.y).fold(f64::MIN, f64::max);
            if !l.is_empty() {
                left.push(Line::new(baseline(&l), l));
            }
            if !r.is_empty() {
                right.push(Line::new(baseline(&r), r));
            }
        }
    }
    let ends = |column: &[Line]| {
        column
            .first()
            .zip(column.last())
            .map_or((f64::MIN, f64::MAX), |(a, b)| (a.y, b.y))
    };
    fn items(column: &[Line]) -> impl Iterator<Item = &PdfTextItem> {
        column.iter().flat_map(|l| &l.items)
    }
    let columns = Columns {
        band: (
            items(&left)
                .map(|i| i.x + i.width.max(0.0))
                .fold(f64::MIN, f64::max),
            items(&right).map(|i| i.x).fold(f64::MAX, f64::min),
        ),
        left: ends(&left),
        right: ends(&right),
        page,
        line: 1.5 * body_size,
    };
    let (first, second) = if left_runs_on {
        // The left column's lines above the sidebar's first (the name and headline over the
        // main column) are the page's header all the same: they stay first.
        let top = right.first().map_or(f64::MAX, |l| l.y);
        let above = left.iter().take_while(|l| l.y > top + ALIGNED).count();
        header.extend(left.drain(..above));
        ((Part::Right, right), (Part::Left, left))
    } else {
        ((Part::Left, left), (Part::Right, right))
    };
    let parts = [
        (Part::Header, header),
        first,
        second,
        (Part::Footer, footer),
    ]
    .into_iter()
    .filter(|(_, b)| !b.is_empty())
    .collect();
    (columns, parts)
}

/// The most common font size, by characters: the body text's.
pub(super) fn body_size<'a>(items: impl Iterator<Item = &'a PdfTextItem>) -> f64 {
    let mut counts: Vec<(i64, usize)> = Vec::new();
    for item in items {
        let key = (item_height(item) * 2.0).round() as i64;
        let chars = item.text.trim().chars().count();
        match counts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += chars,
            None => counts.push((key, chars)),
        }
    }
    counts
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map(|(k, _)| k as f64 / 2.0)
        .unwrap_or(10.0)
}
