//! Engine overhead with instant nodes: prints microseconds per superstep (median of several
//! runs after a warm-up). Run with `cargo bench --bench engine`. Not a timed test.

use std::rc::Rc;
use std::time::Instant;

use careergraph::graph::{
    CompiledGraph, MemorySaver, NodeContext, RunConfig, Send, StateGraph, END, START,
};
use careergraph::state;
use futures::executor::block_on;

state! {
    pub struct Bench updates BenchUpdate {
        pub feedback: Vec<String> => append,
        pub rounds: u32,
        pub max_rounds: u32,
        pub topic: String,
        pub done: Vec<String> => append,
    }
}

const WARM_UP: usize = 3;
const RUNS: usize = 15;

fn compile(graph: StateGraph<Bench>, with_saver: bool) -> CompiledGraph<Bench> {
    if with_saver {
        graph
            .compile_with_checkpointer(Rc::new(MemorySaver::new()))
            .unwrap()
    } else {
        graph.compile().unwrap()
    }
}

/// The seed-000 review topology, stub nodes that return at once.
fn seed_000(with_saver: bool) -> CompiledGraph<Bench> {
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
    compile(graph, with_saver)
}

fn chain(length: usize, with_saver: bool) -> CompiledGraph<Bench> {
    let mut graph = StateGraph::<Bench>::new();
    for i in 0..length {
        graph.add_node(&format!("n{i}"), |_s: Bench, _c: NodeContext| async {
            Ok(BenchUpdate::default())
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

fn fan_out(width: usize, with_saver: bool) -> CompiledGraph<Bench> {
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

/// Runs `graph` WARM_UP + RUNS times on fresh threads; returns (median µs per run, supersteps).
fn measure(graph: &CompiledGraph<Bench>, input: BenchUpdate, supersteps: usize) -> (f64, usize) {
    let mut samples = Vec::new();
    for run in 0..WARM_UP + RUNS {
        let config = RunConfig::thread(format!("run{run}")).with_recursion_limit(10_000);
        let started = Instant::now();
        block_on(graph.invoke(input.clone(), &config)).unwrap();
        if run >= WARM_UP {
            samples.push(started.elapsed().as_secs_f64() * 1e6);
        }
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (samples[samples.len() / 2], supersteps)
}

fn report(name: &str, (median_us, supersteps): (f64, usize)) {
    println!(
        "{name:<44} {supersteps:>5} supersteps  {median_us:>10.1} µs/run  {:>8.2} µs/superstep",
        median_us / supersteps as f64
    );
}

fn main() {
    println!("median of {RUNS} runs after {WARM_UP} warm-up runs, instant nodes");
    for with_saver in [false, true] {
        let label = if with_saver {
            "memory checkpointer"
        } else {
            "no checkpointer"
        };
        for rounds in [3u32, 100] {
            // router, reviewers, aggregator per round, revisor between rounds, portfolio, design.
            let supersteps = (rounds * 3 + (rounds - 1) + 2) as usize;
            let input = BenchUpdate::default().max_rounds(rounds);
            report(
                &format!("seed-000, {rounds} rounds, {label}"),
                measure(&seed_000(with_saver), input, supersteps),
            );
        }
        report(
            &format!("linear chain of 200, {label}"),
            measure(&chain(200, with_saver), BenchUpdate::default(), 200),
        );
        report(
            &format!("50-way Send fan-out, {label}"),
            measure(&fan_out(50, with_saver), BenchUpdate::default(), 3),
        );
    }
}
