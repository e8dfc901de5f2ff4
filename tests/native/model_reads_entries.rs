//! The model reads the entries the rules are unsure of (issue 41, item 3), through the session as
//! the outline calls it, against the scripted mock provider: only unsure entries are sent unless
//! the whole file is asked; a value the entry does not contain is dropped and counted and never
//! reaches the text; a malformed answer is a clear error that loses nothing; a refused key is
//! named; the demo sends nothing. All content is fictional.

use crate::mock_server;
use crate::native_transport;

use std::rc::Rc;

use careergraph::domain::Language;
use careergraph::session::{ErrorCode, ProviderConfig, ReadStop, Runtime};
use mock_server::rules::Rule;
use mock_server::MockServer;
use native_transport::ReqwestTransport;
use serde_json::json;

// The first job is written `Employer — Title`, with a title the reader knows no word of: it reads
// them swapped and is sure of it (no mark). The second's header is cut over two lines in an order
// the others do not share: the reader marks it unsure.
const TEXT: &str = "# Ivo Marchetti\n\n## Experience\n\n### Harbour Pilot — Tidewell Ferries (2019 – 2024)\n- Brought ferries through the narrows\n\n### Skipper — Lowmoor Boats (2017 – 2019)\n- Ran the island service\n\nNorthern Isles Line\nDeck work 2015 – 2017\n- Kept the night watch\n\n## Education\n\n### BSc Marine Science — University of Lowmoor (2012 – 2016)\n";

fn runtime(mock: &MockServer) -> Runtime {
    let provider: ProviderConfig = serde_json::from_value(json!({
        "provider": "openai_compatible",
        "baseUrl": format!("{}/v1", mock.url),
        "model": "m",
        "apiKey": "sk-test-1",
    }))
    .unwrap();
    Runtime::for_provider(&provider, Rc::new(ReqwestTransport::default())).unwrap()
}

/// The entries block of the one chat request sent.
fn sent_entries(mock: &MockServer) -> Vec<String> {
    mock.requests()
        .iter()
        .filter(|r| r.target.ends_with("/chat/completions"))
        .map(|r| {
            let body: serde_json::Value = serde_json::from_str(&r.body).unwrap();
            let messages = body["messages"].as_array().unwrap();
            messages.last().unwrap()["content"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

fn answer(entries: serde_json::Value) -> Rule {
    Rule {
        role: Some("You read resume entries".into()),
        json: Some(json!({ "entries": entries })),
        ..Rule::default()
    }
}

#[tokio::test]
async fn only_the_unsure_entries_are_sent_and_a_grounded_reading_is_written_in() {
    let mock = MockServer::start();
    mock.script(vec![answer(json!([
        {"id": 1, "title": "Deck work", "organisation": "Northern Isles Line", "location": "", "dates": "2015 – 2017", "detail": ""}
    ]))]);
    let read = runtime(&mock)
        .read_resume_entries(TEXT, false, Language::En, &ReadStop::new())
        .await
        .expect("read");
    let sent = sent_entries(&mock);
    assert_eq!(sent.len(), 1, "one request");
    assert!(
        sent[0].contains("[E1]") && sent[0].contains("Northern Isles Line"),
        "{}",
        sent[0]
    );
    assert!(
        !sent[0].contains("Tidewell"),
        "a sure entry was sent: {}",
        sent[0]
    );
    assert_eq!(read.asked, 1);
    assert_eq!(read.dropped_values, 0);
    assert!(
        read.text
            .contains("### Deck work — Northern Isles Line (2015 – 2017)"),
        "{}",
        read.text
    );
    assert_eq!(
        read.read_lines,
        ["### Deck work — Northern Isles Line (2015 – 2017)"]
    );
    assert!(read.text.contains("- Kept the night watch"));
    // The employer line above, now said by the header, is not left in the job before.
    assert!(
        !read.text.contains("\nNorthern Isles Line\n"),
        "{}",
        read.text
    );
}

#[tokio::test]
async fn the_whole_file_is_sent_when_asked_and_invented_values_are_dropped() {
    let mock = MockServer::start();
    mock.script(vec![answer(json!([
        // Swapped back, as the entry writes them: kept.
        {"id": 1, "title": "Tidewell Ferries", "organisation": "Harbour Pilot", "location": "", "dates": "2019 – 2024", "detail": ""},
        // An employer and a date the entry does not contain: both dropped, nothing written.
        {"id": 2, "title": "Skipper", "organisation": "Lowmoor Boats International", "location": "", "dates": "2016 – 2019", "detail": ""}
    ]))]);
    let read = runtime(&mock)
        .read_resume_entries(TEXT, true, Language::En, &ReadStop::new())
        .await
        .expect("read");
    let sent = sent_entries(&mock);
    assert!(sent[0].contains("Tidewell") && sent[0].contains("University of Lowmoor"));
    assert!(read.asked >= 4, "every job and degree: {}", read.asked);
    assert_eq!(read.dropped_values, 2);
    assert!(!read.text.contains("International"));
    assert!(!read.text.contains("2016 – 2019"));
    assert!(read.text.contains("Lowmoor Boats"));
}

#[tokio::test]
async fn a_malformed_answer_or_a_refused_key_is_named_and_the_text_is_untouched() {
    let mock = MockServer::start();
    mock.script(vec![Rule {
        text: Some("not json at all".into()),
        ..Rule::default()
    }]);
    let error = runtime(&mock)
        .read_resume_entries(TEXT, false, Language::En, &ReadStop::new())
        .await
        .expect_err("no JSON");
    assert_eq!(error.code, ErrorCode::RunFailed);
    assert!(
        error.message.contains("could not read"),
        "{}",
        error.message
    );

    mock.reset();
    mock.script(vec![Rule {
        status: Some(401),
        ..Rule::default()
    }]);
    let error = runtime(&mock)
        .read_resume_entries(TEXT, false, Language::En, &ReadStop::new())
        .await
        .expect_err("refused");
    assert_eq!(error.code, ErrorCode::KeyRefused);
}

#[tokio::test]
async fn the_demo_sends_nothing() {
    let demo: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    let mock = MockServer::start();
    let runtime = Runtime::for_provider(&demo, Rc::new(ReqwestTransport::default())).unwrap();
    let error = runtime
        .read_resume_entries(TEXT, true, Language::En, &ReadStop::new())
        .await
        .expect_err("the demo has no model to read with");
    assert_eq!(error.code, ErrorCode::InvalidProvider);
    assert!(mock.requests().is_empty());
}
