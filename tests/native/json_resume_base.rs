//! JSON Resume export of the app's resume text completed from the JSON Resume file it was
//! imported from (`to_json_resume_with_base`): unchanged text gives back every field of the file,
//! the text's rewrites win, entries the text dropped are gone, a renamed title keeps the file's
//! location; and over every JSON Resume in `../shared/corpus`, import → text → export keeps
//! every field. `JSON_RESUME_BASE=1 cargo test --test native json_resume_base corpus -- --nocapture`
//! prints fields kept per file without and with the base.
use crate::shared_support;

use careergraph::domain::export::{to_json_resume, to_json_resume_with_base};
use careergraph::domain::import::{import_file, ImportFormat};
use careergraph::domain::Resume;
use serde_json::{json, Value};

fn fixture() -> Value {
    json!({
        "$schema": "https://example.com/schema.json",
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
            "highlights": ["Cut costs 30%", "Led 4 engineers"] },
          { "name": "Brightwell Analytics", "location": "Lowtown", "position": "Data Analyst",
            "startDate": "2017-01", "endDate": "2020-01", "highlights": ["Built weekly reports"] }],
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
        "meta": { "canonical": "https://example.com/resume.json", "version": "v1.0.0" },
        "x-custom": { "theme": "even" }
    })
}

/// Every leaf path of `input` missing from `output` (values not compared: a rewrite may change
/// them; presence is what the export must keep).
fn missing_paths(input: &Value, output: &Value, path: &str, out: &mut Vec<String>) {
    leaf_diff(input, output, path, out, false)
}

/// Every leaf path of `input` whose value `output` does not give back as it was.
fn changed_paths(input: &Value, output: &Value, path: &str, out: &mut Vec<String>) {
    leaf_diff(input, output, path, out, true)
}

fn leaf_diff(input: &Value, output: &Value, path: &str, out: &mut Vec<String>, exact: bool) {
    match input {
        Value::Object(map) => {
            for (key, value) in map {
                let at = format!("{path}.{key}");
                leaf_diff(value, &output[key.as_str()], &at, out, exact);
            }
        }
        Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                leaf_diff(value, &output[i], &format!("{path}[{i}]"), out, exact);
            }
        }
        Value::Null => {}
        Value::String(s) if s.trim().is_empty() => {}
        leaf => {
            if output.is_null() || (exact && output != leaf) {
                out.push(path.to_string());
            }
        }
    }
}

fn count_leaves(value: &Value) -> usize {
    match value {
        Value::Object(map) => map.values().map(count_leaves).sum(),
        Value::Array(items) => items.iter().map(count_leaves).sum(),
        Value::Null => 0,
        Value::String(s) if s.trim().is_empty() => 0,
        _ => 1,
    }
}

/// The file as the app holds it: its Markdown text and the original.
fn imported(source: &str) -> (String, String) {
    let imported = import_file("resume.json", "application/json", source.as_bytes()).unwrap();
    assert_eq!(imported.format, ImportFormat::JsonResume);
    (
        imported.text,
        imported.json_resume.expect("the file is kept"),
    )
}

#[test]
fn unchanged_text_gives_back_every_field_of_the_file() {
    let input = fixture();
    let (text, base) = imported(&serde_json::to_string_pretty(&input).unwrap());
    let without = to_json_resume(&Resume::new(text.clone()));
    let mut lost_without = Vec::new();
    missing_paths(&input, &without, "", &mut lost_without);
    assert!(!lost_without.is_empty(), "the text alone loses fields");
    let output = to_json_resume_with_base(&text, &base);
    let mut missing = Vec::new();
    missing_paths(&input, &output, "", &mut missing);
    assert!(missing.is_empty(), "lost: {missing:#?}\n{output:#}");
    // Unchanged, the values are the file's own.
    assert_eq!(output["work"][0], input["work"][0]);
    assert_eq!(output["basics"]["location"], input["basics"]["location"]);
    assert_eq!(output["references"], input["references"]);
    assert_eq!(output["x-custom"], input["x-custom"]);
    assert_eq!(
        output["meta"]["canonical"],
        "https://example.com/resume.json"
    );
}

#[test]
fn a_rewritten_bullet_wins() {
    let (text, base) = imported(&fixture().to_string());
    assert!(text.contains("- Cut costs 30%"), "{text}");
    let rewritten = text.replace(
        "- Cut costs 30%",
        "- Cut warehouse costs 30% by moving batch jobs to spot capacity",
    );
    let output = to_json_resume_with_base(&rewritten, &base);
    let highlights = &output["work"][0]["highlights"];
    assert_eq!(
        highlights[0],
        "Cut warehouse costs 30% by moving batch jobs to spot capacity"
    );
    assert!(!highlights.to_string().contains("\"Cut costs 30%\""));
    assert_eq!(output["work"][0]["location"], "Portside");
    assert_eq!(output["work"][0]["summary"], "Owned the lakehouse.");
}

#[test]
fn a_removed_job_is_gone() {
    let (text, base) = imported(&fixture().to_string());
    let start = text
        .find("### Data Analyst")
        .expect("second job in the text");
    let end = start + text[start..].find("\n\n").unwrap();
    let without = format!("{}{}", &text[..start], &text[end..]);
    let output = to_json_resume_with_base(&without, &base);
    let work = output["work"].as_array().unwrap();
    assert_eq!(work.len(), 1, "{work:#?}");
    assert_eq!(work[0]["name"], "Tidewater Data");
    assert!(!output.to_string().contains("Brightwell"));
}

