//! A small HTTP/1.1 server on 127.0.0.1 speaking the OpenAI, Anthropic, Gemini (and Ollama) chat
//! endpoints closely enough to test real clients: request validation with the providers' real error
//! bodies, CORS, JSON/SSE/NDJSON answers, and scripted behaviour.
//!
//! Endpoints:
//! - `POST /v1/chat/completions` (OpenAI), `POST /v1/messages` (Anthropic),
//!   `POST /v1beta/models/{model}:generateContent` / `:streamGenerateContent?alt=sse` (Gemini),
//!   `POST /api/chat` (Ollama native, NDJSON).
//! - `POST /__mock/script`: add rules (a rule object, a list, or `{"rules": [...]}`), see [`rules::Rule`].
//! - `POST /__mock/reset`: forget rules and recorded requests.
//! - `GET /__mock/requests`: every request received (method, path, headers, body) as JSON.
//!
//! A key is valid when it starts with `sk-test` or `test-`.

#![allow(dead_code)] // Shared by the example and the tests; each uses a different part.

pub mod http;
pub mod providers;
pub mod rules;
pub mod schema_fill;

use std::net::TcpListener as StdListener;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};

use http::{read_request, Reply, Request};
use rules::{RecordedRequest, Rule};

#[derive(Default)]
pub struct MockState {
    pub rules: Vec<Rule>,
    pub requests: Vec<RecordedRequest>,
}

pub type SharedState = Arc<Mutex<MockState>>;

/// Runs the server on the current thread until the process ends.
pub fn serve_blocking(listener: StdListener, state: SharedState) {
    listener
        .set_nonblocking(true)
        .expect("non-blocking listener");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let listener = TcpListener::from_std(listener).expect("tokio listener");
        let local = tokio::task::LocalSet::new();
        local
            .run_until(async move {
                loop {
                    let Ok((socket, _)) = listener.accept().await else {
                        continue;
                    };
                    let state = state.clone();
                    tokio::task::spawn_local(async move {
                        let _ = handle_connection(socket, state).await;
                    });
                }
            })
            .await;
    });
}

/// A server running on its own thread, for tests.
pub struct MockServer {
    pub url: String,
    pub port: u16,
    pub state: SharedState,
}

impl MockServer {
    /// Starts on a free port (port 0) and returns once it accepts connections.
    pub fn start() -> Self {
        let listener = StdListener::bind(("127.0.0.1", 0)).expect("bind");
        let port = listener.local_addr().expect("address").port();
        let state = SharedState::default();
        let shared = state.clone();
        std::thread::spawn(move || serve_blocking(listener, shared));
        Self {
            url: format!("http://127.0.0.1:{port}"),
            port,
            state,
        }
    }

    pub fn script(&self, rules: Vec<Rule>) {
        self.state.lock().unwrap().rules.extend(rules);
    }

    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.lock().unwrap().requests.clone()
    }

    pub fn reset(&self) {
        let mut state = self.state.lock().unwrap();
        state.rules.clear();
        state.requests.clear();
    }
}

async fn handle_connection(mut socket: TcpStream, state: SharedState) -> std::io::Result<()> {
    let Some(request) = read_request(&mut socket).await? else {
        return Ok(());
    };
    let reply = route(&request, &state);
    reply.write_to(&mut socket, &request).await
}

fn route(request: &Request, state: &SharedState) -> Reply {
    if request.method == "OPTIONS" {
        return Reply::preflight(request);
    }
    let path = request.path_only();
    match (request.method.as_str(), path) {
        ("POST", "/__mock/script") => script(request, state),
        ("POST", "/__mock/reset") => {
            let mut state = state.lock().unwrap();
            state.rules.clear();
            state.requests.clear();
            Reply::json(200, json!({"ok": true}))
        }
        ("GET", "/__mock/requests") => {
            let requests = state.lock().unwrap().requests.clone();
            Reply::json(200, serde_json::to_value(requests).unwrap_or(Value::Null))
        }
        ("GET", "/" | "/health") => Reply::json(200, json!({"ok": true, "mock": "provider"})),
        ("POST", _) => match providers::Provider::from_path(path) {
            Some(provider) => providers::handle(provider, request, state),
            None => Reply::json(
                404,
                json!({"error": {"message": format!("no mock endpoint at {path}")}}),
            ),
        },
        _ => Reply::json(
            404,
            json!({"error": {"message": format!("no mock endpoint at {path}")}}),
        ),
    }
}

fn script(request: &Request, state: &SharedState) -> Reply {
    let value: Value = match serde_json::from_slice(&request.body) {
        Ok(value) => value,
        Err(error) => {
            return Reply::json(
                400,
                json!({"error": format!("script is not JSON: {error}")}),
            )
        }
    };
    let list = match value {
        Value::Array(list) => list,
        Value::Object(ref map) if map.contains_key("rules") => {
            map["rules"].as_array().cloned().unwrap_or_default()
        }
        other => vec![other],
    };
    let mut rules = Vec::new();
    for item in list {
        match serde_json::from_value::<Rule>(item) {
            Ok(rule) => rules.push(rule),
            Err(error) => return Reply::json(400, json!({"error": format!("bad rule: {error}")})),
        }
    }
    let count = rules.len();
    state.lock().unwrap().rules.extend(rules);
    Reply::json(200, json!({"ok": true, "added": count}))
}
