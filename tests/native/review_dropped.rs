//! A revision that drops the contact line and the Skills section is flagged (like an
//! invented fact is), and an export restores each deletion the user does not keep.
use crate::review_support;

use std::rc::Rc;

use careergraph::domain::dropped::DroppedKind;
use careergraph::domain::Language;
use careergraph::graph::RunConfig;
use careergraph::workflows::resume_review::{
    self, final_resume_decided, initial_state, report_markdown_decided, Decisions, ReviewInput,
    ReviewSettings, ReviewState,
};
use futures::executor::block_on;
use review_support::*;

/// Fictional.
const RESUME: &str = "# Tove Marlin
tove.marlin@example.com · +46 70 123 45 67 · github.com/tovemarlin

## Experience
### Platform Engineer — Brightkeel (2018–2024)
- Worked on the deployment pipeline for 30 services.

## Skills
Go, Terraform, Kubernetes
";

/// The revisor's answer: better wording, no contact line, no Skills section.
const LOSSY: &str = "# Tove Marlin

## Experience
### Platform Engineer — Brightkeel (2018–2024)
- Rebuilt the deployment pipeline for 30 services.
";

fn review(revised: &str) -> ReviewState {
    let model = ScriptedModel::new()
        .critic_scores("recruiter", &[6.0, 9.0])
        .critic_scores("tech_writer", &[6.0, 9.0])
        .critic_scores("copywriter", &[6.0, 9.0])
        .with_default_advisors(RESUME)
        .answer(
            "revisor",
            vec![Ok(
                serde_json::json!({"revised_resume": revised, "changes": []}).to_string(),
            )],
        );
    let settings = ReviewSettings::default();
    let graph = resume_review::graph(Rc::new(model), settings.clone())
        .compile()
        .unwrap();
    let input = ReviewInput::new(RESUME, "Platform Engineer");
    block_on(graph.invoke(initial_state(&input, &settings), &RunConfig::default()))
        .unwrap()
        .into_state()
}

#[test]
fn a_lost_contact_line_and_skills_section_are_flagged() {
    let state = review(LOSSY);
    assert_eq!(
        state.resume.text, LOSSY,
        "the revision is kept for the user to decide"
    );
    let kinds: Vec<DroppedKind> = state.dropped_facts.iter().map(|d| d.kind).collect();
    for kind in [
        DroppedKind::Email,
        DroppedKind::Phone,
        DroppedKind::Url,
        DroppedKind::Section,
    ] {
        assert!(
            kinds.contains(&kind),
            "{kind:?} in {:#?}",
            state.dropped_facts
        );
    }
    assert!(
        state.warnings.iter().any(|w| w.contains("dropped")),
        "{:?}",
        state.warnings
    );
}

#[test]
fn undecided_and_restored_deletions_come_back_in_the_export() {
    let state = review(LOSSY);
    let contact = RESUME.lines().nth(1).unwrap();
    let exported = final_resume_decided(&state, &Decisions::default());
    assert!(exported.contains(contact), "{exported}");
    assert!(
        exported.contains("## Skills\nGo, Terraform, Kubernetes"),
        "{exported}"
    );
    assert!(
        exported.contains("Rebuilt the deployment pipeline"),
        "the revision's wording stays"
    );
    let report = report_markdown_decided(&state, Language::En, &Decisions::default());
    assert!(report.contains("Go, Terraform, Kubernetes"), "{report}");
}

#[test]
fn a_kept_deletion_stays_out_and_the_report_lists_it() {
    let state = review(LOSSY);
    let skills = state
        .dropped_facts
        .iter()
        .find(|d| d.kind == DroppedKind::Section)
        .unwrap();
    let decisions = Decisions {
        kept_facts: Vec::new(),
        kept_deletions: vec![skills.key.clone()],
    };
    let exported = final_resume_decided(&state, &decisions);
    assert!(!exported.contains("Terraform"), "{exported}");
    assert!(exported.contains("tove.marlin@example.com"), "{exported}");
    for lang in [Language::En, Language::Zh] {
        let report = report_markdown_decided(&state, lang, &decisions);
        let final_part = report.split("\n## ").last().unwrap();
        assert!(!final_part.contains("Terraform"), "{report}");
        // Listed with the decision: the heading, once per item.
        assert!(report.contains("**Skills**"), "{report}");
    }
}

#[test]
fn a_rewording_flags_nothing() {
    let reworded = RESUME.replace("Worked on", "Rebuilt");
    let state = review(&reworded);
    assert!(state.dropped_facts.is_empty(), "{:#?}", state.dropped_facts);
    assert_eq!(
        final_resume_decided(&state, &Decisions::default()),
        reworded
    );
}

/// A checkpoint written before `dropped_facts` existed still loads.
#[test]
fn old_state_json_loads_without_dropped_facts() {
    let mut json = serde_json::to_value(review(LOSSY)).unwrap();
    json.as_object_mut().unwrap().remove("dropped_facts");
    let state: ReviewState = serde_json::from_value(json).unwrap();
    assert!(state.dropped_facts.is_empty());
}

/// A best round saved before `dropped_facts` existed still loads: the field alone is defaulted,
/// the rest of `BestRound` is required (its TypeScript says so).
#[test]
fn old_best_round_loads_without_dropped_facts() {
    let mut json = serde_json::to_value(review(LOSSY)).unwrap();
    let best = json["best_round"].as_object_mut().expect("a best round");
    best.remove("dropped_facts");
    let state: ReviewState = serde_json::from_value(json).unwrap();
    assert!(state.best_round.unwrap().dropped_facts.is_empty());
}
