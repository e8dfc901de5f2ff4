//! Pages name agents, never node ids: every node of every registered workflow's graph that does
//! work (not the start/end markers or a pure router) has a declared name in both languages.

use careergraph::domain::Language;
use careergraph::session::{mermaid, workflows};
use careergraph::workflows::agent_name;

/// Node ids in a Mermaid drawing: its `\tid(label)` lines (start and end markers excluded).
fn nodes(drawing: &str) -> Vec<String> {
    drawing
        .lines()
        .filter_map(|line| line.strip_prefix('\t'))
        .filter_map(|line| line.split_once('(').map(|(id, _)| id))
        .filter(|id| !id.starts_with("__") && !id.contains(' '))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_working_node_has_a_name_in_both_languages() {
    let mut missing = Vec::new();
    for workflow in workflows() {
        let drawing = mermaid(workflow.id).unwrap();
        let nodes = nodes(&drawing);
        assert!(
            !nodes.is_empty(),
            "{}: read no nodes from\n{drawing}",
            workflow.id
        );
        for node in nodes {
            let en = agent_name(workflow.id, &node, Language::En);
            let zh = agent_name(workflow.id, &node, Language::Zh);
            if en.contains('_') || en == zh {
                missing.push(format!("{}: {node} ({en} / {zh})", workflow.id));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "nodes without a declared name:\n{}",
        missing.join("\n")
    );
}

#[test]
fn an_undeclared_node_reads_as_words_not_an_id() {
    assert_eq!(
        agent_name("hiring_pipeline", "some_new_agent", Language::En),
        "Some new"
    );
    assert_eq!(
        agent_name("hiring_pipeline", "resume_parser_agent", Language::Zh),
        "简历解析"
    );
}
