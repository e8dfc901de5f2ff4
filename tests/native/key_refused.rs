//! A key the provider refuses (HTTP 401) stops every workflow at the first refusal with
//! a named cause (`KeyRefused`), through the real OpenAI client and the in-process mock: no run
//! reads as finished, and no more calls go out than were already in flight together.

use crate::mock_server;
use crate::native_transport;
use crate::run_support::any_run;

use std::rc::Rc;

use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{build_model, ErrorCode, ProviderConfig, Runtime};
use careergraph::workflows::{visit_all, Workflow, WorkflowVisitor};
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::json;

/// The most calls a workflow's first model step sends at once (the review's three critics).
const MOST_AT_ONCE: usize = 3;

struct EveryWorkflow {
    mock: MockServer,
    checked: Vec<&'static str>,
}

impl WorkflowVisitor for EveryWorkflow {
    fn visit<W: Workflow>(&mut self) {
        self.mock.reset();
        let host = self.mock.url.trim_start_matches("http://").to_string();
        // Not a key the mock accepts (those start with `sk-test`): every call is a 401.
        let provider: ProviderConfig = serde_json::from_value(json!({
            "provider": "openai", "apiKey": "sk-wrong-key", "model": "gpt-4o-mini",
            "baseUrl": format!("{}/v1", self.mock.url), "confirmedHost": host,
        }))
        .unwrap();
        let model = build_model(&provider, Rc::new(ReqwestTransport::default())).unwrap();
        let events = Rc::new(std::cell::RefCell::new(Vec::new()));
        let seen = events.clone();
        let sink = EventSink::new(move |event| seen.borrow_mut().push(event));
        let input = serde_json::to_value(W::sample_input()).unwrap();
        let run = any_run(W::ID, input, &Runtime::new(model)).unwrap();
        let tokio = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let outcome = tokio.block_on(run.start(sink));
        let error = outcome.expect_err(W::ID);
        assert_eq!(
            error.code,
            ErrorCode::KeyRefused,
            "{}: {}",
            W::ID,
            error.message
        );
        assert!(!error.message.contains("sk-wrong-key"), "{}", error.message);
        let calls = self.mock.requests().len();
        assert!(
            (1..=MOST_AT_ONCE).contains(&calls),
            "{}: {calls} calls after the first refusal",
            W::ID
        );
        let events = events.borrow();
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, StreamEvent::RunFinished { path, .. } if path.is_empty())),
            "{}: a refused run never finishes",
            W::ID
        );
        self.checked.push(W::ID);
    }
}

#[test]
fn a_refused_key_stops_every_workflow_at_once_with_a_named_cause() {
    let mut visitor = EveryWorkflow {
        mock: MockServer::start(),
        checked: Vec::new(),
    };
    visit_all(&mut visitor);
    let registered: Vec<&str> = careergraph::session::workflows()
        .iter()
        .map(|w| w.id)
        .collect();
    assert_eq!(visitor.checked, registered);
}
