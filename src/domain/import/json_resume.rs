//! JSON Resume (jsonresume.org) to readable Markdown: `# Name`, a contact line, then one `##`
//! section per array, one `###` per entry, highlights as `- ` lists. Tolerant of what real files
//! hold: older field names (`company`, `website`, `gpa`), numbers where strings are expected,
//! missing fields. The job schema (title, company, responsibilities, ...) is read as a job.
//! Sections our own export could not place (`meta.careergraph.otherSections`) come back as
//! sections of the text: without them, a two-column CV's export re-imported as 4% of its text.

use serde_json::{Map, Value};

use super::detect::ImportFormat;
use super::error::ImportError;
use crate::domain::structured::unplaced::{unplaced_in, without_appendix};

/// Keys that only the resume schema has at its top level.
const RESUME_KEYS: [&str; 12] = [
    "basics",
    "work",
    "volunteer",
    "education",
    "awards",
    "certificates",
    "publications",
    "skills",
    "languages",
    "interests",
    "references",
    "projects",
];

pub(super) fn to_markdown(source: &str) -> Result<(ImportFormat, String), ImportError> {
    let value: Value = serde_json::from_str(source).map_err(|e| ImportError::InvalidJson {
        line: e.line(),
        column: e.column(),
        detail: short_detail(&e.to_string()),
    })?;
    let Value::Object(root) = value else {
        return Err(ImportError::NotJsonResume);
    };
    let is_job = root.contains_key("title")
        && [
            "responsibilities",
            "qualifications",
            "description",
            "company",
        ]
        .iter()
        .any(|k| root.contains_key(*k))
        && !root.contains_key("basics");
    if is_job {
        return Ok((ImportFormat::JsonResumeJob, job(&root)));
    }
    if !RESUME_KEYS.iter().any(|k| root.contains_key(*k)) {
        return Err(ImportError::NotJsonResume);
    }
    Ok((ImportFormat::JsonResume, resume(&root)))
}

/// serde_json's message without its trailing " at line L column C" (the error says that apart).
fn short_detail(message: &str) -> String {
    message
        .split(" at line ")
        .next()
        .unwrap_or(message)
        .to_string()
}

/// A field as text: strings trimmed, numbers and booleans written out, anything else none.
fn text(object: &Map<String, Value>, key: &str) -> Option<String> {
    match object.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The first of several keys that has text (the schema renamed some fields over the years).
fn first(object: &Map<String, Value>, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| text(object, k))
}

/// The objects of an array field (non-objects skipped).
fn entries<'a>(object: &'a Map<String, Value>, key: &str) -> Vec<&'a Map<String, Value>> {
    match object.get(key) {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_object).collect(),
        _ => Vec::new(),
    }
}

/// The strings of an array field.
fn strings(object: &Map<String, Value>, key: &str) -> Vec<String> {
    match object.get(key) {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        Some(Value::String(s)) if !s.trim().is_empty() => vec![s.trim().to_string()],
        _ => Vec::new(),
    }
}

/// "2019-03 – 2021", "2019 – Present", "Février 2014 – Janvier 2015", "2021", or nothing. The
/// day of an ISO date is dropped (a resume says months); any other date text is kept whole.
fn period(object: &Map<String, Value>) -> Option<String> {
    let date = |key: &str| text(object, key).map(|d| month_of_iso(&d));
    match (date("startDate"), date("endDate")) {
        // One date written as a period that ends where it starts (how we export "2021").
        (Some(start), Some(end)) if start == end => Some(start),
        (Some(start), Some(end)) => Some(format!("{start} – {end}")),
        (Some(start), None) => Some(format!("{start} – Present")),
        (None, Some(end)) => Some(end),
        (None, None) => first(object, &["date", "releaseDate"]).map(|d| month_of_iso(&d)),
    }
}

/// `2019-03-01` → `2019-03`; anything that is not an ISO day (`Février 2014`, `2019`) as is.
/// (Cutting every date to 7 bytes made `Février 2014` into `Févrie`.)
fn month_of_iso(date: &str) -> String {
    let bytes = date.as_bytes();
    let iso_day = bytes.len() >= 10
        && bytes[..10].iter().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if iso_day {
        date[..7].to_string()
    } else {
        date.to_string()
    }
}

