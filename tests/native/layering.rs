//! Imports point one way: `ui`, `api` → `store` → `session` → `workflows` → `graph`, `llm`,
//! `domain`. `graph` knows no model and no workflow, `llm` knows no workflow, and the app and the
//! JS API reach providers only through the session. This reads every source file of each layer
//! and names each `crate::<layer>` path that points the wrong way, so a shortcut fails here
//! instead of in review.

use std::path::Path;

/// Each layer and the layers its code must not name.
const FORBIDDEN: &[(&str, &[&str])] = &[
    (
        "graph",
        &[
            "llm",
            "domain",
            "workflows",
            "session",
            "store",
            "ui",
            "api",
        ],
    ),
    ("llm", &["workflows", "session", "store", "ui", "api"]),
    (
        "domain",
        &["graph", "llm", "workflows", "session", "store", "ui", "api"],
    ),
    ("workflows", &["session", "store", "ui", "api"]),
    ("session", &["store", "ui", "api"]),
    ("store", &["ui", "api"]),
    ("ui", &["llm", "api"]),
    ("api", &["llm", "ui"]),
];

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `file:line: crate::x` for every code line of `layer` that names a forbidden layer (comments,
/// which may explain a boundary, are not code).
fn violations(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(layer),
        &mut files,
    );
    assert!(!files.is_empty(), "src/{layer} has no Rust files");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for other in forbidden {
                let path = format!("crate::{other}");
                let names_it = code.match_indices(&path).any(|(at, _)| {
                    let after = code[at + path.len()..].chars().next();
                    !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if names_it {
                    found.push(format!("{}:{}: {path}", file.display(), number + 1));
                }
            }
        }
    }
    found
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let all: Vec<String> = FORBIDDEN
        .iter()
        .flat_map(|(layer, forbidden)| violations(layer, forbidden))
        .collect();
    assert!(
        all.is_empty(),
        "imports against the layering:\n{}",
        all.join("\n")
    );
}

#[test]
fn the_check_sees_a_wrong_way_import() {
    // The same scan over a layer that does use `crate::llm` (the session): it must be found, or
    // the test above could pass by reading nothing.
    assert!(!violations("session", &["llm"]).is_empty());
}
