//! The model reads where the rules are unsure: which entries to ask about, what the model may
//! answer, and what of its answer is kept. The model cannot add anything: every value it gives must
//! be found in the entry's own lines (spaces, dashes and case aside) or it is dropped and counted;
//! and its reading replaces the rules' only when, written into the text, it reads back exactly
//! and carries no unsure mark, so a reading with the model is never worse than the rules alone.
//! The text stays the one source of truth: an accepted reading is written by `correct::apply_fix`.
//! No model here: the call is `workflows::common::read_entries`.

use serde::{Deserialize, Serialize};

use super::build::from_text;
use super::checks::section_checks;
use super::correct::{apply_fix, header_lines, reads_as, rejoin, EntryFix};
use super::model::{SectionKind, StructuredResume};
use super::rearrange::entry_span;

/// Entries sent in one request at most: a bounded answer even for a long resume.
pub const MAX_ENTRIES: usize = 24;
/// Lines of one entry sent at most (its header is in its first lines).
const MAX_LINES: usize = 6;

/// One entry the model is asked to read: where it is and its lines as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub section: usize,
    pub index: usize,
    /// Its number in the request ("E3"), what the answer names it by.
    pub id: usize,
    pub education: bool,
    /// The lines sent: the entry's own, after up to two plain lines just above it that no entry
    /// took as its header (an employer line a layout puts above the entry, which the reader left
    /// in the entry before: "Northern Isles Line" over "Deck work 2015 – 2017").
    pub lines: Vec<String>,
    /// Those lines above, by line number (1-based).
    pub above: Vec<usize>,
}

/// The model's reading of one entry, as the answer's schema bounds it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReadEntry {
    /// The entry's number in the request.
    pub id: usize,
    pub title: String,
    pub organisation: String,
    pub location: String,
    pub dates: String,
    /// Area of study (education).
    pub detail: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Reading {
    pub entries: Vec<ReadEntry>,
}

/// The answer's JSON schema (bounded further by `llm::schema_bounds` when sent).
pub fn reading_schema() -> serde_json::Value {
    let text =
        |about: &str| serde_json::json!({"type": "string", "maxLength": 120, "description": about});
    serde_json::json!({
        "type": "object",
        "properties": {
            "entries": {
                "type": "array",
                "maxItems": MAX_ENTRIES,
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "minimum": 1, "maximum": MAX_ENTRIES},
                        "title": text("the job title, or the degree; copied from the entry, empty if absent"),
                        "organisation": text("the employer, or the school; copied from the entry, empty if absent"),
                        "location": text("the place; copied from the entry, empty if absent"),
                        "dates": text("the dates as written in the entry, e.g. 'Mar 2020 – Present'; empty if absent"),
                        "detail": text("for a degree, the area of study; else empty")
                    },
                    "required": ["id", "title", "organisation", "location", "dates", "detail"]
                }
            }
        },
        "required": ["entries"]
    })
}

