//! The two date variants: graduation years moved 20 years earlier (an age signal, as age audit
//! studies give it), and a year of parental leave before the most recent job.
//!
//! Both edit the dates where the resume's structure ([`from_any`]) found them, on the line it
//! read them from; a resume read from JSON (no lines) or with no such dates gets no variant.

use super::text::shift_years;
use crate::domain::structured::{find_range, from_any, Entry, PartialDate, SectionKind};
use crate::domain::Language;

/// Every education entry's dates moved `by` years (both ends of a range: the whole stay moves,
/// so its length is kept); work dates untouched. `None` when no education date was found.
pub fn education_moved(resume: &str, by: i32) -> Option<String> {
    let structure = from_any(resume);
    let mut lines: Vec<String> = resume.split('\n').map(str::to_string).collect();
    let mut moved = Vec::new();
    for entry in structure.entries_of(&SectionKind::Education) {
        if let Some(line) = date_line(entry).filter(|l| !moved.contains(l)) {
            if move_dates(&mut lines, line, by) {
                moved.push(line);
            }
        }
    }
    (!moved.is_empty()).then(|| lines.join("\n"))
}

/// The resume with one year of parental leave just before the most recent job: a "Parental
/// leave" entry ending where that job starts, and every entry that had ended by then (earlier
/// jobs, degrees, certificates) one year earlier. `None` without a dated job.
///
/// Why this shape: a gap can only be made by taking the year from somewhere. Shortening a job
/// would also cut experience, and delaying the latest job would cut its tenure: both are a
/// second attribute. Moving the earlier history back one year keeps every job's length, the
/// total experience, the order of things and the current role as they were; the one other
/// change is a graduation one year earlier, a far weaker age signal than the 20 years the
/// graduation-year variant tests. Entries that run across the job's start (a side project, a
/// part-time degree) stay as written: moving them would change how long they overlap.
pub fn with_parental_leave(resume: &str, language: Language) -> Option<String> {
    let structure = from_any(resume);
    let jobs: Vec<&Entry> = structure
        .entries_of(&SectionKind::Work)
        .into_iter()
        .filter(|e| start_of(e).is_some() && date_line(e).is_some())
        .collect();
    // The most recent job: the latest start; on a tie, the first written.
    let latest = jobs.iter().copied().reduce(|best, e| {
        if start_of(e) > start_of(best) {
            e
        } else {
            best
        }
    })?;
    let start = start_of(latest)?;
    let job_line = date_line(latest)?;
    let mut lines: Vec<String> = resume.split('\n').map(str::to_string).collect();
    let leave = leave_line(&lines, latest, job_line, language)?;

    let mut moved = vec![job_line];
    for entry in structure.sections.iter().flat_map(|s| &s.entries) {
        let (Some(line), Some(dates)) = (date_line(entry), &entry.dates) else {
            continue;
        };
        if moved.contains(&line) {
            continue;
        }
        let dates = &dates.value;
        let last = if dates.present {
            None
        } else {
            dates.end.or(dates.start)
        };
        if last.is_some_and(|last| not_after(last, start)) && move_dates(&mut lines, line, -1) {
            moved.push(line);
        }
    }

    // Reverse-chronological order (an older job written below, or the only job): the leave goes
    // under the latest job's lines; chronological order: above them.
    let entry_line = latest.line.filter(|&l| l > 0).unwrap_or(job_line);
    // Lines added keep the text's line ends ("\r\n" included).
    let eol = if lines[job_line - 1].ends_with('\r') {
        "\r"
    } else {
        ""
    };
    let leave = format!("{leave}{eol}");
    let older_below = jobs.iter().any(|e| e.line.unwrap_or(0) > entry_line);
    let older_above = jobs
        .iter()
        .any(|e| e.line.unwrap_or(usize::MAX) < entry_line);
    if older_below || !older_above {
        let end = block_end(&structure_lines(&structure), &lines, entry_line);
        let spaced = lines.get(end).is_some_and(|l| l.trim().is_empty());
        let insert = if spaced {
            vec![eol.to_string(), leave]
        } else {
            vec![leave]
        };
        lines.splice(end..end, insert);
    } else {
        let at = (entry_line - 1).min(lines.len());
        let spaced = at > 0 && lines[at - 1].trim().is_empty();
        let insert = if spaced {
            vec![leave, eol.to_string()]
        } else {
            vec![leave]
        };
        lines.splice(at..at, insert);
    }
    Some(lines.join("\n"))
}