/// `### Title — Place (period)` with whichever parts exist. A tab or line break inside a part
/// (a title read from a PDF line with a link set apart: "Engineer\thttps://…") becomes a space:
/// the text's reader takes a tab for a column and would split the title there, and the app's
/// next export would then keep the title without the words after it.
fn heading(title: Option<String>, place: Option<String>, period: Option<String>) -> String {
    let mut line = "###".to_string();
    for part in [title, place].into_iter().flatten() {
        line.push_str(if line == "###" { " " } else { " — " });
        line.push_str(&part.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    if let Some(period) = period {
        line.push_str(&format!(" ({period})"));
    }
    line
}

fn bullets(out: &mut String, items: &[String]) {
    for item in items {
        out.push_str(&format!("- {item}\n"));
    }
}

fn section(out: &mut String, title: &str, body: &str) {
    if !body.trim().is_empty() {
        out.push_str(&format!("\n## {title}\n\n{}\n", body.trim_end()));
    }
}

fn resume(root: &Map<String, Value>) -> String {
    let mut out = String::new();
    let empty = Map::new();
    let basics = root
        .get("basics")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    basics_block(&mut out, basics);
    let unplaced = unplaced_in(root);
    // Text without a heading stood before the first heading: it goes there again.
    for untitled in unplaced.iter().filter(|s| s.title.trim().is_empty()) {
        out.push_str(&format!("\n{}\n", untitled.body.trim()));
    }
    let summary = text(basics, "summary").and_then(|s| without_appendix(&s, &unplaced));
    if let Some(summary) = summary {
        section(&mut out, "Summary", &summary);
    }
    section(
        &mut out,
        "Experience",
        &positions(root, "work", &["name", "company"]),
    );
    section(
        &mut out,
        "Volunteering",
        &positions(root, "volunteer", &["organization"]),
    );
    section(&mut out, "Education", &education(root));
    section(&mut out, "Skills", &keyword_list(root, "skills", "level"));
    section(&mut out, "Projects", &projects(root));
    section(
        &mut out,
        "Awards",
        &simple_list(root, "awards", "title", &["awarder"]),
    );
    section(
        &mut out,
        "Certificates",
        &simple_list(root, "certificates", "name", &["issuer"]),
    );
    section(
        &mut out,
        "Publications",
        &simple_list(root, "publications", "name", &["publisher"]),
    );
    section(&mut out, "Languages", &languages(root));
    section(&mut out, "Interests", &keyword_list(root, "interests", ""));
    section(&mut out, "References", &references(root));
    for titled in unplaced.iter().filter(|s| !s.title.trim().is_empty()) {
        out.push_str(&format!("\n## {}\n", titled.title.trim()));
        section_body(&mut out, &titled.body);
    }
    out
}

/// A body after a heading already written (an empty body leaves the heading alone).
fn section_body(out: &mut String, body: &str) {
    if !body.trim().is_empty() {
        out.push_str(&format!("\n{}\n", body.trim_end()));
    }
}

fn basics_block(out: &mut String, basics: &Map<String, Value>) {
    if let Some(name) = text(basics, "name") {
        out.push_str(&format!("# {name}\n\n"));
    }
    if let Some(label) = text(basics, "label") {
        out.push_str(&format!("{label}\n\n"));
    }
    let mut contact: Vec<String> = ["email", "phone"]
        .iter()
        .filter_map(|k| text(basics, k))
        .collect();
    contact.extend(first(basics, &["url", "website"]));
    if let Some(location) = basics.get("location").and_then(Value::as_object) {
        // The address and postal code too: our own export keeps header lines it cannot place
        // in `address`, and a re-import that dropped them would lose the user's words.
        let place: Vec<String> = ["address", "postalCode", "city", "region", "countryCode"]
            .iter()
            .filter_map(|k| text(location, k))
            .collect();
        if !place.is_empty() {
            contact.push(place.join(", "));
        }
    }
    for profile in entries(basics, "profiles") {
        contact.extend(profile_line(profile));
    }
    if !contact.is_empty() {
        out.push_str(&format!("{}\n", contact.join(" · ")));
    }
}

/// A profile as the contact line shows it: every part the file has, "Network: username URL"
/// (read back as one profile), or the URL alone when that is all there is. A URL alone lost the
/// username and network it does not spell ("https://www.twitter.com"), and the ones it does
/// spell once where the text had them twice (a "GitHub" label over the link).
fn profile_line(profile: &Map<String, Value>) -> Option<String> {
    let network = text(profile, "network");
    let user = text(profile, "username");
    let url = text(profile, "url");
    let label = || network.clone().unwrap_or_else(|| "Profile".into());
    match (url, user) {
        (Some(url), Some(user)) => Some(format!("{}: {user} {url}", label())),
        (Some(url), None) => Some(match &network {
            Some(network) if !url.to_lowercase().contains(&network.to_lowercase()) => {
                format!("{network}: {url}")
            }
            _ => url,
        }),
        (None, Some(user)) => Some(format!("{}: {user}", label())),
        (None, None) => None,
    }
}

/// Work and volunteering: position at place, period, location, summary, highlights.
fn positions(root: &Map<String, Value>, key: &str, place_keys: &[&str]) -> String {
    let mut out = String::new();
    for entry in entries(root, key) {
        let place = first(entry, place_keys);
        out.push_str(&heading(text(entry, "position"), place, period(entry)));
        out.push('\n');
        for field in ["location", "description"] {
            if let Some(value) = text(entry, field) {
                out.push_str(&format!("{value}\n"));
            }
        }
        if let Some(summary) = text(entry, "summary") {
            out.push_str(&format!("{summary}\n"));
        }
        bullets(&mut out, &strings(entry, "highlights"));
        out.push('\n');
    }
    out
}

fn education(root: &Map<String, Value>) -> String {
    let mut out = String::new();
    for entry in entries(root, "education") {
        let degree: Vec<String> = ["studyType", "area"]
            .iter()
            .filter_map(|k| text(entry, k))
            .collect();
        let degree = (!degree.is_empty()).then(|| degree.join(", "));
        out.push_str(&heading(degree, text(entry, "institution"), period(entry)));
        out.push('\n');
        if let Some(score) = first(entry, &["score", "gpa"]) {
            out.push_str(&format!("Score: {score}\n"));
        }
        let courses = strings(entry, "courses");
        if !courses.is_empty() {
            out.push_str(&format!("Courses: {}\n", courses.join(", ")));
        }
        out.push('\n');
    }
    out
}

/// Skills and interests: `- Name (level): keyword, keyword`.
fn keyword_list(root: &Map<String, Value>, key: &str, level_key: &str) -> String {
    let mut out = String::new();
    for entry in entries(root, key) {
        let mut line = text(entry, "name").unwrap_or_default();
        if let Some(level) = text(entry, level_key) {
            line.push_str(&format!(" ({level})"));
        }
        let keywords = strings(entry, "keywords");
        if !keywords.is_empty() {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&keywords.join(", "));
        }
        if !line.trim().is_empty() {
            out.push_str(&format!("- {}\n", line.trim()));
        }
    }
    out
}

fn projects(root: &Map<String, Value>) -> String {
    let mut out = String::new();
    for entry in entries(root, "projects") {
        let roles = strings(entry, "roles");
        let place =
            first(entry, &["entity"]).or_else(|| (!roles.is_empty()).then(|| roles.join(", ")));
        out.push_str(&heading(text(entry, "name"), place, period(entry)));
        out.push('\n');
        for field in ["description", "url"] {
            if let Some(value) = text(entry, field) {
                out.push_str(&format!("{value}\n"));
            }
        }
        bullets(&mut out, &strings(entry, "highlights"));
        let keywords = strings(entry, "keywords");
        if !keywords.is_empty() {
            out.push_str(&format!("Keywords: {}\n", keywords.join(", ")));
        }
        out.push('\n');
    }
    out
}

/// Awards, certificates, publications: `- Title — by (date): summary`.
fn simple_list(root: &Map<String, Value>, key: &str, title_key: &str, by: &[&str]) -> String {
    let mut out = String::new();
    for entry in entries(root, key) {
        let mut line = [text(entry, title_key), first(entry, by)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" — ");
        if let Some(date) = period(entry) {
            line.push_str(&format!(" ({date})"));
        }
        if let Some(summary) = text(entry, "summary") {
            line.push_str(&format!(": {summary}"));
        }
        if let Some(url) = text(entry, "url") {
            line.push_str(&format!(" {url}"));
        }
        if !line.trim().is_empty() {
            out.push_str(&format!("- {}\n", line.trim()));
        }
    }
    out
}

fn languages(root: &Map<String, Value>) -> String {
    let mut out = String::new();
    for entry in entries(root, "languages") {
        if let Some(language) = text(entry, "language") {
            match text(entry, "fluency") {
                Some(fluency) => out.push_str(&format!("- {language} ({fluency})\n")),
                None => out.push_str(&format!("- {language}\n")),
            }
        }
    }
    out
}

fn references(root: &Map<String, Value>) -> String {
    let mut out = String::new();
    for entry in entries(root, "references") {
        let line = [text(entry, "reference"), text(entry, "name")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" — ");
        if !line.is_empty() {
            out.push_str(&format!("- {line}\n"));
        }
    }
    out
}

/// The job schema as a job description: title, company, place, then its lists.
fn job(root: &Map<String, Value>) -> String {
    let mut out = format!("# {}\n\n", text(root, "title").unwrap_or_default());
    let mut facts: Vec<String> = ["company", "type", "remote", "experience", "salary", "date"]
        .iter()
        .filter_map(|k| text(root, k))
        .collect();
    if let Some(location) = root.get("location").and_then(Value::as_object) {
        let place: Vec<String> = ["city", "region", "countryCode"]
            .iter()
            .filter_map(|k| text(location, k))
            .collect();
        if !place.is_empty() {
            facts.insert(1.min(facts.len()), place.join(", "));
        }
    }
    if !facts.is_empty() {
        out.push_str(&format!("{}\n", facts.join(" · ")));
    }
    if let Some(description) = text(root, "description") {
        section(&mut out, "About the role", &description);
    }
    for (key, title) in [
        ("responsibilities", "Responsibilities"),
        ("qualifications", "Qualifications"),
    ] {
        let mut body = String::new();
        bullets(&mut body, &strings(root, key));
        section(&mut out, title, &body);
    }
    section(&mut out, "Skills", &keyword_list(root, "skills", "level"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{
      "basics": {"name": "Ada Quill", "label": "Data Engineer", "email": "ada@example.org",
        "phone": "+1 555 0100", "url": "https://ada.example.org",
        "location": {"city": "Springfield", "countryCode": "US"},
        "profiles": [{"network": "GitHub", "username": "adaq", "url": "https://github.com/adaq"}],
        "summary": "Builds pipelines."},
      "work": [{"name": "Acme Rail", "position": "Engineer", "startDate": "2019-03-01",
        "highlights": ["Cut batch time 40%", "Led 3 engineers"]},
        {"company": "Old Co", "position": "Intern", "startDate": "2017", "endDate": "2018"}],
      "education": [{"institution": "State U", "studyType": "BSc", "area": "CS", "gpa": 3.8}],
      "skills": [{"name": "Data", "level": "Expert", "keywords": ["SQL", "Spark"]}],
      "languages": [{"language": "English", "fluency": "Native"}],
      "projects": [{"name": "Tiny DB", "description": "A toy database", "highlights": ["B-trees"]}]
    }"#;

    /// Round trip: the header lines our export keeps in `basics.location.address` come back in
    /// the text (they were dropped, so re-importing our own export lost them).
    #[test]
    fn the_whole_location_comes_back_address_and_postal_code_included() {
        let doc = r#"{"basics": {"name": "Ada Quill", "location": {"address": "12 Mill Lane, arialq (GitHub)",
            "postalCode": "411 04", "city": "Gothenburg", "countryCode": "SE"}}}"#;
        let (_, md) = to_markdown(doc).unwrap();
        assert!(
            md.contains("12 Mill Lane, arialq (GitHub), 411 04, Gothenburg, SE"),
            "{md}"
        );
    }

    #[test]
    fn a_resume_becomes_markdown_with_sections_and_bullets() {
        let (format, md) = to_markdown(SAMPLE).unwrap();
        assert_eq!(format, ImportFormat::JsonResume);
        for expected in [
            "# Ada Quill\n",
            "Data Engineer",
            "ada@example.org · +1 555 0100 · https://ada.example.org · Springfield, US · GitHub: adaq https://github.com/adaq",
            "## Summary\n\nBuilds pipelines.",
            "### Engineer — Acme Rail (2019-03 – Present)\n- Cut batch time 40%\n- Led 3 engineers",
            "### Intern — Old Co (2017 – 2018)",
            "### BSc, CS — State U\nScore: 3.8",
            "- Data (Expert): SQL, Spark",
            "- English (Native)",
            "### Tiny DB\nA toy database\n- B-trees",
        ] {
            assert!(md.contains(expected), "missing {expected:?} in\n{md}");
        }
        let resume = crate::domain::Resume::new(md);
        let titles: Vec<&str> = resume.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Ada Quill",
                "Summary",
                "Experience",
                "Education",
                "Skills",
                "Projects",
                "Languages"
            ]
        );
    }

    #[test]
    fn dates_that_are_not_iso_are_kept_whole() {
        let (_, md) = to_markdown(
            r#"{"work": [{"company": "Société X", "position": "Dév", "startDate": "Février 2014", "endDate": "Janvier 2015"},
              {"company": "Y", "position": "Z", "startDate": "2016-09-01T00:00:00Z"}],
             "awards": [{"title": "Prix", "date": "Décembre 2013"}]}"#,
        )
        .unwrap();
        assert!(md.contains("(Février 2014 – Janvier 2015)"), "{md}");
        assert!(md.contains("(2016-09 – Present)"), "{md}");
        assert!(md.contains("- Prix (Décembre 2013)"), "{md}");
    }

    #[test]
    fn a_period_that_ends_where_it_starts_is_one_date() {
        let (_, md) = to_markdown(
            r#"{"work": [{"name": "Northwind", "position": "Engineer", "startDate": "2021", "endDate": "2021"}]}"#,
        )
        .unwrap();
        assert!(md.contains("### Engineer — Northwind (2021)\n"), "{md}");
    }

    #[test]
    fn invalid_json_says_where() {
        let error = to_markdown("{\n  \"basics\": {\"name\": \"A\",}\n}").unwrap_err();
        match error {
            ImportError::InvalidJson { line, .. } => assert_eq!(line, 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn json_that_is_not_a_resume_is_named_so() {
        assert_eq!(to_markdown("[1, 2]"), Err(ImportError::NotJsonResume));
        assert_eq!(
            to_markdown(r#"{"name": "x"}"#),
            Err(ImportError::NotJsonResume)
        );
    }

    #[test]
    fn a_job_is_read_as_a_job_description() {
        let job = r#"{"title": "Web Developer", "company": "Example GmbH", "location": {"city": "Berlin"},
          "description": "Build apps.", "responsibilities": ["Ship features"], "qualifications": ["3 years JS"]}"#;
        let (format, md) = to_markdown(job).unwrap();
        assert_eq!(format, ImportFormat::JsonResumeJob);
        assert!(
            md.starts_with("# Web Developer\n\nExample GmbH · Berlin"),
            "{md}"
        );
        assert!(
            md.contains("## Responsibilities\n\n- Ship features"),
            "{md}"
        );
    }

    #[test]
    fn odd_values_are_tolerated() {
        let (_, md) = to_markdown(
            r#"{"basics": {"name": 42, "profiles": "nope"}, "work": [null, "x", {"position": "Dev", "highlights": [1, null, "ok"]}]}"#,
        )
        .unwrap();
        assert!(md.contains("# 42"));
        assert!(md.contains("### Dev\n- 1\n- ok"), "{md}");
    }
}
