//! What looks misread in an entry, said next to it ("⚠ Check: no dates found") and counted by the
//! import's status line, so the reader is unsure out loud. One predicate for the outline, the
//! status line and `make parse-bench`, which measures it both ways: how many wrong entries carry
//! a mark, and how many marked entries are wrong.
//!
//! A field guessed from where its line sits is not, by itself, a reason: most layouts are read
//! that way and read right. The marks go where the evidence of the entry, or of its section, says
//! something is off: a missing part, a name that reads as a sentence or a date, words that say
//! the title and employer are the other way round, an entry laid out unlike its section's others.

use super::dates::find_range;
use super::degrees::is_degree;
use super::headings::section_kind;
use super::lines::{ends_with_joining_word, is_school};
use super::model::{Confidence, Entry, Field, SectionKind, StructuredResume};
use super::roles::swapped_evidence;

/// Something about an entry that looks misread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Neither a title nor an organisation.
    NoTitle,
    /// A job without its employer or its title; a degree without its school.
    MissingName,
    NoDates,
    /// A title or organisation that reads as a sentence, a date, a label or a heading.
    OddName,
    /// The entry's own words say its title and organisation are the other way round.
    RolesDoubtful,
    /// Laid out unlike the other entries of its section (a part on another line, or missing).
    UnlikeOthers,
}

/// What looks wrong with an entry of a section of `kind`, without its section's context.
pub fn checks(entry: &Entry, kind: &SectionKind) -> Vec<Check> {
    let mut found = Vec::new();
    if from_the_file(entry) {
        // Structured data (JSON Resume) said so: nothing was read, nothing can be misread.
        return found;
    }
    let dated = matches!(kind, SectionKind::Work | SectionKind::Education);
    if entry.title.is_none() && entry.organisation.is_none() {
        found.push(Check::NoTitle);
    } else if dated && (entry.organisation.is_none() || entry.title.is_none()) {
        found.push(Check::MissingName);
    }
    if dated && entry.dates.as_ref().is_none_or(|d| d.value.start.is_none()) {
        found.push(Check::NoDates);
    }
    // The names of jobs and degrees only: a skill group "GIS, QGIS, ArcGIS" is a list.
    if !matches!(
        kind,
        SectionKind::Work | SectionKind::Education | SectionKind::Volunteer
    ) {
        return found;
    }
    let names = [&entry.title, &entry.organisation].into_iter().flatten();
    // A degree among a job's names: an entry of Education read into Work.
    let degree_in_work = *kind == SectionKind::Work && names.clone().any(|f| is_degree(&f.value));
    // A name or area cut where it wrapped ("Chalmers Institute of", "Electronics and").
    let cut = names
        .clone()
        .chain(&entry.detail)
        .any(|f| ends_with_joining_word(&f.value));
    // An organisation cut where it wrapped, the other way: its last word alone ("COLLEGE"
    // under "BRNO POLYTECHNIC"), or a word broken by the typesetter's hyphen ("Engi-neering").
    let cut = cut
        || entry
            .organisation
            .as_ref()
            .is_some_and(|f| only_a_kind_of_place(&f.value) || hyphen_broken(&f.value));
    if names.clone().any(odd_name) || degree_in_work || cut {
        found.push(Check::OddName);
    }
    let swapped = match kind {
        SectionKind::Work | SectionKind::Volunteer => swapped_evidence(entry) > 0,
        SectionKind::Education => degree_swapped(entry),
        _ => false,
    };
    if swapped {
        found.push(Check::RolesDoubtful);
    }
    found
}

/// The checks of every entry of `section`, with the section's context (`UnlikeOthers`).
pub fn section_checks(entries: &[Entry], kind: &SectionKind) -> Vec<Vec<Check>> {
    let shapes: Vec<Shape> = entries.iter().map(shape).collect();
    let usual = usual_shape(&shapes);
    entries
        .iter()
        .zip(&shapes)
        .map(|(entry, own)| {
            let mut found = checks(entry, kind);
            let dated = matches!(kind, SectionKind::Work | SectionKind::Education);
            if dated && !from_the_file(entry) && usual.as_ref().is_some_and(|u| u != own) {
                found.push(Check::UnlikeOthers);
            }
            found
        })
        .collect()
}

/// The entry's names came from structured data (a JSON Resume file), not from reading (its
/// dates may still be Low there: a date the file wrote in words).
fn from_the_file(entry: &Entry) -> bool {
    let confidences: Vec<Confidence> = [&entry.title, &entry.organisation]
        .into_iter()
        .flatten()
        .map(|f| f.confidence)
        .collect();
    !confidences.is_empty() && confidences.iter().all(|c| *c == Confidence::High)
}

/// Which parts an entry has and on which line each sits, counted from the entry's first line.
type Shape = [Option<isize>; 4];

fn shape(entry: &Entry) -> Shape {
    let start = entry.line.unwrap_or(0) as isize;
    let at = |line: Option<usize>| line.map(|l| l as isize - start);
    [
        entry.title.as_ref().and_then(|f| at(f.line).or(Some(-1))),
        entry
            .organisation
            .as_ref()
            .and_then(|f| at(f.line).or(Some(-1))),
        entry
            .location
            .as_ref()
            .and_then(|f| at(f.line).or(Some(-1))),
        entry.dates.as_ref().and_then(|f| at(f.line).or(Some(-1))),
    ]
}

