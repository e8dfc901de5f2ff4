//! JSON Resume → [`StructuredResume`], keeping every field the file has: known fields go to
//! their slot (confidence `High`), anything else to `extra` of its entry, basics or resume, so
//! an export can give back what came in. Dates are kept whole and parsed (`Février 2014`).
//! Sections our own export could not place (`meta.careergraph.otherSections`) come back as
//! sections, and the copy of them at the end of `basics.summary` is cut off again.

use serde_json::{Map, Value};

use super::dates::{parse_range, DateRange};
use super::model::{
    Basics, Confidence, Entry, Field, Location, Opt, Profile, Section, SectionKind,
    StructuredResume,
};
use super::unplaced::{unplaced_in, without_appendix};

/// The schema's sections in the order the app shows them, with their kind.
const SECTIONS: [(&str, SectionKind); 12] = [
    ("work", SectionKind::Work),
    ("volunteer", SectionKind::Volunteer),
    ("education", SectionKind::Education),
    ("awards", SectionKind::Awards),
    ("certificates", SectionKind::Certificates),
    ("publications", SectionKind::Publications),
    ("skills", SectionKind::Skills),
    ("languages", SectionKind::Languages),
    ("interests", SectionKind::Interests),
    ("references", SectionKind::References),
    ("projects", SectionKind::Projects),
    ("summary", SectionKind::Summary),
];

/// Builds the structured resume from JSON Resume text; `None` when it is not a JSON object.
pub fn from_json_resume(source: &str) -> Option<StructuredResume> {
    let Value::Object(root) = serde_json::from_str::<Value>(source).ok()? else {
        return None;
    };
    let mut resume = StructuredResume::default();
    for (key, value) in &root {
        if key == "basics" {
            if let Value::Object(basics) = value {
                resume.basics = basics_of(basics);
                continue;
            }
        }
        match (SECTIONS.iter().find(|(k, _)| k == key), value) {
            (Some((_, kind)), Value::Array(items)) if key != "summary" => {
                resume.sections.push(Section {
                    kind: kind.clone(),
                    title: key.clone(),
                    line: None,
                    confidence: Confidence::High,
                    entries: items.iter().map(|item| entry_of(key, item)).collect(),
                });
            }
            _ => {
                resume.extra.insert(key.clone(), value.clone());
            }
        }
    }
    restore_unplaced(&root, &mut resume);
    Some(resume)
}

/// The unplaced sections of our export back as sections (an export writes them again), and
/// the summary without their copy.
fn restore_unplaced(root: &Map<String, Value>, resume: &mut StructuredResume) {
    let unplaced = unplaced_in(root);
    if unplaced.is_empty() {
        return;
    }
    if let Some(summary) = resume.basics.summary.take() {
        resume.basics.summary = without_appendix(&summary.value, &unplaced)
            .map(|own| Field::new(own, summary.confidence, summary.line));
    }
    resume
        .sections
        .extend(unplaced.iter().map(|s| s.to_section()));
    let ours = resume
        .extra
        .get_mut("meta")
        .and_then(|m| m.get_mut("careergraph"))
        .and_then(Value::as_object_mut);
    if let Some(ours) = ours {
        ours.remove("otherSections");
    }
}

fn high<T>(value: T) -> Field<T> {
    Field::new(value, Confidence::High, None)
}

/// A scalar as text (numbers and booleans written out); objects and arrays are not text.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn strings(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Array(items) => items.iter().map(scalar).collect(),
        _ => None,
    }
}

fn basics_of(object: &Map<String, Value>) -> Basics {
    let mut basics = Basics::default();
    for (key, value) in object {
        let text = scalar(value).map(high);
        let slot: Option<&mut Opt<String>> = match key.as_str() {
            "name" => Some(&mut basics.name),
            "label" => Some(&mut basics.label),
            "email" => Some(&mut basics.email),
            "phone" => Some(&mut basics.phone),
            "url" | "website" if basics.url.is_none() => Some(&mut basics.url),
            "image" | "picture" if basics.image.is_none() => Some(&mut basics.image),
            "summary" => Some(&mut basics.summary),
            _ => None,
        };
        match (slot, text) {
            (Some(slot), Some(text)) => {
                *slot = Some(text);
                keep_alias(&mut basics.extra, key, value);
            }
            _ => match (key.as_str(), value) {
                ("location", Value::Object(place)) if location_of(place).is_some() => {
                    basics.location = location_of(place);
                }
                ("profiles", Value::Array(items))
                    if items.iter().all(|p| profile_of(p).is_some()) =>
                {
                    basics.profiles = items.iter().filter_map(profile_of).collect();
                }
                _ => {
                    basics.extra.insert(key.clone(), value.clone());
                }
            },
        }
    }
    basics
}

