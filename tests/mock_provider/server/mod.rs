//! A small HTTP/1.1 server on 127.0.0.1 speaking the OpenAI, Anthropic, Gemini (and Ollama) chat
//! endpoints closely enough to test real clients: request validation with the providers' real error
//! bodies, CORS, JSON/SSE/NDJSON answers, and scripted behaviour.
//!
//! Endpoints:
//! - `POST /v1/chat/completions` (OpenAI), `POST /v1/messages` (Anthropic),
//!   `POST /v1beta/models/{model}:generateContent` / `:streamGenerateContent?alt=sse` (Gemini),
//!   `POST /api/chat` (Ollama native, NDJSON).
//! - `GET /v1/models`: one model, owned by nobody a local-server probe knows.
//! - `POST /__mock/script`: add rules (a rule object, a list, or `{"rules": [...]}`), see [`rules::Rule`].
//! - `POST /__mock/reset`: forget rules and recorded requests.
//! - `GET /__mock/requests`: every request received (method, path, headers, body, when it started
//!   and finished) as JSON.
//! - `GET /__mock/stats`: calls in flight now and at most since the last reset (a provider call
//!   is in flight from its arrival until its answer is written or the client hangs up).
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

pub struct MockState {
    pub rules: Vec<Rule>,
    pub requests: Vec<RecordedRequest>,
    pub in_flight: usize,
    pub max_in_flight: usize,
    /// Every prompt so far, with its provider: the emulated prompt caches (see
    /// `providers::prefix_cache`).
    pub seen_prompts: Vec<(String, String)>,
    started: std::time::Instant,
}

impl Default for MockState {
    fn default() -> Self {
        MockState {
            rules: Vec::new(),
            requests: Vec::new(),
            in_flight: 0,
            max_in_flight: 0,
            seen_prompts: Vec::new(),
            started: std::time::Instant::now(),
        }
    }
}

impl MockState {
    /// Milliseconds since the server started.
    pub fn clock_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Forgets rules, recorded requests and the in-flight maximum (calls still in flight stay
    /// counted: they end later).
    fn reset(&mut self) {
        self.rules.clear();
        self.requests.clear();
        self.seen_prompts.clear();
        self.max_in_flight = self.in_flight;
    }
}

/// A provider call in flight: counted from its arrival until this is dropped (its answer written,
/// or the connection gone), then its record gets its finish time.
struct InFlight {
    state: SharedState,
    /// Its record (index, start time), when the route recorded one (validation answers are
    /// recorded too); the start time tells it apart from a newer record after a reset.
    record: Option<(usize, u64)>,
}

impl InFlight {
    fn enter(state: &SharedState) -> Self {
        let mut locked = state.lock().unwrap();
        locked.in_flight += 1;
        locked.max_in_flight = locked.max_in_flight.max(locked.in_flight);
        InFlight {
            state: state.clone(),
            record: None,
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.state.lock().unwrap();
        state.in_flight -= 1;
        let now = state.clock_ms();
        if let Some((index, started_ms)) = self.record {
            if let Some(record) = state.requests.get_mut(index) {
                if record.started_ms == started_ms {
                    record.finished_ms = Some(now);
                }
            }
        }
    }
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
        self.state.lock().unwrap().reset();
    }
}

async fn handle_connection(mut socket: TcpStream, state: SharedState) -> std::io::Result<()> {
    let Some(request) = read_request(&mut socket).await? else {
        return Ok(());
    };
    let provider_call = request.method == "POST" && !request.path_only().starts_with("/__mock/");
    let mut in_flight = provider_call.then(|| InFlight::enter(&state));
    let recorded_before = state.lock().unwrap().requests.len();
    let reply = route(&request, &state);
    if let Some(in_flight) = in_flight.as_mut() {
        // `route` runs to the end without yielding, so a new record is this request's.
        let state = state.lock().unwrap();
        let recorded = state.requests.len();
        in_flight.record = (recorded > recorded_before)
            .then(|| (recorded - 1, state.requests[recorded - 1].started_ms));
    }
    let written = reply.write_to(&mut socket, &request).await;
    drop(in_flight);
    written
}

fn route(request: &Request, state: &SharedState) -> Reply {
    if request.method == "OPTIONS" {
        return Reply::preflight(request);
    }
    let path = request.path_only();
    match (request.method.as_str(), path) {
        ("POST", "/__mock/script") => script(request, state),
        ("POST", "/__mock/reset") => {
            state.lock().unwrap().reset();
            Reply::json(200, json!({"ok": true}))
        }
        ("GET", "/__mock/stats") => {
            let state = state.lock().unwrap();
            Reply::json(
                200,
                json!({"in_flight": state.in_flight, "max_in_flight": state.max_in_flight}),
            )
        }
        ("GET", "/__mock/requests") => {
            let requests = state.lock().unwrap().requests.clone();
            Reply::json(200, serde_json::to_value(requests).unwrap_or(Value::Null))
        }
        ("GET", "/" | "/health") => Reply::json(200, json!({"ok": true, "mock": "provider"})),
        // The models list every OpenAI-compatible server has; the mock is a server that says
        // nothing of its limits (no llama.cpp or Ollama owner), so a local-server probe asks
        // nothing more.
        ("GET", "/v1/models") => Reply::json(
            200,
            json!({"object": "list", "data": [{"id": "mock", "object": "model", "owned_by": "careergraph-mock"}]}),
        ),
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
