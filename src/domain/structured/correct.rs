//! The user's fix of a misread entry, written back into the resume text: the text stays the one
//! source of truth (every export, the batch's redaction, grounding and the dropped-content check
//! read it), so a fix is a rewrite of the entry's header lines in the form the reader reads best,
//! `### Title — Organisation — Place (dates)`, checked by reading the new text back before it is kept.
//!
//! Also "not an entry": a line the reader took for an entry becomes the previous entry's text.

use super::build::from_text;
use super::model::{Entry, SectionKind, StructuredResume};

/// What the user says an entry's fields are. Empty strings are absent fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryFix {
    /// Position, or degree for education.
    pub title: String,
    /// Employer, or school.
    pub organisation: String,
    /// As the user writes them: "Mar 2020 – Present", "2016 – 2018", "2020年3月 - 至今".
    pub dates: String,
    pub location: String,
    /// Area of study (education).
    pub detail: String,
}

/// Why a fix could not be written so that the reader reads it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FixError {
    /// The section or entry is not in the text any more (it changed meanwhile).
    NoSuchEntry,
    /// Neither a title nor an organisation: nothing to name the entry by.
    Empty,
    /// The dates were not understood ("write them like Mar 2020 – Present").
    DatesNotUnderstood,
    /// Written, the text read back otherwise: the fix is not applied.
    ReadsBackOtherwise,
}

impl EntryFix {
    /// The fields as the reader holds them for `entry` (the form's starting values).
    pub fn of(entry: &Entry) -> Self {
        let value = |f: &Option<super::model::Field<String>>| {
            f.as_ref().map(|f| f.value.clone()).unwrap_or_default()
        };
        EntryFix {
            title: value(&entry.title),
            organisation: value(&entry.organisation),
            dates: entry
                .dates
                .as_ref()
                .map(|d| d.value.text.clone())
                .unwrap_or_default(),
            location: value(&entry.location),
            detail: value(&entry.detail),
        }
    }

    /// The header line the reader reads back: `### Title, Detail — Organisation — Place (dates)`.
    pub(super) fn heading(&self) -> String {
        let one_line = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let title = [one_line(&self.title), one_line(&self.detail)]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let mut line = "###".to_string();
        let parts = [
            title,
            one_line(&self.organisation),
            one_line(&self.location),
        ];
        for part in parts {
            if !part.is_empty() {
                line.push_str(if line == "###" { " " } else { " — " });
                line.push_str(&part);
            }
        }
        let dates = one_line(&self.dates);
        if !dates.is_empty() {
            line.push_str(&format!(" ({dates})"));
        }
        line
    }
}

/// The lines (1-based) that say the entry's names, dates and place, and the lines kept whole
/// beside them: what a fix replaces.
pub(super) fn header_lines(entry: &Entry) -> Vec<usize> {
    let mut lines: Vec<usize> = [
        &entry.title,
        &entry.organisation,
        &entry.location,
        &entry.detail,
    ]
    .into_iter()
    .flatten()
    .filter_map(|f| f.line)
    .chain(entry.dates.as_ref().and_then(|d| d.line))
    .chain(entry.line)
    .collect();
    let (Some(&first), Some(&last)) = (lines.iter().min(), lines.iter().max()) else {
        return Vec::new();
    };
    lines.extend(
        entry
            .as_written
            .iter()
            .filter_map(|f| f.line)
            .filter(|l| (first..=last).contains(l)),
    );
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The rewritten lines as one text, ending as the original `text` ended.
pub(super) fn rejoin(lines: &[String], text: &str) -> String {
    let mut joined = lines.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    joined
}

/// Where entry `index` of section `section` (indexes into `resume.sections`) is.
fn entry_at(
    resume: &StructuredResume,
    section: usize,
    index: usize,
) -> Option<(&SectionKind, &Entry)> {
    let s = resume.sections.get(section)?;
    Some((&s.kind, s.entries.get(index)?))
}

/// Rewrites entry `index` of section `section` of `text` with the user's fields, and reads the
/// new text back: the entry at the same place must have exactly those fields, or nothing is
/// changed and the error says why.
pub fn apply_fix(
    text: &str,
    section: usize,
    index: usize,
    fix: &EntryFix,
) -> Result<String, FixError> {
    if fix.title.trim().is_empty() && fix.organisation.trim().is_empty() {
        return Err(FixError::Empty);
    }
    if !fix.dates.trim().is_empty() && super::dates::parse_range(fix.dates.trim()).is_none() {
        return Err(FixError::DatesNotUnderstood);
    }
    let resume = from_text(text);
    let (_, entry) = entry_at(&resume, section, index).ok_or(FixError::NoSuchEntry)?;
    let replaced = header_lines(entry);
    let Some(&first) = replaced.first() else {
        return Err(FixError::NoSuchEntry);
    };
    let mut out: Vec<String> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if number == first {
            out.push(fix.heading());
        }
        if !replaced.contains(&number) {
            out.push(line.to_string());
        }
    }
    let fixed = rejoin(&out, text);
    let again = from_text(&fixed);
    let reads_back = reads_as(&again, section, index, fix);
    let same_count = again.sections.get(section).map(|s| s.entries.len())
        == resume.sections.get(section).map(|s| s.entries.len());
    if reads_back && same_count {
        Ok(fixed)
    } else {
        Err(FixError::ReadsBackOtherwise)
    }
}

