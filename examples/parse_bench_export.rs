//! `make parse-bench`, step 3b: the app's JSON Resume export of each imported text.
//!
//! The browser step (tests/parse-bench/import.mjs) imports every rendered file through the app's
//! file input (pdf.js for PDFs, the wasm DOCX reader) and saves the text that lands in the resume
//! field. What the app then understands of that text, and exports as JSON Resume, is a pure
//! function of the text: `domain::export::to_json_resume`, the very function the export menu calls
//! for a file that was not itself JSON Resume. Running it here natively gives the same document
//! without driving a review run to reach the menu (whose revisor could change the text).
//!
//! ```sh
//! cargo run --example parse_bench_export -- target/parse-bench/imported
//! ```
//! For every `NAME.txt` in the directory writes `NAME.export.json`, and `NAME.roundtrip.json`:
//! whether re-importing that export is lossless (issue 29), and the words lost if not.

// The round-trip check of issue 29 (tests/native/json_resume_round_trip.rs runs it on its fixtures,
// tests/native/parse_bench_slice.rs on the slice): export, re-import, compare.
#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/parse_bench_marks/mod.rs"]
mod parse_bench_marks;
#[path = "../tests/round_trip_check/mod.rs"]
mod round_trip_check;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use careergraph::domain::export::to_json_resume;
    use careergraph::domain::Resume;

    let dir = std::env::args()
        .nth(1)
        .expect("usage: parse_bench_export DIR (NAME.txt files)");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("read the directory") {
        let path = entry.expect("a directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read an imported text");
        let mut doc = to_json_resume(&Resume::new(text.clone()));
        // The outline's marks and the untaken dated lines, for the score's calibration.
        parse_bench_marks::add_marks(&mut doc, &text);
        let out = path.with_extension("export.json");
        let body = serde_json::to_string_pretty(&doc).expect("serialise");
        std::fs::write(&out, body).expect("write the export");
        let round_trip = round_trip_check::round_trip(&text).to_json();
        let body = serde_json::to_string_pretty(&round_trip).expect("serialise");
        std::fs::write(path.with_extension("roundtrip.json"), body).expect("write the round trip");
        count += 1;
    }
    println!("parse_bench_export: {count} exports in {dir}");
}

// The wasm32 build (clippy --all-targets --target wasm32) has nothing to run.
#[cfg(target_arch = "wasm32")]
fn main() {}
