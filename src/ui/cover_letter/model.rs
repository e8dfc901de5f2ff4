//! What the cover letter page shows while a run goes on, as signals, and how the engine's events
//! and the run's steps change them: its [`ViewModel`] hooks for the shared run controller. A run
//! works (events light the graph), pauses once per draft for the user's review, and ends with
//! the letter.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::graph::StreamEvent;
use crate::session::{Asked, Step, WorkflowRun};
use crate::ui::draft_review::{take_agent_event, NodeStatus};
use crate::ui::run::ViewModel;
use crate::workflows::common::events::CustomEvent;
use crate::workflows::cover_letter::{
    CoverLetterPause, CoverLetterState, CoverLetterWorkflow, LetterReview,
};

/// The review the run waits on: the interrupt's id and its payload.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPrompt {
    pub id: String,
    pub review: LetterReview,
}

impl ReviewPrompt {
    fn from_asked(asked: &Asked<CoverLetterPause>) -> Option<ReviewPrompt> {
        match asked.pause.as_ref().ok()? {
            CoverLetterPause::Review(review) => Some(ReviewPrompt {
                id: asked.id.clone(),
                review: review.clone(),
            }),
        }
    }
}

/// Signals of one run. `Copy`: a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct LetterModel {
    pub nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    /// The review the run waits on.
    pub prompt: RwSignal<Option<ReviewPrompt>>,
    /// Text streamed by the agents, by agent, for the activity panel.
    pub activity: RwSignal<BTreeMap<String, String>>,
    /// Agent failures the workflow survived (it falls back and warns), by agent.
    pub agent_errors: RwSignal<BTreeMap<String, String>>,
    /// The final state once the run is done.
    pub result: RwSignal<Option<CoverLetterState>>,
}

impl LetterModel {
    fn set_status(&self, node: &str, status: NodeStatus) {
        self.nodes.update(|n| {
            n.insert(node.to_string(), status);
        });
    }

    fn take_custom(&self, event: CustomEvent) {
        take_agent_event(event, self.activity, self.agent_errors);
    }

    /// How many steps failed in the finished run (its result was made without them).
    pub fn failed_steps(&self) -> usize {
        self.result
            .with(|r| r.as_ref().map_or(0, |s| s.failed_steps.len()))
    }
}

impl ViewModel<CoverLetterWorkflow> for LetterModel {
    fn new() -> Self {
        Self {
            nodes: RwSignal::new(BTreeMap::new()),
            prompt: RwSignal::new(None),
            activity: RwSignal::new(BTreeMap::new()),
            agent_errors: RwSignal::new(BTreeMap::new()),
            result: RwSignal::new(None),
        }
    }

    fn event(&self, event: StreamEvent) {
        match event {
            StreamEvent::NodeStarted { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Running)
            }
            StreamEvent::NodeFinished { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Done)
            }
            StreamEvent::NodeFailed { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Failed)
            }
            StreamEvent::Interrupted { path, interrupts } if path.is_empty() => {
                for interrupt in interrupts {
                    self.set_status(&interrupt.node, NodeStatus::Waiting);
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

    /// Shows a step of the run. `Err`: a pause this page does not know, or a run that ended with
    /// an error and no letter.
    fn step(&self, step: &Step<CoverLetterState>) -> Result<(), String> {
        let state = step.state();
        self.activity.set(BTreeMap::new());
        match step {
            Step::Done(_) => {
                self.prompt.set(None);
                match state.error.clone().filter(|_| state.letter.is_empty()) {
                    Some(error) => Err(error),
                    None => {
                        self.result.set(Some(state.clone()));
                        Ok(())
                    }
                }
            }
            Step::Paused { interrupts, .. } => {
                let prompt = WorkflowRun::<CoverLetterWorkflow>::asked(interrupts)
                    .iter()
                    .find_map(ReviewPrompt::from_asked)
                    .ok_or("The run paused on a question this page does not know.")?;
                // A re-opened run has no events yet: the paused node is known from the step.
                for interrupt in interrupts {
                    self.set_status(&interrupt.node, NodeStatus::Waiting);
                }
                self.prompt.set(Some(prompt));
                Ok(())
            }
            Step::CutShort { .. } | Step::Failed { .. } => {
                self.prompt.set(None);
                Ok(())
            }
        }
    }

    /// The user answered: the dialog closes and the run goes on.
    fn answered(&self) {
        self.prompt.set(None);
        self.nodes.update(|n| {
            n.values_mut()
                .filter(|s| **s == NodeStatus::Waiting)
                .for_each(|s| *s = NodeStatus::Done)
        });
    }
}
