//! What the CareerNavigator page shows while a run goes on, as signals, and how engine events and
//! run steps change them: its [`ViewModel`] hooks for the shared run controller. The page never
//! polls: events land in `apply`, steps in `take_step`.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::domain::career_plan::WorkflowStage;
use crate::graph::StreamEvent;
use crate::session::{NavigatorWorkflow, Step, WorkflowRun};
use crate::ui::run::ViewModel;
use crate::workflows::career_navigator::{CareerNavigatorState, NavigatorPause};
use crate::workflows::common::events::{CustomEvent, DeltaPayload};

/// Signals of one run. `Copy`: a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct NavModel {
    pub stage: RwSignal<WorkflowStage>,
    /// Nodes running right now (the three analysts light up together).
    pub running: RwSignal<BTreeMap<String, bool>>,
    /// The state after the last superstep.
    pub state: RwSignal<Option<CareerNavigatorState>>,
    /// What the run is paused on (the report's rating or the plan's confirmation).
    pub pending: RwSignal<Option<NavigatorPause>>,
    /// Live text of the agent streaming now.
    pub streaming: RwSignal<(String, String)>,
}

impl NavModel {
    pub fn new() -> Self {
        Self {
            stage: RwSignal::new(WorkflowStage::Initial),
            running: RwSignal::new(BTreeMap::new()),
            state: RwSignal::new(None),
            pending: RwSignal::new(None),
            streaming: RwSignal::new((String::new(), String::new())),
        }
    }

    pub fn is_running(&self, node: &str) -> bool {
        self.running.with(|r| r.get(node).copied().unwrap_or(false))
    }

    fn take_state(&self, state: CareerNavigatorState) {
        self.stage.set(state.current_stage);
        self.state.set(Some(state));
    }

    pub fn apply(&self, event: StreamEvent) {
        match event {
            StreamEvent::NodeStarted { node, path, .. } if path.is_empty() => {
                self.running.update(|r| {
                    r.insert(node, true);
                });
            }
            StreamEvent::NodeFinished { node, path, .. }
            | StreamEvent::NodeFailed { node, path, .. }
                if path.is_empty() =>
            {
                self.running.update(|r| {
                    r.insert(node, false);
                });
            }
            StreamEvent::StepDone { state, path, .. } if path.is_empty() => {
                if let Ok(state) = crate::value_de::from_value::<CareerNavigatorState>(state) {
                    self.take_state(state);
                }
            }
            StreamEvent::Custom { payload, .. } => match CustomEvent::from_payload(&payload) {
                Some(CustomEvent::Delta(DeltaPayload { agent, delta, .. })) => {
                    self.streaming.update(|(current, text)| {
                        if *current != agent {
                            *current = agent;
                            text.clear();
                        }
                        text.push_str(&delta);
                    });
                }
                // The agent's stream broke and is streamed again: its text so far is void.
                Some(CustomEvent::DeltaReset(reset)) => {
                    self.streaming.update(|(current, text)| {
                        if reset.agent == *current {
                            text.clear();
                        }
                    });
                }
                _ => {}
            },
            _ => {}
        }
    }

    /// A step of the run: the state so far, and the question it pauses on. `Err`: a pause this
    /// page does not know.
    pub fn take_step(&self, step: &Step<CareerNavigatorState>) -> Result<(), String> {
        self.take_state(step.state().clone());
        self.running.set(BTreeMap::new());
        self.streaming.set((String::new(), String::new()));
        let pending = match step {
            Step::Paused { interrupts, .. } => {
                let asked = WorkflowRun::<NavigatorWorkflow>::asked(interrupts);
                let pause = asked.into_iter().next().map(|a| a.pause);
                Some(pause.unwrap_or_else(|| Err("a pause without a question".into()))?)
            }
            _ => None,
        };
        self.pending.set(pending);
        Ok(())
    }
}

impl ViewModel<NavigatorWorkflow> for NavModel {
    /// The plan's sections show as each superstep commits them.
    const STEP_STATES: bool = true;

    fn new() -> Self {
        NavModel::new()
    }

    fn event(&self, event: StreamEvent) {
        self.apply(event);
    }

    fn step(&self, step: &Step<CareerNavigatorState>) -> Result<(), String> {
        self.take_step(step)
    }

    fn answered(&self) {
        self.pending.set(None);
    }
}
