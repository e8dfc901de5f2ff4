//! Batch screening on virtual time: 30 fictional resumes, every call taking L, 3 at once. The
//! wall time is what the concurrency promises (one job analysis, then 30 × 3 calls / 3), never
//! more than 3 calls are in flight, and a 429 pauses the whole batch without failing anyone.
//! The clock moves only when every task waits (to the next timer), so the figures are exact.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use careergraph::graph::RunConfig;
use careergraph::llm::limiter::virtual_time::VirtualTime;
use careergraph::llm::limiter::{LimiterConfig, RateLimited};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::workflows::batch_screening::{
    self, BatchResume, BatchRunInput, BatchSettings, CandidateStatus,
};
use careergraph::workflows::demo_model;
use futures::future::LocalBoxFuture;
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

const L: f64 = 1000.0;
const CALLS_PER_CANDIDATE: f64 = 3.0;

/// The demo's answers, each after L of virtual time; call number `limited` answers 429.
struct Slow {
    time: Rc<VirtualTime>,
    demo: Rc<dyn ChatModel>,
    in_flight: Cell<usize>,
    max_in_flight: Cell<usize>,
    /// (start, end) of every call, in start order.
    spans: RefCell<Vec<(f64, f64)>>,
    limited: Option<(usize, Duration)>,
}

impl Slow {
    async fn call(&self, request: ChatRequest) -> Result<ChatResponse, LlmError> {
        let index = self.spans.borrow().len();
        let start = self.time.now_ms();
        self.spans.borrow_mut().push((start, f64::NAN));
        self.in_flight.set(self.in_flight.get() + 1);
        self.max_in_flight
            .set(self.max_in_flight.get().max(self.in_flight.get()));
        self.time.sleep(Duration::from_secs_f64(L / 1000.0)).await;
        self.in_flight.set(self.in_flight.get() - 1);
        self.spans.borrow_mut()[index].1 = self.time.now_ms();
        if let Some((at, wait)) = self.limited {
            if at == index {
                return Err(LlmError::RateLimited {
                    provider: "slow".into(),
                    retry_after: Some(wait),
                    message: "rate limited".into(),
                });
            }
        }
        self.demo.complete(request).await
    }
}

struct Model(Rc<Slow>);

impl ChatModel for Model {
    fn provider(&self) -> &str {
        "slow"
    }
    fn default_model(&self) -> &str {
        "slow"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(self.0.call(request))
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(stream::once(self.0.call(request)).map(|r| r.map(StreamEvent::Done)))
    }
}

fn thirty_resumes() -> BatchRunInput {
    let skills = [
        "Rust, Kubernetes",
        "Go, PostgreSQL",
        "Rust, PostgreSQL",
        "Java",
    ];
    BatchRunInput {
        job_description: "Backend Engineer\nRequirements:\n- Rust\n- Kubernetes\n- PostgreSQL\n"
            .into(),
        resumes: (1..=30)
            .map(|i| BatchResume {
                label: format!("resume-{i}.md"),
                text: format!(
                    "# Applicant Sample{i}\n## Experience\n### Engineer — Tern Systems ({}–2024)\n- Shipped services in {}\n## Skills\n{}\n",
                    2010 + i % 12,
                    skills[i % 4],
                    skills[i % 4]
                ),
                ..BatchResume::default()
            })
            .collect(),
        ..BatchRunInput::default()
    }
}

/// Runs the 30-resume batch; returns (wall ms, the model, statuses).
fn run_batch(limited: Option<(usize, Duration)>) -> (f64, Rc<Slow>, Vec<CandidateStatus>) {
    let time = VirtualTime::new();
    let slow = Rc::new(Slow {
        time: time.clone(),
        demo: Rc::new(demo_model()),
        in_flight: Cell::new(0),
        max_in_flight: Cell::new(0),
        spans: RefCell::new(Vec::new()),
        limited,
    });
    let clock = time.clock();
    let input = thirty_resumes();
    let settings = BatchSettings::default();
    let limits = LimiterConfig {
        max_in_flight: settings.concurrency,
        ..LimiterConfig::default()
    };
    // The same pacing `BatchWorkflow::prepare` puts around the run's model, on virtual time.
    let paced: Rc<dyn ChatModel> =
        Rc::new(RateLimited::with_clock(Model(slow.clone()), limits, clock));
    let graph = batch_screening::graph(paced, settings).compile().unwrap();
    let config =
        RunConfig::thread("timing").with_recursion_limit(batch_screening::recursion_limit());
    let state = time
        .run(async move { graph.invoke(input.initial_state(), &config).await })
        .unwrap()
        .into_state();
    let statuses = state.table.iter().map(|r| r.status).collect();
    (time.now_ms(), slow, statuses)
}

#[test]
fn thirty_resumes_three_at_once_take_the_promised_wall_time() {
    let (wall, slow, statuses) = run_batch(None);
    assert_eq!(statuses, vec![CandidateStatus::Screened; 30]);
    assert_eq!(slow.max_in_flight.get(), 3);
    assert_eq!(slow.spans.borrow().len(), 1 + 30 * 3);
    let ideal = 30.0 * CALLS_PER_CANDIDATE * L / 3.0;
    let ratio = wall / ideal;
    println!("wall {wall} ms, ideal {ideal} ms, ratio {ratio:.3}");
    // Only the one job analysis (L) comes on top: 31 L / 30 L.
    assert_eq!(wall, ideal + L);
    assert!(ratio < 1.05, "ratio {ratio}");
}

#[test]
fn a_429_slows_the_whole_batch_and_no_candidate_fails() {
    let wait = Duration::from_secs(5);
    // Call 10 (a parse or a match mid-batch) is told to wait 5 s.
    let (wall, slow, statuses) = run_batch(Some((10, wait)));
    assert_eq!(statuses, vec![CandidateStatus::Screened; 30]);
    assert!(slow.max_in_flight.get() <= 3);
    let spans = slow.spans.borrow();
    assert_eq!(
        spans.len(),
        1 + 30 * 3 + 1,
        "the limited call was sent again, once"
    );
    let (_, limited_end) = spans[10];
    let pause_end = limited_end + wait.as_secs_f64() * 1000.0;
    let started_in_pause: Vec<f64> = spans
        .iter()
        .map(|(start, _)| *start)
        .filter(|s| *s > limited_end && *s < pause_end)
        .collect();
    assert!(
        started_in_pause.is_empty(),
        "calls started while the batch was paused: {started_in_pause:?}"
    );
    // The pause and the repeated call come on top of the undisturbed 31 L, nothing more.
    let undisturbed = 31.0 * L;
    println!("wall with a 429: {wall} ms (undisturbed {undisturbed} ms)");
    assert!(
        wall > undisturbed && wall <= undisturbed + 5000.0 + L,
        "{wall}"
    );
}
