//! What stands for age or a career break: the years of the education sections, and the periods
//! of the work sections, which become their lengths so no gap between them can be read (the
//! length of each job is what screening needs; when it began and ended is not).

use crate::domain::structured::{
    find_range, DateRange, PartialDate, SectionKind, StructuredResume,
};

use super::{MaskKind, Tally};

/// Per line of `text`, the kind of the section it belongs to (none before the first section).
fn section_of_lines(text: &str, structure: &StructuredResume) -> Vec<Option<SectionKind>> {
    let mut starts: Vec<(usize, SectionKind)> = structure
        .sections
        .iter()
        .filter_map(|s| s.line.map(|line| (line, s.kind.clone())))
        .collect();
    starts.sort_by_key(|(line, _)| *line);
    let count = text.split('\n').count();
    (1..=count)
        .map(|line| {
            starts
                .iter()
                .take_while(|(start, _)| *start <= line)
                .last()
                .map(|(_, kind)| kind.clone())
        })
        .collect()
}

pub(super) fn mask_proxies(
    text: &str,
    structure: &StructuredResume,
    today: Option<PartialDate>,
    tally: &mut Tally,
) -> String {
    let kinds = section_of_lines(text, structure);
    let lines: Vec<String> = text
        .split('\n')
        .zip(kinds)
        .map(|(line, kind)| match kind {
            Some(SectionKind::Education) => {
                replace_dates(line, MaskKind::GraduationYear, tally, |_| {
                    MaskKind::GraduationYear.placeholder().to_string()
                })
            }
            Some(SectionKind::Work | SectionKind::Volunteer) => {
                replace_dates(line, MaskKind::CareerDates, tally, |range| {
                    length(range, today)
                })
            }
            _ => line.to_string(),
        })
        .collect();
    lines.join("\n")
}

/// Every date or period of `line` replaced by `with(range)`.
fn replace_dates(
    line: &str,
    kind: MaskKind,
    tally: &mut Tally,
    with: impl Fn(&DateRange) -> String,
) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some((range, span)) = find_range(rest) {
        out.push_str(&rest[..span.start]);
        out.push_str(&with(&range));
        tally.add(kind, 1);
        rest = &rest[span.end..];
    }
    out.push_str(rest);
    out
}

/// A period as its length: "[3 years]", "[1 year 4 months]", "[8 months, to present]". A single
/// date (no length) is "[year]"; a period to the present without today's date is "[period, to
/// present]".
fn length(range: &DateRange, today: Option<PartialDate>) -> String {
    let Some(start) = range.start else {
        return MaskKind::CareerDates.placeholder().to_string();
    };
    let (end, to_present) = match (range.end, range.present) {
        (Some(end), _) => (Some(end), false),
        (None, true) => (today, true),
        (None, false) => return MaskKind::GraduationYear.placeholder().to_string(),
    };
    let suffix = if to_present { ", to present" } else { "" };
    let Some(end) = end else {
        return format!("[period{suffix}]");
    };
    let months = match (start.month, end.month) {
        // Both months given: counted inclusively, as resumes and profiles count them.
        (Some(a), Some(b)) => {
            (i32::from(end.year) * 12 + i32::from(b)) - (i32::from(start.year) * 12 + i32::from(a))
                + 1
        }
        _ => (i32::from(end.year) - i32::from(start.year)) * 12,
    };
    format!("[{}{suffix}]", describe_months(months.max(0)))
}

fn describe_months(months: i32) -> String {
    let (years, rest) = (months / 12, months % 12);
    let plural = |n: i32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (years, rest) {
        (0, 0) => "under a year".to_string(),
        (0, m) => plural(m, "month", "months"),
        (y, 0) => plural(y, "year", "years"),
        (y, m) => format!(
            "{} {}",
            plural(y, "year", "years"),
            plural(m, "month", "months")
        ),
    }
}
