//! `session::AnyRun::check` + `AnyRun::new`, the two halves of a start by workflow id that the JS
//! API's `start()` uses so a workflow's code may arrive as a wasm chunk after its input was accepted
//! (docs/performance.md): the first half checks synchronously what the start would refuse, the
//! second builds (through `WorkflowRun::new`) and runs.

use crate::native_transport;

use std::rc::Rc;

use careergraph::graph::EventSink;
use careergraph::session::{build_model, AnyRun, ErrorCode, ProviderConfig, Runtime};
use futures::executor::block_on;
use serde_json::{json, Value};

fn quiet() -> EventSink {
    EventSink::new(|_| {})
}

fn demo_runtime() -> Runtime {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let model = build_model(
        &provider,
        Rc::new(native_transport::ReqwestTransport::default()),
    )
    .unwrap();
    Runtime::new(model)
}

const RESUME: &str = "# Robin Sample\n\n## Experience\nBackend engineer at Example Ledger, 2019-2025: Rust, PostgreSQL.\n";

/// Every input a start refuses is refused by `AnyRun::check`, before the chunk: only a workflow
/// without its own `check` leaves a refusal to `AnyRun::new`, with the same kind of code.
#[test]
fn check_refuses_what_a_start_refuses() {
    let runtime = demo_runtime();
    let cases: Vec<(&str, Value)> = vec![
        ("nope", json!({})),
        (
            "resume_review",
            json!({"resume": " ", "targetRole": "Engineer"}),
        ),
        ("resume_review", json!({"resume": RESUME, "targetRole": ""})),
        ("resume_review", json!({"resume": 3})),
        (
            "resume_tailoring",
            json!({"resume": RESUME, "jobDescription": " "}),
        ),
        (
            "resume_tailoring",
            json!({"resume": RESUME, "jobDescription": "Engineer", "masterResume": "x".repeat(60_001)}),
        ),
        (
            "hiring_pipeline",
            json!({"resume": "", "jobDescription": "Engineer"}),
        ),
        ("career_navigator", json!({"goal": ""})),
        (
            "career_navigator",
            json!({"goal": "Staff engineer", "startDate": "next tuesday"}),
        ),
        (
            "batch_screening",
            json!({"jobDescription": "Engineer", "resumes": []}),
        ),
    ];
    for (id, input) in cases {
        let refused = match AnyRun::check(id, input.clone()) {
            Err(error) => error,
            Ok(checked) => {
                // Only a workflow without its own `check` may defer a refusal to the chunk.
                assert_eq!(id, "batch_screening", "AnyRun::check accepted {id} {input}");
                block_on(AnyRun::new(checked, &runtime))
                    .err()
                    .unwrap_or_else(|| panic!("the start accepted {id} {input}"))
            }
        };
        assert!(
            matches!(
                refused.code,
                ErrorCode::InvalidInput | ErrorCode::UnknownWorkflow
            ),
            "{id} {input}"
        );
    }
}

#[test]
fn a_checked_start_runs_to_its_end() {
    let runtime = demo_runtime();
    let input = json!({"resume": RESUME, "targetRole": "Backend engineer", "maxIterations": 1});
    let checked = AnyRun::check("resume_review", input).unwrap();
    assert_eq!(checked.workflow_id(), "resume_review");
    let run = block_on(AnyRun::new(checked, &runtime)).unwrap();
    assert!(run.mermaid().contains("recruiter"));
    let step = block_on(run.start(quiet())).unwrap();
    assert_eq!(step["status"], "done", "{step}");
    assert!(step["state"]["final_score"].is_number());
}
