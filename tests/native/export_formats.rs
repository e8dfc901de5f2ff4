//! Resume export: JSON Resume from resume text (checked against the schema's shape: allowed
//! fields, types, date and URL formats), a round trip through the JSON Resume import, the print
//! page's escaping, and every corpus resume exported without breaking the shape.
use crate::shared_support;

use careergraph::domain::export::{print_page_html, to_json_resume, to_markdown};
use careergraph::domain::import::import_file;
use careergraph::domain::Resume;
use serde_json::Value;

const FICTIONAL: &str = "# Jordan Ellery\n\
Backend Engineer\n\
jordan.ellery@example.com | +44 20 7946 0958 | github.com/jellery | https://jellery.example.dev\n\n\
## Summary\n\
Backend engineer who likes boring, reliable systems.\n\n\
## Work Experience\n\
### Senior Engineer — Harbor Logistics (Mar 2020 – Present)\n\
Payments and routing.\n\
- Cut settlement time from 3 days to 4 hours\n\
- Led a team of 5\n\n\
### Engineer — Quayside Tools (2016 – 2020)\n\
- Built the first billing service\n\n\
## Education\n\
### BSc, Computer Science — University of Westmarch (2012 – 2016)\n\n\
## Skills\n\
- Languages: Rust, Go, SQL\n\
- Kafka\n\
- PostgreSQL\n\n\
## Languages\n\
- English (Native)\n\
- Spanish (Professional)\n\n\
## Side Notes\n\
Sea kayaking.\n";

/// The schema's fields per section (jsonresume.org, resume schema v1).
fn allowed(section: &str) -> &'static [&'static str] {
    match section {
        "basics" => &[
            "name", "label", "image", "email", "phone", "url", "summary", "location", "profiles",
        ],
        "work" => &[
            "name",
            "location",
            "description",
            "position",
            "url",
            "startDate",
            "endDate",
            "summary",
            "highlights",
        ],
        "volunteer" => &[
            "organization",
            "position",
            "url",
            "startDate",
            "endDate",
            "summary",
            "highlights",
        ],
        "education" => &[
            "institution",
            "url",
            "area",
            "studyType",
            "startDate",
            "endDate",
            "score",
            "courses",
        ],
        "awards" => &["title", "date", "awarder", "summary"],
        "certificates" => &["name", "date", "url", "issuer"],
        "publications" => &["name", "publisher", "releaseDate", "url", "summary"],
        "skills" => &["name", "level", "keywords"],
        "languages" => &["language", "fluency"],
        "interests" => &["name", "keywords"],
        "references" => &["name", "reference"],
        "projects" => &[
            "name",
            "description",
            "highlights",
            "keywords",
            "startDate",
            "endDate",
            "url",
            "roles",
            "entity",
            "type",
        ],
        _ => &[],
    }
}

fn is_iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    let year = digits(0..4) && matches!(b[0], b'1' | b'2');
    match b.len() {
        4 => year,
        7 => year && b[4] == b'-' && digits(5..7) && matches!(b[5], b'0' | b'1'),
        10 => year && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10),
        _ => false,
    }
}

/// Fails with the path of the first value the schema would reject.
fn assert_schema_shape(doc: &Value) {
    let root = doc.as_object().expect("an object");
    for (key, value) in root {
        match key.as_str() {
            "meta" => assert!(value.is_object(), "meta"),
            "basics" => check_object("basics", value),
            section => {
                assert!(
                    !allowed(section).is_empty(),
                    "unknown top-level key {section}"
                );
                for (i, item) in value.as_array().expect("an array").iter().enumerate() {
                    check_object(&format!("{section}[{i}]"), item);
                }
            }
        }
    }
}

fn check_object(path: &str, value: &Value) {
    let section = path.split('[').next().unwrap();
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{path} is not an object"));
    for (key, v) in object {
        assert!(
            allowed(section).contains(&key.as_str()),
            "{path}.{key} is not in the schema"
        );
        match (key.as_str(), v) {
            ("profiles", Value::Array(items)) => {
                for p in items {
                    for (k, v) in p.as_object().unwrap() {
                        assert!(
                            ["network", "username", "url"].contains(&k.as_str()),
                            "{path}.profiles.{k}"
                        );
                        assert!(v.is_string());
                    }
                    if let Some(url) = p["url"].as_str() {
                        assert!(url.starts_with("http"), "{path} profile url {url}");
                    }
                }
            }
            ("location", Value::Object(_)) => {}
            ("highlights" | "keywords" | "courses" | "roles", Value::Array(items)) => {
                assert!(items.iter().all(Value::is_string), "{path}.{key}")
            }
            (_, Value::String(s)) => {
                if key.ends_with("Date") || key == "date" {
                    assert!(is_iso_date(s), "{path}.{key} = {s:?} is not an ISO date");
                }
                if key == "url" {
                    assert!(
                        s.starts_with("http://") || s.starts_with("https://"),
                        "{path}.url {s}"
                    );
                }
                if key == "email" {
                    assert!(s.contains('@') && !s.contains(' '), "{path}.email {s}");
                }
            }
            (_, other) => panic!("{path}.{key} has the wrong type: {other}"),
        }
    }
}

