//! Every export written from one structured resume: PDF-like text (Markdown headings, tabbed
//! dates, wrapped lines) gives dated work and education in JSON Resume; a two-column DOCX-like
//! header keeps name and headline apart; HTML and Markdown re-join wrapped paragraphs and
//! bullets; JSON Resume → import → export keeps every field of a rich fictional file and of every
//! JSON Resume in `../shared/corpus`. `STRUCTURED_EXPORT=1 cargo test --test native structured_export
//! corpus -- --nocapture` prints the corpus table (sections, entries, dates, the export's share
//! of the resume's words).
use crate::shared_support;

use careergraph::domain::export::{
    check_export, json_resume_of, json_text, print_page_html, resume_html, text_share,
    to_json_resume, to_markdown,
};
use careergraph::domain::import::{import_file, ImportFormat};
use careergraph::domain::structured::{from_any, SectionKind};
use careergraph::domain::Resume;
use serde_json::{json, Value};

/// What the PDF import emits for a one-column resume: `#` name, `##` sections, a tab before the
/// dates, and the PDF's own line wraps inside paragraphs and bullets.
const PDF_LIKE: &str = "# Morgan Hale
Platform Engineer
morgan.hale@example.net | +1 555 0142 | Portland, OR

## Summary

Platform engineer with nine years of experience building internal developer tools and
reliable deployment pipelines for mid-sized product teams.

## Experience

Senior Platform Engineer, Larkspur Freight\tMar 2021 – Present
- Rebuilt the deployment pipeline so that a release goes from merge to production in
under twelve minutes, down from two hours
- Ran the on-call rotation for six services

Platform Engineer, Tamsin Labs\tJun 2017 – Feb 2021
- Moved forty services from hand-run virtual machines to containers with health checks
and automatic rollbacks

## Education

BSc, Computer Science — Cascadia State University\t2013 – 2017

## Skills

Go, Terraform, Kubernetes, PostgreSQL
";

fn json_of(text: &str) -> Value {
    to_json_resume(&Resume::new(text))
}

#[test]
fn pdf_like_text_gives_dated_work_and_education() {
    let doc = json_of(PDF_LIKE);
    let work = doc["work"].as_array().expect("work entries");
    assert_eq!(work.len(), 2, "{doc:#}");
    assert_eq!(work[0]["position"], "Senior Platform Engineer");
    assert_eq!(work[0]["name"], "Larkspur Freight");
    assert_eq!(work[0]["startDate"], "2021-03");
    assert!(work[0].get("endDate").is_none(), "Present: no end");
    assert_eq!(
        (work[1]["startDate"].as_str(), work[1]["endDate"].as_str()),
        (Some("2017-06"), Some("2021-02"))
    );
    // The wrapped bullet is one highlight, its two lines re-joined.
    assert_eq!(
        work[0]["highlights"][0],
        "Rebuilt the deployment pipeline so that a release goes from merge to production in under twelve minutes, down from two hours"
    );
    assert_eq!(work[0]["highlights"].as_array().unwrap().len(), 2);
    assert_eq!(
        work[1]["highlights"][0],
        "Moved forty services from hand-run virtual machines to containers with health checks and automatic rollbacks"
    );
    let education = &doc["education"][0];
    assert_eq!(education["institution"], "Cascadia State University");
    assert_eq!(education["studyType"], "BSc");
    assert_eq!(education["area"], "Computer Science");
    assert_eq!(
        (
            education["startDate"].as_str(),
            education["endDate"].as_str()
        ),
        (Some("2013"), Some("2017"))
    );
    let basics = &doc["basics"];
    assert_eq!(basics["name"], "Morgan Hale");
    assert_eq!(basics["label"], "Platform Engineer");
    assert_eq!(basics["email"], "morgan.hale@example.net");
    assert_eq!(basics["location"]["address"], "Portland, OR");
    assert_eq!(
        basics["summary"],
        "Platform engineer with nine years of experience building internal developer tools and reliable deployment pipelines for mid-sized product teams."
    );
    assert_eq!(
        doc["skills"][0]["keywords"],
        json!(["Go", "Terraform", "Kubernetes", "PostgreSQL"])
    );
    let check = check_export(PDF_LIKE);
    assert!(check.json_resume_share > 0.9, "{check:?}");
    assert!(!check.loses_text(), "{check:?}");
}

