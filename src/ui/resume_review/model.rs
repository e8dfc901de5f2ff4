//! What the review page shows while a run goes on, as signals, and how engine events and steps
//! change it: its [`ViewModel`] hooks for the shared run controller. The page never polls: every
//! engine event lands in `apply`. A run re-opened after a reload has no events for what ran
//! before: its rounds' scores and, once done, the result come from the step's state.

use std::collections::BTreeMap;

use leptos::prelude::*;
use serde_json::Value;

use crate::domain::streamed_answer::{feedback_so_far, FeedbackSoFar, Shown};
use crate::domain::Feedback;
use crate::graph::StreamEvent;
use crate::session::{ReviewWorkflow, Step};
use crate::ui::run::{Clamped, ViewModel};
use crate::workflows::common::events::{
    AgentErrorPayload, ClampedPayload, CustomEvent, DeltaPayload, DeltaResetPayload, UsagePayload,
};
use crate::workflows::resume_review::agents::{self, critic_node};
use crate::workflows::resume_review::{integrated_score, ReviewState};

pub const CRITICS: [(&str, &str); 3] = [
    ("recruiter", "Recruiter"),
    ("tech_writer", "Technical writer"),
    ("copywriter", "Copywriter"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStatus {
    Idle,
    Running,
    Done,
    Failed,
}

/// One critic's card: the text streamed so far this round and what has formed of it, then its
/// parsed feedback.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Card {
    pub streamed: String,
    /// `streamed` as the card shows it, re-read when this critic's text grows (not on the other
    /// critics' tokens, nor on every render).
    pub live: Shown<FeedbackSoFar>,
    pub feedback: Option<Feedback>,
    pub error: Option<String>,
    /// The critic's score was off its scale after the second ask and clamped: what the model
    /// gave, so the card can say why the score is, say, a round 10.
    pub clamped: Vec<Clamped>,
    pub speed: Speed,
}

/// How fast a critic's answer streams: deltas counted as they come (a local server sends one
/// token per delta), then the tokens its usage reports, over the time from the first delta to
/// the last.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Speed {
    first_ms: f64,
    last_ms: f64,
    deltas: u32,
    output_tokens: Option<u64>,
}

impl Speed {
    fn delta(&mut self, now_ms: f64) {
        if self.deltas == 0 {
            self.first_ms = now_ms;
        }
        self.deltas += 1;
        self.last_ms = now_ms;
    }

    /// Tokens per second, once there is a second of answer (or the whole answer) to divide.
    pub fn tokens_per_second(&self) -> Option<f64> {
        let seconds = (self.last_ms - self.first_ms) / 1000.0;
        // A provider that reports no usage says 0: the deltas count then.
        let tokens = self
            .output_tokens
            .filter(|&n| n > 0)
            .unwrap_or(u64::from(self.deltas)) as f64;
        (self.deltas > 1 && seconds >= 1.0).then(|| tokens / seconds)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct UsageTotals {
    /// Requests sent to the model: an agent's call and its re-ask when the first answer did not
    /// fit (the usage line once said 13 calls where 15 requests were made).
    pub calls: u32,
    /// Of `calls`, the re-asks.
    pub re_asks: u32,
    pub input_tokens: u64,
    /// Of `input_tokens`, those the provider's prompt cache served.
    pub cached_input_tokens: u64,
    pub output_tokens: u64,
    /// Known only when every call's model had a price; otherwise tokens only.
    pub cost_usd: Option<f64>,
    pub cost_unknown: bool,
}

/// Signals of one run. `Copy`: it is a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct RunModel {
    pub nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    pub iteration: RwSignal<u32>,
    pub cards: RwSignal<BTreeMap<String, Card>>,
    /// Text streamed by the revisor, portfolio and design agents, by agent.
    pub activity: RwSignal<BTreeMap<String, String>>,
    /// The aggregator's integrated score, one per round.
    pub scores: RwSignal<Vec<f64>>,
    pub usage: RwSignal<UsageTotals>,
    pub result: RwSignal<Option<ReviewState>>,
}

impl RunModel {
    pub fn new() -> Self {
        Self {
            nodes: RwSignal::new(BTreeMap::new()),
            iteration: RwSignal::new(0),
            cards: RwSignal::new(BTreeMap::new()),
            activity: RwSignal::new(BTreeMap::new()),
            scores: RwSignal::new(Vec::new()),
            usage: RwSignal::new(UsageTotals::default()),
            result: RwSignal::new(None),
        }
    }