/// Whether entry `index` of section `section` of `resume` has exactly the fields of `fix`
/// (spaces aside; the dates as the reader understands them).
pub(super) fn reads_as(
    resume: &StructuredResume,
    section: usize,
    index: usize,
    fix: &EntryFix,
) -> bool {
    entry_at(resume, section, index).is_some_and(|(_, e)| {
        let got = EntryFix::of(e);
        let same = |a: &str, b: &str| a.split_whitespace().eq(b.split_whitespace());
        same(&got.title, &fix.title)
            && same(&got.organisation, &fix.organisation)
            && same(&got.detail, &fix.detail)
            && same(&got.location, &fix.location)
            && (fix.dates.trim().is_empty() && e.dates.is_none()
                || e.dates.as_ref().map(|d| d.value.clone())
                    == super::dates::parse_range(fix.dates.trim()))
    })
}

/// "Not an entry": the entry's header lines become plain text of the entry before it (or of the
/// section, for the first), written as a bullet so no reader takes them for an entry again.
pub fn not_an_entry(text: &str, section: usize, index: usize) -> Result<String, FixError> {
    let resume = from_text(text);
    let (_, entry) = entry_at(&resume, section, index).ok_or(FixError::NoSuchEntry)?;
    let lines = header_lines(entry);
    if lines.is_empty() {
        return Err(FixError::NoSuchEntry);
    }
    let out: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if lines.contains(&(i + 1)) {
                let words = line
                    .trim()
                    .trim_start_matches('#')
                    .replace('\t', " ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                format!("- {words}")
            } else {
                line.to_string()
            }
        })
        .collect();
    let fixed = rejoin(&out, text);
    let before = resume.sections.get(section).map_or(0, |s| s.entries.len());
    let after = from_text(&fixed)
        .sections
        .get(section)
        .map_or(0, |s| s.entries.len());
    if after < before {
        Ok(fixed)
    } else {
        Err(FixError::ReadsBackOtherwise)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Ann Lee\n\n## Experience\n\nAcme Rail\tLondon\nStaff Engineer\tMar 2020 – Present\n- Built the signalling model\n\nData Analyst at Beta Bank, 2017 – 2020\n- Reports\n\n## Education\n\nBSc Physics\nState University, 2013 – 2017\n";

    fn index_of(text: &str, kind: SectionKind) -> usize {
        from_text(text)
            .sections
            .iter()
            .position(|s| s.kind == kind)
            .expect("the section")
    }

    #[test]
    fn a_fix_is_written_so_the_reader_reads_it_back() {
        let fix = EntryFix {
            title: "Staff Engineer".into(),
            organisation: "Acme Rail".into(),
            dates: "Mar 2020 – Present".into(),
            location: "London".into(),
            detail: String::new(),
        };
        let work = index_of(TEXT, SectionKind::Work);
        let fixed = apply_fix(TEXT, work, 0, &fix).expect("the fix reads back");
        let entry = &from_text(&fixed).sections[work].entries[0];
        assert_eq!(EntryFix::of(entry), fix);
        // The rest of the text is untouched: the bullet, the next job, the degree.
        assert!(fixed.contains("- Built the signalling model\n"));
        assert!(fixed.contains("Data Analyst at Beta Bank, 2017 – 2020"));
        assert!(fixed.contains("State University, 2013 – 2017"));
    }

    #[test]
    fn a_degree_fix_keeps_its_area() {
        let education = index_of(TEXT, SectionKind::Education);
        let fix = EntryFix {
            title: "BSc".into(),
            detail: "Physics".into(),
            organisation: "State University".into(),
            dates: "2013 – 2017".into(),
            location: String::new(),
        };
        let fixed = apply_fix(TEXT, education, 0, &fix).expect("reads back");
        let entry = &from_text(&fixed).sections[education].entries[0];
        assert_eq!(EntryFix::of(entry), fix);
    }

    #[test]
    fn dates_the_reader_cannot_read_are_refused_and_nothing_changes() {
        let fix = EntryFix {
            title: "Staff Engineer".into(),
            organisation: "Acme Rail".into(),
            dates: "since forever".into(),
            ..EntryFix::default()
        };
        assert_eq!(
            apply_fix(TEXT, 1, 0, &fix),
            Err(FixError::DatesNotUnderstood)
        );
        assert_eq!(
            apply_fix(TEXT, 1, 0, &EntryFix::default()),
            Err(FixError::Empty)
        );
        let readable = EntryFix {
            dates: "2020 – 2021".into(),
            ..fix
        };
        assert_eq!(apply_fix(TEXT, 9, 0, &readable), Err(FixError::NoSuchEntry));
    }

    #[test]
    fn a_line_that_is_no_entry_joins_the_text_before_it() {
        let text = "# Ann Lee\n\n## Experience\n\n### Engineer — Acme (2020 – 2021)\n- Built it\n### Sales Region Chart (2019 – 2020)\n";
        let work = index_of(text, SectionKind::Work);
        let before = from_text(text).sections[work].entries.len();
        let fixed = not_an_entry(text, work, 1).expect("one entry fewer");
        assert_eq!(from_text(&fixed).sections[work].entries.len(), before - 1);
        assert!(fixed.contains("Sales Region Chart"));
    }
}
