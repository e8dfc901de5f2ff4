//! The outline's other fixes of a misread entry, each written into the resume text and read back
//! before it is kept, as `correct` does for fields: the text stays the one source of truth.
//! - **Move** an entry (its lines, header and body) to another section, made if missing.
//! - **Merge** an entry with the next one: the reader cut one position in two ("Staff Engineer"
//!   alone, then "Acme Rail, 2020 – Present" as an entry of its own).
//! - **Split** an entry at a line: the reader took two positions for one.

use super::build::from_text;
use super::correct::{header_lines, reads_as, rejoin, EntryFix, FixError};
use super::model::{Entry, SectionKind, StructuredResume};

/// The first and last (1-based) line of entry `index` of section `section`: from its first header
/// line to the line before the next entry or section, trailing blank lines left out.
pub(super) fn entry_span(
    resume: &StructuredResume,
    text: &str,
    section: usize,
    index: usize,
) -> Option<(usize, usize)> {
    let s = resume.sections.get(section)?;
    let first = first_line(s.entries.get(index)?)?;
    let total = text.lines().count();
    let next_entry = s.entries.get(index + 1).and_then(first_line);
    let next_section = resume
        .sections
        .iter()
        .filter_map(|s| s.line)
        .filter(|&l| l > first)
        .min();
    let mut last = [next_entry, next_section]
        .into_iter()
        .flatten()
        .min()
        .map_or(total, |l| l - 1);
    let lines: Vec<&str> = text.lines().collect();
    while last > first && lines.get(last - 1).is_some_and(|l| l.trim().is_empty()) {
        last -= 1;
    }
    Some((first, last))
}

/// The line an entry starts at: its first header line, or its own line.
fn first_line(entry: &Entry) -> Option<usize> {
    header_lines(entry).into_iter().chain(entry.line).min()
}

/// The lines of entry `index` after its first one, as the split choice lists them: (line, words).
pub fn body_lines(text: &str, section: usize, index: usize) -> Vec<(usize, String)> {
    let resume = from_text(text);
    let Some((first, last)) = entry_span(&resume, text, section, index) else {
        return Vec::new();
    };
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(n, l)| *n > first && *n <= last && !l.is_empty())
        .collect()
}

/// Entries of each kind, to check a rewrite moved exactly one.
fn count(resume: &StructuredResume, kind: &SectionKind) -> usize {
    resume.entries_of(kind).len()
}

/// The heading a new section of `kind` gets, in the text's language; `None` for kinds an entry is
/// not moved to.
fn new_heading(kind: &SectionKind, chinese: bool) -> Option<&'static str> {
    Some(match (kind, chinese) {
        (SectionKind::Work, false) => "Experience",
        (SectionKind::Work, true) => "工作经历",
        (SectionKind::Education, false) => "Education",
        (SectionKind::Education, true) => "教育经历",
        (SectionKind::Projects, false) => "Projects",
        (SectionKind::Projects, true) => "项目经历",
        (SectionKind::Volunteer, false) => "Volunteering",
        (SectionKind::Volunteer, true) => "志愿经历",
        _ => return None,
    })
}

/// How a new section's heading is written.
#[derive(Clone, Copy)]
enum HeadingStyle {
    Markdown,
    Bare,
    Capitals,
}

/// The kinds an entry can be moved to, in the order the form offers them.
pub const MOVE_TARGETS: [SectionKind; 4] = [
    SectionKind::Work,
    SectionKind::Education,
    SectionKind::Projects,
    SectionKind::Volunteer,
];

/// Moves entry `index` of section `section` to the end of the first section of kind `to` (a new
/// section at the end of the text when there is none). The entry must read as one entry more
/// there and one fewer where it was; if its lines as written do not, its header is written in the
/// reader's own form (`### Title — Organisation (dates)`) and checked again.
pub fn move_entry(
    text: &str,
    section: usize,
    index: usize,
    to: &SectionKind,
) -> Result<String, FixError> {
    let resume = from_text(text);
    let from = resume.sections.get(section).ok_or(FixError::NoSuchEntry)?;
    let entry = from.entries.get(index).ok_or(FixError::NoSuchEntry)?;
    if &from.kind == to {
        return Err(FixError::ReadsBackOtherwise);
    }
    let (first, last) = entry_span(&resume, text, section, index).ok_or(FixError::NoSuchEntry)?;
    let lines: Vec<&str> = text.lines().collect();
    let as_written: Vec<String> = lines[first - 1..last]
        .iter()
        .map(|l| l.to_string())
        .collect();
    let rewritten = {
        let header = header_lines(entry);
        let mut block = vec![EntryFix::of(entry).heading()];
        block.extend(
            (first..=last)
                .filter(|n| !header.contains(n))
                .map(|n| lines[n - 1].to_string()),
        );
        block
    };
    let expected = (count(&resume, &from.kind) - 1, count(&resume, to) + 1);
    // A new section's heading is written as the text writes its own: Markdown's `##` in a text with
    // Markdown headings (where a bare line would not be a heading), else a bare line.
    for style in [
        HeadingStyle::Markdown,
        HeadingStyle::Bare,
        HeadingStyle::Capitals,
    ] {
        for block in [&as_written, &rewritten] {
            let moved = place_block(text, &resume, (first, last), block, to, style)?;
            let again = from_text(&moved);
            if (count(&again, &from.kind), count(&again, to)) == expected {
                return Ok(moved);
            }
        }
    }
    Err(FixError::ReadsBackOtherwise)
}

