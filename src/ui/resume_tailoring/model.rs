//! What the tailoring page shows while a run goes on, as signals, and how the engine's events and
//! the run's steps change it: its [`ViewModel`] hooks for the shared run controller. A run
//! alternates between running (events light the graph) and waiting for the user (a step pauses:
//! a question or the review). The conversation and when the run paused are the page's own: they
//! are saved with the run's record and put back when it is re-opened.

use std::collections::BTreeMap;

use leptos::prelude::*;
use serde_json::{json, Value};

use crate::graph::StreamEvent;
use crate::session::{Asked, Step, TailoringWorkflow, WorkflowRun};
use crate::ui::draft_review::{take_agent_event, NodeStatus};
use crate::ui::run::ViewModel;
use crate::workflows::common::events::CustomEvent;
use crate::workflows::resume_tailoring::{ChatTurn, GraphState, TailorPause};

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
    /// Why the last revision request left the draft unchanged (in the run's language).
    pub unchanged_note: Option<String>,
    /// The draft's facts not in the resume, master resume or answers.
    pub ungrounded_facts: Vec<crate::domain::facts::Fact>,
}

/// What a paused run asks the user.
#[derive(Clone, Debug, PartialEq)]
pub enum Prompt {
    Question(QuestionPrompt),
    Review(ReviewPrompt),
}

impl Prompt {
    /// The prompt of one question of a paused step; `None` for a pause this page does not know.
    pub fn from_asked(asked: &Asked<TailorPause>) -> Option<Prompt> {
        let id = asked.id.clone();
        Some(match asked.pause.as_ref().ok()? {
            TailorPause::Question(q) => Prompt::Question(QuestionPrompt {
                id,
                question: q.question.clone(),
                index: q.index,
                total: q.total,
                missing_item: q.missing_item.clone(),
            }),
            TailorPause::Review(r) => Prompt::Review(ReviewPrompt {
                id,
                draft: r.resume_draft.clone(),
                ats_score: r.ats_score,
                target_score: r.target_score,
                matched: r.keywords_matched.clone(),
                missing: r.keywords_missing.clone(),
                revision: r.revision,
                max_revisions: r.max_revisions,
                timeout_seconds: r.timeout_seconds.max(1),
                unchanged_note: r.unchanged_note.clone(),
                ungrounded_facts: r.ungrounded_facts.clone(),
            }),
        })
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
    pub nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    /// The question or review the run waits on.
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
                    crate::value_de::from_value::<Vec<ChatTurn>>(update["messages"].clone())
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
            StreamEvent::Custom { payload, .. } => {
                if let Some(event) = CustomEvent::from_payload(&payload) {
                    self.take_custom(event);
                }
            }
            _ => {}
        }
    }

    fn take_custom(&self, event: CustomEvent) {
        take_agent_event(event, self.activity, self.agent_errors);
    }

    /// Shows a step of the run. `Err`: a pause this page does not know, or a run the file
    /// loader ended (an empty text: an error and no resume).
    pub fn apply_step(&self, step: &Step<GraphState>) -> Result<(), String> {
        let state = step.state().clone();
        self.state.set(Some(state.clone()));
        self.activity.set(BTreeMap::new());
        match step {
            Step::Done(_) => {
                self.prompt.set(None);
                match state
                    .error
                    .clone()
                    .filter(|_| state.tailored_resume.is_empty())
                {
                    Some(error) => Err(error),
                    None => {
                        self.result.set(Some(state));
                        Ok(())
                    }
                }
            }
            Step::Paused { interrupts, .. } => {
                let prompt = WorkflowRun::<TailoringWorkflow>::asked(interrupts)
                    .iter()
                    .find_map(Prompt::from_asked)
                    .ok_or("The run paused on a question this page does not know.")?;
                // A re-opened run has no events yet: the paused node is known from the step.
                for interrupt in interrupts {
                    let node = interrupt.path.first().unwrap_or(&interrupt.node);
                    self.set_status(node, NodeStatus::Waiting);
                }
                if let Prompt::Question(q) = &prompt {
                    self.ensure_asked(&q.question);
                }
                self.prompt.set(Some(prompt));
                self.paused_at_ms.set(js_sys::Date::now());
                Ok(())
            }
            Step::CutShort { .. } | Step::Failed { .. } => {
                self.prompt.set(None);
                Ok(())
            }
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
        self.nodes.update(|n| {
            n.values_mut()
                .filter(|s| **s == NodeStatus::Waiting)
                .for_each(|s| *s = NodeStatus::Done)
        });
    }

    /// How many steps failed in the finished run (its result was made without them).
    pub fn failed_steps(&self) -> usize {
        self.result
            .with(|r| r.as_ref().map_or(0, |s| s.failed_steps.len()))
    }
}

impl ViewModel<TailoringWorkflow> for TailorModel {
    fn new() -> Self {
        TailorModel::new()
    }

    fn event(&self, event: StreamEvent) {
        self.apply(event);
    }

    fn step(&self, step: &Step<GraphState>) -> Result<(), String> {
        self.apply_step(step)
    }

    fn answered(&self) {
        TailorModel::answered(self);
    }

    /// The conversation (the run's state holds no chat turns) and when the run paused, so the
    /// review's countdown goes on from there after a reload.
    fn extras(&self) -> Value {
        json!({
            "conversation": self.conversation.get_untracked(),
            "pausedAtMs": self.paused_at_ms.get_untracked(),
        })
    }

    fn restore(&self, extras: &Value) {
        if let Ok(turns) =
            crate::value_de::from_value::<Vec<ChatTurn>>(extras["conversation"].clone())
        {
            self.conversation.set(turns);
        }
        let paused_at = extras["pausedAtMs"].as_f64().unwrap_or(0.0);
        if paused_at > 0.0 && self.prompt.with_untracked(Option::is_some) {
            self.paused_at_ms.set(paused_at);
        }
    }

    /// The master resume the answers updated, saved with the finished run.
    fn master_resume(&self, state: &GraphState) -> Option<String> {
        (state.master_resume_updated && !state.master_resume.trim().is_empty())
            .then(|| state.master_resume.clone())
    }
}
