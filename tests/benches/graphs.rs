//! The bench graphs and the measuring loop, shared by the native bench (`engine.rs`, `memory.rs`)
//! and the browser one (`engine_browser.rs`). The LangGraph anchors (`anchor_langgraph.py`,
//! `anchor_langgraph.mjs`) build the same graphs and measure the same way, so keep them in step.

use std::rc::Rc;

use careergraph::graph::{
    CompiledGraph, MemorySaver, NodeContext, RunConfig, Send, StateGraph, END, START,
};
use careergraph::state;

state! {
    pub struct Bench updates BenchUpdate {
        pub feedback: Vec<String> => append,
        pub rounds: u32,
        pub max_rounds: u32,
        pub topic: String,
        pub done: Vec<String> => append,
    }
}

/// Warm-up: at least WARM_UP invocations and WARM_UP_US (JITs — V8 for the wasm and LangGraph.js —
/// need time, not a count); the warm-up also sizes the batch. Then samples, within a budget.
pub const WARM_UP: usize = 3;
pub const WARM_UP_US: f64 = 300_000.0;
pub const SAMPLES: usize = 15;
/// A sample is a batch of invocations lasting about this long: browsers coarsen
/// `performance.now()` to 0.1 ms, shorter than one run of the small graphs.
pub const BATCH_US: f64 = 5_000.0;
/// Stop sampling a scenario after this long (at least 3 samples), so every loop is bounded.
pub const BUDGET_US: f64 = 10_000_000.0;

/// The graph, and its memory checkpointer when it has one (the measuring loop deletes the
/// threads it ran, so the saver never holds more than one batch of runs).
fn compile(
    graph: StateGraph<Bench>,
    with_saver: bool,
) -> (CompiledGraph<Bench>, Option<Rc<MemorySaver>>) {
    if with_saver {
        let saver = Rc::new(MemorySaver::new());
        let graph = graph.compile_with_checkpointer(saver.clone()).unwrap();
        (graph, Some(saver))
    } else {
        (graph.compile().unwrap(), None)
    }
}

/// The seed-000 review topology (router → 3 parallel critics → aggregator → conditional revisor
/// loop → portfolio → design), stub nodes that return at once.
pub fn seed_000(with_saver: bool) -> CompiledGraph<Bench> {
    compile(seed_000_graph(), with_saver).0
}

