//! The structured resume: what the app understood of a resume, field by field, with how sure it
//! is and where in the imported text each item came from (so a misread can be shown and fixed).

use serde::{Deserialize, Serialize};

use super::dates::DateRange;

/// How sure the builder is of a field. JSON Resume fields are `High` (the file said so); a field
/// read from a recognised pattern is `Medium`; a guess from position alone is `Low`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Confidence {
    Low,
    #[default]
    Medium,
    High,
}

/// A value with its confidence and the 1-based line of the imported text it came from
/// (`None` when it came from structured data such as JSON Resume).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Field<T> {
    pub value: T,
    pub confidence: Confidence,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl<T> Field<T> {
    pub fn new(value: T, confidence: Confidence, line: Option<usize>) -> Self {
        Field {
            value,
            confidence,
            line,
        }
    }
}

/// A field that may be absent.
pub type Opt<T> = Option<Field<T>>;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StructuredResume {
    pub basics: Basics,
    pub sections: Vec<Section>,
    /// Top-level JSON Resume fields outside the sections (`meta`, `$schema`, custom keys).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Basics {
    pub name: Opt<String>,
    /// The headline or position under the name ("Data Engineer").
    pub label: Opt<String>,
    pub email: Opt<String>,
    pub phone: Opt<String>,
    pub url: Opt<String>,
    pub image: Opt<String>,
    pub location: Option<Location>,
    pub profiles: Vec<Profile>,
    pub summary: Opt<String>,
    /// JSON Resume basics fields the model has no slot for, kept as given.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// JSON Resume's location object; `text` holds a place read from free text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Location {
    pub address: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    pub country_code: Option<String>,
    pub region: Option<String>,
    pub text: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Profile {
    pub network: Option<String>,
    pub username: Option<String>,
    pub url: Option<String>,
    pub line: Option<usize>,
}

/// What a section holds. `Other` keeps the heading as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "title")]
pub enum SectionKind {
    Summary,
    Work,
    Education,
    Skills,
    Projects,
    Awards,
    Certificates,
    Languages,
    Volunteer,
    Publications,
    References,
    Interests,
    Other(String),
}

impl SectionKind {
    /// Sections whose items are dated positions (a date line starts or completes an entry);
    /// the others are lists (every line or bullet an item).
    pub fn has_dated_entries(&self) -> bool {
        matches!(
            self,
            SectionKind::Work
                | SectionKind::Education
                | SectionKind::Projects
                | SectionKind::Volunteer
                | SectionKind::Awards
                | SectionKind::Certificates
                | SectionKind::Publications
                | SectionKind::Other(_)
        )
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Section {
    pub kind: SectionKind,
    /// The heading as the resume wrote it ("Berufserfahrung"); empty when the section was implied.
    pub title: String,
    pub line: Option<usize>,
    pub confidence: Confidence,
    pub entries: Vec<Entry>,
}

/// One item of a section: a position, a degree, a skill group, an award...
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Entry {
    /// Position, degree, project or award name.
    pub title: Opt<String>,
    /// Employer, school, awarder, issuer, publisher.
    pub organisation: Opt<String>,
    pub location: Opt<String>,
    pub dates: Opt<DateRange>,
    /// Area of study, skill level, language fluency, ...: the second descriptor an entry has.
    pub detail: Opt<String>,
    pub url: Opt<String>,
    pub highlights: Vec<Field<String>>,
    pub keywords: Vec<String>,
    /// Free text (summary, description) in order.
    pub text: Vec<Field<String>>,
    /// Lines of the entry kept whole as written because no field holds some of their words
    /// ("Engineer at Acme": the "at"), for exports to carry (see `structured::kept`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub as_written: Vec<Field<String>>,
    /// The 1-based line the entry starts at.
    pub line: Option<usize>,
    /// Its title and organisation were named by labels ("Position | Employer" columns, "公司：…"),
    /// so no vote of the section's words swaps them (a reading detail, not kept in exports).
    #[serde(skip)]
    pub read_by_labels: bool,
    /// JSON Resume fields the model has no slot for, kept as given (`courses`, `score`, `roles`).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl StructuredResume {
    /// The sections of one kind, in order.
    pub fn sections_of<'a>(&'a self, kind: &'a SectionKind) -> impl Iterator<Item = &'a Section> {
        self.sections.iter().filter(move |s| &s.kind == kind)
    }

    /// Entries across every section of a kind.
    pub fn entries_of(&self, kind: &SectionKind) -> Vec<&Entry> {
        self.sections
            .iter()
            .filter(|s| &s.kind == kind)
            .flat_map(|s| s.entries.iter())
            .collect()
    }

    /// How many entries carry a parsed date.
    pub fn dated_entries(&self) -> usize {
        self.sections
            .iter()
            .flat_map(|s| &s.entries)
            .filter(|e| e.dates.as_ref().is_some_and(|d| d.value.start.is_some()))
            .count()
    }
}
