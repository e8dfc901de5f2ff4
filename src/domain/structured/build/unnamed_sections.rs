//! Sections whose heading the reader has no word for: a language it does not know
//! ("Esperienza professionale"), or a heading of the writer's own. The text marks them as
//! headings (the DOCX and PDF readers write `##` from how a line is set), so the first reading
//! opens an `Other` section there and reads its dated entries, but an `Other` section is
//! neither the jobs nor the degrees of the export. Every resume has both: when the reader found
//! no section of one of them by name, an unnamed section of dated entries is read as it —
//! education when its entries name schools or degrees, work otherwise — and marked unsure
//! (`Confidence::Low`), so the outline says to check it.

use std::collections::HashMap;

use super::super::dates::find_range;
use super::super::degrees::is_degree;
use super::super::lines::{bullet, heading_level, is_school};
use super::super::model::{Confidence, Section, SectionKind, StructuredResume};
use super::super::roles::names_organisation;

/// The kind each heading line opens in the second reading, and how sure that is: every unnamed
/// section of the first (so a later one is not read as an entry of a section that is now
/// work), with its kind read from its entries where that can be said.
pub(super) type HeadingKinds = HashMap<usize, (SectionKind, Confidence)>;

/// `None` when no unnamed section changes kind: the first reading stands.
pub(super) fn heading_kinds(first: &StructuredResume) -> Option<HeadingKinds> {
    let has = |kind: SectionKind| first.sections.iter().any(|s| s.kind == kind);
    let (mut has_work, mut has_education) = (has(SectionKind::Work), has(SectionKind::Education));
    let mut kinds = HeadingKinds::new();
    let mut changed = false;
    // Every section the first reading opened under a heading of unknown words keeps its place
    // (read again, a heading after what is now a work section would be an entry's name).
    let opened = first
        .sections
        .iter()
        .filter(|s| matches!(s.kind, SectionKind::Other(_)) && !s.title.trim().is_empty());
    for section in opened {
        let Some(line) = section.line else { continue };
        let read = match unnamed(section).then(|| read_kind(section)).flatten() {
            Some(SectionKind::Education) if !has_education => {
                has_education = true;
                Some(SectionKind::Education)
            }
            Some(SectionKind::Work) if !has_work => {
                has_work = true;
                Some(SectionKind::Work)
            }
            _ => None,
        };
        changed |= read.is_some();
        let kind = match read {
            Some(kind) => (kind, Confidence::Low),
            None => (section.kind.clone(), section.confidence),
        };
        kinds.insert(line, kind);
    }
    changed.then_some(kinds)
}