/// The text without lines `span`, with `block` at the end of the first section of kind `to`, or
/// under a new heading at the end.
fn place_block(
    text: &str,
    resume: &StructuredResume,
    span: (usize, usize),
    block: &[String],
    to: &SectionKind,
    style: HeadingStyle,
) -> Result<String, FixError> {
    let lines: Vec<&str> = text.lines().collect();
    let target = resume.sections.iter().position(|s| &s.kind == to);
    // After which original line the block goes: the target section's last non-blank line.
    let after = target.map(|t| {
        let s = &resume.sections[t];
        let start = s.line.unwrap_or(1);
        let end = resume
            .sections
            .iter()
            .filter_map(|o| o.line)
            .filter(|&l| l > start)
            .min()
            .map_or(lines.len(), |l| l - 1);
        (start..=end)
            .rev()
            .find(|&n| !(span.0..=span.1).contains(&n) && !lines[n - 1].trim().is_empty())
            .unwrap_or(start)
    });
    let mut out: Vec<String> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        if !(span.0..=span.1).contains(&number) {
            out.push(line.to_string());
        }
        if Some(number) == after {
            out.push(String::new());
            out.extend(block.iter().cloned());
        }
    }
    if after.is_none() {
        let heading = new_heading(to, crate::domain::han::has_han(text))
            .ok_or(FixError::ReadsBackOtherwise)?;
        while out.last().is_some_and(|l| l.trim().is_empty()) {
            out.pop();
        }
        out.push(String::new());
        out.push(match style {
            HeadingStyle::Markdown => format!("## {heading}"),
            HeadingStyle::Bare => heading.to_string(),
            HeadingStyle::Capitals => heading.to_uppercase(),
        });
        out.push(String::new());
        out.extend(block.iter().cloned());
    }
    Ok(rejoin(&out, text))
}

/// Merges entry `index` with the one after it: their header lines become one, in the reader's own
/// form, with the first entry's fields and the second's where the first has none; the second's
/// body follows the first's.
pub fn merge_with_next(text: &str, section: usize, index: usize) -> Result<String, FixError> {
    let resume = from_text(text);
    let s = resume.sections.get(section).ok_or(FixError::NoSuchEntry)?;
    let (a, b) = match (s.entries.get(index), s.entries.get(index + 1)) {
        (Some(a), Some(b)) => (EntryFix::of(a), EntryFix::of(b)),
        _ => return Err(FixError::NoSuchEntry),
    };
    let pick = |x: &str, y: &str| {
        if x.trim().is_empty() {
            y.to_string()
        } else {
            x.to_string()
        }
    };
    let merged = EntryFix {
        title: pick(&a.title, &b.title),
        organisation: pick(&a.organisation, &b.organisation),
        dates: pick(&a.dates, &b.dates),
        location: pick(&a.location, &b.location),
        detail: pick(&a.detail, &b.detail),
    };
    // The second's header lines go when the merged fields say all they said; otherwise they stay
    // as a line of text of the merged entry, so no word of the resume is lost.
    let said = |x: &str, y: &str| x.trim().is_empty() || x == y;
    let second_said = said(&b.title, &merged.title)
        && said(&b.organisation, &merged.organisation)
        && said(&b.dates, &merged.dates)
        && said(&b.location, &merged.location)
        && said(&b.detail, &merged.detail);
    let first_header = header_lines(&s.entries[index]);
    let second_header = header_lines(&s.entries[index + 1]);
    let at = *first_header.iter().min().ok_or(FixError::NoSuchEntry)?;
    let mut fixed = rewrite(text, at, &first_header, &merged.heading());
    if !second_said {
        // `rewrite` put one line where several were: the second's lines moved by the difference.
        let shift = first_header.len() as isize - 1;
        let moved: Vec<usize> = second_header
            .iter()
            .map(|&n| (n as isize - shift) as usize)
            .collect();
        fixed = as_text_lines(&fixed, &moved);
    } else {
        let shift = first_header.len() - 1;
        let moved: Vec<usize> = second_header.iter().map(|&n| n - shift).collect();
        fixed = rewrite(&fixed, 0, &moved, ""); // line 0 is no line: only the removal
    }
    let again = from_text(&fixed);
    let fewer = again.sections.get(section).map(|s| s.entries.len()) == Some(s.entries.len() - 1);
    if fewer && reads_as(&again, section, index, &merged) {
        Ok(fixed)
    } else {
        Err(FixError::ReadsBackOtherwise)
    }
}