#[test]
fn undated_degrees_with_bullets_are_separate_entries() {
    let text = "# Lee Tran\n\n## Education\n\nMSc in Data Science, Northfield University\n- Thesis on sensor fusion for the harbour authority's tide gauges\nBA in Economics, Lakeside College\n- Dean's list\n";
    let doc = json_of(text);
    let education = doc["education"].as_array().expect("education");
    assert_eq!(education.len(), 2, "{doc:#}");
    assert_eq!(education[1]["institution"], "Lakeside College");
    assert_eq!(education[1]["studyType"], "BA");
    assert_eq!(education[1]["area"], "Economics");
}

#[test]
fn a_headline_above_the_name_does_not_swap_them() {
    // Two-column DOCX layouts are read cell by cell: the headline cell can come first.
    for text in [
        "Product Designer\n# Riley Quinn\nriley.quinn@example.org | +1 555 0199\n\n## Experience\n\nDesigner, Fernleaf Studio\t2020 – 2024\n- Redesigned checkout\n",
        "Product Designer\n**Riley Quinn**\nriley.quinn@example.org | +1 555 0199\n\n## Experience\n\nDesigner, Fernleaf Studio\t2020 – 2024\n- Redesigned checkout\n",
    ] {
        let doc = json_of(text);
        assert_eq!(doc["basics"]["name"], "Riley Quinn", "{text}");
        assert_eq!(doc["basics"]["label"], "Product Designer", "{text}");
        assert_eq!(doc["work"][0]["name"], "Fernleaf Studio");
    }
    // The usual order is kept.
    let doc = json_of("**Riley Quinn**\nProduct Designer\nriley.quinn@example.org\n");
    assert_eq!(doc["basics"]["name"], "Riley Quinn");
    assert_eq!(doc["basics"]["label"], "Product Designer");
}

#[test]
fn html_and_markdown_never_break_inside_a_wrapped_paragraph() {
    let html = resume_html(PDF_LIKE);
    assert!(
        html.contains("<p>Platform engineer with nine years of experience building internal developer tools and reliable deployment pipelines for mid-sized product teams.</p>"),
        "{html}"
    );
    assert!(
        html.contains("<li>Rebuilt the deployment pipeline so that a release goes from merge to production in under twelve minutes, down from two hours</li>"),
        "{html}"
    );
    assert!(html.contains("<h3 class=\"split\"><span>Senior Platform Engineer — Larkspur Freight</span><span>Mar 2021 – Present</span></h3>"), "{html}");
    assert!(!html.contains("tools and</p>") && !html.contains("<p>reliable"));
    let page = print_page_html(PDF_LIKE, "Morgan Hale");
    assert!(page.contains(&html));
    let markdown = to_markdown(PDF_LIKE);
    assert!(
        markdown.contains("developer tools and reliable deployment"),
        "{markdown}"
    );
    assert!(markdown.contains("- Rebuilt the deployment pipeline so that a release goes from merge to production in under twelve minutes"));
    assert!(markdown.starts_with("# Morgan Hale\n"));
    assert!(text_share(PDF_LIKE, &markdown) > 0.99);
}

#[test]
fn text_the_structure_cannot_place_is_still_printed() {
    // A resume the structure reads poorly (a header of many lines, nothing else) is rendered
    // from its text, re-joining only lines that continue a wrap.
    let text = "Sam Ortiz\nline one of a note that runs on long enough to have been wrapped by a\nprinter, and carries on here.\nShort line.\nAnother short line.";
    let html = resume_html(text);
    for word in ["Sam", "printer", "Short", "Another"] {
        assert!(html.contains(word), "{word} missing in {html}");
    }
    assert!(text_share(text, &html) > 0.99, "{html}");
    assert!(text_share(text, &to_markdown(text)) > 0.99);
}

