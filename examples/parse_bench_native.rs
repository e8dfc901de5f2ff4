//! `make parse-bench`'s fast path for parser work: the app's import and JSON Resume export of
//! every rendered file, natively, in seconds.
//!
//! The browser step (tests/parse-bench/import.mjs) is the truth of what the app does, but needs a
//! release build and a browser per file. What it does after pdf.js is pure Rust:
//! `import_pdf_pages` on the pieces pdf.js gave (saved by tests/parse-bench/pages.mjs with the
//! app's own pdf.js), `import_file` for a DOCX, then `to_json_resume` of the text. This runs the
//! same functions on the same inputs, so a parser change is judged in seconds; the full run still
//! goes through the browser.
//!
//! ```sh
//! cargo run --example parse_bench_native -- target/parse-bench/pages target/parse-bench/rendered target/parse-bench/native
//! ```
//! Reads `NAME.pages.json` from the first directory and `SOURCE/docx-labelled.docx` from the
//! second; writes `NAME.txt`, `NAME.export.json` and `NAME.roundtrip.json` (whether re-importing
//! the export is lossless, issue 29) into the third.

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
    use careergraph::domain::import::{import_file, import_pdf_pages, PdfPage};
    use careergraph::domain::Resume;
    use std::path::Path;

    let args: Vec<String> = std::env::args().skip(1).collect();
    let [pages_dir, rendered_dir, out_dir] = args.as_slice() else {
        panic!("usage: parse_bench_native PAGES_DIR RENDERED_DIR OUT_DIR");
    };
    std::fs::create_dir_all(out_dir).expect("create the output directory");
    let write = |name: &str, text: &str| {
        let out = Path::new(out_dir);
        std::fs::write(out.join(format!("{name}.txt")), text).expect("write the text");
        let mut doc = to_json_resume(&Resume::new(text.to_string()));
        // The outline's marks and the untaken dated lines, for the score's calibration.
        parse_bench_marks::add_marks(&mut doc, text);
        let body = serde_json::to_string_pretty(&doc).expect("serialise");
        std::fs::write(out.join(format!("{name}.export.json")), body).expect("write the export");
        let round_trip = round_trip_check::round_trip(text).to_json();
        let body = serde_json::to_string_pretty(&round_trip).expect("serialise");
        std::fs::write(out.join(format!("{name}.roundtrip.json")), body)
            .expect("write the round trip");
    };
    let mut count = 0;
    for entry in std::fs::read_dir(pages_dir).expect("read the pages directory") {
        let path = entry.expect("a directory entry").path();
        let Some(name) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".pages.json"))
        else {
            continue;
        };
        let body = std::fs::read_to_string(&path).expect("read the pages");
        let pages: Vec<PdfPage> = serde_json::from_str(&body).expect("pages JSON");
        match import_pdf_pages(&pages) {
            Ok(imported) => write(name, &imported.text),
            Err(e) => eprintln!("{name}: import failed: {e}"),
        }
        count += 1;
    }
    // Every DOCX layout of every source (docx-labelled, the office families).
    for entry in std::fs::read_dir(rendered_dir).expect("read the rendered directory") {
        let dir = entry.expect("a directory entry").path();
        let Some(source) = dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        for file in files {
            let docx = file.expect("a directory entry").path();
            let Some(layout) = docx
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".docx"))
            else {
                continue;
            };
            let bytes = std::fs::read(&docx).expect("read the DOCX");
            let name = format!("{source}__{layout}");
            match import_file("resume.docx", "", &bytes) {
                Ok(imported) => write(&name, &imported.text),
                Err(e) => eprintln!("{name}: import failed: {e}"),
            }
            count += 1;
        }
    }
    println!("parse_bench_native: {count} files imported into {out_dir}");
}

// The wasm32 build (clippy --all-targets --target wasm32) has nothing to run.
#[cfg(target_arch = "wasm32")]
fn main() {}
