//! The JS API called from Rust in the browser: a demo review through `Runner` and `RunHandle`,
//! events to a JS callback, the final state as a plain object, and errors as `Error`s with a code.

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::api::Runner;
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

fn json(value: serde_json::Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).unwrap()
}

fn code_of(error: &JsValue) -> String {
    Reflect::get(error, &"code".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn demo_review_through_the_js_api() {
    let runner = Runner::new(json(serde_json::json!({"provider": "demo"}))).unwrap();
    let input = json(serde_json::json!({
        "resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE, "maxIterations": 1
    }));
    let run = runner
        .start("resume_review".into(), input, JsValue::UNDEFINED)
        .unwrap();

    let types = Rc::new(RefCell::new(Vec::<String>::new()));
    let seen = types.clone();
    let callback = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        let kind = Reflect::get(&event, &"type".into()).unwrap();
        seen.borrow_mut().push(kind.as_string().unwrap());
    });
    let _unsubscribe = run.subscribe(
        callback
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone(),
    );

    let state = JsFuture::from(run.result()).await.unwrap();
    assert!(
        state.is_instance_of::<Object>(),
        "a plain object, not a Map"
    );
    let score = Reflect::get(&state, &"final_score".into())
        .unwrap()
        .as_f64()
        .unwrap();
    assert!((0.0..=10.0).contains(&score));
    assert!(types.borrow().iter().any(|t| t == "node_started"));
    assert_eq!(
        types.borrow().last().map(String::as_str),
        Some("run_finished")
    );

    let err = run.answer("nope".into(), JsValue::NULL).unwrap_err();
    assert_eq!(code_of(&err), "no_pending_interrupt");
}

#[wasm_bindgen_test]
fn errors_are_js_errors_with_a_code() {
    let Err(err) = Runner::new(json(serde_json::json!({"provider": "openai"}))) else {
        panic!("a missing key must fail");
    };
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(code_of(&err), "missing_key");
    // An instance of the package's CareerGraphError class (src/api/error.js).
    assert_eq!(
        get(&err, "name").as_string().as_deref(),
        Some("CareerGraphError")
    );

    let runner = Runner::new(JsValue::UNDEFINED).unwrap();
    let Err(err) = runner.start(
        "nope".into(),
        json(serde_json::json!({})),
        JsValue::UNDEFINED,
    ) else {
        panic!("an unknown workflow must fail");
    };
    assert_eq!(code_of(&err), "unknown_workflow");
    assert!(Runner::mermaid("resume_review".into())
        .unwrap()
        .contains("recruiter"));
}

