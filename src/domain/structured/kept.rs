//! Lines the structure could not place whole, kept as written ("no silent loss").
//!
//! The builder reads a line into fields and leaves out what no field takes: the "at" of "Staff
//! Engineer at Acme" (position and employer are two fields), a duration a theme prints after the
//! dates ("· 3 years 5 months"), an icon's letter before a phone ("M +34 …"), contact labels
//! ("Email\tPhone" over the values), the name a layout prints twice. Each is little, but an
//! export without them is not the resume the user gave, and re-importing it gives back less.
//!
//! So after the build, every line's words are counted against the words of the fields read from
//! it (then of its entry, then of the whole resume). A line with a word no field holds is kept
//! **whole, as written** — not only the missing words, which alone ("at", "E") mean nothing:
//! - in its entry's [`Entry::as_written`], which an export writes before the entry's own text
//!   (the job's `summary`, a degree's `courses`: the field of that entry a JSON Resume reader
//!   shows), so the words stay with the job or degree they belong to;
//! - a line of the header (before any section, or in a contact block) in an untitled unplaced
//!   section, first of all: what the export already does with text it cannot place
//!   (`meta.careergraph.otherSections` and the end of `basics.summary`), and what the import's
//!   line says ("1 section unplaced").
//!
//! Not counted, as the JSON Resume export writes them in other forms: the headings of sections
//! the schema has an array for (they become its key), date text (ISO dates; no end for
//! "Present"), and the word "in" that the schema's `studyType` + `area` stand for ("MSc in
//! Physics"; the export splits a degree there). Other languages' joiners ("Licenciatura en …")
//! are kept with their line: the export's split is English only.

use std::collections::HashMap;

use super::dates::find_range;
use super::lines::heading_level;
use super::model::{Confidence, Entry, Field, Section, SectionKind, StructuredResume};

/// Who a line belongs to: the header (before any section), a section (its heading, or its
/// text before its first entry) or an entry (from its first line to the next start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Owner {
    Header,
    Section(usize),
    Entry(usize, usize),
}

/// The words of a text as the round-trip check counts them: runs of letters and digits, lower
/// case; a CJK character (or any above U+2E80) is a word by itself.
pub(crate) fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in text.split(|c: char| !c.is_alphanumeric()) {
        let mut word = String::new();
        for c in piece.chars() {
            if c > '\u{2E80}' {
                out.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
                out.push(c.to_string());
            } else {
                word.extend(c.to_lowercase());
            }
        }
        out.extend((!word.is_empty()).then_some(word));
    }
    out
}

/// A line's words that an export must carry: without its date text and the schema's "in".
fn content_words(line: &str) -> Vec<String> {
    let mut line = line.to_string();
    while let Some((_, span)) = find_range(&line) {
        line.replace_range(span, " ");
    }
    let line: Vec<&str> = line.split(' ').filter(|w| *w != "in").collect();
    words(&line.join(" "))
}

/// One word of a field: where the field was read (its line, its owner) and whether a line of
/// the text has taken it yet.
struct Token {
    line: Option<usize>,
    owner: Owner,
    used: bool,
}

#[derive(Default)]
struct Pool {
    tokens: Vec<Token>,
    by_word: HashMap<String, Vec<usize>>,
}

impl Pool {
    fn add(&mut self, text: &str, line: Option<usize>, owner: Owner) {
        for word in words(text) {
            self.by_word
                .entry(word)
                .or_default()
                .push(self.tokens.len());
            self.tokens.push(Token {
                line,
                owner,
                used: false,
            });
        }
    }

    fn field(&mut self, field: &Option<Field<String>>, owner: Owner) {
        if let Some(f) = field {
            self.add(&f.value, f.line, owner);
        }
    }

    fn fields(&mut self, fields: &[Field<String>], owner: Owner) {
        for f in fields {
            self.add(&f.value, f.line, owner);
        }
    }

    /// Takes an unused token of `word` that `fits`; false when there is none.
    fn take(&mut self, word: &str, fits: impl Fn(&Token) -> bool) -> bool {
        let Some(indices) = self.by_word.get(word) else {
            return false;
        };
        for &i in indices {
            if !self.tokens[i].used && fits(&self.tokens[i]) {
                self.tokens[i].used = true;
                return true;
            }
        }
        false
    }
}