fn seed_000_graph() -> StateGraph<Bench> {
    let mut graph = StateGraph::<Bench>::new();
    graph.add_node("router", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    for reviewer in ["recruiter", "tech_writer", "copywriter"] {
        graph.add_node(reviewer, move |_s: Bench, _c: NodeContext| async move {
            Ok(BenchUpdate::default().feedback(vec![reviewer.to_string()]))
        });
        graph.add_edge("router", reviewer);
        graph.add_edge(reviewer, "aggregator");
    }
    graph.add_node("aggregator", |s: Bench, _c: NodeContext| async move {
        Ok(BenchUpdate::default().rounds(s.rounds + 1))
    });
    graph.add_node("revisor", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    graph.add_node("portfolio", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    graph.add_node("design", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    graph.add_edge(START, "router");
    graph.add_conditional_edges(
        "aggregator",
        |s: &Bench| {
            if s.rounds < s.max_rounds {
                "revise"
            } else {
                "finish"
            }
        },
        [("revise", "revisor"), ("finish", "portfolio")],
    );
    graph.add_edge("revisor", "router");
    graph.add_conditional_edges("portfolio", |_s: &Bench| "design", ["design", END]);
    graph.add_edge("design", END);
    graph
}

/// `length` nodes in a row; each counts itself in `rounds`, so the final state proves all ran.
fn chain_graph(length: usize) -> StateGraph<Bench> {
    let mut graph = StateGraph::<Bench>::new();
    for i in 0..length {
        graph.add_node(&format!("n{i}"), |s: Bench, _c: NodeContext| async move {
            Ok(BenchUpdate::default().rounds(s.rounds + 1))
        });
        let previous = if i == 0 {
            START.to_string()
        } else {
            format!("n{}", i - 1)
        };
        graph.add_edge(previous.as_str(), &format!("n{i}"));
    }
    graph
}

/// plan → `width` × work (each via `Send` with its own topic) → collect.
fn fan_out_graph(width: usize) -> StateGraph<Bench> {
    let mut graph = StateGraph::<Bench>::new();
    graph.add_node("plan", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    graph.add_node("work", |s: Bench, _c: NodeContext| async move {
        Ok(BenchUpdate::default().done(vec![s.topic]))
    });
    graph.add_node("collect", |_s: Bench, _c: NodeContext| async {
        Ok(BenchUpdate::default())
    });
    graph.add_edge(START, "plan");
    graph.add_conditional_edges(
        "plan",
        move |_s: &Bench| {
            (0..width)
                .map(|i| {
                    Send::new(
                        "work",
                        Bench {
                            topic: format!("t{i}"),
                            ..Default::default()
                        },
                    )
                })
                .collect::<Vec<_>>()
        },
        ["work"],
    );
    graph.add_edge("work", "collect");
    graph
}

/// A long run's engine cost per superstep may be at most this many times a short run's
/// (the review graph, 100 rounds ÷ 3 rounds): above it, something copies the history every step.
/// `engine.rs`, `engine_browser.rs` and `run.py` fail the bench over it.
pub const MAX_GROWTH: f64 = 1.3;

/// seed-000 for `rounds` rounds on one thread of a fresh memory checkpointer: (checkpoints,
/// bytes of their JSON — what the IndexedDB saver stores, one record per checkpoint).
pub async fn stored_bytes(rounds: u32) -> (usize, usize) {
    let saver = Rc::new(MemorySaver::new());
    let graph = seed_000_graph()
        .compile_with_checkpointer(saver.clone())
        .unwrap();
    let config = RunConfig::thread("bytes").with_recursion_limit(10_000);
    graph
        .invoke(BenchUpdate::default().max_rounds(rounds), &config)
        .await
        .unwrap();
    let thread = careergraph::graph::Checkpointer::list(&*saver, "bytes", "")
        .await
        .unwrap();
    let bytes = thread
        .iter()
        .map(|c| serde_json::to_string(c).unwrap().len())
        .sum();
    (thread.len(), bytes)
}

/// The growth check's line (JSON for `run.py`) and whether it passed. `clock`: "thread_cpu" or
/// "wall", what `measure_growth` was given.
pub fn growth_json(
    implementation: &str,
    saver: bool,
    clock: &str,
    growth: &Growth,
) -> (String, bool) {
    (
        format!(
            r#"{{"impl":"{implementation}","growth":true,"saver":{saver},"clock":"{clock}","us_per_superstep_3":{:.4},"us_per_superstep_100":{:.4},"ratio":{:.3},"pair_median_ratio":{:.3},"limit":{MAX_GROWTH}}}"#,
            growth.short_us, growth.long_us, growth.ratio, growth.pair_median_ratio
        ),
        growth.ratio <= MAX_GROWTH,
    )
}

/// The stored-bytes line (JSON for `run.py`).
pub fn bytes_json(implementation: &str, short: (usize, usize), long: (usize, usize)) -> String {
    format!(
        r#"{{"impl":"{implementation}","stored":true,"checkpoints_3":{},"bytes_3":{},"checkpoints_100":{},"bytes_100":{},"ratio":{:.2}}}"#,
        short.0,
        short.1,
        long.0,
        long.1,
        long.1 as f64 / short.1 as f64
    )
}

/// One bench case: its id (shared with the anchors), graph, input and superstep count.
pub struct Scenario {
    pub id: &'static str,
    pub graph: CompiledGraph<Bench>,
    /// The graph's memory checkpointer, if it has one.
    pub saver: Option<Rc<MemorySaver>>,
    pub input: BenchUpdate,
    pub supersteps: usize,
}

impl Scenario {
    fn new(
        id: &'static str,
        graph: StateGraph<Bench>,
        with_saver: bool,
        input: BenchUpdate,
        supersteps: usize,
    ) -> Self {
        let (graph, saver) = compile(graph, with_saver);
        Scenario {
            id,
            graph,
            saver,
            input,
            supersteps,
        }
    }
}

/// seed-000 with `rounds` rounds: router, critics, aggregator per round, revisor between rounds,
/// then portfolio and design.
pub fn seed_supersteps(rounds: u32) -> usize {
    (rounds * 3 + (rounds - 1) + 2) as usize
}

/// seed-000 with `rounds` rounds, as a scenario.
pub fn seed_scenario(id: &'static str, rounds: u32, with_saver: bool) -> Scenario {
    Scenario::new(
        id,
        seed_000_graph(),
        with_saver,
        BenchUpdate::default().max_rounds(rounds),
        seed_supersteps(rounds),
    )
}

pub fn scenarios(with_saver: bool) -> Vec<Scenario> {
    vec![
        seed_scenario("seed000_3", 3, with_saver),
        seed_scenario("seed000_100", 100, with_saver),
        Scenario::new(
            "chain_200",
            chain_graph(200),
            with_saver,
            BenchUpdate::default(),
            200,
        ),
        Scenario::new(
            "fanout_50",
            fan_out_graph(50),
            with_saver,
            BenchUpdate::default(),
            3,
        ),
    ]
}

/// One result line as JSON: the driver (`run.py`) compares `check` across implementations.
pub fn result_json(
    implementation: &str,
    s: &Scenario,
    saver: bool,
    us: f64,
    last: &Bench,
) -> String {
    format!(
        r#"{{"impl":"{implementation}","scenario":"{}","saver":{saver},"supersteps":{},"us_per_run":{us:.3},"us_per_superstep":{:.4},"check":{{"rounds":{},"feedback":{},"done":{}}}}}"#,
        s.id,
        s.supersteps,
        us / s.supersteps as f64,
        last.rounds,
        last.feedback.len(),
        last.done.len()
    )
}

/// Runs one scenario, each run on a fresh thread (with the checkpointer, every run starts from an
/// empty state and writes only its own thread's checkpoints).
struct Runs<'a> {
    scenario: &'a Scenario,
    /// Delete each batch's threads from the saver once the batch is timed.
    forget: bool,
    next: usize,
    last: Bench,
}

impl<'a> Runs<'a> {
    fn new(scenario: &'a Scenario, forget: bool) -> Self {
        Runs {
            scenario,
            forget,
            next: 0,
            last: Bench::default(),
        }
    }

    /// Times `count` runs and returns µs per run.
    async fn batch(&mut self, count: usize, now_us: &dyn Fn() -> f64) -> f64 {
        let first = self.next;
        let t0 = now_us();
        for _ in 0..count {
            let config =
                RunConfig::thread(format!("run{}", self.next)).with_recursion_limit(10_000);
            self.next += 1;
            let outcome = self
                .scenario
                .graph
                .invoke(self.scenario.input.clone(), &config)
                .await
                .unwrap();
            self.last = outcome.into_state();
        }
        let us = (now_us() - t0) / count as f64;
        if let Some(saver) = self.scenario.saver.as_ref().filter(|_| self.forget) {
            for run in first..self.next {
                saver.delete_thread(&format!("run{run}"));
            }
        }
        us
    }
}

/// How many runs make a sample of about BATCH_US.
fn batch_size(per_run_us: f64) -> usize {
    (BATCH_US / per_run_us.max(0.001)).ceil().max(1.0) as usize
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    values[values.len() / 2]
}

/// Warm-up (bounded: each run is bounded and the loop ends after WARM_UP_US), then SAMPLES batches (bounded by BUDGET_US); returns (median µs per run, last state).
/// `now_us` is the clock: `Instant` natively, `performance.now()` in the browser.
/// The saver keeps every run's thread, as the LangGraph anchors' savers do (keep them in step).
pub async fn measure(s: &Scenario, now_us: &dyn Fn() -> f64) -> (f64, Bench) {
    let mut runs = Runs::new(s, false);
    let started = now_us();
    let (mut warm_runs, mut warm_us) = (0, 0.0);
    while warm_runs < WARM_UP || now_us() - started < WARM_UP_US {
        warm_us += runs.batch(1, now_us).await;
        warm_runs += 1;
    }
    let batch = batch_size(warm_us / warm_runs as f64);
    let mut samples = Vec::new();
    let budget_start = now_us();
    while samples.len() < SAMPLES && (samples.len() < 3 || now_us() - budget_start < BUDGET_US) {
        samples.push(runs.batch(batch, now_us).await);
    }
    (median(samples), runs.last)
}

/// A long run's µs per superstep against a short run's.
pub struct Growth {
    /// The fastest sample's µs per superstep of the short and of the long scenario.
    pub short_us: f64,
    pub long_us: f64,
    /// `long_us / short_us`: what the limit applies to.
    pub ratio: f64,
    /// For the reader: the median over the pairs of long ÷ short.
    pub pair_median_ratio: f64,
}

/// The growth check: µs per superstep of one thread's run of `long` over one of
/// `short`. Two things of the bench's own, not of the run measured, would otherwise weigh on
/// one side:
/// - the load of the machine (other processes on 2 shared cores make a 5 ms batch up to 6×
///   slower, in bursts, and such a burst only ever adds time): so the two are sampled in pairs,
///   a batch of each back to back, the order alternating, over the same stretch of time, and
///   each is represented by its fastest sample, the one least disturbed. A cost the engine
///   really adds per step at 100 rounds is in every sample of it, the fastest included;
/// - the runs measured before (a saver that kept every earlier run's thread grew the heap to
///   120 MB, a fifth of the time then went to the kernel mapping fresh memory): so each batch's
///   threads are deleted once the batch is timed. A thread's own checkpoints stay for its
///   whole run, as in the app.
///
/// Same warm-up, batches and budget as `measure`.
pub async fn measure_growth(short: &Scenario, long: &Scenario, now_us: &dyn Fn() -> f64) -> Growth {
    let (mut a, mut b) = (Runs::new(short, true), Runs::new(long, true));
    let started = now_us();
    let (mut warm_runs, mut a_us, mut b_us) = (0, 0.0, 0.0);
    while warm_runs < WARM_UP || now_us() - started < WARM_UP_US {
        a_us += a.batch(1, now_us).await;
        b_us += b.batch(1, now_us).await;
        warm_runs += 1;
    }
    let (a_batch, b_batch) = (
        batch_size(a_us / warm_runs as f64),
        batch_size(b_us / warm_runs as f64),
    );
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    let budget_start = now_us();
    while pairs.len() < SAMPLES && (pairs.len() < 3 || now_us() - budget_start < BUDGET_US) {
        let (short_us, long_us) = if pairs.len().is_multiple_of(2) {
            let short_us = a.batch(a_batch, now_us).await;
            (short_us, b.batch(b_batch, now_us).await)
        } else {
            let long_us = b.batch(b_batch, now_us).await;
            (a.batch(a_batch, now_us).await, long_us)
        };
        pairs.push((
            short_us / short.supersteps as f64,
            long_us / long.supersteps as f64,
        ));
    }
    let fastest = |values: Vec<f64>| values.into_iter().fold(f64::INFINITY, f64::min);
    let short_us = fastest(pairs.iter().map(|p| p.0).collect());
    let long_us = fastest(pairs.iter().map(|p| p.1).collect());
    Growth {
        short_us,
        long_us,
        ratio: long_us / short_us,
        pair_median_ratio: median(pairs.iter().map(|p| p.1 / p.0).collect()),
    }
}