/// The entries to ask about: the jobs and degrees the reader marks unsure, or all of them
/// (`whole`), with their lines; at most [`MAX_ENTRIES`].
pub fn targets(text: &str, whole: bool) -> Vec<Target> {
    let resume = from_text(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (s, section) in resume.sections.iter().enumerate() {
        if !matches!(section.kind, SectionKind::Work | SectionKind::Education) {
            continue;
        }
        let marks = section_checks(&section.entries, &section.kind);
        // Lines no context is taken from: entries' headers and section headings.
        let headers: Vec<usize> = section
            .entries
            .iter()
            .flat_map(header_lines)
            .chain(resume.sections.iter().filter_map(|s| s.line))
            .collect();
        for (i, mark) in marks.iter().enumerate() {
            if found.len() == MAX_ENTRIES || (!whole && mark.is_empty()) {
                continue;
            }
            let Some((first, last)) = entry_span(&resume, text, s, i) else {
                continue;
            };
            let above = plain_lines_above(&lines, first, &headers);
            let own: Vec<String> = above
                .iter()
                .map(|n| lines[n - 1])
                .chain(lines[first - 1..last].iter().copied())
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .take(MAX_LINES)
                .collect();
            found.push(Target {
                section: s,
                index: i,
                id: found.len() + 1,
                education: section.kind == SectionKind::Education,
                lines: own,
                above,
            });
        }
    }
    found
}

/// Up to two lines just above line `first`, in order: not blank, no bullet, no heading, and no
/// entry's header line.
fn plain_lines_above(lines: &[&str], first: usize, headers: &[usize]) -> Vec<usize> {
    let mut above = Vec::new();
    let mut n = first;
    while n > 1 && above.len() < 2 {
        n -= 1;
        let line = lines[n - 1].trim();
        let plain =
            !line.is_empty() && !line.starts_with(['-', '*', '•', '#']) && !headers.contains(&n);
        if !plain {
            break;
        }
        above.insert(0, n);
    }
    above
}

/// The entries as the request's data block: `[E1] (job)` then its lines.
pub fn entries_block(targets: &[Target]) -> String {
    targets
        .iter()
        .map(|t| {
            let kind = if t.education { "degree" } else { "job" };
            format!("[E{}] ({kind})\n{}", t.id, t.lines.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Folded for comparison: lower case, one space for any run of spaces, every dash one `-`, soft
/// hyphens gone.
fn fold(text: &str) -> String {
    let mapped: String = text
        .chars()
        .filter(|c| *c != '\u{AD}')
        .map(|c| match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '~' | '～' => '-',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect();
    let spaced = mapped.replace('-', " - ");
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `value` is written in `lines` (folded).
fn found_in(value: &str, lines: &[String]) -> bool {
    let value = fold(value);
    value.is_empty() || fold(&lines.join("\n")).contains(&value)
}

/// What became of the model's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The text with every accepted reading written in.
    pub text: String,
    /// The header lines the model's readings were written as: the outline marks the entries whose
    /// header is one of these as read by the model (they survive reload with the text).
    pub read_lines: Vec<String>,
    /// Entries asked about.
    pub asked: usize,
    /// Values the model gave that the entry does not contain: dropped.
    pub dropped_values: usize,
    /// Readings not taken: they read back otherwise, were still unsure, or said what the rules
    /// had read already.
    pub kept_as_read: usize,
}

/// Keeps of `reading` what is grounded in each entry's own lines and reads back sure, writing it
/// into `text` (see the module doc). Entries are rewritten from the last to the first, so an
/// earlier rewrite never moves a later target.
pub fn accept(text: &str, targets: &[Target], reading: &Reading) -> Outcome {
    let mut outcome = Outcome {
        text: text.to_string(),
        asked: targets.len(),
        ..Outcome::default()
    };
    let mut taken = 0;
    for target in targets.iter().rev() {
        let Some(read) = reading.entries.iter().find(|e| e.id == target.id) else {
            continue;
        };
        let mut keep = |value: &str| {
            if found_in(value, &target.lines) {
                value.trim().to_string()
            } else {
                outcome.dropped_values += 1;
                String::new()
            }
        };
        let fix = EntryFix {
            title: keep(&read.title),
            organisation: keep(&read.organisation),
            location: keep(&read.location),
            dates: keep(&read.dates),
            detail: if target.education {
                keep(&read.detail)
            } else {
                String::new()
            },
        };
        let before = from_text(&outcome.text);
        let same = entry_fix(&before, target).is_some_and(|rules| rules == fix);
        let written = (!same)
            .then(|| apply_fix(&outcome.text, target.section, target.index, &fix).ok())
            .flatten()
            .map(|after| without_lines_said(&after, target, &fix))
            .filter(|after| reads_sure(after, target));
        if let Some(after) = written {
            outcome.read_lines.push(heading_line(&after, target));
            outcome.text = after;
            taken += 1;
        }
    }
    outcome.kept_as_read = targets.len() - taken;
    outcome
}

/// `text` without the lines above the entry whose every word the fix now says (the employer line
/// the new header took in), when the entry then still reads as the fix; else `text` as it is.
fn without_lines_said(text: &str, target: &Target, fix: &EntryFix) -> String {
    let said = fold(
        &[
            &fix.title,
            &fix.organisation,
            &fix.location,
            &fix.dates,
            &fix.detail,
        ]
        .map(|v| v.as_str())
        .join(" "),
    );
    let said: Vec<&str> = said.split(' ').collect();
    let lines: Vec<&str> = text.lines().collect();
    let gone: Vec<usize> = target
        .above
        .iter()
        .copied()
        .filter(|n| {
            lines
                .get(n - 1)
                .is_some_and(|l| fold(l).split(' ').all(|w| said.contains(&w)))
        })
        .collect();
    if gone.is_empty() {
        return text.to_string();
    }
    let kept: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| !gone.contains(&(i + 1)))
        .map(|(_, l)| l.to_string())
        .collect();
    let shorter = rejoin(&kept, text);
    if reads_as(&from_text(&shorter), target.section, target.index, fix) {
        shorter
    } else {
        text.to_string()
    }
}

fn entry_fix(resume: &StructuredResume, target: &Target) -> Option<EntryFix> {
    let entry = resume
        .sections
        .get(target.section)?
        .entries
        .get(target.index)?;
    Some(EntryFix::of(entry))
}

/// The entry at the target's place in `text` carries no unsure mark.
fn reads_sure(text: &str, target: &Target) -> bool {
    let resume = from_text(text);
    resume
        .sections
        .get(target.section)
        .map(|s| section_checks(&s.entries, &s.kind))
        .and_then(|marks| marks.get(target.index).cloned())
        .is_some_and(|mark| mark.is_empty())
}

/// The header line an accepted reading was written as.
fn heading_line(text: &str, target: &Target) -> String {
    let resume = from_text(text);
    let line = resume
        .sections
        .get(target.section)
        .and_then(|s| s.entries.get(target.index))
        .and_then(|e| e.line);
    line.and_then(|n| text.lines().nth(n - 1))
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Whether an entry whose first line is `line` was read by the model (`read_lines` of earlier
/// outcomes): the outline's mark.
pub fn read_by_model(line: &str, read_lines: &[String]) -> bool {
    let line = line.trim();
    !line.is_empty() && read_lines.iter().any(|r| r == line)
}

#[cfg(test)]
mod tests {
    use super::*;

    // "Harbour Pilot" holds no job word the reader knows: in `Employer — Title` order it reads them
    // swapped, and marks nothing; the second job's header lines are cut oddly.
    const TEXT: &str = "# Ivo Marchetti\n\n## Experience\n\n### Tidewell Ferries — Harbour Pilot (2019 – 2024)\n- Brought ferries through the narrows\n\nDeck work\nNorthern Isles Line 2015 – 2019\n- Kept the night watch\n\n## Education\n\n### BSc Marine Science — University of Lowmoor (2012 – 2016)\n";

    fn read(id: usize, title: &str, organisation: &str, dates: &str) -> ReadEntry {
        ReadEntry {
            id,
            title: title.into(),
            organisation: organisation.into(),
            dates: dates.into(),
            ..ReadEntry::default()
        }
    }

    #[test]
    fn the_whole_file_asks_for_every_job_and_degree_with_its_lines() {
        let all = targets(TEXT, true);
        assert!(all.len() >= 3, "{all:?}");
        assert_eq!(
            all[0].lines[0],
            "### Tidewell Ferries — Harbour Pilot (2019 – 2024)"
        );
        assert!(all.iter().any(|t| t.education));
        assert!(entries_block(&all).starts_with("[E1] (job)\n### Tidewell"));
        assert!(targets(TEXT, false).len() < all.len());
    }

    #[test]
    fn a_grounded_reading_is_written_in_and_reads_back() {
        let all = targets(TEXT, true);
        let reading = Reading {
            entries: vec![read(1, "Harbour Pilot", "Tidewell Ferries", "2019 – 2024")],
        };
        let outcome = accept(TEXT, &all, &reading);
        assert_eq!(outcome.dropped_values, 0);
        assert!(outcome
            .text
            .contains("### Harbour Pilot — Tidewell Ferries (2019 – 2024)"));
        assert_eq!(
            outcome.read_lines,
            ["### Harbour Pilot — Tidewell Ferries (2019 – 2024)"]
        );
        let entry = &from_text(&outcome.text).sections[all[0].section].entries[0];
        assert_eq!(EntryFix::of(entry).title, "Harbour Pilot");
        assert!(read_by_model(
            " ### Harbour Pilot — Tidewell Ferries (2019 – 2024)",
            &outcome.read_lines
        ));
        // The rest of the text is as it was.
        assert!(outcome
            .text
            .contains("- Brought ferries through the narrows"));
    }

    #[test]
    fn an_invented_value_is_dropped_and_never_reaches_the_text() {
        let all = targets(TEXT, true);
        let reading = Reading {
            entries: vec![read(
                1,
                "Chief Harbour Pilot",
                "Tidewell Ferries Group",
                "2018 – 2024",
            )],
        };
        let outcome = accept(TEXT, &all, &reading);
        assert_eq!(outcome.dropped_values, 3);
        assert!(!outcome.text.contains("Chief"));
        assert!(!outcome.text.contains("Group"));
        assert!(!outcome.text.contains("2018"));
    }

    #[test]
    fn spaces_dashes_and_case_do_not_make_a_value_new() {
        let lines = vec!["NORTHERN ISLES  LINE 2015–2019".to_string()];
        assert!(found_in("Northern Isles Line", &lines));
        assert!(found_in("2015 - 2019", &lines));
        assert!(!found_in("Northern Isles Ferries", &lines));
    }

    #[test]
    fn a_reading_that_says_what_the_rules_read_or_reads_back_unsure_changes_nothing() {
        let all = targets(TEXT, true);
        let degree = all.iter().find(|t| t.education).expect("the degree");
        let rules = entry_fix(&from_text(TEXT), degree).expect("read");
        let reading = Reading {
            entries: vec![
                ReadEntry {
                    id: degree.id,
                    title: rules.title.clone(),
                    organisation: rules.organisation.clone(),
                    dates: rules.dates.clone(),
                    detail: rules.detail.clone(),
                    location: String::new(),
                },
                // Nothing it gives is in the entry: all dropped, nothing to write.
                read(1, "Astronaut", "NASA", "1990 – 1991"),
            ],
        };
        let outcome = accept(TEXT, &all, &reading);
        assert_eq!(outcome.text, TEXT);
        assert_eq!(outcome.kept_as_read, all.len());
        assert!(outcome.read_lines.is_empty());
    }

    #[test]
    fn the_schema_bounds_the_answer() {
        let schema = reading_schema();
        assert_eq!(schema["properties"]["entries"]["maxItems"], MAX_ENTRIES);
        let reading: Reading = serde_json::from_str(r#"{"entries":[{"id":1,"title":"Pilot"}]}"#)
            .expect("lenient fields");
        assert_eq!(reading.entries[0].organisation, "");
    }
}
