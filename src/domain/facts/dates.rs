//! Dates and date ranges, read by the structured resume's date parser
//! ([`crate::domain::structured::find_range`]): every format it knows, in every language.

use super::{overlaps, Fact, FactKind};
use crate::domain::structured::{find_range, PartialDate};

/// `2020-03` or `2020`.
pub(super) fn date_key(date: PartialDate) -> String {
    match date.month {
        Some(m) => format!("{:04}-{:02}", date.year, m),
        None => format!("{:04}", date.year),
    }
}

/// Every date of `text` outside the `taken` spans; a range gives one fact per dated end
/// ("present" is not a fact).
pub(super) fn find(text: &str, taken: &[(usize, usize)]) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let mut pos = 0;
        while pos < line.len() {
            let Some(rest) = line.get(pos..) else { break };
            let Some((range, span)) = find_range(rest) else {
                break;
            };
            let (s, e) = (line_start + pos + span.start, line_start + pos + span.end);
            let written = &rest[span.clone()];
            if !overlaps(taken, s, e) {
                if let (Some(start), Some(start_text)) = (range.start, range.start_text.as_deref())
                {
                    let at = written.find(start_text).unwrap_or(0);
                    facts.push(Fact::new(
                        FactKind::Date,
                        start_text,
                        date_key(start),
                        s + at,
                    ));
                }
                if let (Some(end), Some(end_text)) = (range.end, range.end_text.as_deref()) {
                    let end_text = end_text.trim();
                    if let Some(at) = written.rfind(end_text) {
                        facts.push(Fact::new(FactKind::Date, end_text, date_key(end), s + at));
                    }
                }
            }
            pos += span.end.max(1);
            while pos < line.len() && !line.is_char_boundary(pos) {
                pos += 1;
            }
        }
        line_start += line.len();
    }
    facts
}
