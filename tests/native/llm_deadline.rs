//! The overall call deadline, on a virtual clock: no test here waits in real time, and the moment a
//! call gives up is exact.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::client::{HttpChatModel, Protocol};
use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::limiter::virtual_time::VirtualTime;
use careergraph::llm::openai::{OpenAiConfig, OpenAiModel};
use careergraph::llm::retry::RetryPolicy;
use careergraph::llm::{ChatModel, ChatRequest, LlmError, Runtime, StreamEvent};
use futures::future::{self, LocalBoxFuture};
use futures::stream::{self, StreamExt};

/// The shared virtual clock (`llm::limiter::virtual_time`) as the provider client's runtime, and
/// a run that also says when (in virtual time) it ended.
struct Clock(Rc<VirtualTime>);

impl Default for Clock {
    fn default() -> Self {
        Clock(VirtualTime::new())
    }
}

impl Clock {
    fn runtime(&self) -> Runtime {
        Runtime::new(self.0.clock().sleep, Rc::new(|| 0.5))
    }

    /// Runs `work` to completion; returns its output and the virtual time it ended at (whole
    /// milliseconds: every timer here is).
    fn run<T: 'static>(
        &self,
        work: impl std::future::Future<Output = T> + 'static,
    ) -> (T, Duration) {
        let out = self.0.run(work);
        (out, Duration::from_millis(self.0.now_ms().round() as u64))
    }
}

/// A server that sends one OpenAI delta every `gap` of virtual time, forever (or always answers
/// `fail_with`, with `Retry-After: 50`).
struct Trickle {
    runtime: Runtime,
    gap: Duration,
    sent: Rc<Cell<usize>>,
    requests: Cell<usize>,
    fail_with: Option<u16>,
    /// Ends the stream properly (finish reason `stop`, `[DONE]`) after this many deltas.
    finish_after: Option<usize>,
}

impl HttpTransport for Trickle {
    fn send(
        &self,
        _request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        self.requests.set(self.requests.get() + 1);
        if let Some(status) = self.fail_with {
            let body = stream::iter([Ok(b"{\"error\":{\"message\":\"down\"}}".to_vec())]);
            return Box::pin(future::ready(Ok(HttpResponse {
                status,
                headers: vec![("retry-after".into(), "50".into())],
                body: body.boxed_local(),
            })));
        }
        let (runtime, gap, sent) = (self.runtime.clone(), self.gap, self.sent.clone());
        let finish_after = self.finish_after;
        let body = stream::unfold(false, move |ended| {
            let (runtime, sent) = (runtime.clone(), sent.clone());
            async move {
                if ended {
                    return None;
                }
                runtime.sleep(gap).await;
                sent.set(sent.get() + 1);
                if finish_after.is_some_and(|n| sent.get() > n) {
                    let end = b"data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";
                    return Some((Ok(end.to_vec()), true));
                }
                let event = b"data: {\"choices\":[{\"delta\":{\"content\":\".\"}}]}\n\n".to_vec();
                Some((Ok(event), false))
            }
        });
        Box::pin(future::ready(Ok(HttpResponse {
            status: 200,
            headers: Vec::new(),
            body: body.boxed_local(),
        })))
    }
}

fn trickle(clock: &Rc<Clock>, fail_with: Option<u16>) -> Rc<Trickle> {
    Rc::new(Trickle {
        runtime: clock.runtime(),
        gap: Duration::from_secs(1),
        sent: Rc::new(Cell::new(0)),
        requests: Cell::new(0),
        fail_with,
        finish_after: None,
    })
}

fn model<P: Protocol>(model: HttpChatModel<P>, clock: &Rc<Clock>) -> HttpChatModel<P> {
    model
        .with_runtime(clock.runtime())
        .with_timeout(Duration::from_secs(5)) // idle timeout: never reached by a 1 s trickle
        .with_deadline(Duration::from_secs(30))
}

fn request() -> ChatRequest {
    ChatRequest::new("critic", "You are the critic.").user("Resume: fictional Ada.")
}

#[test]
fn a_stream_trickling_forever_ends_exactly_at_the_deadline() {
    let clock = Rc::new(Clock::default());
    let server = trickle(&clock, None);
    let chat = Rc::new(model(
        OpenAiModel::new(OpenAiConfig::openai("sk-test-d"), server.clone()),
        &clock,
    ));
    let ((deltas, result), ended) = clock.run(async move {
        let mut events = chat.stream(request());
        let mut deltas = 0;
        while let Some(event) = events.next().await {
            match event {
                Ok(StreamEvent::TextDelta(_)) => deltas += 1,
                Ok(StreamEvent::Done(_)) => return (deltas, Ok(())),
                Err(error) => return (deltas, Err(error)),
            }
        }
        (deltas, Ok(()))
    });
    assert_eq!(
        result.unwrap_err(),
        LlmError::Timeout {
            provider: "openai".into(),
            after: Duration::from_secs(30)
        }
    );
    assert_eq!(ended, Duration::from_secs(30), "exactly at the deadline");
    assert!(
        (28..=30).contains(&deltas),
        "the trickle was shown until then: {deltas}"
    );
    println!("trickle: {deltas} deltas, Timeout at {ended:?} of virtual time");
}

