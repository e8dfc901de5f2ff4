//! A table row whose cells wrap: a Word or LibreOffice table exported to PDF sets a cell's
//! second line under the cell ("01/2021 –" / "actualidad", "Chalmers Institute of" /
//! "Technology"), on a baseline of its own. Read line by line, that second line was a line of
//! its own, and the row lost the end of its dates, its school's last word, its title's.
//!
//! A line is a row's wrapped remainder when it sits right under a row of three cells or more
//! (pieces a tab's gap apart), every piece of it starts where one of the row's cells starts, it
//! has fewer cells than the row, and each of its pieces ends before the next cell of the row
//! begins (a description under the row runs across the columns). Its pieces are joined to the
//! cells they continue.

use super::lines::{item_height, line_text, Line, FONT_CHANGE_GAP};
use super::PdfTextItem;

/// How far apart, in units of the text's height, two pieces of different cells are at least: a
/// cell's padding on each side (`lines::line_text` writes a tab only from three heights, and
/// a narrow column's dates beside the next cell as items, " · ").
const CELL_GAP: f64 = 1.0;
/// A line parted into cells, once: each cell's pieces and where it starts and ends, with the
/// line's baseline and height.
struct Cells {
    pieces: Vec<Vec<PdfTextItem>>,
    spans: Vec<(f64, f64)>,
    y: f64,
    height: f64,
}

impl Cells {
    fn of(line: &Line) -> Cells {
        let pieces = group_pieces(line);
        let spans = pieces
            .iter()
            .map(|cell| {
                let start = cell.first().map_or(0.0, |i| i.x);
                let end = cell
                    .iter()
                    .map(|i| i.x + i.width.max(0.0))
                    .fold(start, f64::max);
                (start, end)
            })
            .collect();
        Cells {
            pieces,
            spans,
            y: line.y,
            height: line.height,
        }
    }
}

/// Whether `item` starts another cell than `prev`'s: a cell's padding apart, or a space's
/// width apart in another font (a bold title, then its employer in a colour, in one row).
fn parted(prev: &PdfTextItem, prev_end: f64, item: &PdfTextItem) -> bool {
    let gap = item.x - prev_end;
    let height = item_height(item);
    gap > CELL_GAP * height || gap > FONT_CHANGE_GAP * height && prev.font_name != item.font_name
}

/// The row cell (its index) that `line`'s every cell continues, when `line` is the wrapped
/// remainder of `row` (see the module's comment).
fn continues(row: &Cells, line: &Cells) -> Option<Vec<usize>> {
    let (row_cells, own) = (&row.spans, &line.spans);
    let height = row.height.max(line.height);
    let tight = row.y - line.y > 0.0 && row.y - line.y <= 1.5 * height;
    if row_cells.len() < 3 || own.is_empty() || own.len() >= row_cells.len() || !tight {
        return None;
    }
    let row_pieces = &row.pieces;
    own.iter()
        .zip(&line.pieces)
        .map(|((start, end), cell)| {
            let at = row_cells
                .iter()
                .position(|(s, _)| (s - start).abs() <= 0.25 * height)?;
            // A wrapped cell goes on in its own font and size: a heading under the last row
            // (bold, or larger) does not.
            let (last, first) = (row_pieces[at].last()?, cell.first()?);
            let (a, b) = (item_height(last), item_height(first));
            if last.font_name != first.font_name || (a - b).abs() > 0.1 * a.max(b) {
                return None;
            }
            // A number under a number is two values stacked in a narrow column (kendall's
            // "2014" over "2017"), not one wrapped; "01/2021 –" over "actualidad" is one.
            if last.text.trim_end().ends_with(|c: char| c.is_ascii_digit())
                && first
                    .text
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                return None;
            }
            let next_start = row_cells.get(at + 1).map(|(s, _)| *s);
            let wrapped = match next_start {
                // The remainder's first word did not fit after the row's cell, short of the
                // padding each side of the border (`CELL_GAP`): it wrapped. ("Kvarnby
                // Consulting" far left of its dates, a title under it: no wrap.)
                Some(next) => {
                    *end < next
                        && row_cells[at].1 + first_word_width(cell) > next - CELL_GAP * height
                }
                // The row's last cell: nothing to its right says where it ends; a few words.
                None => {
                    cell.iter()
                        .map(|i| i.text.split_whitespace().count())
                        .sum::<usize>()
                        <= 3
                }
            };
            wrapped.then_some(at)
        })
        .collect()
}

/// How wide the first word of a cell's pieces is, with the space before it (from the piece's
/// width shared out by its characters).
fn first_word_width(cell: &[PdfTextItem]) -> f64 {
    let Some(first) = cell.first() else {
        return 0.0;
    };
    let chars = first.text.trim().chars().count().max(1) as f64;
    let word = first
        .text
        .split_whitespace()
        .next()
        .map_or(0, |w| w.chars().count()) as f64;
    first.width.max(0.0) * (word + 1.0) / chars
}

