//! `make parse-bench`'s model rows (issue 41, item 3): the fast path's texts read again with a real
//! model where the rules are unsure, through the session as the outline does it
//! (`Runtime::read_resume_entries`), exported as the fast path exports them, plus per file the
//! seconds and tokens it took. tests/parse-bench/model.sh runs it against the local llama-server
//! and scores the result beside the rules alone.
//!
//! ```sh
//! cargo run --example parse_bench_model -- target/parse-bench/native target/parse-bench/model http://127.0.0.1:8095/v1 smollm2 [LAYOUT,...]
//! ```
//! Reads `NAME.txt` from the first directory (written by parse_bench_native), writes
//! `NAME.txt`, `NAME.export.json` and `NAME.model.json` into the second.

// The eval's transport (system curl); its helper for the eval's own posts is not used here.
#[cfg(not(target_arch = "wasm32"))]
#[allow(dead_code)]
#[path = "eval/curl.rs"]
mod curl;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use careergraph::domain::export::to_json_resume;
    use careergraph::domain::{Language, Resume};
    use careergraph::session::{ProviderConfig, ReadStop, Runtime};
    use std::path::Path;
    use std::rc::Rc;
    use std::time::Instant;

    let args: Vec<String> = std::env::args().skip(1).collect();
    let (text_dir, out_dir, base_url, model) = match args.as_slice() {
        [t, o, b, m, ..] => (t, o, b, m),
        _ => panic!("usage: parse_bench_model TEXT_DIR OUT_DIR BASE_URL MODEL [LAYOUT,...]"),
    };
    let prefixes: Vec<&str> = args
        .get(4)
        .map(|p| p.split(',').filter(|s| !s.is_empty()).collect())
        .unwrap_or_default();
    std::fs::create_dir_all(out_dir).expect("create the output directory");
    let scratch = Path::new(out_dir).join("scratch");
    std::fs::create_dir_all(&scratch).expect("create the scratch directory");
    // Settings → "Longest answer", as the real-model suite sets it: a CPU budget on 2 cores.
    let config: ProviderConfig = serde_json::from_value(serde_json::json!({
        "provider": "openai_compatible", "baseUrl": base_url, "model": model, "maxAnswerTokens": 600,
    }))
    .expect("a provider config");
    let runtime = Runtime::for_provider(&config, Rc::new(curl::CurlTransport { scratch }))
        .expect("the local server's runtime");
    let mut names: Vec<String> = std::fs::read_dir(text_dir)
        .expect("read the texts")
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".txt")
                .map(String::from)
        })
        .filter(|n| prefixes.is_empty() || prefixes.iter().any(|p| n.ends_with(&format!("__{p}"))))
        .collect();
    names.sort();
    for name in &names {
        let text = std::fs::read_to_string(Path::new(text_dir).join(format!("{name}.txt")))
            .expect("read a text");
        let started = Instant::now();
        let read = futures::executor::block_on(runtime.read_resume_entries(
            &text,
            false,
            Language::En,
            &ReadStop::new(),
        ));
        let seconds = started.elapsed().as_secs_f64();
        let (out_text, about) = match read {
            Ok(r) => (
                r.text.clone(),
                serde_json::json!({"seconds": seconds, "asked": r.asked, "written": r.read_lines.len(),
                    "droppedValues": r.dropped_values, "inputTokens": r.input_tokens, "outputTokens": r.output_tokens}),
            ),
            // A failed reading leaves the rules' text, as the outline does: counted as an error.
            Err(e) => (
                text.clone(),
                serde_json::json!({"seconds": seconds, "error": e.message}),
            ),
        };
        let out = Path::new(out_dir);
        std::fs::write(out.join(format!("{name}.txt")), &out_text).expect("write the text");
        let mut doc = to_json_resume(&Resume::new(out_text.clone()));
        let unsure = careergraph::domain::structured::checks::unsure_paths(
            &careergraph::domain::structured::from_any(&out_text),
        );
        doc["meta"]["careergraph"]["unsure"] = serde_json::json!(unsure);
        std::fs::write(
            out.join(format!("{name}.export.json")),
            serde_json::to_string_pretty(&doc).expect("serialise"),
        )
        .expect("write the export");
        std::fs::write(out.join(format!("{name}.model.json")), about.to_string())
            .expect("write the cost");
        eprintln!("{name}: {about}");
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