/// The leave entry's line, written as the job's is: its heading or bullet mark, and its dates in
/// the job's format ("2019–2020" before a job of "2020–present", "Mar 2019 – Mar 2020" before
/// "Mar 2020 – now").
fn leave_line(
    lines: &[String],
    job: &Entry,
    job_line: usize,
    language: Language,
) -> Option<String> {
    let dated = lines.get(job_line - 1)?;
    let (range, span) = find_range(dated)?;
    let written = &dated[span];
    let start_text = range
        .start_text
        .as_deref()
        .filter(|s| written.starts_with(s))?;
    let rest = &written[start_text.len()..];
    let separator = match range.end_text.as_deref() {
        Some(end) if rest.ends_with(end) && rest.len() > end.len() => {
            &rest[..rest.len() - end.len()]
        }
        _ => "–",
    };
    let dates = format!("{}{separator}{start_text}", shift_years(start_text, -1));
    let heading = lines.get(job.line.filter(|&l| l > 0).unwrap_or(job_line) - 1)?;
    let heading = heading.trim_end_matches('\r');
    let trimmed = heading.trim_start();
    let mark_len = if trimmed.starts_with('#') {
        trimmed.len() - trimmed.trim_start_matches('#').trim_start().len()
    } else if trimmed.starts_with("- ") || trimmed.starts_with("* ") {
        2
    } else {
        0
    };
    let mark = &heading[..heading.len() - trimmed.len() + mark_len];
    Some(match language {
        Language::En => format!("{mark}Parental leave ({dates})"),
        Language::Zh => format!("{mark}育儿假（{dates}）"),
    })
}

/// The line (1-based) an entry's dates were read from.
fn date_line(entry: &Entry) -> Option<usize> {
    let dates = entry.dates.as_ref()?;
    dates.value.start?;
    dates.line.or(entry.line).filter(|&l| l > 0)
}

fn start_of(entry: &Entry) -> Option<PartialDate> {
    entry.dates.as_ref()?.value.start
}

/// `a` is not later than `b`; a missing month matches any month of the same year ("2020" ends
/// where "Mar 2020" starts).
fn not_after(a: PartialDate, b: PartialDate) -> bool {
    a.year < b.year
        || (a.year == b.year
            && match (a.month, b.month) {
                (Some(x), Some(y)) => x <= y,
                _ => true,
            })
}

/// Moves the years of the first date or range on `line` (1-based) by `by`; false when the line
/// holds none.
fn move_dates(lines: &mut [String], line: usize, by: i32) -> bool {
    let Some(text) = lines.get(line - 1) else {
        return false;
    };
    let Some((_, span)) = find_range(text) else {
        return false;
    };
    let moved = shift_years(&text[span.clone()], by);
    if moved == text[span.clone()] {
        return false;
    }
    let new = format!("{}{moved}{}", &text[..span.start], &text[span.end..]);
    lines[line - 1] = new;
    true
}

/// Every line (1-based) where the structure starts a section or an entry.
fn structure_lines(structure: &crate::domain::structured::StructuredResume) -> Vec<usize> {
    structure
        .sections
        .iter()
        .flat_map(|s| {
            s.line
                .into_iter()
                .chain(s.entries.iter().filter_map(|e| e.line))
        })
        .collect()
}

/// The index (0-based) just after the last non-blank line of the entry starting at `entry_line`
/// (1-based): it ends before the next section, entry or Markdown heading.
fn block_end(starts: &[usize], lines: &[String], entry_line: usize) -> usize {
    let next_start = starts.iter().copied().filter(|&l| l > entry_line).min();
    let next_heading = (entry_line..lines.len())
        .find(|&i| lines[i].trim_start().starts_with('#'))
        .map(|i| i + 1);
    let stop = [next_start, next_heading]
        .into_iter()
        .flatten()
        .min()
        .map_or(lines.len(), |l| l - 1);
    let mut end = stop.min(lines.len());
    while end > entry_line && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    end
}