/// Joins each wrapped remainder to its row: its pieces go after the last piece of the cell
/// they continue, on the row's baseline, so the row reads as one line with whole cells.
pub(super) fn join_wrapped(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    // The last line's cells; or, after a remainder was joined to a row, the row's cells as
    // they stood before (a cell may wrap twice, under the same columns).
    let mut row: Option<Cells> = None;
    for line in lines {
        let parts = Cells::of(&line);
        let targets = row.as_ref().and_then(|row| continues(row, &parts));
        if let Some(targets) = targets {
            let row_parts = row.as_ref().expect("continues needs a row");
            let joined = out.last_mut().expect("a row was read");
            for (piece_cell, target) in parts.pieces.into_iter().zip(targets) {
                let (_, end) = row_parts.spans[target];
                // Set just after the cell's last piece, a space's width on: in the cell's order.
                let mut x = end + 0.1;
                for mut item in piece_cell {
                    item.y = joined.y;
                    item.x = x;
                    x += 0.001;
                    item.text = format!(" {}", item.text.trim_start());
                    item.width = 0.0;
                    joined.items.push(item);
                }
            }
            crate::domain::stable_sort::sort_by(&mut joined.items, |a, b| a.x.total_cmp(&b.x));
            continue;
        }
        row = Some(parts);
        out.push(line);
    }
    out
}

/// A Chinese or Japanese date cut where its column wrapped ("2017 年 10 月 – 2021" over "年 3 月"):
/// no date starts with its unit, so a line's piece that does (年, 月) goes back to the piece of
/// the line above that starts where it starts and ends in a number. The rest of the line (an
/// employer beside it) stays where it is.
pub(super) fn join_cut_dates(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for mut line in lines {
        let cut = line
            .items
            .iter()
            .position(|i| !i.text.trim().is_empty())
            .filter(|&at| line.items[at].text.trim_start().starts_with(['年', '月']));
        let target = cut.zip(out.last()).and_then(|(at, row)| {
            let height = row.height.max(line.height);
            let tight = row.y - line.y > 0.0 && row.y - line.y <= 1.5 * height;
            tight
                .then(|| cell_ending_at(row, line.items[at].x, height))
                .flatten()
        });
        if let (Some(at), Some(to)) = (cut, target) {
            let row = out.last_mut().expect("a target is in the row above");
            // The cut piece and those of its cell after it ("年", "3", "月"), up to a cell's gap.
            let height = line.height;
            let mut end = at + 1;
            while end < line.items.len() {
                let prev = &line.items[end - 1];
                if line.items[end].x - (prev.x + prev.width.max(0.0)) > CELL_GAP * height {
                    break;
                }
                end += 1;
            }
            // One piece of their text as their own line read it, just after the row's number.
            let run: Vec<PdfTextItem> = line.items.drain(at..end).collect();
            let mut piece = run[0].clone();
            piece.text = format!(" {}", line_text(&Line::new(line.y, run)));
            piece.y = row.y;
            piece.x = row.items[to].x + row.items[to].width.max(0.0) + 0.1;
            piece.width = 0.0;
            row.items.insert(to + 1, piece);
            if line.items.iter().all(|i| i.text.trim().is_empty()) {
                continue;
            }
        }
        out.push(line);
    }
    out
}

/// The last piece of the cell of `row` that starts at `x`, when it ends in a number.
fn cell_ending_at(row: &Line, x: f64, height: f64) -> Option<usize> {
    let first = row
        .items
        .iter()
        .position(|i| !i.text.trim().is_empty() && (i.x - x).abs() <= 0.25 * height)?;
    let mut last = first;
    for (n, item) in row.items.iter().enumerate().skip(first + 1) {
        let prev = &row.items[last];
        if item.x - (prev.x + prev.width.max(0.0)) > CELL_GAP * height {
            break;
        }
        if !item.text.trim().is_empty() {
            last = n;
        }
    }
    let text = row.items[last].text.trim_end();
    text.ends_with(|c: char| c.is_ascii_digit()).then_some(last)
}

