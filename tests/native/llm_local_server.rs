//! `llm::local_server`: a local server that reports its limits (llama.cpp's `/props`, Ollama's
//! `/api/ps` and `/api/show`) is held to them. A request that cannot fit the context fails before it is sent, naming both numbers; no
//! more calls run at once than the server has slots; a server that says nothing is used as is.
//! (The real llama-server's refusal is checked by the real-model suite, tests/real_model.rs.)
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::limiter::virtual_time::yield_now;
use careergraph::llm::local_server::{prompt_tokens, LocalServer};
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::{ChatModel, ChatRequest, LlmError, Runtime};
use futures::executor::block_on;
use futures::future::{join_all, LocalBoxFuture};
use futures::stream::{self, StreamExt};

/// A server answering `/props` (or 404 when `props` is `None`) and chat completions, counting the
/// chat calls and the most that were ever open at once.
#[derive(Default)]
struct FakeServer {
    /// `GET /v1/models` (404 when `None`): how the server says which server it is.
    models: Option<String>,
    props: Option<String>,
    /// Ollama's `/api/ps` and `/api/show` bodies (404 when `None`).
    ollama_ps: Option<String>,
    ollama_show: Option<String>,
    chat_calls: Cell<u32>,
    open: Cell<u32>,
    most_open: Cell<u32>,
    urls: RefCell<Vec<String>>,
    bodies: RefCell<Vec<String>>,
}

struct Transport(Rc<FakeServer>);

fn body(text: &str) -> careergraph::llm::http::ByteStream {
    stream::once(futures::future::ready(Ok(text.as_bytes().to_vec()))).boxed_local()
}

impl HttpTransport for Transport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let server = self.0.clone();
        Box::pin(async move {
            server.urls.borrow_mut().push(request.url.clone());
            let described = if request.url.ends_with("/v1/models") {
                Some(&server.models)
            } else if request.url.ends_with("/props") {
                Some(&server.props)
            } else if request.url.ends_with("/api/ps") {
                Some(&server.ollama_ps)
            } else if request.url.ends_with("/api/show") {
                Some(&server.ollama_show)
            } else {
                None
            };
            if let Some(description) = described {
                return Ok(match description {
                    Some(props) => HttpResponse {
                        status: 200,
                        headers: vec![],
                        body: body(props),
                    },
                    None => HttpResponse {
                        status: 404,
                        headers: vec![],
                        body: body("not found"),
                    },
                });
            }
            server.chat_calls.set(server.chat_calls.get() + 1);
            server.bodies.borrow_mut().push(request.body.clone());
            server.open.set(server.open.get() + 1);
            server
                .most_open
                .set(server.most_open.get().max(server.open.get()));
            // Let every other call that can start, start.
            for _ in 0..20 {
                yield_now().await;
            }
            server.open.set(server.open.get() - 1);
            let completion = r#"{"model":"m","choices":[{"message":{"content":"{\"score\": 7}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":3}}"#;
            Ok(HttpResponse {
                status: 200,
                headers: vec![],
                body: body(completion),
            })
        })
    }
}

fn local(server: &Rc<FakeServer>) -> LocalServer {
    let transport: Rc<dyn HttpTransport> = Rc::new(Transport(server.clone()));
    let url = "http://127.0.0.1:8091/v1";
    let chat = OpenAiModel::new(
        OpenAiConfig::compatible("openai_compatible", url, "", "m"),
        transport.clone(),
    );
    LocalServer::new(Rc::new(chat), transport, &Runtime::default(), url)
}

fn props(n_ctx: u32, slots: u32) -> Option<String> {
    Some(format!(
        r#"{{"default_generation_settings":{{"n_ctx":{n_ctx}}},"total_slots":{slots}}}"#
    ))
}

#[test]
fn a_request_larger_than_the_context_is_refused_before_it_is_sent() {
    let server = Rc::new(FakeServer {
        props: props(1024, 1),
        ..FakeServer::default()
    });
    let model = local(&server);
    let large = ChatRequest::new("critic", "Review the resume.").user("experience ".repeat(1500));
    let error = block_on(model.complete(large.clone())).unwrap_err();
    match &error {
        LlmError::ContextTooSmall { context_tokens, .. } => assert_eq!(*context_tokens, 1024),
        other => panic!("{other:?}"),
    }
    assert!(
        error.to_string().contains("context (1024 tokens)"),
        "{error}"
    );
    // Streaming is refused the same way.
    let streamed: Vec<_> = block_on(model.stream(large).collect());
    assert!(matches!(
        streamed.as_slice(),
        [Err(LlmError::ContextTooSmall { .. })]
    ));
    assert_eq!(server.chat_calls.get(), 0, "nothing was sent");
    // A request that fits goes through; the server was asked for its limits once.
    let small = ChatRequest::new("critic", "Review.").user("A short resume.");
    assert!(block_on(model.complete(small)).is_ok());
    assert_eq!(server.chat_calls.get(), 1);
    let asked = server
        .urls
        .borrow()
        .iter()
        .filter(|u| u.ends_with("/props"))
        .count();
    assert_eq!(asked, 1);
    assert_eq!(server.urls.borrow()[1], "http://127.0.0.1:8091/props");
}

