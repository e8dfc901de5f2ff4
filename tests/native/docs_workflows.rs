//! The README's workflow table and the docs index name every registered workflow, and each row's
//! page exists: a workflow added to `for_each_workflow!` without its docs fails here.

use std::path::Path;

use careergraph::workflows::{visit_all, Workflow, WorkflowVisitor};

fn registered() -> Vec<&'static str> {
    struct Ids(Vec<&'static str>);
    impl WorkflowVisitor for Ids {
        fn visit<W: Workflow>(&mut self) {
            self.0.push(W::ID);
        }
    }
    let mut ids = Ids(Vec::new());
    visit_all(&mut ids);
    ids.0
}

/// The table rows of `markdown` that name `` `id` ``, and the first link target of each.
fn rows_naming<'a>(markdown: &'a str, id: &str) -> Vec<&'a str> {
    let named = format!("`{id}`");
    markdown
        .lines()
        .filter(|l| l.starts_with('|') && l.contains(&named))
        .collect()
}

fn link_of(row: &str) -> Option<&str> {
    let start = row.find("](")? + 2;
    let end = row[start..].find(')')? + start;
    Some(&row[start..end])
}

#[test]
fn every_registered_workflow_has_its_row_and_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ids = registered();
    assert!(ids.len() >= 6, "the registry lists {ids:?}");
    for (doc, base) in [("README.md", root), ("docs/README.md", &root.join("docs"))] {
        let text = std::fs::read_to_string(root.join(doc)).expect(doc);
        for id in &ids {
            let rows = rows_naming(&text, id);
            assert_eq!(rows.len(), 1, "{doc}: one workflow table row names `{id}`");
            let page =
                link_of(rows[0]).unwrap_or_else(|| panic!("{doc}: the `{id}` row links its page"));
            assert!(
                base.join(page).is_file(),
                "{doc}: `{id}` links {page}, which is missing"
            );
        }
    }
}