/// The shape most of a section's entries share, when at least three entries and two thirds of
/// them share one: a resume repeats its entry pattern, so an entry that breaks it is suspect.
fn usual_shape(shapes: &[Shape]) -> Option<Shape> {
    if shapes.len() < 3 {
        return None;
    }
    let best = shapes
        .iter()
        .max_by_key(|s| shapes.iter().filter(|o| o == s).count())?;
    let count = shapes.iter().filter(|o| *o == best).count();
    (count * 3 >= shapes.len() * 2).then_some(*best)
}

/// A name that reads as something else: a sentence, a date, a label, a section heading, or the
/// wrapped tail of a bullet (it starts in lower case).
fn odd_name(field: &Field<String>) -> bool {
    let value = field.value.trim();
    let words = value.split_whitespace().count();
    let mut chars = value.chars();
    let lower_start = chars.next().is_some_and(char::is_lowercase)
        && chars.next().is_some_and(char::is_lowercase);
    // Three parts or more in one name ("Title, Employer, City", "硕士，计算机，东临大学"): a line
    // the reader did not take apart.
    let parts = value
        .split([',', '，', '、', '|', '·'])
        .filter(|p| !p.trim().is_empty())
        .count();
    // A list bullet left before the name ("• BE", marvosym's bullet read as "{"): the line was
    // a list item, or the reader did not see where the name starts.
    let symbol_start = value
        .chars()
        .next()
        .is_some_and(|c| !c.is_alphanumeric() && !"(\"'“‘«「『【+#.@".contains(c));
    // "SlashDB, SlashDB", "Media Lab, , MIT": a part said twice or left empty; a link or a
    // tab inside a name ("Senior\thttps://…"): another field's text run into it.
    let split: Vec<&str> = value.split([',', '，']).map(str::trim).collect();
    let repeated = split.len() >= 2
        && (split.iter().any(|p| p.is_empty()) || split.iter().skip(1).any(|p| *p == split[0]));
    let lower = value.to_lowercase();
    let run_into = value.contains('\t') || lower.contains("http://") || lower.contains("https://");
    words > 10
        || repeated
        || run_into
        || parts >= 3
        || symbol_start
        || (words > 5 && value.ends_with(['.', '。']))
        || value.ends_with([':', '：'])
        || lower_start
        || find_range(value).is_some()
        || value.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || "/.-–—".contains(c))
        // A heading's words alone ("Experience", "Skills"); a longer name may start with one
        // ("Certificate in Data Ethics").
        || words <= 2 && section_kind(value).is_some_and(|k| k != SectionKind::Certificates)
}

/// A name that is only the word for a kind of place ("College", "Universität", "大学"): the
/// rest of the name is on another line.
fn only_a_kind_of_place(name: &str) -> bool {
    const KINDS: &[&str] = &[
        "college",
        "university",
        "institute",
        "school",
        "academy",
        "polytechnic",
        "company",
        "corporation",
        "inc",
        "ltd",
        "gmbh",
        "universität",
        "hochschule",
        "universidad",
        "université",
        "universite",
        "école",
        "ecole",
        "uniwersytet",
        "politechnika",
        "大学",
        "学院",
        "公司",
        "大学院",
        "株式会社",
    ];
    let name = name.trim().trim_end_matches(['.', ',']).to_lowercase();
    KINDS.contains(&name.as_str())
}

/// A word of a name broken by the typesetter's hyphen where the line ended and joined with it:
/// "Engi-neering". Both sides in lower case and four letters or more (so "Co-founder",
/// "e-commerce" and "Rolls-Royce" are not).
fn hyphen_broken(name: &str) -> bool {
    name.split_whitespace().any(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        word.split_once('-').is_some_and(|(before, after)| {
            let lower = |s: &str| s.chars().all(char::is_lowercase);
            let tail: String = before.chars().skip(1).collect();
            before.chars().count() >= 4
                && after.chars().count() >= 4
                && lower(&tail)
                && lower(after)
        })
    })
}

/// A degree whose school reads as the degree and whose degree reads as a school.
fn degree_swapped(entry: &Entry) -> bool {
    let (Some(title), Some(org)) = (&entry.title, &entry.organisation) else {
        return false;
    };
    is_degree(&org.value) && !is_degree(&title.value)
        || is_school(&title.value) && !is_school(&org.value)
}

/// The entries of `kind` the reader is unsure of, as indexes into that kind's entries in
/// document order (the JSON Resume export's array of that kind).
pub fn unsure_entries(resume: &StructuredResume, kind: &SectionKind) -> Vec<usize> {
    resume
        .sections_of(kind)
        .flat_map(|s| section_checks(&s.entries, kind))
        .enumerate()
        .filter(|(_, c)| !c.is_empty())
        .map(|(i, _)| i)
        .collect()
}

/// The unsure jobs and degrees as paths into a JSON Resume export ("work/2", "education/0"):
/// what `make parse-bench` scores the marks by.
pub fn unsure_paths(resume: &StructuredResume) -> Vec<String> {
    [
        (SectionKind::Work, "work"),
        (SectionKind::Education, "education"),
    ]
    .iter()
    .flat_map(|(kind, key)| {
        unsure_entries(resume, kind)
            .into_iter()
            .map(move |i| format!("{key}/{i}"))
    })
    .collect()
}