/// Every field's words, with the line and owner it was read from.
fn pool_of(resume: &StructuredResume) -> Pool {
    let mut pool = Pool::default();
    let b = &resume.basics;
    for field in [&b.name, &b.label, &b.email, &b.phone, &b.url, &b.image] {
        pool.field(field, Owner::Header);
    }
    if let Some(place) = &b.location {
        for part in [
            &place.address,
            &place.postal_code,
            &place.city,
            &place.country_code,
            &place.region,
            &place.text,
        ]
        .into_iter()
        .flatten()
        {
            pool.add(part, None, Owner::Header);
        }
    }
    for profile in &b.profiles {
        for part in [&profile.network, &profile.username, &profile.url]
            .into_iter()
            .flatten()
        {
            pool.add(part, profile.line, Owner::Header);
        }
    }
    // The summary sections' text is in their entries; a summary read in the header is not.
    if resume.sections_of(&SectionKind::Summary).next().is_none() {
        pool.field(&b.summary, Owner::Header);
    }
    for (s, section) in resume.sections.iter().enumerate() {
        // A known section's heading becomes a key of the export ("work"), not words in it: its
        // words hold no other line's (a Chinese title, read a character a word, shares
        // characters with headings: 个人简历 with 个人简介 and 工作经历).
        if matches!(section.kind, SectionKind::Other(_)) {
            pool.add(&section.title, section.line, Owner::Section(s));
        }
        for (e, entry) in section.entries.iter().enumerate() {
            let owner = Owner::Entry(s, e);
            for field in [
                &entry.title,
                &entry.organisation,
                &entry.location,
                &entry.detail,
                &entry.url,
            ] {
                pool.field(field, owner);
            }
            pool.fields(&entry.highlights, owner);
            pool.fields(&entry.text, owner);
            pool.fields(&entry.as_written, owner);
            for keyword in &entry.keywords {
                pool.add(keyword, None, owner);
            }
        }
    }
    pool
}

/// The owner of each line: the last section or entry that starts at or before it.
fn owners(resume: &StructuredResume) -> Vec<(usize, Owner)> {
    let mut starts: Vec<(usize, Owner)> = Vec::new();
    for (s, section) in resume.sections.iter().enumerate() {
        starts.extend(section.line.map(|l| (l, Owner::Section(s))));
        for (e, entry) in section.entries.iter().enumerate() {
            starts.extend(entry.line.map(|l| (l, Owner::Entry(s, e))));
        }
    }
    // A section's heading before its first entry on the same line (an entry read from a
    // heading line starts where its section does not).
    starts.sort_by_key(|(line, owner)| (*line, matches!(owner, Owner::Entry(..))));
    starts
}