#[wasm_bindgen_test]
async fn a_cancelled_run_rejects_with_cancelled() {
    let runner = Runner::new(JsValue::UNDEFINED).unwrap();
    let input =
        json(serde_json::json!({"resume": SAMPLE_RESUME, "targetRole": SAMPLE_TARGET_ROLE}));
    let run = runner
        .start("resume_review".into(), input, JsValue::UNDEFINED)
        .unwrap();
    run.cancel();
    let err = JsFuture::from(run.result()).await.unwrap_err();
    assert_eq!(code_of(&err), "cancelled");
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

#[wasm_bindgen_test]
async fn tailoring_pauses_for_answers_given_from_the_event_callback() {
    let runner = Runner::new(json(serde_json::json!({"provider": "demo"}))).unwrap();
    let input = json(serde_json::json!({
        "resume": SAMPLE_RESUME,
        "jobDescription": "Senior Backend Engineer\nRequirements: Java, Rust, PostgreSQL and Kafka.",
        "maxQuestions": 1
    }));
    let run = Rc::new(
        runner
            .start("resume_tailoring".into(), input, JsValue::UNDEFINED)
            .unwrap(),
    );
    let asked = Rc::new(RefCell::new(Vec::<String>::new()));
    let types = Rc::new(RefCell::new(Vec::<String>::new()));
    let (answering, log, seen) = (run.clone(), asked.clone(), types.clone());
    // A host answers inside its event callback, as a dialog would: a question, then the review.
    // It answers every `interrupted` event: each pause must arrive once, even from a subgraph.
    let callback = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        seen.borrow_mut()
            .push(get(&event, "type").as_string().unwrap());
        if get(&event, "type").as_string().as_deref() != Some("interrupted") {
            return;
        }
        let interrupt = js_sys::Array::from(&get(&event, "interrupts")).get(0);
        let id = get(&interrupt, "id").as_string().unwrap();
        let kind = get(&get(&interrupt, "payload"), "type")
            .as_string()
            .unwrap();
        assert_eq!(get(&interrupt, "kind").as_string(), Some(kind.clone()));
        let answer = match kind.as_str() {
            "question" => {
                serde_json::json!({"action": "answer", "answer": "I maintained Java reconciliation jobs at Tillpoint"})
            }
            _ => serde_json::json!({"decision": "approve"}),
        };
        answering.answer(id.clone(), json(answer)).unwrap();
        // The same question cannot be answered twice.
        let again = answering
            .answer(id, json(serde_json::json!({"decision": "approve"})))
            .unwrap_err();
        assert_eq!(code_of(&again), "no_pending_interrupt");
        log.borrow_mut().push(kind);
    });
    let _unsubscribe = run.subscribe(
        callback
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone(),
    );

    let state = JsFuture::from(run.result()).await.unwrap();
    assert_eq!(
        *asked.borrow(),
        vec!["question".to_string(), "review".to_string()]
    );
    // The info-collection subgraph's events are `subgraph_*`: one `run_finished`, at the end.
    let types = types.borrow();
    let count = |t: &str| types.iter().filter(|seen| *seen == t).count();
    assert_eq!(count("interrupted"), 2);
    assert_eq!(count("run_finished"), 1);
    assert_eq!(types.last().map(String::as_str), Some("run_finished"));
    assert_eq!(count("subgraph_finished"), 1);
    assert!(count("subgraph_step_done") > 0);
    assert_eq!(
        get(&state, "human_decision").as_string().as_deref(),
        Some("approved")
    );
    let master = get(&state, "master_resume").as_string().unwrap();
    assert!(
        master.contains("Java reconciliation"),
        "the answer reached the master resume"
    );
    assert!(!get(&state, "tailored_resume")
        .as_string()
        .unwrap()
        .is_empty());
}

#[wasm_bindgen_test]
fn configure_checks_the_base_url_and_the_confirmed_host() {
    let mut runner = Runner::new(JsValue::UNDEFINED).unwrap();
    let message = |err: &JsValue| get(err, "message").as_string().unwrap_or_default();
    let Err(err) = runner.configure(json(serde_json::json!({
        "provider": "openai_compatible", "model": "m", "baseUrl": "http://llm.example/v1"
    }))) else {
        panic!("plain http off this machine must fail");
    };
    assert_eq!(code_of(&err), "invalid_base_url");

    let openai = |confirmed: Option<&str>| {
        json(serde_json::json!({
            "provider": "openai", "apiKey": "sk-test-api", "baseUrl": "http://127.0.0.1:8802/v1",
            "confirmedHost": confirmed
        }))
    };
    let Err(err) = runner.configure(openai(None)) else {
        panic!("an unconfirmed host must fail");
    };
    assert_eq!(code_of(&err), "host_not_confirmed");
    assert!(
        message(&err).contains("127.0.0.1:8802"),
        "{}",
        message(&err)
    );
    assert!(!message(&err).contains("sk-test-api"));
    assert!(runner.configure(openai(Some("localhost:8802"))).is_err());
    runner.configure(openai(Some("127.0.0.1:8802"))).unwrap();
}

const MOCK: &str = match option_env!("MOCK_PROVIDER_URL") {
    Some(url) => url,
    None => "http://127.0.0.1:8787",
};

