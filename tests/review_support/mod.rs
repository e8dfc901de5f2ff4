//! Shared helpers of the review tests: a scripted chat model (answers per agent role, per call),
//! event recording, and superstep grouping.
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use careergraph::graph::{EventSink, StreamEvent as GraphEvent};
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent, Usage};
use futures::future::LocalBoxFuture;
use futures::stream::{self, LocalBoxStream, StreamExt};
use serde_json::{json, Value};

/// Answers keyed by `role_name` (the node name); each call takes the next answer, the last one
/// repeats. Records every request.
#[derive(Default)]
pub struct ScriptedModel {
    answers: RefCell<HashMap<String, Vec<Result<String, LlmError>>>>,
    calls: RefCell<HashMap<String, usize>>,
    pub requests: RefCell<Vec<ChatRequest>>,
}

impl ScriptedModel {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn answer(self, role: &str, answers: Vec<Result<String, LlmError>>) -> Self {
        self.answers.borrow_mut().insert(role.to_string(), answers);
        self
    }

    /// Critics answering `scores` in successive rounds.
    pub fn critic_scores(self, role: &str, scores: &[f64]) -> Self {
        let answers = scores
            .iter()
            .map(|s| Ok(critic_json(*s).to_string()))
            .collect();
        self.answer(role, answers)
    }

    /// Every non-critic agent with a harmless valid answer; the revisor keeps the text.
    pub fn with_default_advisors(self, resume: &str) -> Self {
        self.answer("revisor", vec![Ok(json!({"revised_resume": resume, "changes": ["tightened wording"]}).to_string())])
            .answer("portfolio", vec![Ok(json!({"summary": "two pieces", "pieces": [{"title": "t", "description": "d", "demonstrates": "x"}]}).to_string())])
            .answer("design", vec![Ok(json!({"readability_score": 7.5, "layout_issues": [], "recommendations": ["keep it"]}).to_string())])
    }

    fn next(&self, request: &ChatRequest) -> Result<String, LlmError> {
        self.requests.borrow_mut().push(request.clone());
        if request.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return Err(LlmError::Cancelled);
        }
        let mut calls = self.calls.borrow_mut();
        let n = calls.entry(request.role_name.clone()).or_default();
        let answers = self.answers.borrow();
        let list = answers
            .get(&request.role_name)
            .unwrap_or_else(|| panic!("no script for role {}", request.role_name));
        let answer = list[(*n).min(list.len() - 1)].clone();
        *n += 1;
        answer
    }

    pub fn calls(&self, role: &str) -> usize {
        self.calls.borrow().get(role).copied().unwrap_or(0)
    }

    fn response(request: &ChatRequest, text: String) -> ChatResponse {
        ChatResponse {
            usage: Usage {
                input_tokens: 100,
                output_tokens: 20,
                ..Usage::default()
            },
            text,
            cost_usd: Some(0.001),
            provider: "scripted".into(),
            model: request.model.clone().unwrap_or_else(|| "scripted-1".into()),
            role_name: request.role_name.clone(),
            finish_reason: Some("stop".into()),
        }
    }
}

impl ChatModel for ScriptedModel {
    fn provider(&self) -> &str {
        "scripted"
    }
    fn default_model(&self) -> &str {
        "scripted-1"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        let answer = self.next(&request);
        Box::pin(async move { answer.map(|text| Self::response(&request, text)) })
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        match self.next(&request) {
            Err(error) => stream::iter(vec![Err(error)]).boxed_local(),
            Ok(text) => {
                // Two deltas, so tests see streaming, then the finished answer.
                let middle = text
                    .char_indices()
                    .nth(text.chars().count() / 2)
                    .map_or(0, |(i, _)| i);
                let events = vec![
                    Ok(StreamEvent::TextDelta(text[..middle].to_string())),
                    Ok(StreamEvent::TextDelta(text[middle..].to_string())),
                    Ok(StreamEvent::Done(Self::response(&request, text))),
                ];
                stream::iter(events).boxed_local()
            }
        }
    }
}

pub fn critic_json(score: f64) -> Value {
    json!({
        "score": score,
        "strengths": ["clear"],
        "issues": [{"severity": "medium", "section": "Experience", "description": "vague", "suggestion": "quantify"}],
        "suggestions": ["add numbers"]
    })
}

/// An event sink that records every event.
pub fn recorder() -> (EventSink, Rc<RefCell<Vec<GraphEvent>>>) {
    let events = Rc::new(RefCell::new(Vec::new()));
    let log = events.clone();
    (EventSink::new(move |e| log.borrow_mut().push(e)), events)
}

/// Node-started events grouped by superstep (names sorted within a step), in step order.
pub fn started_per_step(events: &[GraphEvent]) -> Vec<Vec<String>> {
    let mut steps: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for event in events {
        if let GraphEvent::NodeStarted {
            step, node, path, ..
        } = event
        {
            if path.is_empty() {
                steps.entry(*step).or_default().push(node.clone());
            }
        }
    }
    steps
        .into_values()
        .map(|mut nodes| {
            nodes.sort();
            nodes
        })
        .collect()
}

/// Payloads of custom events.
pub fn custom_payloads(events: &[GraphEvent]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| match e {
            GraphEvent::Custom { payload, .. } => Some(payload.clone()),
            _ => None,
        })
        .collect()
}

pub fn names(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

pub const CRITICS: [&str; 3] = ["copywriter", "recruiter", "tech_writer"];
