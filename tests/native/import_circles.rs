//! No circle of imports in `src/` spans more than three files (issue 42: the provider layer had
//! one of fourteen, `limits` → `in_tab` → … → `limits`, so no part of it could be read, tested
//! or split off alone). Each file is a module; an edge is a `crate::…` or `super::…` path in its
//! code (comments aside) that names another module; the circles are the strongly connected
//! components of that graph (Tarjan).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The largest circle allowed, in files.
const MOST_FILES: usize = 3;

fn module_of(path: &Path, src: &Path) -> String {
    let relative = path.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts.join("::")
}

/// The `a::b::c` after each `prefix` in `code`.
fn paths_after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = String> + 'a {
    code.match_indices(prefix).map(move |(at, _)| {
        code[at + prefix.len()..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':')
            .collect::<String>()
            .trim_end_matches(':')
            .to_string()
    })
}

/// The longest leading part of `path` that is a module.
fn resolve(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|candidate| modules.contains(candidate))
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    crate::layering::rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f, &src)).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let me = module_of(file, &src);
        let text = std::fs::read_to_string(file).unwrap();
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let is_mod = file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let parent = match (is_mod, me.rsplit_once("::")) {
            (true, _) => me.clone(),
            (false, Some((parent, _))) => parent.to_string(),
            (false, None) => String::new(),
        };
        let named: BTreeSet<String> = paths_after(&code, "crate::")
            .chain(
                paths_after(&code, "super::").map(|p| match parent.as_str() {
                    "" => p,
                    parent => format!("{parent}::{p}"),
                }),
            )
            .filter_map(|p| resolve(&p, &modules))
            .filter(|m| *m != me)
            .collect();
        edges.insert(me, named);
    }
    edges
}

/// Tarjan's strongly connected components of more than one module.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut circle = Vec::new();
                while let Some(w) = self.stack.pop() {
                    circle.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn no_import_circle_spans_more_than_three_files() {
    let edges = graph();
    assert!(edges.len() > 300, "read {} modules of src/", edges.len());
    let too_long: Vec<_> = circles(&edges)
        .into_iter()
        .filter(|c| c.len() > MOST_FILES)
        .collect();
    assert!(too_long.is_empty(), "import circles: {too_long:#?}");
}

/// The finder finds a circle when there is one (the test above could pass by reading nothing).
#[test]
fn a_circle_of_four_is_found() {
    let edge = |a: &str, b: &str| (a.to_string(), BTreeSet::from([b.to_string()]));
    let edges = BTreeMap::from([
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "d"),
        edge("d", "a"),
        edge("e", "a"),
    ]);
    assert_eq!(circles(&edges), vec![vec!["a", "b", "c", "d"]]);
}
