//! A demo run of any registered workflow through the session (the path the app and the package
//! take), every pause answered the way a user would, to its end: shared by the tests that read a
//! finished run's events, state and verdict.

use crate::run_support::any_run;
use std::cell::RefCell;
use std::rc::Rc;

use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{build_model, ProviderConfig, Runtime};
use futures::executor::block_on;
use serde_json::{json, Value};

use crate::native_transport;

/// The run of `workflow_id` on the offline demo, answered to its end: its events and its done
/// step (`status`, `state`, `verdict`). `revise_first`: the first review pause asks for a
/// free-form revision (the demo cannot apply it, so the next review carries its
/// `unchanged_note`) before approving.
pub fn demo_to_end(
    workflow_id: &str,
    input: Value,
    revise_first: bool,
) -> (Vec<StreamEvent>, Value) {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let model = build_model(
        &provider,
        Rc::new(native_transport::ReqwestTransport::default()),
    )
    .unwrap();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = || {
        let seen = seen.clone();
        EventSink::new(move |event| seen.borrow_mut().push(event))
    };
    let run = any_run(workflow_id, input, &Runtime::new(model)).unwrap();
    let mut step = block_on(run.start(sink())).unwrap();
    while step["status"] == "interrupted" {
        let payload = &step["interrupts"][0]["payload"];
        let answer = match payload["type"].as_str().unwrap() {
            "question" => json!("Two years of Kafka at Tillpoint"),
            "review" if revise_first && payload["revision"] == 0 => {
                json!({"decision": "revise", "feedback": "Make it warmer"})
            }
            "review" => json!({"decision": "approve"}),
            "satisfaction" => json!({"level": 5}),
            "confirm_plan" => json!({"confirm": true}),
            other => panic!("this test does not know how to answer a {other} pause"),
        };
        step = block_on(run.resume(answer, sink()).unwrap()).unwrap();
    }
    assert_eq!(step["status"], "done", "{workflow_id}: {step}");
    let events = seen.borrow().clone();
    (events, step)
}