#[test]
fn a_renamed_title_keeps_the_files_location() {
    let (text, base) = imported(&fixture().to_string());
    let renamed = text.replace("Senior Data Engineer", "Lead Data Engineer");
    let output = to_json_resume_with_base(&renamed, &base);
    let job = &output["work"][0];
    assert_eq!(job["position"], "Lead Data Engineer");
    assert_eq!(job["name"], "Tidewater Data");
    assert_eq!(job["location"], "Portside");
    assert_eq!(job["url"], "https://tidewater.example.com");
    assert_eq!(job["description"], "Logistics analytics");
}

#[test]
fn a_base_that_is_not_json_gives_the_texts_export() {
    let text = "# Robin Example\n\n## Experience\n\n### Engineer — Example Freight (2019 – 2024)\n- Built tracking\n";
    assert_eq!(
        to_json_resume_with_base(text, "not json"),
        to_json_resume(&Resume::new(text))
    );
}

#[test]
fn a_file_about_someone_else_is_no_base() {
    let (_, base) = imported(&fixture().to_string());
    let other = "# Robin Example\n\nrobin@example.net\n\n## Experience\n\n### Engineer — Example Freight (2019 – 2024)\n- Built tracking\n";
    let output = to_json_resume_with_base(other, &base);
    assert_eq!(output, to_json_resume(&Resume::new(other)));
    assert!(!output.to_string().contains("Quinn"));
}

fn corpus() -> Option<std::path::PathBuf> {
    shared_support::shared_dir("corpus")
}

#[test]
fn corpus_json_resume_text_with_base_keeps_every_field() {
    let Some(dir) = corpus() else {
        return;
    };
    let print = std::env::var("JSON_RESUME_BASE").is_ok();
    let mut checked = 0;
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    for path in paths {
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
        let base = imported.json_resume.clone().expect("the file is kept");
        let output = to_json_resume_with_base(&imported.text, &base);
        let mut missing = Vec::new();
        missing_paths(&input, &output, "", &mut missing);
        let mut changed = Vec::new();
        changed_paths(&input, &output, "", &mut changed);
        if print {
            let before = to_json_resume(&Resume::new(imported.text.clone()));
            let mut lost_before = Vec::new();
            missing_paths(&input, &before, "", &mut lost_before);
            let total = count_leaves(&input);
            let mut changed_before = Vec::new();
            changed_paths(&input, &before, "", &mut changed_before);
            println!(
                "{name}: {total} fields; text alone keeps {} ({} as written), with the base {} ({} as written)",
                total - lost_before.len(),
                total - changed_before.len(),
                total - missing.len(),
                total - changed.len()
            );
        }
        assert!(missing.is_empty(), "{name} lost: {missing:#?}");
        // The text was not changed: every value is the file's own.
        assert!(changed.is_empty(), "{name} changed: {changed:#?}");
        checked += 1;
    }
    println!("{checked} corpus JSON Resume files keep every field through text + base");
    assert!(checked > 0, "no JSON Resume in the corpus");
}

#[test]
fn a_job_the_text_adds_is_kept() {
    let (text, base) = imported(&fixture().to_string());
    let added = text.replace(
        "## Volunteering",
        "### Platform Lead — Northgate Shipping (2024-07 – Present)\n- Launched a freight tracking API\n\n## Volunteering",
    );
    let output = to_json_resume_with_base(&added, &base);
    let work = output["work"].as_array().unwrap();
    assert_eq!(work.len(), 3, "{work:#?}");
    assert!(
        work.iter().any(|job| job["name"] == "Northgate Shipping"),
        "{work:#?}"
    );
    assert_eq!(work[0]["location"], "Portside");
}

#[test]
fn an_old_schema_file_exports_with_the_current_names() {
    let file = r#"{"basics": {"name": "Ada Quill", "website": "https://ada.example.org", "picture": "https://ada.example.org/a.png"},
      "work": [{"company": "Old Co", "website": "https://old.example.com", "position": "Intern",
        "startDate": "2017-01-01", "endDate": "2018-01-01", "summary": "Did things."}]}"#;
    let imported = import_file("old.json", "application/json", file.as_bytes()).unwrap();
    let structure = imported.structured();
    let job = structure.sections[0].entries[0].clone();
    assert_eq!(job.organisation.map(|o| o.value).as_deref(), Some("Old Co"));
    assert_eq!(
        job.url.map(|u| u.value).as_deref(),
        Some("https://old.example.com")
    );
    // The app's export: the text, completed from the file.
    let exported = to_json_resume_with_base(&imported.text, file);
    let work = &exported["work"][0];
    assert_eq!(work["name"], "Old Co", "{exported:#}");
    assert_eq!(work["url"], "https://old.example.com", "{exported:#}");
    assert_eq!(work["company"], "Old Co", "the file's own key is kept");
    assert_eq!(exported["basics"]["url"], "https://ada.example.org");
    assert_eq!(exported["basics"]["image"], "https://ada.example.org/a.png");
}

/// A file whose job holds the employer as `position` and the job as `location` (how a
/// misread layout exported it) reads back, from the import's text, with the two the right way
/// round; the app's next export must still carry the employer. A key only the text has is left
/// out as "nothing new" only when the merged entry still says its words, not when the file's
/// entry did and the text's value of that field won.
#[test]
fn a_name_only_the_text_has_stays_when_the_merge_would_lose_it() {
    let file = json!({
        "basics": { "name": "Quinn Arlow" },
        "work": [{ "position": "Harbour Bank S.A.", "location": "Senior data analyst",
            "startDate": "2019-06", "summary": "Automated regulatory reports." }]
    })
    .to_string();
    let imported = import_file("resume.json", "application/json", file.as_bytes()).unwrap();
    let next = to_json_resume_with_base(&imported.text, &file);
    let shown = careergraph::domain::export::json_text(&next["work"]);
    for word in ["Harbour", "Bank", "Senior", "analyst", "Automated"] {
        assert!(shown.contains(word), "{word} lost: {next:#}");
    }
}
