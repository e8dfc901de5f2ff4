//! The offline demo model: deterministic, schema-valid, and derived from the actual input.

use std::rc::Rc;

use careergraph::llm::demo::{analyze, DemoModel, DemoResponder};
use careergraph::llm::{complete_typed, ChatModel, ChatRequest, OutputSchema, StreamEvent};
use futures::executor::block_on;
use futures::StreamExt;
use serde::Deserialize;
use serde_json::json;

const STRONG: &str = "Resume:\nSenior engineer. Led a team of 6 engineers and shipped a Rust + WebAssembly editor used by 40k users.\n\
Reduced page load by 35% and cut cloud cost by $120k a year. Built CI pipelines, mentored 4 juniors, migrated 3 services to Kubernetes.\n\
Designed an event-driven architecture in Rust; improved p99 latency 2x.\n\
Job description:\nWe need a Rust engineer with WebAssembly and Kubernetes experience to lead a small team building an editor.";

const WEAK: &str = "Resume:\nResponsible for various tasks. Worked on websites.\n\
Job description:\nWe need a Rust engineer with WebAssembly and Kubernetes experience to lead a small team building an editor.";

#[derive(Debug, Deserialize)]
struct Critique {
    score: f64,
    strengths: Vec<String>,
    issues: Vec<String>,
    suggestions: Vec<String>,
    verdict: Verdict,
    summary: String,
    metrics_found: u32,
    sections: Vec<Section>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Verdict {
    Reject,
    Maybe,
    Interview,
}

#[derive(Debug, Deserialize)]
struct Section {
    name: String,
    ok: bool,
}

fn schema() -> OutputSchema {
    OutputSchema::new(
        "critique",
        json!({
            "type": "object",
            "properties": {
                "score": {"type": "number", "minimum": 0, "maximum": 10},
                "strengths": {"type": "array", "items": {"type": "string"}},
                "issues": {"type": "array", "items": {"type": "string"}},
                "suggestions": {"type": "array", "items": {"type": "string"}},
                "verdict": {"type": "string", "enum": ["reject", "maybe", "interview"]},
                "summary": {"type": "string"},
                "metrics_found": {"type": "integer"},
                "sections": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "ok": {"type": "boolean"}}}}
            },
            "required": ["score", "strengths", "issues", "suggestions", "verdict", "summary", "metrics_found", "sections"]
        }),
    )
}

fn critique(text: &str) -> Critique {
    let request = ChatRequest::new("critic", "You are the resume critic.")
        .user(text)
        .with_schema(schema());
    block_on(complete_typed::<Critique>(&DemoModel::new(), request))
        .unwrap()
        .value
}

#[test]
fn structured_answers_fit_the_schema_and_follow_the_input() {
    let strong = critique(STRONG);
    let weak = critique(WEAK);
    assert!(
        strong.score > weak.score + 2.0,
        "strong {} vs weak {}",
        strong.score,
        weak.score
    );
    assert!((0.0..=10.0).contains(&strong.score) && (0.0..=10.0).contains(&weak.score));
    assert!(strong.metrics_found >= 5, "{}", strong.metrics_found);
    assert_eq!(weak.metrics_found, 0);
    assert!(
        strong
            .strengths
            .iter()
            .any(|s| s.contains("35%") || s.contains("metric")),
        "{:?}",
        strong.strengths
    );
    assert!(
        strong.strengths.iter().any(|s| s.contains("led")),
        "{:?}",
        strong.strengths
    );
    assert!(
        weak.issues.iter().any(|i| i.contains("kubernetes")),
        "missing role keywords named: {:?}",
        weak.issues
    );
    assert!(!weak.suggestions.is_empty());
    assert_eq!(weak.verdict, Verdict::Reject);
    assert_ne!(strong.verdict, Verdict::Reject);
    assert!(strong.summary.contains("score"));
    assert!(!strong.sections.is_empty() && !strong.sections[0].name.is_empty());
    let _ = strong.sections[0].ok;
}

#[test]
fn answers_are_deterministic() {
    let request = ChatRequest::new("critic", "sys")
        .user(STRONG)
        .with_schema(schema());
    let model = DemoModel::new();
    let first = block_on(model.complete(request.clone())).unwrap();
    let second = block_on(model.complete(request)).unwrap();
    assert_eq!(first, second);
    assert_eq!(first.provider, "demo");
    assert!(first.usage.input_tokens > 0 && first.usage.output_tokens > 0);
}

#[test]
fn streaming_yields_small_chunks_of_the_same_answer() {
    let model = DemoModel::new();
    let request = ChatRequest::new("writer", "You write.").user(STRONG);
    let complete = block_on(model.complete(request.clone())).unwrap();
    let events: Vec<StreamEvent> = block_on(model.stream(request).map(Result::unwrap).collect());
    let deltas: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::TextDelta(d) => Some(d.as_str()),
            _ => None,
        })
        .collect();
    assert!(deltas.len() > 3);
    assert_eq!(deltas.concat(), complete.text);
    assert_eq!(events.last(), Some(&StreamEvent::Done(complete)));
}

struct Greeter;

impl DemoResponder for Greeter {
    fn respond(&self, request: &ChatRequest) -> String {
        format!("hello from the {} responder", request.role_name)
    }
}

#[test]
fn workflows_can_plug_a_responder_per_role() {
    let model = DemoModel::new().with_responder("greeter", Rc::new(Greeter));
    let greeted = block_on(model.complete(ChatRequest::new("greeter", "").user("hi"))).unwrap();
    assert_eq!(greeted.text, "hello from the greeter responder");
    let other = block_on(model.complete(ChatRequest::new("critic", "").user("hi"))).unwrap();
    assert!(other.text.starts_with("Offline demo review"));
}

#[test]
fn analysis_counts_what_it_claims() {
    let analysis = analyze(STRONG);
    assert!(analysis.action_verbs.contains(&"led".to_string()));
    assert!(analysis.metrics.contains(&"35%".to_string()));
    assert!(analysis.matched_keywords.contains(&"rust".to_string()));
    assert!(analysis.overlap > 0.4, "{}", analysis.overlap);
    let dyn_model: &dyn ChatModel = &DemoModel::new();
    assert_eq!(dyn_model.default_model(), "demo-heuristics");
}
