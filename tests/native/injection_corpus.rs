//! Hostile inputs (tests/fixtures/hostile, fictional) against the injection defences:
//! - the detector reports each with the kinds its manifest names, and reports nothing on the real
//!   resumes and job descriptions of ../shared/corpus (read by path; skipped when absent);
//! - no hostile text can close the block it is wrapped in, even knowing the nonce;
//! - every one runs the review and the hiring workflows end to end on the offline demo model
//!   through the session API, and the final state (the hiring packet) carries the findings.

use crate::shared_support;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use careergraph::domain::import::import_file;
use careergraph::domain::injection::{scan, InjectionKind};
use careergraph::graph::{EventSink, MemorySaver};
use careergraph::session::{HiringWorkflow, ReviewWorkflow, Runtime, Step, WorkflowRun};
use careergraph::workflows::common::envelope::{block, neutralise};
use careergraph::workflows::hiring::{packet_markdown, HiringRunInput};
use careergraph::workflows::resume_review::ReviewRunInput;
use careergraph::workflows::{demo_model, resume_review, resume_tailoring, Workflow};
use futures::executor::block_on;

struct Hostile {
    name: String,
    /// `resume` or `job_description`.
    input: String,
    kinds: Vec<InjectionKind>,
    text: String,
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile")
}

fn kind(id: &str) -> InjectionKind {
    serde_json::from_value(serde_json::Value::String(id.into()))
        .unwrap_or_else(|e| panic!("unknown kind {id}: {e}"))
}

fn hostile() -> Vec<Hostile> {
    let dir = fixtures_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.tsv")).unwrap();
    manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Hostile {
                name: cols[0].to_string(),
                input: cols[1].to_string(),
                kinds: cols[2].split(',').map(kind).collect(),
                text: std::fs::read_to_string(dir.join(cols[0])).unwrap(),
            }
        })
        .collect()
}

#[test]
fn every_hostile_input_is_detected_with_its_kinds() {
    let all = hostile();
    assert!(all.len() >= 20, "only {} hostile fixtures", all.len());
    let listed: std::collections::BTreeSet<String> = all.iter().map(|h| h.name.clone()).collect();
    let on_disk = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n != "manifest.tsv" && n != "README.md")
        .count();
    assert_eq!(listed.len(), on_disk, "every fixture is in the manifest");
    for h in &all {
        let findings = scan(&h.input, &h.text);
        for kind in &h.kinds {
            assert!(
                findings.iter().any(|f| f.kind == *kind),
                "{}: no {kind:?} finding in {findings:?}",
                h.name
            );
        }
        for f in &findings {
            let line = h.text.lines().nth(f.line as usize - 1).unwrap();
            assert!(
                !line.trim().is_empty(),
                "{}: finding on a blank line",
                h.name
            );
            assert!(f.excerpt.chars().count() <= 101, "{}: excerpt cut", h.name);
            assert_eq!(f.source, h.input);
        }
    }
}

/// Text files of the corpus as they are, and DOCX / JSON Resume files as the import reads them.
fn corpus_texts(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name == "SOURCES.md" {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if matches!(ext, "md" | "txt" | "json") {
            out.push((name.clone(), String::from_utf8_lossy(&bytes).to_string()));
        }
        match import_file(&name, "", &bytes) {
            Ok(imported) => out.push((format!("{name} (imported)"), imported.text)),
            Err(error) => println!("corpus: {name} not imported natively ({error}); skipped"),
        }
    }
    out
}

#[test]
fn honest_resumes_and_job_descriptions_raise_nothing() {
    let Some(dir) = shared_support::shared_dir("corpus") else {
        return;
    };
    let texts = corpus_texts(&dir);
    let mut flagged = Vec::new();
    for (name, text) in &texts {
        for f in scan("resume", text) {
            flagged.push(format!(
                "{name}:{} {:?} {} {:?}",
                f.line, f.kind, f.matched, f.excerpt
            ));
        }
    }
    println!(
        "corpus: {} texts checked, {} findings",
        texts.len(),
        flagged.len()
    );
    assert!(texts.len() >= 10, "only {} corpus texts", texts.len());
    assert!(
        flagged.is_empty(),
        "false positives:\n{}",
        flagged.join("\n")
    );
}

