//! [`StructuredResume`] → JSON Resume (jsonresume.org schema v1). Every section kind has its
//! array; dates are ISO (`YYYY`, `YYYY-MM`) when parsed and kept as written otherwise. An entry
//! read from JSON Resume (it has no source line) gives back its own keys, `extra` included, so a
//! JSON Resume import exports without loss; an entry read from text gives only schema fields.
//! Sections the schema has no place for go to `meta.careergraph.otherSections` and, so that a
//! theme shows them too, to the end of `basics.summary` (see [`crate::domain::structured::unplaced`]).
//! A line the structure kept as written (some of its words in no field: "Engineer at Acme") goes
//! before its entry's free text ([`text_of`]); header lines so kept are an untitled unplaced
//! section. So the export carries every word of the text, where a JSON Resume reader shows it.

use serde_json::{json, Map, Value};

use super::render::{paragraphs, section_text};
use crate::domain::structured::unplaced::{with_appendix, UnplacedSection};
use crate::domain::structured::{
    Basics, DateRange, Entry, Field, PartialDate, SectionKind, StructuredResume,
};
use crate::domain::Resume;

/// The resume text as a JSON Resume document, read through the structured resume (JSON Resume
/// text is read as such, losslessly).
pub fn to_json_resume(resume: &Resume) -> Value {
    json_resume_of(&crate::domain::structured::from_any(&resume.text))
}

/// The structured resume as a JSON Resume document.
pub fn json_resume_of(resume: &StructuredResume) -> Value {
    let mut root = Map::new();
    root.insert("basics".into(), Value::Object(basics(resume)));
    let mut others = Vec::new();
    for section in &resume.sections {
        let key = match &section.kind {
            SectionKind::Summary => continue, // in basics.summary
            SectionKind::Other(title) => {
                let body = section_text(section);
                if !body.trim().is_empty() || !title.is_empty() {
                    others.push(UnplacedSection {
                        title: title.clone(),
                        body: body.trim().to_string(),
                    });
                }
                continue;
            }
            kind => array_key(kind),
        };
        let items: Vec<Value> = if section.kind == SectionKind::Skills {
            skills(&section.entries, &section.title)
        } else {
            section
                .entries
                .iter()
                .map(|e| item(&section.kind, e))
                .filter(|m| !m.is_empty())
                .map(Value::Object)
                .collect()
        };
        let list = root.entry(key).or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.extend(items);
        }
    }
    if let Some(basics) = root.get_mut("basics").and_then(Value::as_object_mut) {
        let own = basics.get("summary").and_then(Value::as_str);
        if let Some(summary) = with_appendix(own, &others) {
            basics.insert("summary".into(), json!(summary));
        }
    }
    // Top-level keys the file had besides the sections (`meta`, `$schema`, ...), then ours.
    for (key, value) in &resume.extra {
        root.entry(key.clone()).or_insert_with(|| value.clone());
    }
    // `meta` that is not an object in the file is kept as it was, without our note.
    if let Some(meta) = root
        .entry("meta")
        .or_insert_with(|| json!({}))
        .as_object_mut()
    {
        let ours = meta
            .entry("careergraph")
            .or_insert_with(|| json!({ "exportedBy": "careergraph" }));
        if !others.is_empty() && ours.is_object() {
            let others: Vec<Value> = others.iter().map(UnplacedSection::to_json).collect();
            ours["otherSections"] = json!(others);
        }
    }
    Value::Object(root)
}

fn array_key(kind: &SectionKind) -> &'static str {
    match kind {
        SectionKind::Work => "work",
        SectionKind::Volunteer => "volunteer",
        SectionKind::Education => "education",
        SectionKind::Awards => "awards",
        SectionKind::Certificates => "certificates",
        SectionKind::Publications => "publications",
        SectionKind::Skills => "skills",
        SectionKind::Languages => "languages",
        SectionKind::Interests => "interests",
        SectionKind::References => "references",
        SectionKind::Projects => "projects",
        SectionKind::Summary | SectionKind::Other(_) => "",
    }
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<&str>) {
    if let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) {
        map.entry(key).or_insert_with(|| json!(value));
    }
}

