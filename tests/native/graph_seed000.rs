//! The seed-000 review topology with stub nodes: router → three reviewers → aggregator →
//! revise loop or portfolio → design or END.

use crate::graph_support;

use careergraph::graph::{
    CompiledGraph, GraphError, NodeContext, RunConfig, StateGraph, END, START,
};
use careergraph::state;
use futures::executor::block_on;
use graph_support::{recorder, strings, supersteps, yield_now};

state! {
    pub struct Review updates ReviewUpdate {
        pub resume: String,
        /// Feedback of every reviewer, every round.
        pub feedback: Vec<String> => append,
        /// One entry per review round: that round's feedback, in merge order.
        pub feedback_history: Vec<Vec<String>> => append,
        pub rounds: u32,
        pub max_rounds: u32,
        pub wants_design: bool,
        pub portfolio: String,
        pub design: String,
    }
}

/// A stub reviewer; `delay` makes reviewers finish in an order unlike their name order.
fn reviewer(
    name: &'static str,
    delay: usize,
) -> impl Fn(
    Review,
    NodeContext,
) -> std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<ReviewUpdate, careergraph::graph::NodeError>>>,
> {
    move |state, _ctx| {
        Box::pin(async move {
            yield_now(delay).await;
            Ok(ReviewUpdate::default().feedback(vec![format!("{name}#{}", state.rounds + 1)]))
        })
    }
}

fn should_continue_review(state: &Review) -> &'static str {
    if state.rounds < state.max_rounds {
        "revise"
    } else {
        "finish"
    }
}

fn seed_000() -> CompiledGraph<Review> {
    let mut graph = StateGraph::<Review>::new();
    graph.add_node("router", |_s: Review, _c: NodeContext| async {
        Ok(ReviewUpdate::default())
    });
    graph.add_node("recruiter", reviewer("recruiter", 3));
    graph.add_node("tech_writer", reviewer("tech_writer", 0));
    graph.add_node("copywriter", reviewer("copywriter", 1));
    graph.add_node("aggregator", |s: Review, _c: NodeContext| async move {
        let this_round = s.feedback[s.feedback.len() - 3..].to_vec();
        Ok(ReviewUpdate::default()
            .feedback_history(vec![this_round])
            .rounds(s.rounds + 1))
    });
    graph.add_node("revisor", |s: Review, _c: NodeContext| async move {
        Ok(ReviewUpdate::default().resume(format!("{} (revised)", s.resume)))
    });
    graph.add_node("portfolio", |_s: Review, _c: NodeContext| async {
        Ok(ReviewUpdate::default().portfolio("portfolio"))
    });
    graph.add_node("design", |_s: Review, _c: NodeContext| async {
        Ok(ReviewUpdate::default().design("design"))
    });
    graph.add_edge(START, "router");
    for reviewer in ["recruiter", "tech_writer", "copywriter"] {
        graph.add_edge("router", reviewer);
        graph.add_edge(reviewer, "aggregator");
    }
    graph.add_conditional_edges(
        "aggregator",
        should_continue_review,
        [("revise", "revisor"), ("finish", "portfolio")],
    );
    graph.add_edge("revisor", "router");
    graph.add_conditional_edges(
        "portfolio",
        |s: &Review| if s.wants_design { "design" } else { END },
        ["design", END],
    );
    graph.add_edge("design", END);
    graph.compile().unwrap()
}

fn input(max_rounds: u32, wants_design: bool) -> ReviewUpdate {
    ReviewUpdate::default()
        .resume("my resume")
        .max_rounds(max_rounds)
        .wants_design(wants_design)
}

const REVIEWERS: [&str; 3] = ["copywriter", "recruiter", "tech_writer"];

#[test]
fn seed_000_runs_the_exact_superstep_sequence() {
    let graph = seed_000();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    let state = block_on(graph.invoke(input(2, true), &config))
        .unwrap()
        .into_state();
    let mut expected = Vec::new();
    for round in 1..=2 {
        expected.push(strings(&["router"]));
        expected.push(strings(&REVIEWERS));
        expected.push(strings(&["aggregator"]));
        if round < 2 {
            expected.push(strings(&["revisor"]));
        }
    }
    expected.push(strings(&["portfolio"]));
    expected.push(strings(&["design"]));
    assert_eq!(supersteps(&events.borrow()), expected);
    assert_eq!(state.rounds, 2);
    assert_eq!(state.resume, "my resume (revised)");
    assert_eq!(state.design, "design");
}

#[test]
fn seed_000_aggregator_waits_for_all_three_reviewers_and_runs_once_per_round() {
    let graph = seed_000();
    let (sink, events) = recorder();
    let config = RunConfig::default().with_events(sink);
    block_on(graph.invoke(input(3, false), &config)).unwrap();
    let steps = supersteps(&events.borrow());
    let aggregator_steps: Vec<usize> = steps
        .iter()
        .enumerate()
        .filter(|(_, nodes)| nodes.contains(&"aggregator".to_string()))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(aggregator_steps.len(), 3);
    for i in aggregator_steps {
        assert_eq!(steps[i], strings(&["aggregator"]));
        assert_eq!(steps[i - 1], strings(&REVIEWERS));
    }
}

#[test]
fn seed_000_merges_feedback_in_node_name_order() {
    let graph = seed_000();
    let state = block_on(graph.invoke(input(2, false), &RunConfig::default()))
        .unwrap()
        .into_state();
    assert_eq!(
        state.feedback_history,
        vec![
            strings(&["copywriter#1", "recruiter#1", "tech_writer#1"]),
            strings(&["copywriter#2", "recruiter#2", "tech_writer#2"]),
        ]
    );
    assert_eq!(state.portfolio, "portfolio");
    assert_eq!(state.design, "", "design skipped when not wanted");
}

#[test]
fn seed_000_review_loop_is_bounded_by_the_recursion_limit() {
    let graph = seed_000();
    // A round is router, reviewers, aggregator (+ revisor between rounds), then portfolio:
    // 10 rounds need 10 * 3 + 9 + 1 = 40 supersteps > 25.
    let error = block_on(graph.invoke(input(10, false), &RunConfig::default())).unwrap_err();
    assert_eq!(error, GraphError::RecursionLimit { limit: 25 });
    let config = RunConfig::default().with_recursion_limit(40);
    let state = block_on(graph.invoke(input(10, false), &config))
        .unwrap()
        .into_state();
    assert_eq!(state.rounds, 10);
    let config = RunConfig::default().with_recursion_limit(39);
    assert!(block_on(graph.invoke(input(10, false), &config)).is_err());
}

#[test]
fn seed_000_draws_as_mermaid() {
    let mermaid = seed_000().to_mermaid();
    assert!(mermaid.contains("graph TD;"));
    assert!(mermaid.contains("\t__start__ --> router;"));
    assert!(mermaid.contains("\trecruiter --> aggregator;"));
    assert!(mermaid.contains("\taggregator -. &nbsp;revise&nbsp; .-> revisor;"));
    assert!(mermaid.contains("\tportfolio -.-> __end__;"));
    assert!(mermaid.contains("\tdesign --> __end__;"));
}