/// The hostile text's block, read back from a built message, is the neutralised text, and the
/// message closes that block exactly once: the text closed nothing.
fn assert_sealed(name: &str, message: &str, tag: &str, text: &str, nonce: &str) {
    let close = format!("</{tag} id=\"{nonce}\">");
    assert_eq!(message.matches(&close).count(), 1, "{name}: {message}");
    let body = block(message, tag).unwrap_or_else(|| panic!("{name}: no {tag} block"));
    let tags = ["target_role", "resume", "job_description", "feedback"];
    assert_eq!(body, neutralise(text, &tags), "{name}");
    // Nothing in the body reads as a delimiter any more.
    assert!(
        scan(tag, body)
            .iter()
            .all(|f| f.kind != InjectionKind::Delimiter),
        "{name}: {:?}",
        scan(tag, body)
    );
}

#[test]
fn hostile_text_cannot_close_its_block_even_knowing_the_nonce() {
    for h in hostile() {
        // The nonce a fixture guesses ("0000000000000000") and a random one.
        for nonce in ["0000000000000000", "7f3a9c21b04d5e86"] {
            let review = resume_review::prompts::user_message(
                "Backend engineer",
                &[("feedback", "Tighten the summary.".into())],
                &h.text,
            )
            .render(nonce);
            if h.input == "resume" {
                // The review keeps the resume exactly as written.
                assert_sealed(&h.name, &review, "resume", &h.text, nonce);
                assert_eq!(block(&review, "target_role"), Some("Backend engineer"));
                assert_eq!(block(&review, "feedback"), Some("Tighten the summary."));
            }
            let (jd, resume) = if h.input == "job_description" {
                (h.text.as_str(), "# Ann\n- Rust")
            } else {
                ("Rust engineer", h.text.as_str())
            };
            let tailoring = resume_tailoring::prompts::user_message(&[
                ("job_description", jd),
                ("resume", resume),
            ])
            .render(nonce);
            assert_sealed(&h.name, &tailoring, "job_description", jd.trim_end(), nonce);
            assert_sealed(&h.name, &tailoring, "resume", resume.trim_end(), nonce);
        }
    }
}

fn runtime() -> Runtime {
    Runtime::new(Rc::new(demo_model())).with_checkpointer(Rc::new(MemorySaver::new()))
}

fn finish<W: Workflow>(input: W::Input, name: &str) -> W::State {
    let run = WorkflowRun::<W>::new(input, &runtime()).unwrap_or_else(|e| panic!("{name}: {e}"));
    match block_on(run.start(EventSink::new(|_| {}))) {
        Ok(Step::Done(state)) => state,
        Ok(_) => panic!("{name}: {} paused or was cut short", W::ID),
        Err(e) => panic!("{name}: {} failed: {e}", W::ID),
    }
}

#[test]
fn every_hostile_input_runs_the_review_and_the_hiring_packet_and_is_flagged_there() {
    for h in hostile() {
        let mut review = ReviewWorkflow::sample_input();
        let mut hiring = HiringWorkflow::sample_input();
        if h.input == "resume" {
            review.resume = h.text.clone();
            hiring.resume = h.text.clone();
        } else {
            review.target_role = h.text.clone();
            hiring.job_description = h.text.clone();
        }
        let expected_review = ReviewRunInput::injection_findings(&review);
        let expected_hiring = HiringRunInput::injection_findings(&hiring);
        assert!(!expected_review.is_empty() && !expected_hiring.is_empty());

        let state = finish::<ReviewWorkflow>(review, &h.name);
        assert_eq!(state.injection_findings, expected_review, "{}", h.name);
        assert!(state.integrated_score <= 10.0 && state.final_score <= 10.0);

        let packet = finish::<HiringWorkflow>(hiring, &h.name);
        assert_eq!(packet.injection_findings, expected_hiring, "{}", h.name);
        assert!(packet.completed, "{}", h.name);
        if let Some(m) = &packet.matching_analysis {
            assert!((0.0..=100.0).contains(&m.score));
        }
        let markdown = packet_markdown(&packet);
        let first = &expected_hiring[0];
        assert!(
            markdown.contains(&format!("{} line {}", first.source, first.line)),
            "{}: the packet names the line",
            h.name
        );
    }
}
