//! The one way a test reads `../shared` (the real corpus, recorded provider transcripts), which
//! sits beside the repository on a maintainer's machine and in CI but not in every checkout: read
//! in place by path, never copied into the repository.
//!
//! Absent: the test prints `SKIPPED: ../shared/<dir> absent` and passes, except under `CI=true`,
//! where CI always has it and an absent folder is a broken setup: the test fails.
//! `tests/native/shared_skips.rs` fails when a test spells `../shared` without going through here.
#![allow(dead_code)] // Each test file uses it from some of its tests, some only natively.

use std::path::PathBuf;

/// `../shared/<relative>` when it is a folder; otherwise a printed skip (`None`), or a failure
/// under `CI=true`.
pub fn shared_dir(relative: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(relative);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "../shared/{relative} must be present under CI=true"
    );
    println!("SKIPPED: ../shared/{relative} absent");
    None
}