/// The location object when every field is text (otherwise it is kept whole in `extra`).
fn location_of(place: &Map<String, Value>) -> Option<Location> {
    let mut location = Location::default();
    for (key, value) in place {
        let text = scalar(value);
        let slot = match key.as_str() {
            "address" => &mut location.address,
            "postalCode" => &mut location.postal_code,
            "city" => &mut location.city,
            "countryCode" => &mut location.country_code,
            "region" => &mut location.region,
            _ => return None,
        };
        if value.is_null() {
            continue;
        }
        *slot = Some(text?);
    }
    Some(location)
}

fn profile_of(value: &Value) -> Option<Profile> {
    let object = value.as_object()?;
    let mut profile = Profile::default();
    for (key, value) in object {
        let slot = match key.as_str() {
            "network" => &mut profile.network,
            "username" => &mut profile.username,
            "url" => &mut profile.url,
            _ => return None,
        };
        if !value.is_null() {
            *slot = Some(scalar(value)?);
        }
    }
    Some(profile)
}

/// Which slot a field of an entry goes to, per section.
enum Slot {
    Title,
    Organisation,
    Location,
    Detail,
    Url,
    Text,
    Highlights,
    Keywords,
    Start,
    End,
    Date,
}

fn slot(section: &str, key: &str) -> Option<Slot> {
    use Slot::*;
    Some(match (section, key) {
        (_, "startDate") => Start,
        (_, "endDate") => End,
        (_, "date" | "releaseDate") => Date,
        (_, "url" | "website") => Url,
        (_, "highlights") => Highlights,
        (_, "keywords" | "courses") => Keywords,
        (_, "summary") => Text,
        ("work" | "volunteer", "position") => Title,
        ("work", "name" | "company") | ("volunteer", "organization") => Organisation,
        ("work" | "education" | "projects", "location") => Location,
        ("work" | "volunteer", "description") => Detail,
        ("education", "studyType") => Title,
        ("education", "institution") => Organisation,
        ("education", "area") => Detail,
        ("awards", "title") => Title,
        ("awards", "awarder") => Organisation,
        ("certificates" | "publications" | "skills" | "interests" | "projects", "name") => Title,
        ("certificates", "issuer") | ("publications", "publisher") => Organisation,
        ("projects", "entity") => Organisation,
        // A project's description is its own slot, so a summary beside it stays apart.
        ("projects", "description") => Detail,
        ("skills", "level") => Detail,
        ("languages", "language") => Title,
        ("languages", "fluency") => Detail,
        ("references", "name") => Title,
        ("references", "reference") => Text,
        _ => return None,
    })
}

/// Keys of older schema versions (`website`, `picture`, `company`) fill the slot of the current
/// one and are kept as written too, so an export gives them back under their own name.
fn keep_alias(extra: &mut Map<String, Value>, key: &str, value: &Value) {
    if matches!(key, "website" | "picture" | "company") {
        extra.insert(key.to_string(), value.clone());
    }
}

