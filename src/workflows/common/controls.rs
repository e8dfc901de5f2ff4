//! What every workflow's settings share: the model each agent uses, the language agents write in,
//! and the cancel token. None of it is state: the caller keeps the token, and API keys live in the
//! model object, never here (or in checkpoints).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::llm::CancelToken;
use crate::workflows::registry::RunEnv;

/// The per-run controls every agent call reads (see [`super::Agent::request`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RunControls {
    /// Model per agent, keyed by node name (the seeds' `override_model`). Unlisted agents use the
    /// model's default.
    pub model_overrides: BTreeMap<String, String>,
    /// The language agents write their text in (English unless the user picks another).
    pub language: Language,
    /// Cancels every chat call of the run, and the run at its next node. Not serialised: the
    /// caller keeps it.
    #[serde(skip)]
    pub cancel: Option<CancelToken>,
    /// The nonce of the run's message delimiters (see [`super::envelope`]); `None` draws a fresh
    /// one per request. Never serialised: a reopened run wraps with a new one. Tests may fix it.
    #[serde(skip)]
    pub nonce: Option<String>,
}

impl RunControls {
    /// The controls of a run on `env`: its cancel token and the overrides that name a model.
    pub fn from_env(env: &RunEnv, language: Language) -> Self {
        RunControls {
            model_overrides: env
                .model_overrides()
                .map(|(node, model)| (node.to_string(), model.to_string()))
                .collect(),
            language,
            cancel: Some(env.cancel.clone()),
            nonce: Some(super::envelope::fresh_nonce(&env.thread_id)),
        }
    }

    /// The model `node` is overridden to, if any.
    pub fn model_for(&self, node: &str) -> Option<String> {
        self.model_overrides.get(node).cloned()
    }

    /// The nonce this run's messages are wrapped with.
    pub fn nonce(&self) -> String {
        self.nonce
            .clone()
            .unwrap_or_else(|| super::envelope::fresh_nonce("request"))
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
    }
}

/// A workflow's settings: they carry [`RunControls`] and get the shared builder methods from it,
/// written once here instead of once per workflow.
pub trait RunSettings: Sized {
    fn controls(&self) -> &RunControls;
    fn controls_mut(&mut self) -> &mut RunControls;

    fn with_cancel(mut self, cancel: CancelToken) -> Self {
        self.controls_mut().cancel = Some(cancel);
        self
    }

    fn with_model_override(mut self, node: &str, model: &str) -> Self {
        self.controls_mut()
            .model_overrides
            .insert(node.to_string(), model.to_string());
        self
    }

    fn with_language(mut self, language: Language) -> Self {
        self.controls_mut().language = language;
        self
    }

    fn is_cancelled(&self) -> bool {
        self.controls().is_cancelled()
    }

    fn language(&self) -> Language {
        self.controls().language
    }
}

impl RunSettings for RunControls {
    fn controls(&self) -> &RunControls {
        self
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        self
    }
}