/// `cancelCandidate`: one candidate of a batch stops while the others are screened; the run ends
/// normally with that candidate cancelled. One at a time, against the mock provider (calls take
/// real time, so every candidate's task has started and waits for its slot once the first one's
/// parse call has answered).
#[wasm_bindgen_test]
async fn one_batch_candidate_is_cancelled_and_the_batch_goes_on() {
    let runner = Runner::new(json(serde_json::json!({
        "provider": "openai", "apiKey": "sk-test-batch", "baseUrl": format!("{MOCK}/v1"),
        "model": "gpt-4o-mini", "confirmedHost": MOCK.trim_start_matches("http://")
    })))
    .unwrap();
    let resume = |skill: &str| {
        format!("# Jordan Example\n\n## Experience\nEngineer at Example Co, 2019-2024: {skill}, Rust, SQL.\n")
    };
    let input = json(serde_json::json!({
        "jobDescription": "Backend engineer. Must have: Rust, SQL. Nice to have: Kafka.",
        "resumes": [
            {"label": "one", "text": resume("Kafka")},
            {"label": "two", "text": resume("Postgres")},
            {"label": "three", "text": resume("Redis")},
        ],
        "concurrency": 1,
    }));
    let run = Rc::new(
        runner
            .start("batch_screening".into(), input, JsValue::UNDEFINED)
            .unwrap(),
    );
    assert!(
        !run.cancel_candidate("c3"),
        "nothing runs before the first step"
    );

    let answers = Rc::new(RefCell::new(Vec::<bool>::new()));
    let (seen, handle) = (answers.clone(), run.clone());
    let callback = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        let payload = Reflect::get(&event, &"payload".into()).unwrap_or(JsValue::UNDEFINED);
        let field = |name: &str| {
            Reflect::get(&payload, &name.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        let first_matches = field("type").as_deref() == Some("candidate")
            && field("id").as_deref() == Some("c1")
            && field("stage").as_deref() == Some("match");
        if first_matches {
            seen.borrow_mut().push(handle.cancel_candidate("c3"));
            seen.borrow_mut().push(handle.cancel_candidate("c9"));
        }
    });
    let _unsubscribe = run.subscribe(
        callback
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone(),
    );

    let state = JsFuture::from(run.result()).await.unwrap();
    assert_eq!(
        *answers.borrow(),
        [true, false],
        "c3 waits (cancelled); c9 is unknown"
    );
    let text = js_sys::JSON::stringify(&state)
        .unwrap()
        .as_string()
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    let status = |id: &str| {
        state["results"]
            .as_array()
            .unwrap()
            .iter()
            .rev()
            .find(|r| r["id"] == id)
            .map(|r| r["status"].as_str().unwrap_or_default().to_string())
    };
    assert_eq!(status("c1").as_deref(), Some("screened"));
    assert_eq!(status("c2").as_deref(), Some("screened"));
    assert_eq!(status("c3").as_deref(), Some("cancelled"));
    assert!(
        !run.cancel_candidate("c1"),
        "a finished candidate cannot be cancelled"
    );

    // `retryFailed`: the same thread screens the cancelled candidate; the others are kept.
    let again = run.retry_failed().unwrap();
    let state = JsFuture::from(again.result()).await.unwrap();
    let text = js_sys::JSON::stringify(&state)
        .unwrap()
        .as_string()
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    let latest: Vec<(String, String, u64)> = ["c1", "c2", "c3"]
        .iter()
        .map(|id| {
            let r = state["results"]
                .as_array()
                .unwrap()
                .iter()
                .rev()
                .find(|r| r["id"] == *id)
                .unwrap();
            (
                id.to_string(),
                r["status"].as_str().unwrap_or_default().to_string(),
                r["round"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        latest,
        [
            ("c1".into(), "screened".into(), 0),
            ("c2".into(), "screened".into(), 0),
            ("c3".into(), "screened".into(), 1)
        ],
        "only c3 ran again, in the retry round"
    );
    assert_eq!(state["table"].as_array().unwrap().len(), 3);
    // Nothing left to retry, on either handle.
    assert_eq!(code_of(&run.retry_failed().err().unwrap()), "invalid_input");
    assert_eq!(
        code_of(&again.retry_failed().err().unwrap()),
        "invalid_input"
    );
}