fn val(field: &Option<Field<String>>) -> Option<&str> {
    field.as_ref().map(|f| f.value.as_str())
}

/// A URL as the schema wants it: absolute. A JSON Resume value is kept as given.
fn absolute(url: &str, from_json: bool) -> String {
    let lower = url.to_lowercase();
    if from_json || lower.starts_with("http://") || lower.starts_with("https://") {
        url.to_string()
    } else {
        format!("https://{}", url.trim_start_matches('/'))
    }
}

fn basics(resume: &StructuredResume) -> Map<String, Value> {
    let b: &Basics = &resume.basics;
    let from_json = [&b.name, &b.email, &b.label]
        .iter()
        .any(|f| f.as_ref().is_some_and(|f| f.line.is_none()));
    let mut map = Map::new();
    put(&mut map, "name", val(&b.name));
    put(&mut map, "label", val(&b.label));
    put(&mut map, "image", val(&b.image));
    put(&mut map, "email", val(&b.email));
    put(&mut map, "phone", val(&b.phone));
    if let Some(url) = val(&b.url) {
        map.insert("url".into(), json!(absolute(url, from_json)));
    }
    // Every summary section, not the first only: a theme that prints an "About" block of
    // contact lines and, further down, the summary itself gives two (seen: the second was
    // lost from the export).
    let sections: Vec<String> = resume
        .sections_of(&SectionKind::Summary)
        .map(section_text)
        .filter(|t| !t.trim().is_empty())
        .collect();
    let summary = if !from_json && !sections.is_empty() {
        Some(sections.join("\n\n"))
    } else {
        b.summary.as_ref().map(|s| paragraphs_of_text(&s.value))
    };
    put(&mut map, "summary", summary.as_deref());
    if let Some(place) = &b.location {
        let mut location = Map::new();
        put(&mut location, "address", place.address.as_deref());
        put(&mut location, "postalCode", place.postal_code.as_deref());
        put(&mut location, "city", place.city.as_deref());
        put(&mut location, "countryCode", place.country_code.as_deref());
        put(&mut location, "region", place.region.as_deref());
        // A place read from free text ("Leeds, UK") has no finer slot than the address.
        put(&mut location, "address", place.text.as_deref());
        if !location.is_empty() {
            map.insert("location".into(), Value::Object(location));
        }
    }
    let profiles: Vec<Value> = b
        .profiles
        .iter()
        .map(|p| {
            let mut profile = Map::new();
            put(&mut profile, "network", p.network.as_deref());
            put(&mut profile, "username", p.username.as_deref());
            if let Some(url) = p.url.as_deref().filter(|u| !u.trim().is_empty()) {
                profile.insert("url".into(), json!(absolute(url, p.line.is_none())));
            }
            if profile.get("network").is_none() && p.line.is_some() {
                profile.insert("network".into(), json!("Website"));
            }
            Value::Object(profile)
        })
        .collect();
    if !profiles.is_empty() {
        map.insert("profiles".into(), json!(profiles));
    }
    for (key, value) in &b.extra {
        map.entry(key.clone()).or_insert_with(|| value.clone());
    }
    map
}

/// A summary kept as one string with line breaks: its wrapped lines re-joined into paragraphs.
fn paragraphs_of_text(text: &str) -> String {
    let lines: Vec<(String, Option<usize>)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (l.to_string(), Some(i)))
        .collect();
    paragraphs(&lines).join("\n\n")
}

/// An ISO date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) as the schema wants it.
pub(super) fn is_iso(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| r.clone().all(|i| b[i].is_ascii_digit());
    match b.len() {
        4 => digits(0..4),
        7 => digits(0..4) && b[4] == b'-' && digits(5..7),
        10 => digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10),
        _ => false,
    }
}

fn iso(date: PartialDate) -> String {
    match date.month {
        Some(m) => format!("{:04}-{m:02}", date.year),
        None => format!("{:04}", date.year),
    }
}