/// The pieces of `line`, cell by cell.
fn group_pieces(line: &Line) -> Vec<Vec<PdfTextItem>> {
    let mut groups: Vec<Vec<PdfTextItem>> = Vec::new();
    let mut last_end = f64::NEG_INFINITY;
    for item in line.items.iter().filter(|i| !i.text.trim().is_empty()) {
        let starts_cell = match groups.last().and_then(|g| g.last()) {
            Some(prev) => parted(prev, last_end, item),
            None => true,
        };
        if starts_cell {
            groups.push(Vec::new());
        }
        groups.last_mut().expect("just pushed").push(item.clone());
        last_end = last_end.max(item.x + item.width.max(0.0));
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::super::lines::line_text;
    use super::*;

    fn piece(text: &str, x: f64, y: f64) -> PdfTextItem {
        PdfTextItem {
            text: text.into(),
            x,
            y,
            width: text.chars().count() as f64 * 5.0,
            height: 10.0,
            ..PdfTextItem::default()
        }
    }

    fn line(y: f64, pieces: &[(&str, f64)]) -> Line {
        Line::new(y, pieces.iter().map(|(t, x)| piece(t, *x, y)).collect())
    }

    #[test]
    fn a_cell_wrapped_onto_the_next_line_is_joined_to_its_row() {
        let lines = vec![
            // Columns at 50, 140 and 250: "actualidad" did not fit after "01/2021 –".
            line(
                700.0,
                &[
                    ("01/2021 –", 50.0),
                    ("Azahar Digital", 140.0),
                    ("Diseñadora de producto", 250.0),
                ],
            ),
            line(688.0, &[("actualidad", 50.0), ("sénior", 250.0)]),
            // A description under the row runs across the columns: a line of its own.
            line(
                676.0,
                &[(
                    "Rediseño del trámite de empadronamiento: 30% menos abandonos",
                    50.0,
                )],
            ),
        ];
        let text: Vec<String> = join_wrapped(lines).iter().map(line_text).collect();
        assert_eq!(
            text,
            [
                "01/2021 – actualidad\tAzahar Digital\tDiseñadora de producto sénior",
                "Rediseño del trámite de empadronamiento: 30% menos abandonos",
            ]
        );
    }

    #[test]
    fn a_word_that_would_reach_into_the_cells_padding_wrapped() {
        // "actualidad" would end at 150, five units short of the next cell at 155: inside the
        // padding on each side of the border, so it went to the next line.
        let lines = vec![
            line(
                700.0,
                &[
                    ("01/2021 –", 50.0),
                    ("Azahar Digital", 155.0),
                    ("Diseñadora", 300.0),
                ],
            ),
            line(688.0, &[("actualidad", 50.0)]),
        ];
        let text: Vec<String> = join_wrapped(lines).iter().map(line_text).collect();
        assert_eq!(text, ["01/2021 – actualidad\tAzahar Digital\tDiseñadora"]);
    }

    #[test]
    fn a_cjk_date_cut_by_its_column_goes_back_to_its_number() {
        let lines = vec![
            line(
                700.0,
                &[("2017 年 10 月 – 2021", 50.0), ("データエンジニア", 200.0)],
            ),
            line(
                688.0,
                &[
                    ("年", 50.0),
                    ("3", 58.0),
                    ("月", 66.0),
                    ("青葉システム", 200.0),
                ],
            ),
            // A line that merely starts with 年 far from any number stays.
            line(676.0, &[("年間売上を二倍にした", 50.0)]),
        ];
        let text: Vec<String> = join_cut_dates(lines).iter().map(line_text).collect();
        assert_eq!(
            text,
            [
                "2017 年 10 月 – 2021 年 3 月\tデータエンジニア",
                "青葉システム",
                "年間売上を二倍にした",
            ]
        );
    }

    #[test]
    fn lines_of_two_columns_or_far_apart_are_left_alone() {
        // Two cells only (a title and its dates), and a row's next line after a row's gap.
        let two = vec![
            line(
                700.0,
                &[("Staff Engineer", 50.0), ("2021 – Present", 400.0)],
            ),
            line(688.0, &[("Acme", 50.0)]),
        ];
        assert_eq!(join_wrapped(two).len(), 2);
        let apart = vec![
            line(
                700.0,
                &[("2019", 50.0), ("Acme", 160.0), ("Engineer", 320.0)],
            ),
            line(660.0, &[("Leeds", 160.0)]),
        ];
        assert_eq!(join_wrapped(apart).len(), 2);
        // An employer with room after it and the title under it: no wrap.
        let roomy = vec![
            line(
                700.0,
                &[
                    ("Kvarnby Consulting", 50.0),
                    ("Oslo", 300.0),
                    ("2019", 400.0),
                ],
            ),
            line(688.0, &[("Junior Developer", 50.0)]),
        ];
        assert_eq!(join_wrapped(roomy).len(), 2);
        // Years stacked in a narrow column are two values, not one wrapped.
        let stacked = vec![
            line(
                700.0,
                &[
                    ("Leeds", 20.0),
                    ("2010", 100.0),
                    ("Lakeside University", 125.0),
                ],
            ),
            line(688.0, &[("2014", 100.0)]),
        ];
        assert_eq!(join_wrapped(stacked).len(), 2);
    }
}
