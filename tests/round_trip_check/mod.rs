//! The JSON Resume round-trip check (docs/parse-bench.md), shared by tests/native/json_resume_round_trip.rs (fictional
//! fixtures), tests/native/parse_bench_slice.rs (the benchmark slice's imported texts) and the
//! benchmark's examples (examples/parse_bench_native.rs, examples/parse_bench_export.rs, which
//! write its result beside each export for tests/parse-bench/score.mjs).
//!
//! Resume text → structured resume → JSON Resume export → JSON Resume import must give back every
//! word of the text, the same work, education and project periods and the same unplaced sections;
//! exporting the re-import must give back the same document; and the export (outside `meta`) and
//! the app's next export of the re-imported text with its file as base must show every word.
#![allow(dead_code)] // Each user calls some of it.

use careergraph::domain::export::{
    json_resume_of, json_text, text_share, to_json_resume_with_base,
};
use careergraph::domain::import::{import_file, Imported};
use careergraph::domain::structured::{find_range, from_any, SectionKind, StructuredResume};
use serde_json::Value;

/// The resume's words as an export must carry them: without the headings of sections the schema
/// has an array for (they become its key: "工作经历" → `work`), without date text (the schema
/// writes ISO dates and no end for "Present"; [`periods`] compares dates as dates), and without
/// the word the schema's fields replace ("Certificate in Data Ethics" → studyType + area).
pub fn content_of(text: &str, resume: &StructuredResume) -> String {
    const SCHEMA_JOINERS: [&str; 1] = ["in"];
    let placed_headings: Vec<usize> = resume
        .sections
        .iter()
        .filter(|s| !matches!(s.kind, SectionKind::Other(_)))
        .filter_map(|s| s.line)
        .collect();
    text.lines()
        .enumerate()
        .filter(|(i, _)| !placed_headings.contains(&(i + 1)))
        .map(|(_, line)| {
            let mut line = line.to_string();
            while let Some((_, span)) = find_range(&line) {
                line.replace_range(span, " ");
            }
            line.split(' ')
                .filter(|w| !SCHEMA_JOINERS.contains(w))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The source's words (lower case; a CJK character a word) that the export lacks, counted as
/// often as they occur: what a failing share names.
pub fn missing_words(source: &str, export: &str) -> Vec<String> {
    fn words(text: &str) -> Vec<String> {
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
    let mut available = words(export);
    words(source)
        .into_iter()
        .filter(|w| match available.iter().position(|a| a == w) {
            Some(at) => {
                available.swap_remove(at);
                false
            }
            None => true,
        })
        .collect()
}

/// The text's structure, its JSON Resume export, and the app's import of that export as a file.
pub fn export_and_reimport(text: &str) -> (StructuredResume, Value, Imported) {
    let original = from_any(text);
    let exported = json_resume_of(&original);
    let file = serde_json::to_string_pretty(&exported).unwrap();
    let imported = import_file("resume.json", "application/json", file.as_bytes()).unwrap();
    (original, exported, imported)
}

/// Start, end and whether it runs on, per entry of a kind.
pub fn periods(resume: &StructuredResume, kind: &SectionKind) -> Vec<Option<String>> {
    resume
        .entries_of(kind)
        .iter()
        .map(|e| {
            e.dates
                .as_ref()
                .map(|d| format!("{:?} {:?} {}", d.value.start, d.value.end, d.value.present))
        })
        .collect()
}

/// The titles of the sections the structure could not place, in order.
pub fn unplaced(resume: &StructuredResume) -> Vec<String> {
    resume
        .sections
        .iter()
        .filter_map(|s| match &s.kind {
            SectionKind::Other(title) => Some(title.clone()),
            _ => None,
        })
        .collect()
}

/// What one text's round trip lost: `lost_words` are the text's words the re-imported text lacks;
/// `failures` says what every failed check found and `checks` names them ("text", "Work
/// periods", "unplaced", "re-export", "export", "next export", "base").
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RoundTrip {
    pub lost_words: Vec<String>,
    pub failures: Vec<String>,
    pub checks: Vec<&'static str>,
}

impl RoundTrip {
    pub fn lossless(&self) -> bool {
        self.failures.is_empty()
    }

    fn fail(&mut self, check: &'static str, message: String) {
        self.checks.push(check);
        self.failures.push(message);
    }

    /// For report.json: `{"lossless": …, "lostWords": […], "checks": […], "failures": […]}`.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "lossless": self.lossless(),
            "lostWords": self.lost_words,
            "checks": self.checks,
            "failures": self.failures,
        })
    }
}

/// Every check of the round trip on one text.
pub fn round_trip(text: &str) -> RoundTrip {
    let mut out = RoundTrip::default();
    let (original, exported, imported) = export_and_reimport(text);
    let content = content_of(text, &original);

    // Every word back in the re-imported text.
    if text_share(&content, &imported.text) < 1.0 {
        out.lost_words = missing_words(&content, &imported.text);
        let message = format!("the re-imported text lost {:?}", out.lost_words);
        out.fail("text", message);
    }

    // The same periods and unplaced sections.
    let back = imported.structured();
    for (kind, check) in [
        (SectionKind::Work, "Work periods"),
        (SectionKind::Education, "Education periods"),
        (SectionKind::Projects, "Projects periods"),
    ] {
        let (was, is) = (periods(&original, &kind), periods(&back, &kind));
        if was != is {
            out.fail(check, format!("{check} {was:?} came back as {is:?}"));
        }
    }
    let (was, is) = (unplaced(&original), unplaced(&back));
    if was != is {
        out.fail(
            "unplaced",
            format!("unplaced sections {was:?} came back as {is:?}"),
        );
    }

    // Exporting the re-import gives back the same document.
    let again = json_resume_of(&back);
    if again != exported {
        let message = format!(
            "the re-import exports differently:\n{}",
            serde_json::to_string_pretty(&again).unwrap()
        );
        out.fail("re-export", message);
    }

    // The export shows every word outside meta.
    let mut outside_meta = exported.clone();
    if let Some(root) = outside_meta.as_object_mut() {
        root.remove("meta");
    }
    let shown = json_text(&outside_meta);
    if text_share(&content, &shown) < 1.0 {
        let message = format!(
            "the export outside meta lacks {:?}",
            missing_words(&content, &shown)
        );
        out.fail("export", message);
    }

    // The app's next export (the re-imported text, its file as base) too.
    if let Some(base) = imported.json_resume.as_deref() {
        let mut next = to_json_resume_with_base(&imported.text, base);
        if let Some(root) = next.as_object_mut() {
            root.remove("meta");
        }
        let shown = json_text(&next);
        if text_share(&content, &shown) < 1.0 {
            let message = format!(
                "the app's next export outside meta lacks {:?}",
                missing_words(&content, &shown)
            );
            out.fail("next export", message);
        }
    } else {
        out.fail(
            "base",
            "the re-import kept no JSON Resume file as base".into(),
        );
    }
    out
}