/// One end of a period: the file's own ISO text, else the parsed date, else the text as written.
fn date_end(written: Option<&str>, parsed: Option<PartialDate>) -> Option<String> {
    match (written.map(str::trim), parsed) {
        (Some(w), _) if is_iso(w) => Some(w.to_string()),
        (_, Some(date)) => Some(iso(date)),
        (Some(w), None) if !w.is_empty() => Some(w.to_string()),
        _ => None,
    }
}

/// `startDate`/`endDate` (or a single `date` key) from a period. A period that runs on has no
/// end, unless the file wrote one ("Present" in a JSON Resume is given back).
fn put_dates(
    map: &mut Map<String, Value>,
    dates: &Option<Field<DateRange>>,
    keys: (&str, Option<&str>),
    from_json: bool,
) {
    let Some(range) = dates.as_ref().map(|d| &d.value) else {
        return;
    };
    let start_written = range
        .start_text
        .as_deref()
        .or((range.start.is_none() && range.end.is_none()).then_some(range.text.as_str()));
    let start = date_end(start_written, range.start);
    let end_written = range.end_text.as_deref().filter(|_| from_json);
    let end = match (range.end, end_written) {
        (_, Some(w)) => date_end(Some(w), range.end),
        (Some(d), None) => date_end(range.end_text.as_deref(), Some(d)),
        // A single date read from text ("2021") ends where it starts: without an end, the
        // schema (and every theme) reads a period as running on, "2021 – Present".
        (None, None) if !from_json && range.is_single_date() => start.clone(),
        (None, None) => None,
    };
    match keys.1 {
        Some(end_key) => {
            put(map, keys.0, start.as_deref());
            put(map, end_key, end.as_deref());
        }
        None => put(map, keys.0, start.or(end).as_deref()),
    }
}

fn strings(fields: &[Field<String>]) -> Vec<String> {
    fields.iter().map(|f| f.value.clone()).collect()
}

fn put_list(map: &mut Map<String, Value>, key: &str, items: Vec<String>) {
    if !items.is_empty() && !map.contains_key(key) {
        map.insert(key.into(), json!(items));
    }
}

/// The entry's free text as paragraphs: wrapped lines (adjacent source lines) re-joined.
///
/// First, each line of the entry the structure kept as written (it has words no field holds:
/// "Engineer at Acme", "Mar 2018 – Aug 2021 · 3 years 5 months"), a paragraph of its own. The
/// schema has no field for such words, and a theme shows none but the free text beside the
/// fields (a job's `summary`, a degree's `courses`), so they go there: every word of the resume
/// stays with its entry and reaches any JSON Resume reader, and a re-import gives them back.
/// `meta` alone would not do: readers do not show it.
fn text_of(entry: &Entry) -> Option<String> {
    let lines: Vec<(String, Option<usize>)> = entry
        .text
        .iter()
        .map(|f| (f.value.clone(), f.line))
        .collect();
    let text = entry
        .as_written
        .iter()
        .map(|f| f.value.trim().to_string())
        .filter(|l| !l.is_empty())
        .chain(paragraphs(&lines))
        .collect::<Vec<_>>()
        .join("\n\n");
    (!text.trim().is_empty()).then_some(text)
}

/// "BSc, Computer Science" / "MSc in Data Science": degree and area.
fn degree_and_area(title: &str) -> (String, Option<String>) {
    match title.split_once(", ").or(title.split_once(" in ")) {
        Some((kind, area)) => (kind.trim().to_string(), Some(area.trim().to_string())),
        None => (title.to_string(), None),
    }
}