    pub fn status(&self, node: &str) -> NodeStatus {
        self.nodes
            .with(|n| n.get(node).copied().unwrap_or(NodeStatus::Idle))
    }

    /// Whether critic `id` is waiting for its turn on a model that answers one agent at a time
    /// (`one_at_a_time`: the model in the tab): its node runs, it has written nothing, and another
    /// critic is writing.
    pub fn waiting_turn(&self, id: &str, one_at_a_time: bool) -> bool {
        one_at_a_time
            && self.status(id) == NodeStatus::Running
            && self.cards.with(|c| {
                c.get(id).is_none_or(|card| card.streamed.is_empty())
                    && c.iter().any(|(other, card)| {
                        other != id && !card.streamed.is_empty() && card.feedback.is_none()
                    })
            })
    }

    fn set_status(&self, node: &str, status: NodeStatus) {
        self.nodes.update(|n| {
            n.insert(node.to_string(), status);
        });
    }

    /// Applies one engine event. Events from inside subgraphs (non-empty path) do not occur in the
    /// review and are ignored.
    pub fn apply(&self, event: StreamEvent) {
        match event {
            StreamEvent::NodeStarted { node, path, .. } if path.is_empty() => {
                if node == "router" {
                    self.start_round();
                }
                self.set_status(&node, NodeStatus::Running);
            }
            StreamEvent::NodeFinished {
                node, update, path, ..
            } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Done);
                self.take_update(&node, &update);
            }
            StreamEvent::NodeFailed { node, path, .. } if path.is_empty() => {
                self.set_status(&node, NodeStatus::Failed)
            }
            StreamEvent::Custom { payload, .. } => {
                if let Some(event) = CustomEvent::from_payload(&payload) {
                    self.take_custom(event);
                }
            }
            StreamEvent::RunFinished { state, path } if path.is_empty() => {
                if let Ok(state) = crate::value_de::from_value::<ReviewState>(state) {
                    self.result.set(Some(state));
                }
            }
            _ => {}
        }
    }

    /// The router starts every round: the graph goes back to idle and the cards to empty.
    fn start_round(&self) {
        self.nodes
            .update(|n| n.values_mut().for_each(|s| *s = NodeStatus::Idle));
        self.cards.set(BTreeMap::new());
        self.iteration.update(|i| *i += 1);
    }

    fn take_update(&self, node: &str, update: &Value) {
        if CRITICS.iter().any(|(id, _)| *id == node) {
            if let Ok(feedback) =
                crate::value_de::from_value::<Feedback>(update[format!("{node}_feedback")].clone())
            {
                self.cards
                    .update(|c| c.entry(node.to_string()).or_default().feedback = Some(feedback));
            }
        } else if node == "aggregator" {
            if let Some(score) = update["integrated_score"].as_f64() {
                self.scores.update(|s| s.push(score));
            }
        }
    }

    fn take_custom(&self, event: CustomEvent) {
        let is_critic = |agent: &str| CRITICS.iter().any(|(id, _)| *id == agent);
        match event {
            CustomEvent::Delta(DeltaPayload { agent, delta, .. }) => {
                if is_critic(&agent) {
                    self.cards.update(|c| {
                        let card = c.entry(agent).or_default();
                        card.speed.delta(js_sys::Date::now());
                        card.streamed.push_str(&delta);
                        card.live = feedback_so_far(&card.streamed);
                    });
                } else {
                    self.activity
                        .update(|a| a.entry(agent).or_default().push_str(&delta));
                }
            }
            // The agent's stream broke and is streamed again (`common::stream`): its text so far
            // is void.
            CustomEvent::DeltaReset(DeltaResetPayload { agent, .. }) => {
                self.cards.update(|c| {
                    if let Some(card) = c.get_mut(&agent) {
                        card.streamed.clear();
                        card.live = feedback_so_far("");
                    }
                });
                self.activity.update(|a| {
                    a.remove(&agent);
                });
            }
            CustomEvent::Usage(usage) => {
                if is_critic(&usage.agent) {
                    let tokens = Some(usage.output_tokens);
                    self.cards.update(|c| {
                        c.entry(usage.agent.clone())
                            .or_default()
                            .speed
                            .output_tokens = tokens
                    });
                }
                self.add_usage(&usage);
            }
            CustomEvent::Clamped(ClampedPayload { agent, values, .. }) if is_critic(&agent) => {
                self.cards
                    .update(|c| c.entry(agent).or_default().clamped = values);
            }
            CustomEvent::AgentError(AgentErrorPayload { agent, error, .. }) => {
                self.cards
                    .update(|c| c.entry(agent).or_default().error = Some(error));
            }
            _ => {}
        }
    }
}