/// Splits entry `index` at line `at` (1-based, one of [`body_lines`]): the lines from `at` on are
/// a second entry. Its header is what the reader makes of those lines alone, written in the
/// reader's own form; when they name nothing, line `at` itself is the new entry's title.
pub fn split_at(text: &str, section: usize, index: usize, at: usize) -> Result<String, FixError> {
    let resume = from_text(text);
    let s = resume.sections.get(section).ok_or(FixError::NoSuchEntry)?;
    let (first, last) = entry_span(&resume, text, section, index).ok_or(FixError::NoSuchEntry)?;
    if at <= first || at > last {
        return Err(FixError::NoSuchEntry);
    }
    let lines: Vec<&str> = text.lines().collect();
    // The tail read alone, under a heading of the same kind: line n of it is line n + offset.
    let heading = if s.title.trim().is_empty() {
        new_heading(&s.kind, crate::domain::han::has_han(text))
            .unwrap_or("Experience")
            .to_string()
    } else {
        s.title.clone()
    };
    let tail = format!("## {heading}\n{}", lines[at - 1..last].join("\n"));
    let offset = at - 2;
    let alone = from_text(&tail);
    let read = alone
        .sections
        .first()
        .filter(|t| t.kind == s.kind)
        .and_then(|t| t.entries.first())
        .map(|e| (EntryFix::of(e), header_lines(e)))
        .filter(|(f, h)| {
            !(f.title.trim().is_empty() && f.organisation.trim().is_empty())
                && h.first() == Some(&2)
        });
    // Read alone, the tail names its entry: that reading is written and must read back. Or it
    // names nothing: line `at` becomes a header as it is, read however the reader reads it.
    let (heading, replaced, fix) = match read {
        Some((fix, header)) => (
            fix.heading(),
            header.into_iter().map(|n| n + offset).collect::<Vec<_>>(),
            Some(fix),
        ),
        None => {
            let words = lines[at - 1]
                .trim()
                .trim_start_matches(['-', '*', '•', '#'])
                .trim();
            (format!("### {words}"), vec![at], None)
        }
    };
    let fixed = rewrite(text, at, &replaced, &heading);
    let again = from_text(&fixed);
    let more = again.sections.get(section).map(|s| s.entries.len()) == Some(s.entries.len() + 1);
    let second = fix.is_none_or(|fix| reads_as(&again, section, index + 1, &fix));
    if more && second {
        Ok(fixed)
    } else {
        Err(FixError::ReadsBackOtherwise)
    }
}

/// `text` with lines `which` written as plain bullets, as no reader takes for an entry's header.
fn as_text_lines(text: &str, which: &[usize]) -> String {
    let out: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if which.contains(&(i + 1)) {
                let words = line.trim().trim_start_matches('#').replace('\t', " ");
                format!(
                    "- {}",
                    words.split_whitespace().collect::<Vec<_>>().join(" ")
                )
            } else {
                line.to_string()
            }
        })
        .collect();
    rejoin(&out, text)
}