fn item(kind: &SectionKind, entry: &Entry) -> Map<String, Value> {
    // An entry from JSON Resume has no source line: it gives back the file's own keys.
    let from_json = entry.line.is_none();
    let mut map = Map::new();
    let title = val(&entry.title);
    let org = val(&entry.organisation);
    let place = val(&entry.location);
    let detail = val(&entry.detail);
    let url = val(&entry.url).map(|u| absolute(u, from_json));
    let text = text_of(entry);
    let highlights = strings(&entry.highlights);
    let keywords = entry.keywords.clone();
    let range = ("startDate", Some("endDate"));
    match kind {
        SectionKind::Work | SectionKind::Volunteer => {
            let org_key = if *kind == SectionKind::Work {
                "name"
            } else {
                "organization"
            };
            put(&mut map, "position", title);
            put(&mut map, org_key, org);
            if from_json || *kind == SectionKind::Work {
                put(&mut map, "location", place);
                put(&mut map, "description", detail);
            }
            put(&mut map, "url", url.as_deref());
            put_dates(&mut map, &entry.dates, range, from_json);
            let mut summary = text;
            if !from_json && *kind == SectionKind::Volunteer {
                // The schema's volunteering has no place or description: they join the summary.
                let lead: Vec<&str> = [place, detail].into_iter().flatten().collect();
                if !lead.is_empty() {
                    summary = Some(
                        std::iter::once(lead.join(", "))
                            .chain(summary)
                            .collect::<Vec<_>>()
                            .join("\n\n"),
                    );
                }
            }
            put(&mut map, "summary", summary.as_deref());
            put_list(&mut map, "highlights", highlights);
        }
        SectionKind::Education => {
            if from_json {
                put(&mut map, "institution", org);
                put(&mut map, "studyType", title);
                put(&mut map, "area", detail);
                put(&mut map, "location", place);
                put(&mut map, "url", url.as_deref());
                put_dates(&mut map, &entry.dates, range, true);
                put(&mut map, "summary", text.as_deref());
                put_list(&mut map, "highlights", highlights);
                put_list(&mut map, "courses", keywords);
            } else {
                let (study_type, area) = match (title, detail) {
                    (Some(t), Some(d)) => (Some(t.to_string()), Some(d.to_string())),
                    (Some(t), None) => {
                        let (kind, area) = degree_and_area(t);
                        (Some(kind), area)
                    }
                    (None, d) => (None, d.map(str::to_string)),
                };
                // The schema's education has no place: it joins the institution's name.
                let institution = match (org, place) {
                    (Some(o), Some(p)) => Some(format!("{o}, {p}")),
                    (o, p) => o.or(p).map(str::to_string),
                };
                put(&mut map, "institution", institution.as_deref());
                put(&mut map, "studyType", study_type.as_deref());
                put(&mut map, "area", area.as_deref());
                put(&mut map, "url", url.as_deref());
                put_dates(&mut map, &entry.dates, range, false);
                let mut courses = highlights;
                courses.extend(keywords);
                courses.extend(text);
                put_list(&mut map, "courses", courses);
            }
        }
        SectionKind::Awards => {
            put(&mut map, "title", title);
            put(&mut map, "awarder", org);
            put_dates(&mut map, &entry.dates, ("date", None), from_json);
            // The schema's award has no place: what the line gave there ("Awarded on: Nov 01"
            // beside a date) joins the summary, as for certificates, not lost.
            let mut summary: Vec<String> = detail.map(str::to_string).into_iter().collect();
            if !from_json {
                summary.extend(place.map(str::to_string));
            }
            summary.extend(text);
            if !from_json {
                summary.extend(highlights.iter().cloned());
            } else {
                put_list(&mut map, "highlights", highlights);
            }
            put(&mut map, "summary", Some(summary.join("\n\n").as_str()));
            put(&mut map, "url", url.as_deref());
        }
        SectionKind::Certificates | SectionKind::Publications => {
            let (by_key, date_key) = if *kind == SectionKind::Certificates {
                ("issuer", "date")
            } else {
                ("publisher", "releaseDate")
            };
            put(&mut map, "name", title);
            put(&mut map, by_key, org);
            put_dates(&mut map, &entry.dates, (date_key, None), from_json);
            put(&mut map, "url", url.as_deref());
            let mut summary: Vec<String> = text.into_iter().collect();
            if !from_json {
                summary.extend(highlights.iter().cloned());
                summary.extend(detail.map(str::to_string));
                summary.extend(place.map(str::to_string));
            } else {
                put_list(&mut map, "highlights", highlights);
            }
            put(&mut map, "summary", Some(summary.join("\n\n").as_str()));
        }
        SectionKind::Languages => {
            put(&mut map, "language", title);
            if from_json {
                put(&mut map, "fluency", detail);
            } else {
                // The schema has one slot beside the language: whatever the line gave besides it
                // ("Swedish: Native" reads "Native" as the organisation) is its fluency, not lost.
                let rest: Vec<String> = [detail, org, place]
                    .into_iter()
                    .flatten()
                    .map(str::to_string)
                    .chain(text)
                    .chain(highlights.iter().cloned())
                    .chain(keywords.iter().cloned())
                    .filter(|s| !s.trim().is_empty())
                    .collect();
                put(&mut map, "fluency", Some(rest.join(", ").as_str()));
            }
        }
        SectionKind::Interests => {
            put(&mut map, "name", title);
            let mut words = keywords;
            if !from_json {
                words.extend(highlights.iter().cloned());
            }
            put_list(&mut map, "keywords", words);
        }
        SectionKind::References => {
            put(&mut map, "name", title);
            let mut reference: Vec<String> = text.into_iter().collect();
            if !from_json {
                reference.extend(org.map(str::to_string));
                reference.extend(highlights.iter().cloned());
            }
            put(&mut map, "reference", Some(reference.join("\n\n").as_str()));
        }
        SectionKind::Projects => {
            put(&mut map, "name", title);
            put(&mut map, "entity", org);
            put(&mut map, "url", url.as_deref());
            put_dates(&mut map, &entry.dates, range, from_json);
            if from_json {
                put(&mut map, "description", detail);
                put(&mut map, "summary", text.as_deref());
                put(&mut map, "location", place);
            } else {
                let description: Vec<&str> = [place, detail, text.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                put(
                    &mut map,
                    "description",
                    Some(description.join("\n\n").as_str()),
                );
            }
            put_list(&mut map, "highlights", highlights);
            put_list(&mut map, "keywords", keywords);
        }
        SectionKind::Skills | SectionKind::Summary | SectionKind::Other(_) => {}
    }
    if from_json {
        for (key, value) in &entry.extra {
            map.entry(key.clone()).or_insert_with(|| value.clone());
        }
    }
    map
}

/// Skills: a named group keeps its keywords; loose items read from text (one skill a line)
/// gather into one group named after the section, in the place of the first.
fn skills(entries: &[Entry], section_title: &str) -> Vec<Value> {
    let mut groups: Vec<Value> = Vec::new();
    let mut loose: Vec<String> = Vec::new();
    let mut loose_at = None;
    for entry in entries {
        let from_json = entry.line.is_none();
        let is_loose = !from_json
            && entry.keywords.is_empty()
            && entry.detail.is_none()
            && entry.title.is_some();
        if is_loose {
            loose_at.get_or_insert(groups.len());
            loose.extend(
                val(&entry.title)
                    .unwrap_or("")
                    .split([',', ';', '、', '，', '|', '·'])
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty()),
            );
            continue;
        }
        let mut map = Map::new();
        put(&mut map, "name", val(&entry.title));
        put(&mut map, "level", val(&entry.detail));
        let mut keywords = entry.keywords.clone();
        if !from_json {
            for highlight in strings(&entry.highlights) {
                if !keywords.contains(&highlight) {
                    keywords.push(highlight);
                }
            }
        }
        put_list(&mut map, "keywords", keywords);
        if from_json {
            for (key, value) in &entry.extra {
                map.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
        if !map.is_empty() {
            groups.push(Value::Object(map));
        }
    }
    if let Some(at) = loose_at {
        let name = if section_title.trim().is_empty() {
            "Skills"
        } else {
            section_title.trim()
        };
        groups.insert(
            at.min(groups.len()),
            json!({ "name": name, "keywords": loose }),
        );
    }
    groups
}