#[test]
fn without_a_deadline_hit_the_idle_timeout_still_applies() {
    // A server that stalls after the status: the idle timeout (5 s) ends it, well before 30 s.
    let clock = Rc::new(Clock::default());
    let slow = Trickle {
        runtime: clock.runtime(),
        gap: Duration::from_secs(3600),
        sent: Rc::new(Cell::new(0)),
        requests: Cell::new(0),
        fail_with: None,
        finish_after: None,
    };
    let chat = Rc::new(model(
        OpenAiModel::new(OpenAiConfig::openai("sk-test-d"), Rc::new(slow)),
        &clock,
    ));
    let (result, ended) = clock.run(async move {
        let mut events = chat.stream(request());
        events.next().await.unwrap()
    });
    assert_eq!(
        result.unwrap_err(),
        LlmError::Timeout {
            provider: "openai".into(),
            after: Duration::from_secs(5)
        }
    );
    assert_eq!(ended, Duration::from_secs(5));
}

#[test]
fn backoff_waits_never_outlast_the_deadline() {
    // 429s with Retry-After 50 s (within the policy's 60 s): the first wait is cut by the 30 s deadline.
    let clock = Rc::new(Clock::default());
    let server = trickle(&clock, Some(429));
    let chat = Rc::new(
        model(
            OpenAiModel::new(OpenAiConfig::openai("sk-test-d"), server.clone()),
            &clock,
        )
        .with_retry(RetryPolicy {
            max_retries: 5,
            ..RetryPolicy::default()
        }),
    );
    let (result, ended) = clock.run(async move { chat.complete(request()).await });
    assert_eq!(
        result.unwrap_err(),
        LlmError::Timeout {
            provider: "openai".into(),
            after: Duration::from_secs(30)
        }
    );
    assert_eq!(ended, Duration::from_secs(30));
    assert_eq!(server.requests.get(), 1, "no attempt after the deadline");
}

#[test]
fn a_non_streamed_body_trickling_forever_ends_at_the_deadline() {
    let clock = Rc::new(Clock::default());
    let server = trickle(&clock, None);
    // Idle timeout longer than the deadline: only the deadline can end a body that never finishes.
    let chat = Rc::new(
        model(
            OpenAiModel::new(OpenAiConfig::openai("sk-test-d"), server.clone()),
            &clock,
        )
        .with_timeout(Duration::from_secs(600)),
    );
    let (result, ended) = clock.run(async move { chat.complete(request()).await });
    assert!(
        matches!(result, Err(LlmError::Timeout { after, .. }) if after == Duration::from_secs(30)),
        "{result:?}"
    );
    assert_eq!(ended, Duration::from_secs(30));
    assert_eq!(
        server.requests.get(),
        1,
        "a deadline timeout is not retried"
    );
}

#[test]
fn the_default_deadline_is_three_minutes() {
    assert_eq!(
        careergraph::llm::limits::DEFAULT_DEADLINE,
        Duration::from_secs(180)
    );
    let settings = careergraph::llm::client::CallSettings::default();
    assert!(
        settings.deadline > settings.timeout,
        "the deadline bounds the whole call, the timeout one wait"
    );
}

/// A model on this machine, asked for up to 1,000 tokens: at 2 tokens a second that is 500 s of
/// writing plus a minute of prompt processing, so its deadline is 560 s, not 180 s.
fn local_model(server: Rc<Trickle>, clock: &Rc<Clock>) -> Rc<OpenAiModel> {
    let config = OpenAiConfig::compatible("openai_compatible", "http://127.0.0.1:8080/v1", "", "m");
    Rc::new(
        OpenAiModel::new(config, server)
            .with_runtime(clock.runtime())
            .with_timeout(Duration::from_secs(5)),
    )
}

/// Streams `chat` to its end: the deltas seen and how it ended.
async fn drain(chat: Rc<OpenAiModel>, request: ChatRequest) -> (usize, Result<(), LlmError>) {
    let mut events = chat.stream(request);
    let mut deltas = 0;
    while let Some(event) = events.next().await {
        match event {
            Ok(StreamEvent::TextDelta(_)) => deltas += 1,
            Ok(StreamEvent::Done(_)) => return (deltas, Ok(())),
            Err(error) => return (deltas, Err(error)),
        }
    }
    (deltas, Ok(()))
}