/// `text` with lines `replaced` left out and `heading` written where line `at` was.
fn rewrite(text: &str, at: usize, replaced: &[usize], heading: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i + 1 == at {
            out.push(heading.to_string());
        }
        if !replaced.contains(&(i + 1)) {
            out.push(line.to_string());
        }
    }
    rejoin(&out, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section_of(text: &str, kind: SectionKind) -> usize {
        from_text(text)
            .sections
            .iter()
            .position(|s| s.kind == kind)
            .expect("the section")
    }

    fn titles(text: &str, kind: SectionKind) -> Vec<String> {
        from_text(text)
            .entries_of(&kind)
            .iter()
            .map(|e| EntryFix::of(e).title)
            .collect()
    }

    const TEXT: &str = "# Ann Lee\n\n## Experience\n\n### Staff Engineer — Acme Rail — London (Mar 2020 – Present)\n- Built the signalling model\n\n### Volunteer Tutor — Code Club (2016 – 2019)\n- Taught children to code\n\n## Education\n\n### BSc, Physics — State University (2013 – 2017)\n";

    #[test]
    fn an_entry_moves_with_its_body_to_a_section_made_for_it() {
        let work = section_of(TEXT, SectionKind::Work);
        let moved = move_entry(TEXT, work, 1, &SectionKind::Volunteer).expect("moved");
        assert_eq!(titles(&moved, SectionKind::Work), ["Staff Engineer"]);
        assert_eq!(titles(&moved, SectionKind::Volunteer), ["Volunteer Tutor"]);
        assert!(moved.contains("## Volunteering\n\n### Volunteer Tutor"));
        // Its bullet went with it; nothing else changed.
        let volunteer = from_text(&moved).entries_of(&SectionKind::Volunteer)[0].clone();
        assert_eq!(volunteer.highlights[0].value, "Taught children to code");
        assert!(moved.contains("### BSc, Physics — State University (2013 – 2017)"));
    }

    #[test]
    fn an_entry_moves_to_the_end_of_a_section_that_exists() {
        let work = section_of(TEXT, SectionKind::Work);
        let moved = move_entry(TEXT, work, 0, &SectionKind::Education).expect("moved");
        assert_eq!(
            titles(&moved, SectionKind::Education),
            ["BSc", "Staff Engineer"]
        );
        assert_eq!(titles(&moved, SectionKind::Work), ["Volunteer Tutor"]);
        assert_eq!(
            move_entry(TEXT, work, 0, &SectionKind::Work),
            Err(FixError::ReadsBackOtherwise)
        );
    }

    #[test]
    fn a_position_cut_in_two_is_merged() {
        let text = "# Ann Lee\n\n## Experience\n\n### Staff Engineer\n\n### Acme Rail (Mar 2020 – Present)\n- Built the signalling model\n";
        let work = section_of(text, SectionKind::Work);
        assert_eq!(from_text(text).sections[work].entries.len(), 2);
        let merged = merge_with_next(text, work, 0).expect("merged");
        let entries = from_text(&merged).sections[work].entries.clone();
        assert_eq!(entries.len(), 1);
        let fix = EntryFix::of(&entries[0]);
        assert_eq!(
            (fix.title.as_str(), fix.organisation.as_str()),
            ("Staff Engineer", "")
        );
        assert_eq!(
            entries[0].dates.as_ref().map(|d| d.value.text.as_str()),
            Some("Mar 2020 – Present")
        );
        assert!(merged.contains("Built the signalling model"));
        // The second header's words stay, as text of the merged entry.
        assert!(merged.contains("Acme Rail"));
        assert_eq!(merge_with_next(text, work, 1), Err(FixError::NoSuchEntry));
    }

    #[test]
    fn two_positions_read_as_one_are_split_at_the_line_the_second_starts() {
        let text = "# Ann Lee\n\n## Experience\n\n### Staff Engineer — Acme Rail (2020 – 2023)\n- Built the signalling model\n- Data Analyst at Beta Bank\n- Wrote the reports\n";
        let work = section_of(text, SectionKind::Work);
        let body = body_lines(text, work, 0);
        let (at, _) = body
            .iter()
            .find(|(_, l)| l.contains("Beta Bank"))
            .expect("listed")
            .clone();
        let split = split_at(text, work, 0, at).expect("split");
        let entries = from_text(&split).sections[work].entries.clone();
        assert_eq!(entries.len(), 2);
        assert_eq!(EntryFix::of(&entries[0]).title, "Staff Engineer");
        assert!(EntryFix::of(&entries[1]).title.contains("Data Analyst"));
        assert!(split.contains("Wrote the reports"));
        assert_eq!(split_at(text, work, 0, 1), Err(FixError::NoSuchEntry));
    }

    #[test]
    fn entries_as_a_word_processor_writes_them_move_under_a_heading_written_alike() {
        let text = "Ann Lee\n\nExperience\n\nAcme Rail\tLondon\nStaff Engineer\tMar 2020 – Present\n- Built the signalling model\n\nCode Club\tLeeds\nVolunteer Tutor\t2016 – 2019\n- Taught children to code\n\nEducation\n\nState University\t2013 – 2017\nBSc Physics\n";
        let work = section_of(text, SectionKind::Work);
        assert_eq!(from_text(text).sections[work].entries.len(), 2);
        let moved = move_entry(text, work, 1, &SectionKind::Volunteer).expect("moved");
        let again = from_text(&moved);
        assert_eq!(again.entries_of(&SectionKind::Work).len(), 1);
        assert_eq!(again.entries_of(&SectionKind::Volunteer).len(), 1);
        assert_eq!(again.entries_of(&SectionKind::Education).len(), 1);
        assert!(moved.contains("Taught children to code"));
    }
}
