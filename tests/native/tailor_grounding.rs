//! Grounding of the tailored draft: facts of the draft that neither the resume, the
//! master resume nor the user's answers hold are listed in the review payload; the approve answer
//! keeps or removes each; an undecided one never reaches the final resume. The job description
//! is not a source. Fixtures are fictional.
use std::rc::Rc;

use careergraph::domain::facts::Fact;
use careergraph::graph::{MemorySaver, Resume, RunConfig, RunOutcome};
use careergraph::llm::demo::DemoResponder;
use careergraph::llm::ChatRequest;
use careergraph::workflows::resume_tailoring::{
    self, grounding, GraphState, HumanDecision, TailorInput, TailorSettings,
};
use futures::executor::block_on;
use serde_json::{json, Value};

const JD: &str = "# Backend Engineer — Freightline\n\n## Requirements\n- Python and Docker\n";

const RESUME: &str = "\
# Ana Costa

## Experience
### Senior Engineer — Parcelwise (2021–present)
- Built tracking services in Python and Docker handling 40k events per minute

## Skills
Python, Docker
";

/// The draft of a tailorer that invents an employer and a number.
const INVENTED: &str = "\n### Consultant at Globex\n- Grew revenue by 300%\n";

struct InventingTailorer;

impl DemoResponder for InventingTailorer {
    fn respond(&self, _request: &ChatRequest) -> String {
        json!({"resume": format!("{RESUME}{INVENTED}"), "changes": ["added a role"]}).to_string()
    }
}

fn run(
    settings: TailorSettings,
) -> (
    impl Fn(Value) -> RunOutcome<GraphState>,
    RunOutcome<GraphState>,
) {
    let model = resume_tailoring::demo_model()
        .with_responder("resume_tailorer", Rc::new(InventingTailorer));
    let graph = resume_tailoring::graph(Rc::new(model), settings.clone())
        .unwrap()
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("g").with_recursion_limit(settings.recursion_limit());
    let input = TailorInput::new(RESUME, JD);
    let first = block_on(graph.invoke(resume_tailoring::initial_state(&input, &settings), &config))
        .unwrap();
    let answer = move |value: Value| block_on(graph.resume(&config, Resume::value(value))).unwrap();
    (answer, first)
}

fn payload_facts(outcome: &RunOutcome<GraphState>) -> Vec<Fact> {
    let payload = &outcome.interrupts()[0].payload;
    assert_eq!(payload["type"], "review", "{payload}");
    serde_json::from_value(payload["ungrounded_facts"].clone()).unwrap()
}

fn keys_where(facts: &[Fact], pick: impl Fn(&Fact) -> bool) -> Vec<String> {
    facts
        .iter()
        .filter(|f| pick(f))
        .map(|f| f.key.clone())
        .collect()
}

