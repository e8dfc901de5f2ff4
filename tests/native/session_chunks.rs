//! `session::AnyRun::check` + `AnyRun::new_checked`, the two halves the JS API's `start()` uses
//! so a workflow's code may arrive as a wasm chunk after its input was accepted (docs/performance.md): the
//! first half checks synchronously what `AnyRun::new` would refuse, the second builds and runs.

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
    Runtime::new(&provider, model)
}

const RESUME: &str = "# Robin Sample\n\n## Experience\nBackend engineer at Example Ledger, 2019-2025: Rust, PostgreSQL.\n";

/// Every input `AnyRun::new` refuses is refused by `AnyRun::check` with the same code: nothing that
/// fails before the chunk in the old path fails only after it in the new one.
#[test]
fn check_refuses_what_new_refuses() {
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
        let old = AnyRun::new(id, input.clone(), &runtime).err();
        let new = AnyRun::check(id, input.clone()).err();
        let old = old.unwrap_or_else(|| panic!("AnyRun::new accepted {id} {input}"));
        let new = new.unwrap_or_else(|| {
            // Only a workflow without its own `check` may defer a refusal to the chunk.
            assert_eq!(id, "batch_screening", "AnyRun::check accepted {id} {input}");
            let checked = AnyRun::check(id, input.clone()).unwrap();
            block_on(AnyRun::new_checked(checked, &runtime))
                .err()
                .unwrap()
        });
        assert_eq!(old.code, new.code, "{id} {input}");
        assert!(matches!(
            new.code,
            ErrorCode::InvalidInput | ErrorCode::UnknownWorkflow
        ));
    }
}

#[test]
fn a_checked_start_runs_to_its_end() {
    let runtime = demo_runtime();
    let input = json!({"resume": RESUME, "targetRole": "Backend engineer", "maxIterations": 1});
    let checked = AnyRun::check("resume_review", input).unwrap();
    assert_eq!(checked.workflow_id(), "resume_review");
    let run = block_on(AnyRun::new_checked(checked, &runtime)).unwrap();
    assert!(run.mermaid().contains("recruiter"));
    let step = block_on(run.start(quiet())).unwrap();
    assert_eq!(step["status"], "done", "{step}");
    assert!(step["state"]["final_score"].is_number());
}