#[test]
fn a_markdown_resume_becomes_a_schema_shaped_json_resume() {
    let doc = to_json_resume(&Resume::new(FICTIONAL));
    assert_schema_shape(&doc);
    let basics = &doc["basics"];
    assert_eq!(basics["name"], "Jordan Ellery");
    assert_eq!(basics["label"], "Backend Engineer");
    assert_eq!(basics["email"], "jordan.ellery@example.com");
    assert_eq!(basics["phone"], "+44 20 7946 0958");
    assert_eq!(basics["url"], "https://jellery.example.dev");
    assert_eq!(basics["profiles"][0]["network"], "GitHub");
    assert_eq!(basics["profiles"][0]["username"], "jellery");
    assert_eq!(
        basics["summary"],
        "Backend engineer who likes boring, reliable systems.\n\nSide Notes\nSea kayaking.",
        "a section the schema has no place for is shown at the end of the summary"
    );

    let work = doc["work"].as_array().unwrap();
    assert_eq!(work.len(), 2);
    assert_eq!(work[0]["position"], "Senior Engineer");
    assert_eq!(work[0]["name"], "Harbor Logistics");
    assert_eq!(work[0]["startDate"], "2020-03");
    assert!(
        work[0].get("endDate").is_none(),
        "Present leaves the end open"
    );
    assert_eq!(work[0]["summary"], "Payments and routing.");
    assert_eq!(work[0]["highlights"][1], "Led a team of 5");
    assert_eq!(
        (work[1]["startDate"].as_str(), work[1]["endDate"].as_str()),
        (Some("2016"), Some("2020"))
    );

    let education = &doc["education"][0];
    assert_eq!(education["institution"], "University of Westmarch");
    assert_eq!(education["studyType"], "BSc");
    assert_eq!(education["area"], "Computer Science");

    assert_eq!(doc["skills"][0]["name"], "Languages");
    assert_eq!(
        doc["skills"][0]["keywords"],
        serde_json::json!(["Rust", "Go", "SQL"])
    );
    assert_eq!(
        doc["skills"][1]["keywords"],
        serde_json::json!(["Kafka", "PostgreSQL"])
    );
    assert_eq!(doc["languages"][1]["fluency"], "Professional");
    // Nothing is dropped: a section the schema has no place for is kept in meta.
    assert_eq!(
        doc["meta"]["careergraph"]["otherSections"][0]["title"],
        "Side Notes"
    );
}

#[test]
fn education_with_the_school_on_the_next_line() {
    let text = "# Lee Tran\n\n## Education\n\nMaster of Science (M.S.) – Data Analytics\tMay 2022 – Present\nState University, Springfield\n\nB.A. - History\tAug 2019 - May 2022\nRiver College\n- Dean's List\n";
    let doc = to_json_resume(&Resume::new(text));
    assert_schema_shape(&doc);
    let first = &doc["education"][0];
    assert_eq!(first["institution"], "State University, Springfield");
    assert_eq!(first["studyType"], "Master of Science (M.S.)");
    assert_eq!(first["area"], "Data Analytics");
    assert_eq!(first["startDate"], "2022-05");
    assert!(first.get("courses").is_none(), "{first}");
    let second = &doc["education"][1];
    assert_eq!(second["institution"], "River College");
    assert_eq!(
        (second["startDate"].as_str(), second["endDate"].as_str()),
        (Some("2019-08"), Some("2022-05"))
    );
    assert_eq!(second["courses"][0], "Dean's List");
}

#[test]
fn exported_json_resume_imports_back_with_the_same_facts() {
    let json = serde_json::to_string_pretty(&to_json_resume(&Resume::new(FICTIONAL))).unwrap();
    let back = import_file("resume.json", "application/json", json.as_bytes()).unwrap();
    for fact in [
        "# Jordan Ellery",
        "Senior Engineer — Harbor Logistics (2020-03 – Present)",
        "- Cut settlement time from 3 days to 4 hours",
        "BSc, Computer Science — University of Westmarch (2012 – 2016)",
        "- Languages: Rust, Go, SQL",
    ] {
        assert!(
            back.text.contains(fact),
            "missing {fact:?} in\n{}",
            back.text
        );
    }
}

#[test]
fn a_plain_text_resume_without_headings_still_has_basics() {
    let doc = to_json_resume(&Resume::new(
        "Kim Park\nkim@example.org\nData analyst, 5 years.",
    ));
    assert_schema_shape(&doc);
    assert_eq!(doc["basics"]["name"], "Kim Park");
    assert_eq!(doc["basics"]["email"], "kim@example.org");
    let empty = to_json_resume(&Resume::new(""));
    assert_schema_shape(&empty);
}

#[test]
fn the_print_page_escapes_a_hostile_resume() {
    let page = print_page_html(
        "# Eve <script>alert('x')</script>\n- <iframe src=//evil>",
        "Eve",
    );
    assert!(
        !page.contains("<script>") && !page.contains("<iframe"),
        "{page}"
    );
    assert!(page.contains("<h1>Eve &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</h1>"));
    assert!(page.starts_with("<!doctype html>"));
    let markdown = to_markdown("a\r\nb  ");
    assert!(
        !markdown.contains('\r') && markdown.ends_with("b\n"),
        "{markdown:?}"
    );
}

/// Every corpus resume (what imports natively) exports to a schema-shaped JSON Resume and an
/// escaped print page.
#[test]
fn every_corpus_resume_exports() {
    let Some(corpus) = shared_support::shared_dir("corpus") else {
        return;
    };
    let entries = std::fs::read_dir(&corpus).expect("corpus readable");
    let mut exported = 0;
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("resume-") && !name.starts_with("jsonresume-") {
            continue;
        }
        let Ok(imported) = import_file(&name, "", &std::fs::read(&path).unwrap()) else {
            continue; // PDFs: browser only
        };
        let doc = to_json_resume(&Resume::new(imported.text.clone()));
        assert_schema_shape(&doc);
        assert!(
            doc["basics"]["name"].is_string(),
            "{name}: no name in {}",
            doc["basics"]
        );
        let page = print_page_html(&imported.text, &name);
        assert!(!page.contains("<script"), "{name}");
        exported += 1;
    }
    eprintln!("exported {exported} corpus resumes");
}
