//! The JS API's TypeScript against what the Rust side really produces. Every workflow's state,
//! its interrupt payloads and answers and the custom events are derived by tsify from Rust types,
//! so they are checked through those types: every state a demo run streams (each `step_done` and
//! the final one, every workflow answered to its end) must read as the workflow's `State` and
//! write back the same JSON, each interrupt payload as its `Pause` and of a kind its workflow
//! declares (`pause_kinds!`, from which the `Workflows` map's interrupts are built), each custom
//! event as `CustomEvent`, and the short answers the TypeScript offers must read as the answer
//! types. The hand-written part (src/api/types.rs: run events, the names users know for derived
//! types) must not declare a state.

use std::collections::{BTreeMap, BTreeSet};

use careergraph::graph::StreamEvent;
use careergraph::workflows::common::CustomEvent;
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use careergraph::workflows::{visit_all, PauseKinds, Workflow, WorkflowVisitor};
use serde_json::{json, Value};

const TYPES_RS: &str = include_str!("../../src/api/types.rs");

fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = &rest[at + rest[at..].find("*/").unwrap() + 2..];
    }
    out.push_str(rest);
    out.lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A JSON value read as a Rust type and written back (`None` when it does not read).
type RoundTrip = fn(&Value) -> Option<Value>;

fn round_trip<T: serde::de::DeserializeOwned + serde::Serialize>(value: &Value) -> Option<Value> {
    let typed: T = serde_json::from_value(value.clone()).ok()?;
    Some(serde_json::to_value(typed).unwrap())
}

/// What the checks need of one registered workflow.
struct Declared {
    /// Its `Pause` type's round trip.
    pause: RoundTrip,
    /// Its `State` type's round trip.
    state: RoundTrip,
    /// The kinds of pause it declares (`pause_kinds!`), from which the `Workflows` map's
    /// interrupts are built.
    kinds: &'static [&'static str],
    /// Its sample input, as the JS API takes it.
    sample: Value,
}

/// Every registered workflow by id.
fn declared() -> BTreeMap<&'static str, Declared> {
    struct Collect(BTreeMap<&'static str, Declared>);
    impl WorkflowVisitor for Collect {
        fn visit<W: Workflow>(&mut self) {
            let declared = Declared {
                pause: round_trip::<W::Pause>,
                state: round_trip::<W::State>,
                kinds: <W::Pause as PauseKinds>::KINDS,
                sample: serde_json::to_value(W::sample_input()).unwrap(),
            };
            self.0.insert(W::ID, declared);
        }
    }
    let mut all = Collect(BTreeMap::new());
    visit_all(&mut all);
    all.0
}

/// Checks a state of `id` against its Rust state type, whose TypeScript tsify derives.
fn check_state(id: &str, state: &Value, at: &str, problems: &mut Vec<String>) {
    match (declared()[id].state)(state) {
        Some(back) if back == *state => {}
        Some(back) => problems.push(format!("{at}: the state reads as {back}")),
        None => problems.push(format!("{at}: the state is no {id} state")),
    }
}

/// A demo run of `workflow_id` answered to its end (one revision request first): its events and
/// its final state.
fn demo_run(workflow_id: &str, input: Value) -> (Vec<StreamEvent>, Value) {
    let (events, step) = crate::demo_runs::demo_to_end(workflow_id, input, true);
    (events, step["state"].clone())
}

