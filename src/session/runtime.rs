//! What every run of a session is built on: the chat model the user's provider settings make,
//! where checkpoints go, and the clock. A run's own choices (per-agent models) are not here: they
//! are its [`RunOptions`](super::RunOptions).

use std::rc::Rc;

use super::error::SessionError;
use super::provider::{provider_model, ProviderConfig};
use crate::graph::{Checkpointer, MemorySaver};
use crate::llm::demo::DemoModel;
use crate::llm::http::HttpTransport;
use crate::llm::ChatModel;
use crate::workflows::registry::platform_now_ms;
use crate::workflows::Workflow;

/// A chat model, opaque above the session: the app and the JS API hold one without reaching
/// into the provider layer. It carries the API key, which never leaves it. `None`: the offline
/// demo of [`Runtime::for_provider`], built per run from that run's workflow.
#[derive(Clone)]
pub struct Model(Option<Rc<dyn ChatModel>>);

impl Model {
    /// The provider's model the user chose; `None` for the offline demo.
    pub(crate) fn chosen(&self) -> Option<Rc<dyn ChatModel>> {
        self.0.clone()
    }

    /// The model a run of `W` calls. The demo answers with `W`'s own responders only: a
    /// workflow's demo code is then reached from its run alone, so in the split app it loads
    /// with that workflow's page instead of with the first module.
    pub(crate) fn for_workflow<W: Workflow>(&self) -> Rc<dyn ChatModel> {
        match &self.0 {
            Some(model) => model.clone(),
            None => Rc::new(W::with_demo(DemoModel::new())),
        }
    }
}

/// Model, checkpointer and clock for the runs started from it.
#[derive(Clone)]
pub struct Runtime {
    pub(crate) model: Model,
    pub checkpointer: Rc<dyn Checkpointer>,
    pub now_ms: fn() -> f64,
}

impl Runtime {
    /// Runs on `model`, checkpointed in memory.
    pub fn new(model: Rc<dyn ChatModel>) -> Self {
        Self::on(Model(Some(model)))
    }

    fn on(model: Model) -> Self {
        Runtime {
            model,
            checkpointer: Rc::new(MemorySaver::new()),
            now_ms: platform_now_ms,
        }
    }

    /// Builds the model for `provider` over `transport`. Fails with a user-facing message when a
    /// key or URL is missing.
    pub fn for_provider(
        provider: &ProviderConfig,
        transport: Rc<dyn HttpTransport>,
    ) -> Result<Self, SessionError> {
        Ok(Self::on(Model(provider_model(provider, transport)?)))
    }

    /// The browser's runtime: the provider's model over `fetch`.
    #[cfg(target_arch = "wasm32")]
    pub fn in_browser(provider: &ProviderConfig) -> Result<Self, SessionError> {
        Self::for_provider(provider, Rc::new(crate::llm::http::fetch::FetchTransport))
    }

    /// Saves every run's supersteps in `checkpointer` (IndexedDB in the app), so runs can be
    /// reopened after a reload.
    pub fn with_checkpointer(mut self, checkpointer: Rc<dyn Checkpointer>) -> Self {
        self.checkpointer = checkpointer;
        self
    }

    pub fn with_clock(mut self, now_ms: fn() -> f64) -> Self {
        self.now_ms = now_ms;
        self
    }
}
