//! What the batch's nodes share: the (paced) model, the settings, the candidate slots and the
//! spend of the current superstep's tasks; each task asks the hiring agents on a model that
//! counts its calls and their cost (for the cost cap).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use futures::StreamExt;

use crate::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use crate::workflows::common::{self, Agent};
use crate::workflows::hiring::WORKERS;

use super::settings::BatchSettings;

/// What the nodes share: the (paced) model, the settings, the candidate slots and the spend of
/// the tasks of the current superstep.
pub struct Shared {
    pub model: Rc<dyn ChatModel>,
    pub settings: BatchSettings,
    pub slots: super::slots::Slots,
    /// (superstep, estimated USD spent by its tasks so far).
    pub meter: RefCell<(i64, f64)>,
    /// (superstep, the refusal) once a call of that superstep's tasks met a refused key: its
    /// other candidates make no call. Per superstep, so screening after the key question starts
    /// afresh.
    pub key_refused: RefCell<Option<(i64, String)>>,
}

impl Shared {
    pub(super) fn step_spend(&self, step: i64) -> f64 {
        let meter = self.meter.borrow();
        if meter.0 == step {
            meter.1
        } else {
            0.0
        }
    }

    /// The refusal a call of superstep `step` met, if any.
    pub(super) fn refusal(&self, step: i64) -> Option<String> {
        match &*self.key_refused.borrow() {
            Some((at, message)) if *at == step => Some(message.clone()),
            _ => None,
        }
    }

    fn note_refusal(&self, step: i64, error: &LlmError) {
        if common::refuses_key(error) && self.refusal(step).is_none() {
            *self.key_refused.borrow_mut() = Some((step, error.to_string()));
        }
    }

    pub(super) fn add_spend(&self, step: i64, usd: f64) {
        let mut meter = self.meter.borrow_mut();
        if meter.0 != step {
            *meter = (step, 0.0);
        }
        meter.1 += usd;
    }

    /// The hiring workflow's way of asking an agent, on a model that counts this task's calls.
    pub(super) fn asker(self: &Rc<Self>, step: i64) -> (common::Deps<BatchSettings>, Rc<Tally>) {
        let tally = Rc::new(Tally::default());
        let model = Metered {
            shared: self.clone(),
            tally: tally.clone(),
            step,
        };
        let deps = common::Deps {
            model: Rc::new(model),
            settings: self.settings.clone(),
        };
        (deps, tally)
    }
}

/// One task's calls and estimated cost.
#[derive(Default)]
pub struct Tally {
    pub calls: Cell<u32>,
    pub cost_usd: Cell<f64>,
}

/// The shared model, counting each call and its cost (a repair call included) for the cap, and
/// noting a refused key for the other candidates.
struct Metered {
    shared: Rc<Shared>,
    tally: Rc<Tally>,
    step: i64,
}

impl Metered {
    fn count(&self, response: &ChatResponse) {
        let usd = response.cost_usd.unwrap_or(0.0);
        self.tally.cost_usd.set(self.tally.cost_usd.get() + usd);
        self.shared.add_spend(self.step, usd);
    }
}

impl ChatModel for Metered {
    fn provider(&self) -> &str {
        self.shared.model.provider()
    }

    fn default_model(&self) -> &str {
        self.shared.model.default_model()
    }

    fn structured_mode(&self) -> Option<&'static str> {
        self.shared.model.structured_mode()
    }

    fn stream_retry(&self, request: &ChatRequest) -> Option<crate::llm::retry::StreamRetry> {
        self.shared.model.stream_retry(request)
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.tally.calls.set(self.tally.calls.get() + 1);
        Box::pin(async move {
            let response = self
                .shared
                .model
                .complete(request)
                .await
                .inspect_err(|e| self.shared.note_refusal(self.step, e))?;
            self.count(&response);
            Ok(response)
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.tally.calls.set(self.tally.calls.get() + 1);
        Box::pin(self.shared.model.stream(request).map(move |event| {
            match &event {
                Ok(StreamEvent::Done(response)) => self.count(response),
                Err(error) => self.shared.note_refusal(self.step, error),
                Ok(_) => {}
            }
            event
        }))
    }
}

/// A hiring agent by node name (the batch reuses their prompts and schemas).
pub fn hiring_agent(node: &str) -> Agent {
    *WORKERS
        .iter()
        .find(|a| a.node == node)
        .unwrap_or_else(|| panic!("the hiring workflow has no agent `{node}`"))
}
