//! What the hiring page shows while a run goes on, as signals, and how engine events and steps
//! change them: its [`ViewModel`] hooks for the shared run controller. A run re-opened after a
//! reload takes its routing trail, and at the end its packet, from the step's state.

use leptos::prelude::*;

use crate::domain::Language;
use crate::graph::StreamEvent;
use crate::session::{HiringWorkflow, Step};
use crate::ui::run::ViewModel;
use crate::workflows::common::CustomEvent;
use crate::workflows::hiring::{HiringState, RouteStep, SUPERVISOR_NODE};
use crate::workflows::Workflow;

/// Signals of one run. `Copy`: a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct HiringModel {
    /// The node running now (supervisor or an agent).
    pub running: RwSignal<Option<String>>,
    /// Text the running node has streamed so far.
    pub stream: RwSignal<String>,
    /// The supervisor's decisions as they happen.
    pub trail: RwSignal<Vec<RouteStep>>,
    /// Failed calls, as "agent: message".
    pub errors: RwSignal<Vec<String>>,
    pub result: RwSignal<Option<HiringState>>,
}

impl HiringModel {
    pub fn new() -> Self {
        Self {
            running: RwSignal::new(None),
            stream: RwSignal::new(String::new()),
            trail: RwSignal::new(Vec::new()),
            errors: RwSignal::new(Vec::new()),
            result: RwSignal::new(None),
        }
    }

    pub fn apply(&self, event: StreamEvent) {
        match event {
            StreamEvent::NodeStarted { node, path, .. } if path.is_empty() => {
                self.running.set(Some(node));
                self.stream.set(String::new());
            }
            StreamEvent::NodeFinished {
                node, update, path, ..
            } if path.is_empty() && node == SUPERVISOR_NODE => {
                if let Ok(steps) =
                    crate::value_de::from_value::<Vec<RouteStep>>(update["routing"].clone())
                {
                    self.trail.update(|t| t.extend(steps));
                }
            }
            StreamEvent::Custom { payload, .. } => match CustomEvent::from_payload(&payload) {
                Some(CustomEvent::Delta(d)) => self.stream.update(|s| s.push_str(&d.delta)),
                // The stream broke and is streamed again: the text so far is void.
                Some(CustomEvent::DeltaReset(_)) => self.stream.set(String::new()),
                Some(CustomEvent::AgentError(failed)) => {
                    let line = format!("{}: {}", failed.agent, failed.error);
                    self.errors.update(|e| {
                        if !e.contains(&line) {
                            e.push(line)
                        }
                    });
                }
                _ => {}
            },
            StreamEvent::RunFinished { state, path } if path.is_empty() => {
                self.running.set(None);
                if let Ok(state) = crate::value_de::from_value::<HiringState>(state) {
                    self.result.set(Some(state));
                }
            }
            _ => {}
        }
    }
}

impl ViewModel<HiringWorkflow> for HiringModel {
    fn new() -> Self {
        HiringModel::new()
    }

    fn event(&self, event: StreamEvent) {
        self.apply(event);
    }

    fn step(&self, step: &Step<HiringState>) -> Result<(), String> {
        let state = step.state();
        self.trail.set(state.routing.to_vec());
        if let Step::Done(state) = step {
            self.running.set(None);
            self.result.set(Some(state.clone()));
        }
        Ok(())
    }
}

/// An agent's name as the page shows it.
pub fn agent_label(lang: Language, node: &str) -> String {
    match node {
        "finished" => lang.pick("Finished", "完成").to_string(),
        _ => crate::workflows::agent_name(HiringWorkflow::ID, node, lang),
    }
}