/// A JSON Resume with every section and field of the schema (and a custom key), all fictional.
fn rich_fixture() -> Value {
    json!({
        "$schema": "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
        "basics": {
            "name": "Quinn Arlow", "label": "Data Engineer", "image": "https://example.com/q.png",
            "email": "quinn.arlow@example.com", "phone": "+1 555 0100",
            "url": "https://quinn.example.dev", "summary": "Builds data platforms.",
            "location": { "address": "1 Harbour Row", "postalCode": "AB1 2CD", "city": "Portside",
                "countryCode": "GB", "region": "Westshire" },
            "profiles": [{ "network": "GitHub", "username": "qarlow", "url": "https://github.com/qarlow" }],
            "pronouns": "they/them"
        },
        "work": [{ "name": "Tidewater Data", "location": "Portside", "description": "Logistics analytics",
            "position": "Senior Data Engineer", "url": "https://tidewater.example.com",
            "startDate": "2020-02-01", "endDate": "2024-06", "summary": "Owned the lakehouse.",
            "highlights": ["Cut costs 30%", "Led 4 engineers"] }],
        "volunteer": [{ "organization": "Code Club Portside", "position": "Mentor",
            "url": "https://codeclub.example.org", "startDate": "2019", "endDate": "2021",
            "summary": "Taught Python to teenagers.", "highlights": ["Ran 40 sessions"] }],
        "education": [{ "institution": "Portside University", "url": "https://uni.example.edu",
            "area": "Statistics", "studyType": "MSc", "startDate": "2016-09", "endDate": "2018-06",
            "score": "Distinction", "courses": ["Bayesian Methods", "Time Series"] }],
        "awards": [{ "title": "Engineer of the Year", "date": "2023-12", "awarder": "Tidewater Data",
            "summary": "For the lakehouse migration." }],
        "certificates": [{ "name": "Cloud Data Professional", "date": "2022-03-15",
            "issuer": "Example Cloud", "url": "https://certs.example.com/123" }],
        "publications": [{ "name": "Streaming Joins at Scale", "publisher": "Example Press",
            "releaseDate": "2021-07", "url": "https://press.example.com/joins",
            "summary": "Watermarks in practice." }],
        "skills": [{ "name": "Data", "level": "Expert", "keywords": ["Spark", "SQL"] }],
        "languages": [{ "language": "English", "fluency": "Native" }],
        "interests": [{ "name": "Sailing", "keywords": ["dinghies", "navigation"] }],
        "references": [{ "name": "Dana Wilde", "reference": "Quinn is a steady hand." }],
        "projects": [{ "name": "Harbour Metrics", "description": "Open data dashboard",
            "highlights": ["10k monthly users"], "keywords": ["D3"], "startDate": "2022",
            "endDate": "2023", "url": "https://metrics.example.org", "roles": ["Maintainer"],
            "entity": "Portside Council", "type": "application" }],
        "meta": { "canonical": "https://example.com/resume.json", "version": "v1.0.0",
            "lastModified": "2024-01-01T00:00" }
    })
}

