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

fn compile(graph: StateGraph<Bench>, with_saver: bool) -> CompiledGraph<Bench> {
    if with_saver {
        graph
            .compile_with_checkpointer(Rc::new(MemorySaver::new()))
            .unwrap()
    } else {
        graph.compile().unwrap()
    }
}

/// The seed-000 review topology (router → 3 parallel critics → aggregator → conditional revisor
/// loop → portfolio → design), stub nodes that return at once.
pub fn seed_000(with_saver: bool) -> CompiledGraph<Bench> {
    compile(seed_000_graph(), with_saver)
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
pub fn chain(length: usize, with_saver: bool) -> CompiledGraph<Bench> {
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
    compile(graph, with_saver)
}

/// plan → `width` × work (each via `Send` with its own topic) → collect.
pub fn fan_out(width: usize, with_saver: bool) -> CompiledGraph<Bench> {
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
    compile(graph, with_saver)
}

/// A long run's engine cost per superstep may be at most this many times a short run's
/// (seed-000, 100 rounds ÷ 3 rounds): above it, something copies the history every step
/// (issue 17). `engine.rs`, `engine_browser.rs` and `run.py` fail the bench over it.
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

/// The growth check's line (JSON for `run.py`) and whether it passed.
pub fn growth_json(
    implementation: &str,
    saver: bool,
    short_us: f64,
    long_us: f64,
) -> (String, bool) {
    let ratio = long_us / short_us;
    (
        format!(
            r#"{{"impl":"{implementation}","growth":true,"saver":{saver},"ratio":{ratio:.3},"limit":{MAX_GROWTH}}}"#
        ),
        ratio <= MAX_GROWTH,
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
    pub input: BenchUpdate,
    pub supersteps: usize,
}

/// seed-000 with `rounds` rounds: router, critics, aggregator per round, revisor between rounds,
/// then portfolio and design.
pub fn seed_supersteps(rounds: u32) -> usize {
    (rounds * 3 + (rounds - 1) + 2) as usize
}

pub fn scenarios(with_saver: bool) -> Vec<Scenario> {
    let seed = |id, rounds: u32| Scenario {
        id,
        graph: seed_000(with_saver),
        input: BenchUpdate::default().max_rounds(rounds),
        supersteps: seed_supersteps(rounds),
    };
    vec![
        seed("seed000_3", 3),
        seed("seed000_100", 100),
        Scenario {
            id: "chain_200",
            graph: chain(200, with_saver),
            input: BenchUpdate::default(),
            supersteps: 200,
        },
        Scenario {
            id: "fanout_50",
            graph: fan_out(50, with_saver),
            input: BenchUpdate::default(),
            supersteps: 3,
        },
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

/// Warm-up (bounded: each run is bounded and the loop ends after WARM_UP_US), then SAMPLES batches (bounded by BUDGET_US); returns (median µs per run, last state).
/// `now_us` is the clock: `Instant` natively, `performance.now()` in the browser.
pub async fn measure(s: &Scenario, now_us: &dyn Fn() -> f64) -> (f64, Bench) {
    let mut run = 0usize;
    let mut last = Bench::default();
    let mut invoke = async || {
        // A fresh thread per run: with the checkpointer, every run starts from an empty state.
        let config = RunConfig::thread(format!("run{run}")).with_recursion_limit(10_000);
        run += 1;
        let outcome = s.graph.invoke(s.input.clone(), &config).await.unwrap();
        outcome.into_state()
    };
    let started = now_us();
    let mut warm_runs = 0;
    while warm_runs < WARM_UP || now_us() - started < WARM_UP_US {
        last = invoke().await;
        warm_runs += 1;
    }
    let per_run = ((now_us() - started) / warm_runs as f64).max(0.001);
    let batch = (BATCH_US / per_run).ceil().max(1.0) as usize;
    let mut samples = Vec::new();
    let budget_start = now_us();
    while samples.len() < SAMPLES && (samples.len() < 3 || now_us() - budget_start < BUDGET_US) {
        let t0 = now_us();
        for _ in 0..batch {
            last = invoke().await;
        }
        samples.push((now_us() - t0) / batch as f64);
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (samples[samples.len() / 2], last)
}
