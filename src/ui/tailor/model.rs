//! What the tailoring page shows while a run goes on, as signals, and how the engine's events and
//! the session's steps change it. A run alternates between running (events light the graph) and
//! waiting for the user (a step ends `interrupted`: a question or the review).

use std::collections::BTreeMap;

use leptos::prelude::*;
use serde_json::Value;

use crate::graph::StreamEvent;
use crate::workflows::resume_tailoring::{ChatTurn, GraphState};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStatus {
    Idle,
    Running,
    /// Paused on an interrupt, waiting for the user.
    Waiting,
    Done,
    Failed,
}

impl NodeStatus {
    pub fn name(self) -> &'static str {
        match self {
            NodeStatus::Idle => "idle",
            NodeStatus::Running => "running",
            NodeStatus::Waiting => "waiting",
            NodeStatus::Done => "done",
            NodeStatus::Failed => "failed",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    Running,
    /// The run is paused on `model.prompt` until the user answers.
    Waiting,
    Finished,
    Stopped,
    Failed(String),
}

/// A question from the info-collection conversation (payload `{"type": "question", ...}`).
#[derive(Clone, Debug, PartialEq)]
pub struct QuestionPrompt {
    pub id: String,
    pub question: String,
    pub index: u32,
    pub total: u32,
    pub missing_item: String,
}

/// The human review (payload `{"type": "review", ...}`).
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPrompt {
    pub id: String,
    pub draft: String,
    pub ats_score: u32,
    pub target_score: u32,
    pub matched: Vec<String>,
    pub missing: Vec<String>,
    pub revision: u32,
    pub max_revisions: u32,
    pub timeout_seconds: u32,
}

/// What a paused run asks the user.
#[derive(Clone, Debug, PartialEq)]
pub enum Prompt {
    Question(QuestionPrompt),
    Review(ReviewPrompt),
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|all| {
            all.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn number(value: &Value) -> u32 {
    value.as_u64().unwrap_or(0).min(u32::MAX as u64) as u32
}

impl Prompt {
    /// The prompt of one interrupt of a step (`{"id", "node", "path", "payload"}`); `None` for a
    /// payload this page does not know.
    pub fn from_interrupt(interrupt: &Value) -> Option<Prompt> {
        let id = interrupt["id"].as_str()?.to_string();
        let payload = &interrupt["payload"];
        match payload["type"].as_str()? {
            "question" => Some(Prompt::Question(QuestionPrompt {
                id,
                question: payload["question"].as_str().unwrap_or_default().to_string(),
                index: number(&payload["index"]),
                total: number(&payload["total"]),
                missing_item: payload["missing_item"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            })),
            "review" => Some(Prompt::Review(ReviewPrompt {
                id,
                draft: payload["resume_draft"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                ats_score: number(&payload["ats_score"]),
                target_score: number(&payload["target_score"]),
                matched: strings(&payload["keywords_matched"]),
                missing: strings(&payload["keywords_missing"]),
                revision: number(&payload["revision"]),
                max_revisions: number(&payload["max_revisions"]),
                timeout_seconds: number(&payload["timeout_seconds"]).max(1),
            })),
            _ => None,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Prompt::Question(q) => &q.id,
            Prompt::Review(r) => &r.id,
        }
    }
}

/// Signals of one run. `Copy`: a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct TailorModel {
    pub phase: RwSignal<Phase>,
    pub nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    /// The question or review the run waits on (set with `Phase::Waiting`).
    pub prompt: RwSignal<Option<Prompt>>,
    /// The info-collection conversation so far: the subgraph's turns, as its nodes finish.
    pub conversation: RwSignal<Vec<ChatTurn>>,
    /// Text streamed by the agents, by agent, for the activity panel.
    pub activity: RwSignal<BTreeMap<String, String>>,
    /// Agent failures the workflow survived (it falls back and warns), by agent.
    pub agent_errors: RwSignal<BTreeMap<String, String>>,
    /// The final state once the run is done.
    pub result: RwSignal<Option<GraphState>>,
    /// The state of the last step (paused or done): the draft and scores so far.
    pub state: RwSignal<Option<GraphState>>,
    /// `Date.now()` when the run paused on the current prompt; the review countdown runs from it.
    pub paused_at_ms: RwSignal<f64>,
}

impl TailorModel {
    pub fn new() -> Self {
        Self {
            phase: RwSignal::new(Phase::Running),
            nodes: RwSignal::new(BTreeMap::new()),
            prompt: RwSignal::new(None),
            conversation: RwSignal::new(Vec::new()),
            activity: RwSignal::new(BTreeMap::new()),
            agent_errors: RwSignal::new(BTreeMap::new()),
            result: RwSignal::new(None),
            state: RwSignal::new(None),
            paused_at_ms: RwSignal::new(0.0),
        }
    }

    pub fn status(&self, node: &str) -> NodeStatus {
        self.nodes
            .with(|n| n.get(node).copied().unwrap_or(NodeStatus::Idle))
    }

    fn set_status(&self, node: &str, status: NodeStatus) {
        self.nodes.update(|n| {
            n.insert(node.to_string(), status);
        });
    }

    /// Applies one engine event. Root-graph events light the graph; the info-collection
    /// subgraph's finished nodes carry the conversation's turns.
    pub fn apply(&self, event: StreamEvent) {
        match event {
            StreamEvent::NodeStarted { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Running)
            }
            StreamEvent::NodeFinished {
                node, path, update, ..
            } => {
                if path.is_empty() {
                    self.set_status(&node, NodeStatus::Done);
                } else if let Ok(turns) =
                    serde_json::from_value::<Vec<ChatTurn>>(update["messages"].clone())
                {
                    self.conversation.update(|c| {
                        // The page already shows the question it is answering (`ensure_asked`).
                        let mut turns = turns.into_iter().peekable();
                        if c.last().is_some_and(|last| turns.peek() == Some(last)) {
                            turns.next();
                        }
                        c.extend(turns)
                    });
                }
            }
            StreamEvent::NodeFailed { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Failed)
            }
            StreamEvent::Interrupted { path, interrupts } if path.is_empty() => {
                for interrupt in interrupts {
                    // A subgraph's question pauses the subgraph node of the root graph.
                    let node = interrupt.path.first().unwrap_or(&interrupt.node);
                    self.set_status(node, NodeStatus::Waiting);
                }
            }
            StreamEvent::Custom { payload, .. } => self.take_custom(&payload),
            _ => {}
        }
    }

    fn take_custom(&self, payload: &Value) {
        let agent = payload["agent"].as_str().unwrap_or_default().to_string();
        match payload["type"].as_str() {
            Some("delta") => {
                let delta = payload["delta"].as_str().unwrap_or_default();
                self.activity
                    .update(|a| a.entry(agent).or_default().push_str(delta));
            }
            Some("agent_error") => {
                let error = payload["error"].as_str().unwrap_or_default().to_string();
                self.agent_errors.update(|e| {
                    e.insert(agent, error);
                });
            }
            _ => {}
        }
    }

    /// Takes a step of the session (`{"status": "interrupted" | "done", "interrupts", "state"}`).
    /// Returns an error message for a step this page cannot show.
    pub fn apply_step(&self, step: &Value) -> Result<(), String> {
        let state = serde_json::from_value::<GraphState>(step["state"].clone()).ok();
        self.state.set(state.clone());
        self.activity.set(BTreeMap::new());
        match step["status"].as_str() {
            Some("done") => {
                self.prompt.set(None);
                let Some(state) = state else {
                    return Err("The run ended with a state this page cannot read.".into());
                };
                // A run ended early by the file loader (empty text) has an error and no resume.
                match state
                    .error
                    .clone()
                    .filter(|_| state.tailored_resume.is_empty())
                {
                    Some(error) => self.phase.set(Phase::Failed(error)),
                    None => {
                        self.result.set(Some(state));
                        self.phase.set(Phase::Finished);
                    }
                }
                Ok(())
            }
            Some("interrupted") => {
                let prompt = step["interrupts"]
                    .as_array()
                    .and_then(|all| all.iter().find_map(Prompt::from_interrupt))
                    .ok_or("The run paused on a question this page does not know.")?;
                // A re-opened run has no events yet: the paused node is known from the step.
                for interrupt in step["interrupts"].as_array().into_iter().flatten() {
                    let node = interrupt["path"][0].as_str().or(interrupt["node"].as_str());
                    if let Some(node) = node {
                        self.set_status(node, NodeStatus::Waiting);
                    }
                }
                if let Prompt::Question(q) = &prompt {
                    self.ensure_asked(&q.question);
                }
                self.prompt.set(Some(prompt));
                self.paused_at_ms.set(js_sys::Date::now());
                self.phase.set(Phase::Waiting);
                Ok(())
            }
            _ => Err("The run returned a step this page cannot read.".into()),
        }
    }

    /// The current question is the conversation's last assistant bubble; the subgraph records the
    /// question only once it is answered, so the page shows it until then.
    fn ensure_asked(&self, question: &str) {
        let shown = self.conversation.with(|c| {
            c.last()
                .is_some_and(|t| t.role == "assistant" && t.content == question)
        });
        if !shown {
            self.conversation.update(|c| {
                c.push(ChatTurn {
                    role: "assistant".into(),
                    content: question.to_string(),
                })
            });
        }
    }

    /// The user answered: the prompt closes and the run goes on.
    pub fn answered(&self) {
        self.prompt.set(None);
        self.phase.set(Phase::Running);
        self.nodes.update(|n| {
            n.values_mut()
                .filter(|s| **s == NodeStatus::Waiting)
                .for_each(|s| *s = NodeStatus::Done)
        });
    }
}
