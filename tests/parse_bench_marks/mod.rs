//! What the reader says of a file, written beside its export for `make parse-bench` to score
//! (examples/parse_bench_native.rs and parse_bench_export.rs): the entries the outline marks
//! "⚠ Check" (`meta.careergraph.unsure`, "work/2"), and the lines with a date range that no
//! entry took (`meta.careergraph.datedLinesUntaken`), which the status line says.

use careergraph::domain::structured::{checks::unsure_paths, from_any, Understanding};

pub fn add_marks(doc: &mut serde_json::Value, text: &str) {
    let structure = from_any(text);
    doc["meta"]["careergraph"]["unsure"] = serde_json::json!(unsure_paths(&structure));
    doc["meta"]["careergraph"]["datedLinesUntaken"] =
        serde_json::json!(Understanding::of(&structure).dated_lines_untaken);
}