/// Every leaf of `input` (strings trimmed, numbers as text; nulls and empty values skipped) and
/// where it sits; a leaf missing or changed in `output` is named. A date given in a form other
/// than ISO may come back as ISO.
fn missing_leaves(input: &Value, output: &Value, path: &str, out: &mut Vec<String>) {
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    match input {
        Value::Object(map) => {
            for (key, value) in map {
                missing_leaves(value, &output[key.as_str()], &format!("{path}.{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                missing_leaves(value, &output[i], &format!("{path}[{i}]"), out);
            }
        }
        Value::Null => {}
        leaf => {
            let Some(want) = text(leaf).filter(|t| !t.is_empty()) else {
                return;
            };
            let got = text(output);
            let is_date = path.ends_with("Date") || path.ends_with(".date");
            let iso = |s: &str| {
                let b = s.as_bytes();
                (b.len() == 4 || b.len() == 7)
                    && b[..4].iter().all(u8::is_ascii_digit)
                    && (b.len() == 4 || b[4] == b'-')
            };
            let ok = got.as_deref() == Some(want.as_str())
                || (is_date && got.as_deref().is_some_and(iso) && !iso(&want));
            if !ok {
                out.push(format!("{path}: {want:?} → {got:?}"));
            }
        }
    }
}

fn round_trip(source: &str) -> (Value, Value) {
    let imported = import_file("resume.json", "application/json", source.as_bytes()).unwrap();
    assert_eq!(imported.format, ImportFormat::JsonResume);
    let input: Value = serde_json::from_str(source).unwrap();
    (input, json_resume_of(&imported.structured()))
}

#[test]
fn json_resume_round_trip_keeps_every_field() {
    let source = serde_json::to_string_pretty(&rich_fixture()).unwrap();
    let (input, output) = round_trip(&source);
    let mut missing = Vec::new();
    missing_leaves(&input, &output, "", &mut missing);
    assert!(missing.is_empty(), "lost: {missing:#?}\n{output:#}");
    // Dates that were ISO stay exactly as written; the day is kept too.
    assert_eq!(output["work"][0]["startDate"], "2020-02-01");
    assert_eq!(output["meta"]["careergraph"]["exportedBy"], "careergraph");
    // The same from the JSON text held in the resume field.
    let (_, from_field) = ((), to_json_resume(&Resume::new(source.clone())));
    let mut missing = Vec::new();
    missing_leaves(&input, &from_field, "", &mut missing);
    assert!(missing.is_empty(), "lost from the field: {missing:#?}");
}

#[test]
fn json_resume_dates_in_words_come_back_as_iso() {
    let source = r#"{"basics":{"name":"Lou Marsh"},"work":[{"name":"Atelier Nord","position":"Chef de projet","startDate":"Février 2014","endDate":"Janvier 2015"},{"name":"Ferme","position":"Stagiaire","startDate":"sometime","endDate":"Present"}]}"#;
    let (_, output) = round_trip(source);
    assert_eq!(output["work"][0]["startDate"], "2014-02");
    assert_eq!(output["work"][0]["endDate"], "2015-01");
    // Text that is no date is given back as written.
    assert_eq!(output["work"][1]["startDate"], "sometime");
    assert_eq!(output["work"][1]["endDate"], "Present");
}

fn corpus() -> Option<std::path::PathBuf> {
    shared_support::shared_dir("corpus")
}

#[test]
fn corpus_json_resume_round_trip_keeps_every_field() {
    let Some(dir) = corpus() else {
        return;
    };
    let mut checked = 0;
    for path in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("jsonresume-") || !name.ends_with(".json") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let Ok(imported) = import_file(&name, "", source.as_bytes()) else {
            continue;
        };
        if imported.format != ImportFormat::JsonResume {
            continue; // a job description in JSON Resume's job schema
        }
        let input: Value = serde_json::from_str(&source).unwrap();
        let output = json_resume_of(&imported.structured());
        let mut missing = Vec::new();
        missing_leaves(&input, &output, "", &mut missing);
        assert!(missing.is_empty(), "{name} lost: {missing:#?}");
        checked += 1;
    }
    println!("round trip: {checked} corpus JSON Resume files keep every field");
    assert!(checked > 0, "no JSON Resume in the corpus");
}

/// The corpus table for the lead's note: per file, the sections found, work and education
/// entries, entries with a parsed date, and the JSON Resume export's share of the resume's words.
/// Every resume with a work section must export work entries.
#[test]
fn corpus_export_table() {
    let Some(dir) = corpus() else {
        return;
    };
    let print = std::env::var_os("STRUCTURED_EXPORT").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            (name.starts_with("resume-") || name.starts_with("jsonresume-"))
                && !name.ends_with(".pdf")
        })
        .collect();
    files.sort();
    if print {
        println!(
            "| file | sections found | work | education | dated entries | JSON Resume share | JSON leaves kept via the text |"
        );
        println!("|---|---|---|---|---|---|---|");
    }
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Ok(imported) = import_file(&name, "", &std::fs::read(&path).unwrap()) else {
            continue;
        };
        if imported.format == ImportFormat::JsonResumeJob {
            continue;
        }
        let resume = imported.structured();
        let doc = json_resume_of(&resume);
        // The share of the text the user sees in the resume field.
        let share = text_share(&imported.text, &json_text(&doc));
        let count = |key: &str| doc[key].as_array().map_or(0, Vec::len);
        let sections: Vec<String> = resume
            .sections
            .iter()
            .map(|s| match &s.kind {
                SectionKind::Other(t) if t.is_empty() => "(untitled)".to_string(),
                SectionKind::Other(t) => {
                    format!("other:{}", t.chars().take(14).collect::<String>())
                }
                kind => format!("{kind:?}").to_lowercase(),
            })
            .collect();
        // For a JSON Resume: how many of its leaves the export keeps when only the resume
        // field's text is read (what the app's export menu has), against the file itself.
        let text_path = match &imported.json_resume {
            Some(source) => {
                let input: Value = serde_json::from_str(source).unwrap();
                let count_leaves = |output: &Value| {
                    let mut all = Vec::new();
                    missing_leaves(&input, &Value::Null, "", &mut all);
                    let mut lost = Vec::new();
                    missing_leaves(&input, output, "", &mut lost);
                    (all.len() - lost.len(), all.len())
                };
                let (kept, all) = count_leaves(&json_resume_of(&from_any(&imported.text)));
                format!("{kept}/{all}")
            }
            None => "–".into(),
        };
        if print {
            println!(
                "| {name} | {} | {} | {} | {} | {:.0}% | {text_path} |",
                sections.join(", "),
                count("work"),
                count("education"),
                resume.dated_entries(),
                share * 100.0
            );
        }
        if resume.sections.iter().any(|s| s.kind == SectionKind::Work) {
            assert!(count("work") >= 1, "{name}: a work section, no work entry");
        }
        assert!(doc["basics"]["name"].is_string(), "{name}: no name");
        // The text path gives the same: the field's text read again.
        let again = from_any(&imported.text);
        assert_eq!(
            again.entries_of(&SectionKind::Work).is_empty(),
            resume.entries_of(&SectionKind::Work).is_empty(),
            "{name}: the JSON file and its text disagree on work"
        );
    }
}