/// Keeps, as written, every line of `text` (1-based lines from `first_line`) whose words the
/// structure's fields do not all hold. See the module's documentation.
pub(super) fn keep_unplaced_lines(text: &str, first_line: usize, resume: &mut StructuredResume) {
    let placed_headings: Vec<usize> = resume
        .sections
        .iter()
        .filter(|s| !matches!(s.kind, SectionKind::Other(_)))
        .filter_map(|s| s.line)
        .collect();
    let starts = owners(resume);
    let owner_of = |line: usize| {
        starts
            .iter()
            .take_while(|(start, _)| *start <= line)
            .last()
            .map_or(Owner::Header, |(_, owner)| *owner)
    };
    let mut pool = pool_of(resume);
    // Each line's words not yet found: first in the fields read from that very line, then in
    // its owner's fields, then anywhere (a phone read in a sidebar, a wrapped title).
    let mut left: Vec<(usize, Owner, Vec<String>)> = Vec::new();
    for (index, line) in text.lines().enumerate().skip(first_line.saturating_sub(1)) {
        let number = index + 1;
        if placed_headings.contains(&number) {
            continue;
        }
        let owner = owner_of(number);
        let missing: Vec<String> = content_words(line)
            .into_iter()
            .filter(|w| !pool.take(w, |t| t.line == Some(number)))
            .collect();
        if !missing.is_empty() {
            left.push((number, owner, missing));
        }
    }
    for (_, owner, missing) in &mut left {
        missing.retain(|w| !pool.take(w, |t| t.owner == *owner));
    }
    let mut kept: Vec<(usize, Owner)> = Vec::new();
    for (number, owner, missing) in &mut left {
        missing.retain(|w| !pool.take(w, |_| true));
        if !missing.is_empty() {
            kept.push((*number, *owner));
        }
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut header = Vec::new();
    for (number, owner) in kept {
        let raw = lines[number - 1].trim();
        let written = Field::new(
            heading_level(raw).1.to_string(),
            Confidence::Low,
            Some(number),
        );
        let entry = match owner {
            Owner::Entry(s, e) => resume.sections[s].entries.get_mut(e),
            Owner::Section(s) => resume.sections[s].entries.first_mut(),
            Owner::Header => None,
        };
        match entry {
            Some(entry) => entry.as_written.push(written),
            None => header.push(written),
        }
    }
    if !header.is_empty() {
        resume.sections.insert(
            0,
            Section {
                kind: SectionKind::Other(String::new()),
                title: String::new(),
                line: None,
                confidence: Confidence::Low,
                // As written, not as text: the JSON Resume export writes them (in
                // `otherSections` and the summary's end), the printed page and Markdown, which
                // show the header from its fields, do not repeat them.
                entries: vec![Entry {
                    line: header[0].line,
                    as_written: header,
                    ..Entry::default()
                }],
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::from_text;
    use super::*;

    fn kept(entry: &Entry) -> Vec<&str> {
        entry.as_written.iter().map(|f| f.value.as_str()).collect()
    }

    #[test]
    fn a_heading_lines_joiner_keeps_the_line_with_its_job() {
        let resume = from_text(
            "# Ann Example\n\n## Experience\nStaff Engineer at Acme Rail\tSep 2021 - Present\nBuilt the platform.\n",
        );
        let jobs = resume.entries_of(&SectionKind::Work);
        assert_eq!(jobs.len(), 1, "{resume:#?}");
        assert_eq!(
            kept(jobs[0]),
            ["Staff Engineer at Acme Rail\tSep 2021 - Present"]
        );
    }

    #[test]
    fn a_fully_placed_resume_keeps_nothing() {
        let resume = from_text(
            "# Ann Example\nann@example.com · +44 20 7946 0000\n\n## Experience\n### Engineer — Acme Rail (2019 – 2021)\n- Built things.\n\n## Education\n### MSc in Physics — State University (2017)\n",
        );
        assert!(
            resume
                .sections
                .iter()
                .flat_map(|s| &s.entries)
                .all(|e| e.as_written.is_empty()),
            "{resume:#?}"
        );
        assert!(!resume
            .sections
            .iter()
            .any(|s| s.kind == SectionKind::Other(String::new())));
    }

    #[test]
    fn header_words_no_field_holds_go_to_an_untitled_section_first() {
        let resume =
            from_text("# Ann Example\nAnn Example\nann@example.com\n\n## Summary\nBuilds.\n");
        let first = &resume.sections[0];
        assert_eq!(first.kind, SectionKind::Other(String::new()), "{resume:#?}");
        assert_eq!(kept(&first.entries[0]), ["Ann Example"]);
    }

    /// What our JSON Resume import renders for a job with a kept line reads as one job again;
    /// two jobs of the same period with other titles stay two.
    #[test]
    fn a_restated_period_under_its_heading_is_the_same_entry() {
        let resume = from_text(
            "# Ann\n\n## Experience\n\n### Staff Engineer — Acme Rail (2021-09 – Present)\nStaff Engineer at Acme Rail\tSep 2021 - Current\n\nRuns the platform.\n\n### Analyst — Juniper Bank (2018-03 – 2021-08)\nMar, 2018 - Aug, 2021 · 3 years 5 months\n",
        );
        let jobs = resume.entries_of(&SectionKind::Work);
        assert_eq!(jobs.len(), 2, "{resume:#?}");
        assert_eq!(
            jobs[0].text[0].value,
            "Staff Engineer at Acme Rail\tSep 2021 - Current"
        );
        let concurrent = from_text(
            "# Ann\n\n## Experience\nConsultant, Acme Rail\t2019 – 2020\nAdvisor, Juniper Bank\t2019 – 2020\n",
        );
        assert_eq!(concurrent.entries_of(&SectionKind::Work).len(), 2);
    }
}