#[test]
fn a_slow_healthy_local_model_streaming_for_250_s_is_not_cut_at_180_s() {
    let clock = Rc::new(Clock::default());
    let server = Rc::new(Trickle {
        finish_after: Some(250),
        ..Rc::try_unwrap(trickle(&clock, None)).ok().unwrap()
    });
    let chat = local_model(server, &clock);
    let ((deltas, result), ended) = clock.run(drain(chat, request().with_max_tokens(1000)));
    assert_eq!(result, Ok(()));
    assert_eq!(deltas, 250);
    assert!(ended > Duration::from_secs(250), "{ended:?}");
    println!("local slow model: {deltas} deltas, done at {ended:?} of virtual time");
}

#[test]
fn a_local_model_trickling_forever_still_ends_at_its_longer_deadline() {
    let clock = Rc::new(Clock::default());
    let chat = local_model(trickle(&clock, None), &clock);
    let ((_, result), ended) = clock.run(drain(chat, request().with_max_tokens(1000)));
    assert_eq!(
        result.unwrap_err(),
        LlmError::Timeout {
            provider: "openai_compatible".into(),
            after: Duration::from_secs(560)
        }
    );
    assert_eq!(ended, Duration::from_secs(560));
}

#[test]
fn only_local_compatible_servers_get_the_longer_deadline() {
    use careergraph::llm::limits::{is_local_host, local_deadline, DEFAULT_DEADLINE};
    for local in [
        "http://localhost:11434/v1",
        "http://127.0.0.1:8080/v1",
        "http://[::1]:1234/v1",
        "https://192.168.1.20:8080/v1",
        "http://10.0.0.5/v1",
        "http://gpu-box.local:8080/v1",
    ] {
        assert!(is_local_host(local), "{local}");
    }
    for remote in [
        "https://api.openai.com/v1",
        "https://openrouter.ai/api/v1",
        "https://8.8.8.8/v1",
        "https://localhost.example.com/v1",
    ] {
        assert!(!is_local_host(remote), "{remote}");
    }
    assert_eq!(local_deadline(100, DEFAULT_DEADLINE), DEFAULT_DEADLINE);
    assert_eq!(
        local_deadline(8192, DEFAULT_DEADLINE),
        Duration::from_secs(4156)
    );
    // A hosted server keeps the three minutes whatever it is asked for.
    let clock = Rc::new(Clock::default());
    let remote = OpenAiModel::new(
        OpenAiConfig::compatible(
            "openrouter",
            "https://openrouter.ai/api/v1",
            "sk-test-d",
            "m",
        ),
        trickle(&clock, None),
    )
    .with_runtime(clock.runtime())
    .with_timeout(Duration::from_secs(5));
    let ((_, result), ended) = clock.run(drain(Rc::new(remote), request().with_max_tokens(1000)));
    assert!(matches!(result, Err(LlmError::Timeout { .. })));
    assert_eq!(ended, DEFAULT_DEADLINE);
}

/// A server that answers at once but sends its whole (non-streamed) body only after `wait`.
struct WholeBodyLater {
    runtime: Runtime,
    wait: Duration,
}

impl HttpTransport for WholeBodyLater {
    fn send(
        &self,
        _request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let (runtime, wait) = (self.runtime.clone(), self.wait);
        let body = stream::once(async move {
            runtime.sleep(wait).await;
            let completion = br#"{"choices":[{"message":{"content":"{\"score\":7}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":4}}"#;
            Ok(completion.to_vec())
        });
        Box::pin(future::ready(Ok(HttpResponse {
            status: 200,
            headers: Vec::new(),
            body: body.boxed_local(),
        })))
    }
}

/// Seen on a CPU: a re-ask (not streamed) writing 2,000 tokens at 13 tokens/s was cut by the
/// 120 s idle timeout, which for a whole body is a limit on the whole answer. From a local
/// server, a body may take as long as its (longer) deadline.
#[test]
fn a_slow_local_models_whole_body_is_not_cut_by_the_idle_timeout() {
    let clock = Rc::new(Clock::default());
    let server = Rc::new(WholeBodyLater {
        runtime: clock.runtime(),
        wait: Duration::from_secs(250),
    });
    let chat = local_model_on(server.clone(), &clock);
    let (result, ended) =
        clock.run(async move { chat.complete(request().with_max_tokens(1000)).await });
    assert_eq!(result.unwrap().text, r#"{"score":7}"#);
    assert_eq!(ended, Duration::from_secs(250));
    // A hosted provider keeps its idle timeout (5 s here) on a whole body.
    let hosted = Rc::new(model(
        OpenAiModel::new(OpenAiConfig::openai("sk-test-d"), server),
        &clock,
    ));
    let (result, _) = clock.run(async move { hosted.complete(request()).await });
    assert!(
        matches!(result, Err(LlmError::Timeout { .. })),
        "{result:?}"
    );
}

fn local_model_on(server: Rc<dyn HttpTransport>, clock: &Rc<Clock>) -> Rc<OpenAiModel> {
    let config = OpenAiConfig::compatible("openai_compatible", "http://127.0.0.1:8080/v1", "", "m");
    Rc::new(
        OpenAiModel::new(config, server)
            .with_runtime(clock.runtime())
            .with_timeout(Duration::from_secs(5)),
    )
}
