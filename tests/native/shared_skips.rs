//! Honest skips: a test that reads `../shared` (the real corpus, provider transcripts) goes through
//! `tests/shared_support` (Rust) or `web/e2e/fixtures/shared.mjs` (Playwright), which print
//! `SKIPPED: ../shared/<dir> absent` and pass when it is missing, and fail under `CI=true`.
//! This scans the test sources so a new test cannot read `../shared` its own way (silently
//! passing when the folder is absent, or skipping in CI where it must fail).
use crate::shared_support;

use std::path::{Path, PathBuf};

const HELPERS: [&str; 2] = ["tests/shared_support/mod.rs", "web/e2e/fixtures/shared.mjs"];

/// Files that name `../shared` without reading it for a check: tests/suites.sh hashes it as one
/// of the e2e suite's inputs (a changed corpus runs e2e again).
const NOT_READERS: [&str; 1] = ["tests/suites.sh"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "node_modules" {
                sources(&path, out);
            }
        } else if [".rs", ".mjs", ".js", ".ts", ".py", ".sh"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

/// Lines of code (not comments) that name the shared folder.
fn shared_reads(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.trim_start();
            let comment = ["//", "#", "*", "/*"].iter().any(|c| code.starts_with(c));
            !comment
                && (code.contains("../shared")
                    || code.contains("\"shared\"")
                    || code.contains("'shared'"))
        })
        .map(|(i, line)| (i + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn every_test_reads_shared_through_the_skip_helper() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("tests"), &mut files);
    sources(&root.join("web/e2e"), &mut files);
    assert!(files.len() > 50, "scanned {} files", files.len());
    let mut offenders = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        if HELPERS.contains(&relative.as_str())
            || NOT_READERS.contains(&relative.as_str())
            || relative == "tests/native/shared_skips.rs"
        {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (line, code) in shared_reads(&text) {
            offenders.push(format!("{relative}:{line}: {code}"));
        }
    }
    assert!(
        offenders.is_empty(),
        "read ../shared through shared_support::shared_dir (Rust) or sharedDir (e2e), which skip \
         honestly and fail under CI=true:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_scan_sees_a_shared_read_and_ignores_comments() {
    let code = "// reads ../shared/corpus\nlet d = root.join(\"../shared/corpus\");\n";
    assert_eq!(shared_reads(code).len(), 1);
    assert_eq!(
        shared_reads("const c = join(here, '../../../shared/corpus');").len(),
        1
    );
    assert!(shared_reads("/// `../shared/corpus` when present").is_empty());
}

#[test]
fn the_helpers_skip_out_loud_and_fail_under_ci() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for helper in HELPERS {
        let text = std::fs::read_to_string(root.join(helper)).unwrap();
        assert!(text.contains("SKIPPED: ../shared/"), "{helper}");
        assert!(text.contains("CI"), "{helper}");
    }
    // The Rust helper itself, on a folder that is never there.
    let absent = "no-such-folder-for-shared-skips";
    let result = std::panic::catch_unwind(|| shared_support::shared_dir(absent));
    if std::env::var("CI").as_deref() == Ok("true") {
        assert!(result.is_err(), "under CI=true an absent folder fails");
    } else {
        assert_eq!(result.ok(), Some(None), "absent: skipped, not failed");
    }
}