impl RunModel {
    fn add_usage(&self, usage: &UsagePayload) {
        self.usage.update(|u| {
            let re_ask = u32::from(usage.repaired);
            u.calls += 1 + re_ask;
            u.re_asks += re_ask;
            u.input_tokens += usage.input_tokens;
            u.cached_input_tokens += usage.cached_input_tokens;
            u.output_tokens += usage.output_tokens;
            match usage.cost_usd {
                Some(cost) => u.cost_usd = Some(u.cost_usd.unwrap_or(0.0) + cost),
                None => u.cost_unknown = true,
            }
        });
    }
}

impl ViewModel<ReviewWorkflow> for RunModel {
    fn new() -> Self {
        RunModel::new()
    }

    fn event(&self, event: StreamEvent) {
        self.apply(event);
    }

    /// The rounds so far (a re-opened run saw none of their events) and, at the end, the result
    /// with the last round's critics.
    fn step(&self, step: &Step<ReviewState>) -> Result<(), String> {
        let state = step.state();
        self.iteration.set(state.current_iteration);
        self.scores.set(
            state
                .feedback_history
                .iter()
                .map(|round| integrated_score(round))
                .collect(),
        );
        if let Step::Done(state) = step {
            // The result's round (`current_feedback`): the best one when the last scored lower.
            let of = |name: &str| {
                state
                    .current_feedback
                    .iter()
                    .find(|f| f.agent_name == name)
                    .cloned()
            };
            self.cards.update(|cards| {
                for (id, feedback) in [
                    (
                        "recruiter",
                        of("recruiter").or(state.recruiter_feedback.clone()),
                    ),
                    (
                        "tech_writer",
                        of("technical_writer").or(state.tech_writer_feedback.clone()),
                    ),
                    (
                        "copywriter",
                        of("copywriter").or(state.copywriter_feedback.clone()),
                    ),
                ] {
                    if let Some(feedback) = feedback {
                        cards.entry(id.to_string()).or_default().feedback = Some(feedback);
                    }
                }
            });
            // After "Retry failed critics": the critics asked again are done, or failed again.
            for critic in agents::CRITICS {
                let id = critic.agent.node;
                if self.status(id) == NodeStatus::Running {
                    let failed = of(critic.feedback_name).is_none_or(|f| f.is_failure());
                    self.set_status(
                        id,
                        if failed {
                            NodeStatus::Failed
                        } else {
                            NodeStatus::Done
                        },
                    );
                }
            }
            self.result.set(Some(state.clone()));
        }
        Ok(())
    }

    /// "Retry failed critics": the result goes until the retry ends; the critics asked again
    /// show as running, their cards emptied of the failure.
    fn following_up(&self) {
        let Some(state) = self.result.get_untracked() else {
            return;
        };
        for failed in state.current_feedback.iter().filter(|f| f.is_failure()) {
            let node = critic_node(&failed.agent_name).to_string();
            self.set_status(&node, NodeStatus::Running);
            self.cards.update(|c| {
                c.insert(node, Card::default());
            });
        }
        self.result.set(None);
    }
}
