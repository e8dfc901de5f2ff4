//! A column of section labels left of the content (JSON Resume's `even` and `flat` themes, many
//! "modern" templates): "Work" set large on the baseline of the first job's title, "Education"
//! beside the first school. Read as a column of its own, every label comes before all the content
//! (each section empty); read across, the label runs into the title ("Work Staff Data
//! Engineer"). Here each label becomes a line of its own just before the line it labels.
//!
//! What makes a page a labelled one: every piece left of the content's left edge is a label,
//! i.e. set apart from the body (larger, or in another font), short (at most three words) and
//! without digits. A sidebar (contact details, a phone number, skills in body text) or a column
//! of dates (moderncv) fails that, and the page is left to the column splitter.

use super::lines::{item_height, Line};
use super::PdfTextItem;
use crate::domain::structured::names_section;

/// A label is set at least this much larger than the body text, or in another font.
const LABEL_SIZE_RATIO: f64 = 1.15;

/// The gap between a label's right end and the content's left edge, at least (PDF units).
const MIN_GAP: f64 = 6.0;

/// The page's lines with their labels lifted onto lines of their own, and whether the page was a
/// labelled one (then it has no second column to split off).
pub(super) fn lift(lines: Vec<Line>, body: f64, body_font: &str) -> (Vec<Line>, bool) {
    let Some(edge) = content_edge(&lines) else {
        return (lines, false);
    };
    let left_of_edge = |item: &PdfTextItem| {
        !item.text.trim().is_empty() && item.x + item.width.max(0.0) <= edge - MIN_GAP
    };
    let is_label = |item: &PdfTextItem| {
        let text = item.text.trim();
        let set_apart = item_height(item) >= LABEL_SIZE_RATIO * body
            || (!body_font.is_empty() && item.font_name != body_font);
        set_apart
            && text.split_whitespace().count() <= 3
            && !text.chars().any(|c| c.is_ascii_digit())
            && text.chars().any(char::is_alphabetic)
    };
    let outside: Vec<&PdfTextItem> = lines
        .iter()
        .flat_map(|l| &l.items)
        .filter(|i| left_of_edge(i))
        .collect();
    // Labels are few: a section's worth of content follows each.
    if outside.is_empty() || !outside.iter().all(|i| is_label(i)) || outside.len() * 2 > lines.len()
    {
        return (
            lines
                .into_iter()
                .flat_map(|l| split_named_label(l, body))
                .collect(),
            false,
        );
    }
    let mut out = Vec::with_capacity(lines.len() + outside.len());
    for line in lines {
        let (labels, content): (Vec<PdfTextItem>, Vec<PdfTextItem>) =
            line.items.into_iter().partition(|i| left_of_edge(i));
        // The blank pieces pdf.js puts across the gap go with the label.
        let content: Vec<PdfTextItem> = content
            .into_iter()
            .filter(|i| !(i.text.trim().is_empty() && i.x < edge - MIN_GAP))
            .collect();
        if !labels.is_empty() {
            out.push(Line::new(line.y, labels));
        }
        if !content.is_empty() {
            out.push(Line::new(line.y, content));
        }
    }
    (out, true)
}

/// A page the rule above cannot read as labelled (a later page whose content also runs under
/// the label column): a line that starts with a section's name set large, then a gap, then
/// content ("Education    Lakeside University   2009 – 2012") is still split after the name.
fn split_named_label(line: Line, body: f64) -> Vec<Line> {
    let pieces: Vec<&PdfTextItem> = line
        .items
        .iter()
        .filter(|i| !i.text.trim().is_empty())
        .collect();
    let split = match pieces.as_slice() {
        [first, next, ..] => {
            item_height(first) >= LABEL_SIZE_RATIO * body
                && next.x - (first.x + first.width.max(0.0)) >= MIN_GAP
                // Labels are a word or two ("Work", "Work Experience"); a longer name that
                // holds a section's word is content ("Institute for Language Computing").
                && first.text.split_whitespace().count() <= 2
                && names_section(first.text.trim())
                && !first.text.chars().any(|c| c.is_ascii_digit())
        }
        _ => false,
    };
    if !split {
        return vec![line];
    }
    let first_x = pieces[0].x;
    let (label, content): (Vec<PdfTextItem>, Vec<PdfTextItem>) = line
        .items
        .into_iter()
        .filter(|i| !i.text.trim().is_empty())
        .partition(|i| i.x <= first_x);
    vec![Line::new(line.y, label), Line::new(line.y, content)]
}

/// Where most lines start: the content column's left edge (rounded to a unit). Also the
/// hints-column pass's (`hints.rs`).
pub(super) fn content_edge(lines: &[Line]) -> Option<f64> {
    let mut counts: Vec<(i64, usize)> = Vec::new();
    for line in lines {
        let Some(first) = line.items.iter().find(|i| !i.text.trim().is_empty()) else {
            continue;
        };
        let key = first.x.round() as i64;
        match counts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => counts.push((key, 1)),
        }
    }
    counts
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(x, _)| x as f64)
}

#[cfg(test)]
mod tests {
    use super::super::lines::{group, line_text};
    use super::*;

    fn item(text: &str, x: f64, y: f64, height: f64) -> PdfTextItem {
        PdfTextItem {
            text: text.into(),
            x,
            y,
            width: 0.5 * height * text.chars().count() as f64,
            height,
            font_name: "body".into(),
            ..Default::default()
        }
    }

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(line_text).collect()
    }

    #[test]
    fn a_label_on_the_first_title_s_baseline_gets_its_own_line_before_it() {
        let mut items = vec![
            item("Work", 110.0, 459.6, 20.5),
            item("Staff Data Engineer", 182.6, 461.1, 16.4),
            item("Tinroof Rail", 182.6, 443.1, 10.5),
            item("Sep 2021 – Present", 182.6, 427.4, 10.5),
            item("Led the platform team", 182.6, 400.0, 10.5),
            item("Data Engineer", 182.6, 380.0, 16.4),
            item("Quillfeather Labs", 182.6, 362.0, 10.5),
            item("Mar 2018 – Aug 2021", 182.6, 346.0, 10.5),
        ];
        items.push(item("Education", 66.0, 300.0, 20.5));
        items.push(item("Lakeside University", 182.6, 301.5, 16.4));
        let (lines, labelled) = lift(group(items), 10.5, "body");
        assert!(labelled);
        let texts = texts(&lines);
        assert_eq!(texts[..3], ["Work", "Staff Data Engineer", "Tinroof Rail"]);
        assert_eq!(
            texts[texts.len() - 2..],
            ["Education", "Lakeside University"]
        );
    }

    #[test]
    fn a_sidebar_or_a_date_column_is_not_a_label_column() {
        let mut items: Vec<PdfTextItem> = (0..8)
            .map(|n| item("Some content line", 182.6, 700.0 - 20.0 * n as f64, 10.5))
            .collect();
        items.push(item("2019 – 2021", 60.0, 700.0, 10.5));
        let (_, labelled) = lift(group(items.clone()), 10.5, "body");
        assert!(!labelled, "dates on the left label entries (moderncv)");
        items.pop();
        items.push(item("+44 113 555 0100", 60.0, 700.0, 12.5));
        let (_, labelled) = lift(group(items), 10.5, "body");
        assert!(!labelled, "a phone number in a sidebar");
    }
}