#[test]
fn the_review_lists_the_invented_facts_with_their_spans() {
    let (_, paused) = run(TailorSettings::default());
    let facts = payload_facts(&paused);
    let draft = paused.interrupts()[0].payload["resume_draft"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(facts.iter().any(|f| f.text.contains("Globex")), "{facts:?}");
    assert!(facts.iter().any(|f| f.text.contains("300")), "{facts:?}");
    for fact in &facts {
        assert_eq!(&draft[fact.start..fact.end], fact.text, "{fact:?}");
        // Nothing of the resume itself is flagged.
        assert!(!RESUME.contains(&fact.text), "{fact:?} is in the resume");
    }
}

#[test]
fn approve_keeps_what_the_user_kept_and_removes_the_rest() {
    let (answer, paused) = run(TailorSettings::default());
    let facts = payload_facts(&paused);
    let kept = keys_where(&facts, |f| f.text.contains("Globex"));
    let removed = keys_where(&facts, |f| !f.text.contains("Globex"));
    let done = answer(json!({"decision": "approve", "kept_facts": kept, "removed_facts": removed}));
    let state = done.into_state();
    assert_eq!(state.human_decision, Some(HumanDecision::Approved));
    assert!(
        state.tailored_resume.contains("Globex"),
        "{}",
        state.tailored_resume
    );
    assert!(
        !state.tailored_resume.contains("300%"),
        "{}",
        state.tailored_resume
    );
    assert!(
        state.tailored_resume.contains("40k events"),
        "grounded facts stay"
    );
    assert!(state
        .ungrounded_kept
        .iter()
        .any(|f| f.text.contains("Globex")));
    assert!(state
        .ungrounded_removed
        .iter()
        .any(|f| f.text.contains("300")));
    assert!(
        !state.warnings.iter().any(|w| w.contains("nobody kept")),
        "every fact was decided: {:?}",
        state.warnings
    );
}

#[test]
fn an_approve_without_decisions_removes_every_invented_fact_with_a_warning() {
    let (answer, _) = run(TailorSettings::default());
    let state = answer(json!({"decision": "approve"})).into_state();
    assert!(
        !state.tailored_resume.contains("Globex"),
        "{}",
        state.tailored_resume
    );
    assert!(!state.tailored_resume.contains("300%"));
    assert!(state.ungrounded_kept.is_empty());
    assert!(
        state.warnings.iter().any(|w| w.contains("nobody kept")),
        "{:?}",
        state.warnings
    );
}

#[test]
fn without_a_review_the_invented_facts_never_reach_the_result() {
    let settings = TailorSettings {
        human_review: false,
        ..TailorSettings::default()
    };
    let (_, done) = run(settings);
    let state = done.into_state();
    assert!(
        !state.tailored_resume.contains("Globex"),
        "{}",
        state.tailored_resume
    );
    assert!(!state.tailored_resume.contains("300%"));
    assert!(state.tailored_resume.contains("Parcelwise"));
}

fn state_with(draft: &str, answers: &str) -> GraphState {
    GraphState {
        original_resume: RESUME.into(),
        master_resume: RESUME.into(),
        job_description: "Globex needs someone who grew revenue by 300%.".into(),
        collected_info: answers.into(),
        current_draft: draft.into(),
        ..GraphState::default()
    }
}

#[test]
fn the_answers_are_a_source_and_the_job_description_is_not() {
    let draft = format!("{RESUME}- Cached lookups for 12 services\n{INVENTED}");
    let state = state_with(&draft, "Redis: cached lookups for 12 services");
    let facts = grounding::draft_ungrounded(&state);
    assert!(
        !facts.iter().any(|f| f.text.contains("12")),
        "answered: {facts:?}"
    );
    // In the job description, not in anything the user gave: still flagged.
    assert!(facts.iter().any(|f| f.text.contains("300")), "{facts:?}");
    assert!(facts.iter().any(|f| f.text.contains("Globex")), "{facts:?}");
    let state = state_with(&draft, "");
    let facts = grounding::draft_ungrounded(&state);
    assert!(facts.iter().any(|f| f.text.contains("12")), "{facts:?}");
}

/// The offline demo tailors without inventing: its review flags nothing (a flag on an honest
/// draft would teach users to ignore them).
#[test]
fn the_demo_draft_of_the_sample_flags_nothing() {
    use careergraph::workflows::registry::Workflow;
    use careergraph::workflows::resume_tailoring::TailoringWorkflow;
    let sample = TailoringWorkflow::sample_input();
    let settings = TailorSettings::default();
    let graph = resume_tailoring::graph(Rc::new(resume_tailoring::demo_model()), settings.clone())
        .unwrap()
        .compile_with_checkpointer(Rc::new(MemorySaver::new()))
        .unwrap();
    let config = RunConfig::thread("demo").with_recursion_limit(settings.recursion_limit());
    let input = TailorInput::new(&sample.resume, &sample.job_description);
    let mut outcome =
        block_on(graph.invoke(resume_tailoring::initial_state(&input, &settings), &config))
            .unwrap();
    while outcome.interrupts()[0].payload["type"] == "question" {
        outcome = block_on(graph.resume(
            &config,
            Resume::value(json!("Two years of it at Parcelwise")),
        ))
        .unwrap();
    }
    let facts = payload_facts(&outcome);
    assert!(facts.is_empty(), "{facts:?}");
}