#[test]
fn states_payloads_and_events_agree_with_the_typescript() {
    // Inputs chosen to make every kind of pause and event; every other registered workflow runs
    // on its sample input, so a new one cannot go unchecked.
    let mut chosen = BTreeMap::from([
        (
            "resume_review",
            json!({"resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE, "maxIterations": 1}),
        ),
        (
            "resume_tailoring",
            json!({"resume": "# Ann\n## Skills\nDocker, Python\n",
                   "jobDescription": "Requirements:\n- Python and Docker\n- Redis\n- Kafka\n"}),
        ),
        (
            "hiring_pipeline",
            json!({"resume": SAMPLE_RESUME, "jobDescription": "Senior engineer: Rust, Kafka."}),
        ),
        (
            "batch_screening",
            json!({"jobDescription": "Senior engineer: Rust, Kafka.",
                   "resumes": [{"label": "a.md", "text": SAMPLE_RESUME}, {"text": "# Bo\n## Skills\nKafka\n"}]}),
        ),
        (
            "career_navigator",
            json!({"goal": "Become a staff engineer", "startDate": "2026-01-05"}),
        ),
    ]);
    let declared = declared();
    let runs: Vec<(&str, Value)> = declared
        .iter()
        .map(|(id, d)| (*id, chosen.remove(id).unwrap_or_else(|| d.sample.clone())))
        .collect();
    assert!(
        chosen.is_empty(),
        "inputs for unregistered workflows: {chosen:?}"
    );
    // No workflow state is declared by hand: tsify derives them all.
    let ts = strip_comments(TYPES_RS);
    assert!(
        !ts.split("export interface ").skip(1).any(|rest| rest
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .is_some_and(|name| name.ends_with("State"))),
        "src/api/types.rs declares a state by hand"
    );
    // Interrupt payloads are typed in Rust (each workflow's `Pause`, whose TypeScript tsify
    // derives): each must read as its workflow's pause type and write back the very same JSON.
    let mut problems = Vec::new();
    let mut kinds = BTreeSet::new();
    for (id, input) in runs {
        let (events, state) = demo_run(id, input);
        check_state(id, &state, id, &mut problems);
        for event in events {
            let (payload, at) = match &event {
                StreamEvent::Interrupted { interrupts, .. } => {
                    (&interrupts[0].payload, "interrupt")
                }
                // Custom events are typed in Rust (their TypeScript is derived from it): each
                // must read as a `CustomEvent` and write back the very same JSON, so no emitter
                // can send a field, a kind or a shape the enum does not declare.
                StreamEvent::Custom { payload, .. } => {
                    let kind = payload["type"].as_str().unwrap_or("(none)").to_string();
                    match CustomEvent::from_payload(payload) {
                        Some(event) if event.to_payload() == *payload => {}
                        Some(event) => problems.push(format!(
                            "{id} custom {kind}: {payload} reads as {}",
                            event.to_payload()
                        )),
                        None => problems
                            .push(format!("{id} custom {kind}: {payload} is no CustomEvent")),
                    }
                    kinds.insert(kind);
                    continue;
                }
                StreamEvent::StepDone { path, state, .. } if path.is_empty() => {
                    check_state(id, state, &format!("{id} step_done"), &mut problems);
                    continue;
                }
                _ => continue,
            };
            let kind = payload["type"].as_str().unwrap_or("(none)").to_string();
            // The `Workflows` map types this pause by the kinds its workflow declares.
            if !declared[id].kinds.contains(&kind.as_str()) {
                problems.push(format!(
                    "{id} pauses with {kind}, a kind pause_kinds! leaves out"
                ));
            }
            match (declared[id].pause)(payload) {
                Some(back) if back == *payload => {}
                Some(back) => problems.push(format!("{id} {at} {kind}: {payload} reads as {back}")),
                None => problems.push(format!("{id} {at} {kind}: {payload} is no pause of {id}")),
            }
            if payload.get("unchanged_note").is_some() {
                kinds.insert("review with unchanged_note".to_string());
            }
            kinds.insert(kind);
        }
    }
    problems.dedup();
    assert!(
        problems.is_empty(),
        "types.rs disagrees:\n{}",
        problems.join("\n")
    );
    for kind in [
        "question",
        "review",
        "satisfaction",
        "confirm_plan",
        "delta",
        "usage",
        "candidate",
        "review with unchanged_note",
    ] {
        assert!(
            kinds.contains(kind),
            "no demo run produced a {kind} payload"
        );
    }
}

/// The short answers the derived TypeScript offers (a bare string to a question, a level or its
/// id to a satisfaction question, a boolean to the plan) read as the Rust answer types it is
/// derived from, write back unchanged, and the nodes understand them.
#[test]
fn short_answer_forms_read_as_the_rust_answer_types() {
    use careergraph::workflows::career_navigator::interaction::{
        parse_confirmation, parse_satisfaction,
    };
    use careergraph::workflows::career_navigator::{ConfirmPlanAnswer, SatisfactionAnswer};
    use careergraph::workflows::resume_tailoring::QuestionAnswer;

    fn round_trips<T: serde::de::DeserializeOwned + serde::Serialize>(value: &Value) {
        let typed: T = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{value} does not read as the answer type: {e}"));
        assert_eq!(serde_json::to_value(typed).unwrap(), *value);
    }
    for question in [
        json!("Two years of Kafka"),
        json!({"answer": "Two years of Kafka"}),
        json!({"action": "answer", "answer": "Two years of Kafka"}),
        json!({"action": "skip"}),
        json!({"action": "stop"}),
        json!({"action": "stop", "answer": "Kafka"}),
    ] {
        round_trips::<QuestionAnswer>(&question);
    }
    for (satisfaction, level) in [
        (json!(1), 1),
        (json!(5), 5),
        (json!("neutral"), 3),
        (json!({"level": 4}), 4),
        (
            json!({"level": "very_satisfied", "feedback": "More on Rust"}),
            5,
        ),
    ] {
        round_trips::<SatisfactionAnswer>(&satisfaction);
        let (read, _) = parse_satisfaction(&satisfaction).expect("the node reads it");
        assert_eq!(read.level(), level, "{satisfaction}");
    }
    for (confirmation, confirmed) in [
        (json!(true), true),
        (json!(false), false),
        (json!({"confirm": false, "feedback": "Slower"}), false),
        (json!({"confirm": true}), true),
    ] {
        round_trips::<ConfirmPlanAnswer>(&confirmation);
        let (read, _) = parse_confirmation(&confirmation).expect("the node reads it");
        assert_eq!(read, confirmed, "{confirmation}");
    }
}