#[test]
fn ollama_is_held_to_the_context_it_loaded_the_model_with_and_not_to_slots() {
    let server = Rc::new(FakeServer {
        ollama_ps: Some(
            r#"{"models":[{"name":"m:latest","model":"m:latest","context_length":1024}]}"#.into(),
        ),
        ..FakeServer::default()
    });
    let model = local(&server);
    let large = ChatRequest::new("critic", "Review the resume.").user("experience ".repeat(1500));
    let error = block_on(model.complete(large)).unwrap_err();
    assert!(
        error.to_string().contains("context (1024 tokens)"),
        "{error}"
    );
    assert_eq!(server.chat_calls.get(), 0, "nothing was sent");
    // Ollama does not say how many requests it decodes at once: none are held back.
    let calls = (0..3).map(|i| model.complete(ChatRequest::new("c", "R.").user(format!("r {i}"))));
    assert!(block_on(join_all(calls)).iter().all(Result::is_ok));
    assert_eq!(server.most_open.get(), 3);
}

#[test]
fn a_model_ollama_has_not_loaded_is_held_to_its_own_num_ctx() {
    let server = Rc::new(FakeServer {
        ollama_ps: Some(r#"{"models":[]}"#.into()),
        ollama_show: Some(r#"{"parameters":"num_ctx 2048\ntemperature 0.2"}"#.into()),
        ..FakeServer::default()
    });
    let model = local(&server);
    let large = ChatRequest::new("critic", "R.").user("experience ".repeat(1500));
    let error = block_on(model.complete(large)).unwrap_err();
    assert!(
        error.to_string().contains("context (2048 tokens)"),
        "{error}"
    );
    let urls = server.urls.borrow();
    assert_eq!(
        urls[..4],
        [
            "http://127.0.0.1:8091/v1/models",
            "http://127.0.0.1:8091/props",
            "http://127.0.0.1:8091/api/ps",
            "http://127.0.0.1:8091/api/show"
        ]
    );
}

/// `/v1/models` as each server writes it: llama-server's `owned_by` is "llamacpp", Ollama's the
/// model's namespace ("library") and its ids carry a tag, vLLM's "vllm" with `max_model_len`, LM
/// Studio's "organization_owner".
fn listed(id: &str, owned_by: &str, extra: &str) -> Option<String> {
    Some(format!(
        r#"{{"object":"list","data":[{{"id":"{id}","object":"model","owned_by":"{owned_by}"{extra}}}]}}"#
    ))
}

fn asked(server: &FakeServer) -> Vec<String> {
    let urls = server.urls.borrow();
    urls.iter()
        .filter(|u| !u.ends_with("/chat/completions"))
        .map(|u| u.trim_start_matches("http://127.0.0.1:8091").to_string())
        .collect()
}

/// A server that says which server it is in `/v1/models` is asked only the routes it has, so the
/// host's console shows no 404 for a probe (issue 42: three red lines on every run against a
/// plain OpenAI-compatible server).
#[test]
fn the_server_is_asked_only_the_routes_its_models_list_says_it_has() {
    let small = || ChatRequest::new("critic", "R.").user("A short resume.");
    let large = || ChatRequest::new("critic", "R.").user("experience ".repeat(1500));

    // llama-server: its /props, nothing of Ollama's.
    let server = Rc::new(FakeServer {
        models: listed("smollm2.gguf", "llamacpp", ""),
        props: props(1024, 1),
        ..FakeServer::default()
    });
    let model = local(&server);
    assert!(block_on(model.complete(large())).is_err());
    assert_eq!(asked(&server), ["/v1/models", "/props"]);

    // Ollama: its /api/ps, never /props.
    let server = Rc::new(FakeServer {
        models: listed("m:latest", "library", ""),
        ollama_ps: Some(
            r#"{"models":[{"name":"m:latest","model":"m:latest","context_length":1024}]}"#.into(),
        ),
        ..FakeServer::default()
    });
    let model = local(&server);
    assert!(block_on(model.complete(large())).is_err());
    assert_eq!(asked(&server), ["/v1/models", "/api/ps"]);

    // vLLM says the context in the list itself: nothing more is asked.
    let server = Rc::new(FakeServer {
        models: listed("m", "vllm", r#","max_model_len":1024"#),
        ..FakeServer::default()
    });
    let model = local(&server);
    let error = block_on(model.complete(large())).unwrap_err();
    assert!(
        error.to_string().contains("context (1024 tokens)"),
        "{error}"
    );
    assert_eq!(asked(&server), ["/v1/models"]);

    // Any other server (LM Studio, a proxy, our mock): used as it is, nothing more asked.
    let server = Rc::new(FakeServer {
        models: listed("qwen2.5-7b-instruct", "organization_owner", ""),
        props: props(1024, 1),
        ..FakeServer::default()
    });
    let model = local(&server);
    assert!(block_on(model.complete(small())).is_ok());
    assert!(block_on(model.complete(large())).is_ok());
    assert_eq!(asked(&server), ["/v1/models"]);

    // A server whose list does not read is asked the way it always was.
    let server = Rc::new(FakeServer {
        props: props(1024, 1),
        ..FakeServer::default()
    });
    let model = local(&server);
    assert!(block_on(model.complete(large())).is_err());
    assert_eq!(asked(&server), ["/v1/models", "/props"]);
}

#[test]
fn no_more_calls_run_at_once_than_the_server_has_slots() {
    for (slots, expected) in [(1, 1), (2, 2)] {
        let server = Rc::new(FakeServer {
            props: props(8192, slots),
            ..FakeServer::default()
        });
        let model = local(&server);
        let calls = (0..3)
            .map(|i| model.complete(ChatRequest::new("critic", "R.").user(format!("resume {i}"))));
        let results = block_on(join_all(calls));
        assert!(results.iter().all(Result::is_ok));
        assert_eq!(server.chat_calls.get(), 3);
        assert_eq!(server.most_open.get(), expected, "{slots} slots");
    }
}

#[test]
fn a_server_that_does_not_say_is_used_as_it_is() {
    let server = Rc::new(FakeServer::default());
    let model = local(&server);
    let large = ChatRequest::new("critic", "R.").user("experience ".repeat(1500));
    let calls = (0..3).map(|_| model.complete(large.clone()));
    let results = block_on(join_all(calls));
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(server.most_open.get(), 3, "no slot limit without /props");
}

#[test]
fn the_answer_is_never_asked_for_more_room_than_the_context_has_left() {
    let server = Rc::new(FakeServer {
        props: props(2048, 1),
        ..FakeServer::default()
    });
    let model = local(&server);
    let request = ChatRequest::new("critic", "Review.").user("resume ".repeat(300));
    let room = 2048 - prompt_tokens(&request);
    let asked_for = |body: &str| {
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        body["max_tokens"].as_u64()
    };
    // No budget of its own: the room left.
    block_on(model.complete(request.clone())).unwrap();
    assert_eq!(asked_for(&server.bodies.borrow()[0]), Some(room));
    // A budget past the room: cut to it; one within it: kept.
    block_on(model.complete(request.clone().with_max_tokens(4000))).unwrap();
    assert_eq!(asked_for(&server.bodies.borrow()[1]), Some(room));
    block_on(model.complete(request.with_max_tokens(300))).unwrap();
    assert_eq!(asked_for(&server.bodies.borrow()[2]), Some(300));
}

/// Settings → "Longest answer": a session's model for a local server sends every answer's
/// `max_tokens` at the ceiling and a schema shrunk so its longest answer fits it, the rest of the
/// local server's limits still applied.
#[test]
fn the_users_answer_ceiling_shrinks_the_schema_and_caps_the_answer() {
    use careergraph::llm::OutputSchema;
    use careergraph::session::{build_model, ProviderConfig, ProviderKind};
    let server = Rc::new(FakeServer {
        props: props(8192, 2),
        ..FakeServer::default()
    });
    let config = ProviderConfig {
        provider: ProviderKind::OpenaiCompatible,
        model: Some("m".into()),
        base_url: Some("http://127.0.0.1:8091/v1".into()),
        max_answer_tokens: Some(300),
        ..ProviderConfig::default()
    };
    let model = build_model(&config, Rc::new(Transport(server.clone()))).unwrap();
    let schema = serde_json::json!({"type": "object", "properties": {
        "score": {"type": "number"},
        "issues": {"type": "array", "maxItems": 6, "items": {"type": "string", "maxLength": 300}}}});
    let request = ChatRequest::new("critic", "Review.")
        .user("A short resume.")
        .with_schema(OutputSchema::new("critique", schema));
    block_on(model.complete(request)).unwrap();
    let sent: serde_json::Value = serde_json::from_str(&server.bodies.borrow()[0]).unwrap();
    assert_eq!(sent["max_tokens"], 300, "{sent}");
    let issues = &sent["response_format"]["json_schema"]["schema"]["properties"]["issues"];
    let items = issues["maxItems"].as_u64().unwrap();
    let length = issues["items"]["maxLength"].as_u64().unwrap();
    assert!(items * length < 6 * 300 / 3, "{issues}");
    assert!(items >= 1 && length >= 60, "{issues}");
    // Without the setting the schema's own bounds go out as they were.
    let plain = build_model(
        &ProviderConfig {
            max_answer_tokens: None,
            ..config
        },
        Rc::new(Transport(server.clone())),
    )
    .unwrap();
    let schema = serde_json::json!({"type": "object", "properties": {
        "issues": {"type": "array", "maxItems": 6, "items": {"type": "string", "maxLength": 300}}}});
    let request = ChatRequest::new("critic", "Review.")
        .user("A short resume.")
        .with_schema(OutputSchema::new("critique", schema));
    block_on(plain.complete(request)).unwrap();
    let sent: serde_json::Value = serde_json::from_str(&server.bodies.borrow()[1]).unwrap();
    let issues = &sent["response_format"]["json_schema"]["schema"]["properties"]["issues"];
    assert_eq!(issues["maxItems"], 6, "{sent}");
}
