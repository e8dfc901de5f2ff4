//! Failure shapes with small hand-made fixtures: errors inside a stream, streams that end early,
//! undecodable events, and unreachable servers.

use crate::native_transport;

use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::anthropic::{AnthropicConfig, AnthropicModel};
use careergraph::llm::client::{HttpChatModel, Protocol};
use careergraph::llm::gemini::{GeminiConfig, GeminiModel};
use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{ChatModel, ChatRequest, LlmError, Runtime, StreamEvent};
use futures::executor::block_on;
use futures::future::{self, LocalBoxFuture};
use futures::stream::{self, StreamExt};
use native_transport::{recording_runtime, ReqwestTransport};

struct Fixed(u16, &'static str);

impl HttpTransport for Fixed {
    fn send(
        &self,
        _request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let body = stream::iter(vec![Ok(self.1.as_bytes().to_vec())]).boxed_local();
        Box::pin(future::ready(Ok(HttpResponse {
            status: self.0,
            headers: vec![],
            body,
        })))
    }
}

fn quiet<P: Protocol>(model: HttpChatModel<P>) -> HttpChatModel<P> {
    let runtime = Runtime::new(Rc::new(|_| Box::pin(future::pending())), Rc::new(|| 0.5));
    model.with_runtime(runtime).with_retry(RetryPolicy::none())
}

fn stream_result(model: &dyn ChatModel) -> Result<String, LlmError> {
    block_on(async {
        let mut events = model.stream(ChatRequest::new("r", "s").user("u"));
        while let Some(event) = events.next().await {
            if let StreamEvent::Done(done) = event? {
                return Ok(done.text);
            }
        }
        panic!("no Done")
    })
}

fn anthropic(body: &'static str) -> Box<dyn ChatModel> {
    Box::new(quiet(AnthropicModel::new(
        AnthropicConfig::new("sk-test"),
        Rc::new(Fixed(200, body)),
    )))
}

fn openai(body: &'static str) -> Box<dyn ChatModel> {
    Box::new(quiet(OpenAiModel::new(
        OpenAiConfig::openai("sk-test"),
        Rc::new(Fixed(200, body)),
    )))
}

#[test]
fn anthropic_error_event_mid_stream_is_typed() {
    let body = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":3}}}\n\n\
                event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";
    let error = stream_result(anthropic(body).as_ref()).unwrap_err();
    assert_eq!(
        error,
        LlmError::ProviderDown {
            provider: "anthropic".into(),
            status: 529,
            message: "Overloaded".into()
        }
    );
}

#[test]
fn anthropic_stream_without_message_stop_is_interrupted() {
    let body = "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n";
    assert!(matches!(
        stream_result(anthropic(body).as_ref()),
        Err(LlmError::StreamInterrupted { .. })
    ));
}

#[test]
fn unknown_anthropic_events_are_ignored() {
    let body = "event: future_thing\ndata: {\"type\":\"future_thing\",\"x\":1}\n\n\
                event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"citations_delta\"}}\n\n\
                event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    assert_eq!(stream_result(anthropic(body).as_ref()).unwrap(), "");
}

#[test]
fn openai_error_chunk_and_missing_done() {
    let error = stream_result(
        openai(
            "data: {\"error\":{\"message\":\"server overloaded\",\"type\":\"server_error\"}}\n\n",
        )
        .as_ref(),
    )
    .unwrap_err();
    assert!(matches!(error, LlmError::ProviderDown { .. }), "{error:?}");
    let cut = "data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"},\"finish_reason\":null}]}\n\n";
    assert!(matches!(
        stream_result(openai(cut).as_ref()),
        Err(LlmError::StreamInterrupted { .. })
    ));
}

#[test]
fn undecodable_event_is_a_decode_error_with_an_excerpt() {
    let error = stream_result(openai("data: {\"choices\": [tru\n\n").as_ref()).unwrap_err();
    match error {
        LlmError::Decode { excerpt, .. } => assert!(excerpt.starts_with("{\"choices\"")),
        other => panic!("{other:?}"),
    }
    let model = quiet(OpenAiModel::new(
        OpenAiConfig::openai("sk-test"),
        Rc::new(Fixed(200, "<html>502 Bad Gateway</html>")),
    ));
    let error = block_on(model.complete(ChatRequest::new("r", "s").user("u"))).unwrap_err();
    assert!(
        matches!(&error, LlmError::Decode { excerpt, .. } if excerpt.contains("<html>")),
        "{error:?}"
    );
}

#[test]
fn gemini_stream_without_finish_reason_is_interrupted() {
    let body = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"The\"}]}}]}\r\n\r\n";
    let model = quiet(GeminiModel::new(
        GeminiConfig::new("test-k"),
        Rc::new(Fixed(200, body)),
    ));
    assert!(matches!(
        stream_result(&model),
        Err(LlmError::StreamInterrupted { .. })
    ));
}

#[test]
fn missing_keys_are_a_config_error_before_any_request() {
    let model = quiet(AnthropicModel::new(
        AnthropicConfig::new(""),
        Rc::new(Fixed(200, "{}")),
    ));
    assert!(matches!(
        block_on(model.complete(ChatRequest::new("r", "s").user("u"))),
        Err(LlmError::Config(_))
    ));
}

#[tokio::test]
async fn unreachable_server_is_a_network_error_after_retries() {
    // Port 9 (discard) on loopback is closed here: the connection is refused at once.
    let (runtime, slept) = recording_runtime();
    let retry = RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(10),
        ..RetryPolicy::default()
    };
    let model = OpenAiModel::new(
        OpenAiConfig::openai("sk-test").with_base_url("http://127.0.0.1:9/v1"),
        Rc::new(ReqwestTransport::default()),
    )
    .with_runtime(runtime)
    .with_retry(retry);
    let error = model
        .complete(ChatRequest::new("r", "s").user("u"))
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Network { .. }), "{error:?}");
    assert!(
        error.to_string().contains("CORS"),
        "the message points at the usual browser cause: {error}"
    );
    let backoffs = slept
        .borrow()
        .iter()
        .filter(|d| **d < Duration::from_secs(1))
        .count();
    assert_eq!(backoffs, 2, "network errors are retried");
}
