//! Pieces of text to lines: grouped by baseline (y), ordered by x, joined with a space where there
//! is a visible gap and a tab where the gap is wide (a title and its dates).

use super::PdfTextItem;

/// A gap between words wider than this many character heights (and up to three, a tab beyond)
/// parts items, not words: word spaces are about a quarter of the height, justified text's a half.
const CHIP_GAP: f64 = 1.0;
/// Wider than a word space (about a third of the height) between pieces of two fonts.
pub(super) const FONT_CHANGE_GAP: f64 = 0.4;

/// Items on one baseline, sorted by x.
#[derive(Debug, Clone)]
pub(super) struct Line {
    pub y: f64,
    pub height: f64,
    pub items: Vec<PdfTextItem>,
}

impl Line {
    pub fn new(y: f64, mut items: Vec<PdfTextItem>) -> Line {
        crate::domain::stable_sort::sort_by(&mut items, |a, b| a.x.total_cmp(&b.x));
        let height = items.iter().map(item_height).fold(0.0, f64::max);
        Line { y, height, items }
    }

    /// The font size of the line: that of the piece with the most characters.
    pub fn size(&self) -> f64 {
        self.items
            .iter()
            .max_by_key(|i| i.text.chars().count())
            .map(item_height)
            .unwrap_or(10.0)
    }
}

/// pdf.js reports height 0 for some pieces; 10 units is a common body size.
pub(super) fn item_height(item: &PdfTextItem) -> f64 {
    if item.height > 0.0 {
        item.height
    } else {
        10.0
    }
}

/// Items (any order) to lines, top of the page first.
pub(super) fn group(mut items: Vec<PdfTextItem>) -> Vec<Line> {
    crate::domain::stable_sort::sort_by(&mut items, |a, b| {
        b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x))
    });
    let mut groups: Vec<(f64, f64, Vec<PdfTextItem>)> = Vec::new();
    for item in items {
        let height = item_height(&item);
        match groups.last_mut() {
            // Same baseline within half a character height (sub/superscripts, mixed fonts).
            Some((y, h, members)) if (*y - item.y).abs() <= 0.5 * height.min(*h) => {
                members.push(item)
            }
            _ => groups.push((item.y, height, vec![item])),
        }
    }
    groups
        .into_iter()
        .map(|(y, _, items)| Line::new(y, items))
        .collect()
}

/// A piece set this many times larger than everything a wide gap after it (a name beside the
/// contact block of a header) is a line of its own.
const APART_SIZE_RATIO: f64 = 2.0;

/// A line that holds a name set large, then, a tab's gap to the right, small text on nearly the
/// same baseline (moderncv's header: "Ada Quill" beside "Leeds"): two lines, the name first, so
/// that it can be read as the title.
pub(super) fn apart_by_size(line: Line) -> Vec<Line> {
    let pieces: Vec<&PdfTextItem> = line
        .items
        .iter()
        .filter(|i| !i.text.trim().is_empty())
        .collect();
    let Some(first) = pieces.first() else {
        return vec![line];
    };
    let large = item_height(first);
    let mut cut = None;
    for pair in pieces.windows(2) {
        let gap = pair[1].x - (pair[0].x + pair[0].width.max(0.0));
        if item_height(pair[0]) >= large - 0.01 && gap > 3.0 * item_height(pair[1]) {
            cut = Some(pair[1].x);
            break;
        }
    }
    let Some(cut) = cut else {
        return vec![line];
    };
    let (head, tail): (Vec<PdfTextItem>, Vec<PdfTextItem>) = line
        .items
        .into_iter()
        .filter(|i| !i.text.trim().is_empty())
        .partition(|i| i.x < cut);
    let small = tail.iter().map(item_height).fold(0.0, f64::max);
    let large_head = head
        .iter()
        .all(|i| item_height(i) >= APART_SIZE_RATIO * small);
    if !large_head {
        let mut items = head;
        items.extend(tail);
        return vec![Line::new(line.y, items)];
    }
    vec![Line::new(line.y, head), Line::new(line.y, tail)]
}

/// `next` carries on the title line `title` wrapped: it starts in the font of the title's last
/// piece, is set in its size, short, and right under it (at most 1.5 times the size below: a
/// line height of 1.4, as HTML sets one, included).
pub(super) fn continues_title(title: &Line, next: &Line) -> bool {
    let Some(last) = title.items.iter().rev().find(|i| !i.text.trim().is_empty()) else {
        return false;
    };
    let size = item_height(last);
    let pieces: Vec<&PdfTextItem> = next
        .items
        .iter()
        .filter(|i| !i.text.trim().is_empty())
        .collect();
    !pieces.is_empty()
        && pieces[0].font_name == last.font_name
        && pieces
            .iter()
            .all(|i| (item_height(i) - size).abs() <= 0.05 * size)
        && title.y - next.y <= 1.5 * size
        && next.y < title.y
        && pieces
            .iter()
            .map(|i| i.text.split_whitespace().count())
            .sum::<usize>()
            <= 4
}

/// The text of a line. pdf.js puts a " " piece across a wide gap; the gap itself says space or
/// tab. Between two letter-spaced pieces (`O P E N`, `S O U R C E`) a word gap is written as two
/// spaces, so that joining the letters later keeps the words apart.
pub(super) fn line_text(line: &Line) -> String {
    let mut text = String::new();
    let mut previous: Option<&PdfTextItem> = None;
    for item in line.items.iter().filter(|i| !i.text.trim().is_empty()) {
        if let Some(prev) = previous {
            let gap = item.x - (prev.x + prev.width.max(0.0));
            let height = item_height(item);
            let spaced =
                text.ends_with(char::is_whitespace) || item.text.starts_with(char::is_whitespace);
            if gap > 3.0 * height {
                text.push('\t');
            } else if gap > CHIP_GAP * height && !spaced_letters(&prev.text) {
                // Words set well apart, not a column apart: tags or chips ("Kafka   Spark"),
                // contact items in a row. A middle dot keeps them items, not one phrase.
                text.push_str(" · ");
            } else if gap > FONT_CHANGE_GAP * height
                && !spaced
                && !prev.font_name.is_empty()
                && prev.font_name != item.font_name
                && !spaced_letters(&prev.text)
                // A mark of the layout's own between them ("EARBITS | CTO") parts them already.
                && item.text.starts_with(char::is_alphanumeric)
                && prev.text.ends_with(|c: char| c.is_alphanumeric() || c == ')')
            {
                // A change of font across more than a space's width, no mark between: two
                // fields told apart by their font alone ("**Staff Engineer** Fjordline", a
                // title in bold and its employer in a colour, an HTML flex row).
                text.push_str(" · ");
            } else if spaced_letters(&prev.text) && spaced_letters(&item.text) {
                let word_gap = prev.text.trim().contains(' ')
                    || item.text.trim().contains(' ')
                    || gap > 0.5 * height;
                text.push_str(if word_gap { "  " } else { " " });
            } else if gap > 0.15 * height && !spaced {
                text.push(' ');
            }
        }
        text.push_str(&item.text);
        previous = Some(item);
    }
    text.trim().to_string()
}

/// `S`, `S U M`: single upper-case letters, one space apart.
fn spaced_letters(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty()
        && text
            .split(' ')
            .all(|t| t.chars().count() == 1 && t.chars().all(char::is_uppercase))
}