fn entry_of(section: &str, item: &Value) -> Entry {
    let mut entry = Entry::default();
    let Value::Object(object) = item else {
        // A bare string in a list ("skills": ["Rust"]) is the entry's title.
        match scalar(item) {
            Some(text) => entry.title = Some(high(text)),
            None => {
                entry.extra.insert("value".into(), item.clone());
            }
        }
        return entry;
    };
    let (mut start, mut end) = (None, None);
    for (key, value) in object {
        let placed = match (slot(section, key), scalar(value), strings(value)) {
            (Some(Slot::Start), Some(text), _) => {
                start = Some(text);
                true
            }
            (Some(Slot::End), Some(text), _) => {
                end = Some(text);
                true
            }
            (Some(Slot::Date), Some(text), _) if entry.dates.is_none() => {
                entry.dates = Some(date_field(Some(&text), None, false));
                true
            }
            (Some(Slot::Highlights), _, Some(items)) if entry.highlights.is_empty() => {
                entry.highlights = items.into_iter().map(high).collect();
                true
            }
            (Some(Slot::Keywords), _, Some(items)) if entry.keywords.is_empty() => {
                entry.keywords = items;
                true
            }
            (Some(Slot::Text), Some(text), _) => {
                entry.text.push(high(text));
                true
            }
            (Some(slot), Some(text), _) => {
                let target = match slot {
                    Slot::Title => &mut entry.title,
                    Slot::Organisation => &mut entry.organisation,
                    Slot::Location => &mut entry.location,
                    Slot::Detail => &mut entry.detail,
                    _ => &mut entry.url,
                };
                let free = target.is_none();
                if free {
                    *target = Some(high(text));
                    keep_alias(&mut entry.extra, key, value);
                }
                free
            }
            _ => false,
        };
        if !placed && !value.is_null() {
            entry.extra.insert(key.clone(), value.clone());
        }
    }
    if start.is_some() || end.is_some() {
        // The schema leaves endDate out for a position that runs on.
        // A degree too: our export writes one still under way ("2018-08 – Present") without
        // an end, and a re-import that read it as one date changed its period.
        let ongoing = end.is_none()
            && start.is_some()
            && matches!(section, "work" | "volunteer" | "projects" | "education");
        entry.dates = Some(date_field(start.as_deref(), end.as_deref(), ongoing));
    }
    entry
}

/// Both ends parsed and the text kept whole ("Février 2014 – Janvier 2015"). Unparsed text is
/// kept with `Low` confidence.
fn date_field(start: Option<&str>, end: Option<&str>, ongoing: bool) -> Field<DateRange> {
    let start_date = start.and_then(parse_range).and_then(|r| r.start);
    let end_range = end.and_then(parse_range);
    let present = ongoing || end_range.as_ref().is_some_and(|r| r.present);
    let mut end_date = end_range.and_then(|r| r.start);
    // A period that ends where it starts is one date (our export writes "2021" so, see
    // `put_dates`); the end's text is kept, so the file's keys are given back.
    let single = start_date.is_some() && end_date == start_date && !present;
    if single {
        end_date = None;
    }
    let parsed = start.is_none_or(|_| start_date.is_some())
        && end.is_none_or(|_| end_date.is_some() || present);
    let text = match (start, end) {
        (Some(s), Some(e)) if single && s.trim() == e.trim() => s.to_string(),
        (Some(s), Some(e)) => format!("{s} – {e}"),
        (Some(s), None) if ongoing => format!("{s} – Present"),
        (Some(s), None) => s.to_string(),
        (None, Some(e)) => e.to_string(),
        (None, None) => String::new(),
    };
    let confidence = if parsed {
        Confidence::High
    } else {
        Confidence::Low
    };
    let (start_date, end_date) = match (start, start_date, end_date) {
        // Only a date (awards, `date`): a single date is its start.
        (None, None, Some(d)) => (Some(d), None),
        other => (other.1, other.2),
    };
    Field::new(
        DateRange {
            start: start_date,
            end: end_date,
            present,
            text,
            start_text: start.map(str::to_string),
            end_text: end.map(str::to_string),
        },
        confidence,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round trip: a degree still under way is exported without `endDate` (as a job is) and read
    /// back as running on, not as a single date.
    #[test]
    fn a_degree_without_an_end_runs_on() {
        let doc = r#"{"basics": {"name": "Ann Example"}, "education": [{"institution": "Harrowgate College",
            "studyType": "MSc", "area": "Physics", "startDate": "2018-08"}]}"#;
        let resume = from_json_resume(doc).expect("a JSON Resume");
        let dates = resume.entries_of(&SectionKind::Education)[0]
            .dates
            .clone()
            .expect("dates");
        assert!(dates.value.present, "{dates:?}");
        assert!(dates.value.end.is_none());
    }
}