/// The text with `## ` before the lines a document sets as its section headings but does not
/// mark (plain text, a PDF whose headings are set like its body), when the reader found neither
/// jobs nor degrees in it: `None` when there are none. A heading is a short line of words alone
/// (no digits, no punctuation, not a school's or an employer's name, not the text's first line)
/// that the layout sets apart from what follows: a blank line after it, or a row of column
/// labels under it ("Periodo | Datore di lavoro | Posizione"); and dated periods follow it
/// before the next such line. Entries' names have their dates or their other name right under
/// them, so a section of entries repeats a pattern its heading does not share.
pub(super) fn headings_unmarked(text: &str, first: &StructuredResume) -> Option<String> {
    let named = first
        .sections
        .iter()
        .any(|s| matches!(s.kind, SectionKind::Work | SectionKind::Education));
    if named {
        return None;
    }
    let lines: Vec<&str> = text.lines().collect();
    let first_text = lines.iter().position(|l| !l.trim().is_empty())?;
    let next_text = |i: usize| {
        lines[i + 1..]
            .iter()
            .map(|l| l.trim())
            .find(|l| !l.is_empty())
    };
    let period = |l: &str| {
        find_range(l).is_some_and(|(r, _)| r.start.is_some() && (r.end.is_some() || r.present))
    };
    let set_apart = |i: usize| {
        lines.get(i + 1).is_some_and(|l| l.trim().is_empty())
            || next_text(i).is_some_and(|row| {
                let at = lines.iter().position(|l| std::ptr::eq(l.trim(), row));
                label_row(row) && at.and_then(next_text).is_some_and(period)
            })
    };
    let candidates: Vec<usize> = (first_text + 1..lines.len())
        .filter(|&i| heading_like(lines[i].trim()) && set_apart(i))
        .collect();
    let heads_dates = candidates.iter().enumerate().any(|(k, &i)| {
        let end = candidates.get(k + 1).copied().unwrap_or(lines.len());
        lines[i + 1..end].iter().any(|l| period(l))
    });
    // A document sets its headings alike: once lines so set head dated entries, the others
    // set so are headings too (of its skills, its languages), not the last entry's lines.
    if !heads_dates {
        return None;
    }
    let marked = candidates;
    let text = lines
        .iter()
        .enumerate()
        .map(|(i, l)| match marked.contains(&i) {
            true => format!("## {}", l.trim()),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    Some(text)
}

/// Written as a section's heading: one to four words of letters (an `&` or a hyphen between),
/// the first a capital, and not a school's, an employer's or a degree's name.
fn heading_like(line: &str) -> bool {
    let words = line.split_whitespace().count();
    (1..=4).contains(&words)
        && line.chars().count() <= 40
        && heading_level(line).0 == 0
        && bullet(line).is_none()
        && line
            .chars()
            .all(|c| c.is_alphabetic() || c.is_whitespace() || matches!(c, '&' | '-' | '\''))
        && line
            .chars()
            .find(|c| c.is_alphabetic())
            .is_some_and(|c| c.is_uppercase())
        && !is_school(line)
        && !names_organisation(line)
        && !is_degree(line)
}

/// A row of column labels, in any language: two or more cells (tabs or bars between), each one
/// to three words with no digits.
fn label_row(line: &str) -> bool {
    let cells: Vec<&str> = line
        .split(['\t', '|', '｜'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    cells.len() >= 2
        && cells.iter().all(|c| {
            (1..=3).contains(&c.split_whitespace().count())
                && !c.chars().any(|ch| ch.is_ascii_digit() || ch == '@')
        })
}

/// Of the `Other` sections opened by a heading, one whose heading the writer set as a section's:
/// short, no digits, and not the name of a school or an employer (an entry's name set as a
/// heading, whose dates follow it).
fn unnamed(section: &Section) -> bool {
    let title = section.title.trim();
    title.split_whitespace().count() <= 4
        && !title.chars().any(|c| c.is_ascii_digit())
        && (title.split_whitespace().count() == 1 || !is_school(title))
        && !names_organisation(title)
}

/// Work or education from the entries: most of them carry a period (a start, and an end or
/// "present"); education when most of those name a school or a degree.
fn read_kind(section: &Section) -> Option<SectionKind> {
    let dated: Vec<_> = section
        .entries
        .iter()
        .filter(|e| e.dates.as_ref().is_some_and(|d| d.value.is_period()))
        .collect();
    if dated.is_empty() || 2 * dated.len() < section.entries.len() {
        return None;
    }
    let schooling = dated
        .iter()
        .filter(|e| {
            [&e.title, &e.organisation, &e.detail]
                .into_iter()
                .flatten()
                .any(|f| is_school(&f.value) || is_degree(&f.value))
        })
        .count();
    Some(if 2 * schooling >= dated.len() {
        SectionKind::Education
    } else {
        SectionKind::Work
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::section;
    use crate::domain::structured::model::{Entry, Opt, Section};
    use crate::domain::structured::{from_text, Confidence, SectionKind};

    /// An Italian resume as the DOCX reader writes it: the reader knows none of its headings.
    const ITALIAN: &str = "# Giulia Ferraresi

+39 051 555 0142 | giulia.ferraresi@example.it | Bologna

## PROFILO

Analista di dati con otto anni di esperienza nella logistica.

## ESPERIENZA PROFESSIONALE

Portico Logistica SpA\tBologna
Responsabile analisi dati\t02/2020 – oggi
- Previsioni della domanda per 120 punti vendita
Ferrovie Emiliane Srl\tModena
Analista di dati\t09/2016 – 01/2020

## ISTRUZIONE

**Università di Nordreno**
Laurea magistrale in Statistica\t10/2013 – 12/2015

## COMPETENZE

Strumenti: Python, SQL, R
";

    /// One field of every entry of the section that has it.
    fn values(section: &Section, field: fn(&Entry) -> &Opt<String>) -> Vec<&str> {
        section
            .entries
            .iter()
            .filter_map(|e| field(e).as_ref().map(|f| f.value.as_str()))
            .collect()
    }

    fn kinds(text: &str) -> Vec<(SectionKind, Confidence)> {
        from_text(text)
            .sections
            .into_iter()
            .map(|s| (s.kind, s.confidence))
            .collect()
    }

    #[test]
    fn dated_sections_under_unknown_headings_are_the_jobs_and_the_degrees_marked_unsure() {
        let resume = from_text(ITALIAN);
        let work = section(&resume, SectionKind::Work);
        assert_eq!(work.title, "ESPERIENZA PROFESSIONALE");
        assert_eq!(work.confidence, Confidence::Low);
        assert_eq!(
            values(work, |e| &e.organisation),
            ["Portico Logistica SpA", "Ferrovie Emiliane Srl"]
        );
        assert_eq!(
            values(work, |e| &e.title),
            ["Responsabile analisi dati", "Analista di dati"]
        );
        let education = section(&resume, SectionKind::Education);
        assert_eq!(education.title, "ISTRUZIONE");
        assert_eq!(education.confidence, Confidence::Low);
        assert_eq!(
            values(education, |e| &e.organisation),
            ["Università di Nordreno"]
        );
        // The undated section under an unknown heading stays what it was.
        assert!(resume
            .sections
            .iter()
            .any(|s| s.title == "COMPETENZE" && matches!(s.kind, SectionKind::Other(_))));
    }

    #[test]
    fn an_unknown_heading_right_under_the_name_over_dates_is_a_section_not_the_headline() {
        let text = "# Ola Vik\n+47 555 01 234 | ola.vik@example.no\n\n## Utdanning\n\
            Nordvik Universitet\nMaster i fysikk\t08/2012 – 06/2014\n\n## Arbeidserfaring\n\
            Analytiker\t09/2014 – 05/2019\nFjellnett AS\tBergen\n\
            Utvikler\t06/2019 – 03/2023\nKystdata AS\tBergen\n";
        let resume = from_text(text);
        assert!(resume.basics.label.is_none());
        let education = section(&resume, SectionKind::Education);
        assert_eq!(education.title, "Utdanning");
        assert_eq!(
            values(education, |e| &e.organisation),
            ["Nordvik Universitet"]
        );
        // Over the first entry's heading and names, the dates a few lines down.
        let deeper = "# Ola Vik\nola.vik@example.no\n\n## UTDANNING\n\n## NORDVIK UNIVERSITET\n\
            Master i fysikk\naug 2012 – jun 2014\n\n## ARBEIDSERFARING\n\
            FJELLNETT AS | Analytiker\nsep 2014 – mai 2019 | Bergen\n";
        let resume = from_text(deeper);
        assert!(resume.basics.label.is_none());
        assert!(resume
            .sections
            .iter()
            .any(|s| s.title == "UTDANNING" && s.kind == SectionKind::Education));
        // A heading of one word after an unknown section of dated entries opens its own
        // section, though its word holds a school's ("Schooling").
        let schooling = "# Ola Vik\nAnalyst\nola.vik@example.no\n\n## Where I Worked\n\
            Analyst\tJan 2021 – Present\nFjellnett AS, Bergen\n\n## Schooling\n\
            PhD Physics\t2014 – 2018\nNordvik University\n";
        let resume = from_text(schooling);
        assert!(resume
            .sections
            .iter()
            .any(|s| s.title == "Schooling" && s.kind == SectionKind::Education));
        // A headline with no dates under it stays the headline.
        let headline = "# Ola Vik\n## Dataanalytiker\nola.vik@example.no\n\n## Experience\n\
            Analytiker\t09/2014 – 05/2019\n";
        assert_eq!(
            from_text(headline).basics.label.map(|l| l.value).as_deref(),
            Some("Dataanalytiker")
        );
    }

    #[test]
    fn headings_set_apart_but_not_marked_open_the_sections_they_head() {
        // Plain text, headings in words the reader has no entry for, each set apart by a blank
        // line; the entries' names sit right over their dates.
        let plain = "Ola Vik\nola.vik@example.no | Bergen\nSammendrag\n\nAnalytiker med ti år.\n\
            Arbeidserfaring\n\nAnalytiker\t09/2014 – 05/2019\nFjellnett AS\tBergen\n\
            Utvikler\t06/2019 – 03/2023\nKystdata AS\tBergen\nUtdanning\n\n\
            Nordvik Universitet\nMaster i fysikk\t08/2012 – 06/2014\nSpråk\n\nNorsk\nEngelsk\n";
        let resume = from_text(plain);
        let work = section(&resume, SectionKind::Work);
        assert_eq!(work.title, "Arbeidserfaring");
        assert_eq!(values(work, |e| &e.title), ["Analytiker", "Utvikler"]);
        let education = section(&resume, SectionKind::Education);
        assert_eq!(
            values(education, |e| &e.organisation),
            ["Nordvik Universitet"]
        );
        assert_eq!(
            resume.basics.name.map(|n| n.value).as_deref(),
            Some("Ola Vik")
        );
        // A table's rows under a row of column labels the reader has no words for.
        let table = "CURRICULUM VITAE\nNavn | Ola Vik | Telefon | +47 555 01 234\n\
            Arbeidserfaring\nPeriode | Arbeidsgiver | Stilling\n\
            09/2014 – 05/2019 | Fjellnett AS | Analytiker\n\
            06/2019 – 03/2023 | Kystdata AS | Utvikler\n";
        let resume = from_text(table);
        let work = section(&resume, SectionKind::Work);
        // The labels' row is no job: each row is one (which cell is the employer, labels in
        // unknown words do not say; the rows' own words decide, as for any row).
        assert_eq!(work.entries.len(), 2);
        let names = [
            values(work, |e| &e.organisation),
            values(work, |e| &e.title),
        ]
        .concat();
        assert!(!names.iter().any(|n| n.contains("Periode")), "{names:?}");
        assert!(names.contains(&"Fjellnett AS") && names.contains(&"Analytiker"));
    }

    #[test]
    fn a_resume_with_its_jobs_found_is_not_read_again() {
        // Known headings: the short lines over blank lines are not taken for headings.
        let text = "Ada Quill\n\nExperience\n\nLumenfold\n\nEngineer\t2019 – 2022\n";
        let resume = from_text(text);
        let work: Vec<_> = resume
            .sections
            .iter()
            .filter(|s| s.kind == SectionKind::Work)
            .collect();
        assert_eq!(work.len(), 1);
        assert_eq!(work[0].title, "Experience");
    }

    #[test]
    fn an_unknown_dated_section_beside_named_jobs_and_degrees_stays_unnamed() {
        // Set before the named sections: after them, a heading over dates is an entry.
        let text = "# Ada Quill

## Summary

Engineer in Leeds.

## Ehrenämter

Tafel Leeds\tLeeds
Helferin\t2016 – 2018

## Experience

Lumenfold\tLeeds
Engineer\t2019 – 2022

## Education

Lakeside University\tLeeds
BSc in Physics\t2015 – 2018
";
        let kinds = kinds(text);
        assert_eq!(
            kinds
                .iter()
                .filter(|(k, _)| matches!(k, SectionKind::Work))
                .count(),
            1
        );
        assert!(kinds
            .iter()
            .any(|(k, _)| matches!(k, SectionKind::Other(t) if t == "Ehrenämter")));
    }

    #[test]
    fn an_unknown_heading_over_undated_lines_changes_nothing() {
        let text = "# Ada Quill

## Experience

Lumenfold\tLeeds
Engineer\t2019 – 2022

## Hobbys

Klettern, Lesen
";
        assert!(!kinds(text).iter().any(|(_, c)| *c == Confidence::Low));
    }
}
