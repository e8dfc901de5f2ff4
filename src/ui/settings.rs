//! Settings chosen in the drawer, kept on this device. Holds no secret: keys live in `keys.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::storage;
use crate::domain::Language;
use crate::session::{ProviderConfig, ProviderKind, RunOptions};

const SETTINGS_ITEM: &str = "careergraph.settings.v1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub provider: String,
    /// Empty: the provider's default model.
    pub model: String,
    /// Provider id → base URL (absent or empty: the provider's own endpoint). One per provider, so
    /// switching provider never sends a key to the URL typed for another one.
    pub base_urls: BTreeMap<String, String>,
    /// Provider id → the host the user agreed to send that provider's key to (a first-party
    /// provider on a base URL off its own host). Editing the base URL forgets it.
    pub confirmed_hosts: BTreeMap<String, String>,
    /// The single base URL of settings saved before `base_urls`: read once, moved by `migrate`,
    /// never written back.
    #[serde(rename = "base_url", skip_serializing)]
    pub legacy_base_url: String,
    /// `workflow id/agent node` ([`Settings::agent_model_key`]) → model, for agents that should
    /// use another model than `model`; the drawer offers every workflow's agents that ask the
    /// model (`workflows::model_agents`).
    pub agent_models: BTreeMap<String, String>,
    /// The longest answer any agent may give, in tokens; 0: as long as each answer needs.
    pub max_answer_tokens: u32,
    pub threshold: f64,
    pub max_iterations: u32,
    pub design_review: bool,
    /// Keep API keys on this device (localStorage) instead of this tab only.
    pub remember_keys: bool,
    /// The app's strings and the agents' output language (`Language::id`).
    pub language: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            provider: "demo".into(),
            model: String::new(),
            base_urls: BTreeMap::new(),
            confirmed_hosts: BTreeMap::new(),
            legacy_base_url: String::new(),
            agent_models: BTreeMap::new(),
            max_answer_tokens: 0,
            threshold: 8.0,
            max_iterations: 3,
            design_review: true,
            remember_keys: false,
            language: Language::En.id().into(),
        }
    }
}

impl Settings {
    pub fn load() -> Self {
        storage::load(SETTINGS_ITEM)
            .and_then(|json| serde_json::from_str::<Settings>(&json).ok())
            .map(Settings::migrated)
            .unwrap_or_default()
    }

    /// Settings saved with one base URL for every provider: that URL belonged to the provider
    /// selected then, so it moves to that provider only (to the OpenAI-compatible one when the
    /// demo was selected: the only one that needs a URL). A first-party provider gets it without
    /// a confirmed host, so its key goes nowhere new until the user confirms in the drawer.
    ///
    /// Per-agent models saved before they were per workflow (keyed by node alone) were the
    /// review's: they move to the review's keys.
    pub fn migrated(mut self) -> Self {
        if self.agent_models.keys().any(|key| !key.contains('/')) {
            let review = <crate::session::ReviewWorkflow as crate::workflows::Workflow>::ID;
            self.agent_models = std::mem::take(&mut self.agent_models)
                .into_iter()
                .map(|(key, model)| match key.contains('/') {
                    true => (key, model),
                    false => (Self::agent_model_key(review, &key), model),
                })
                .collect();
        }
        let url = std::mem::take(&mut self.legacy_base_url);
        let url = url.trim();
        if url.is_empty() {
            return self;
        }
        let owner = match self.provider_kind() {
            ProviderKind::Demo => ProviderKind::OpenaiCompatible,
            kind => kind,
        };
        self.base_urls
            .entry(owner.id().to_string())
            .or_insert_with(|| url.to_string());
        self
    }

    /// The selected provider's base URL (empty: its own endpoint).
    pub fn base_url(&self) -> String {
        self.base_urls
            .get(&self.provider)
            .cloned()
            .unwrap_or_default()
    }

    /// Sets the selected provider's base URL; any host confirmed for it is forgotten.
    pub fn set_base_url(&mut self, url: String) {
        self.confirmed_hosts.remove(&self.provider);
        if url.trim().is_empty() {
            self.base_urls.remove(&self.provider);
        } else {
            self.base_urls.insert(self.provider.clone(), url);
        }
    }

    /// The host confirmed for the selected provider, if any.
    pub fn confirmed_host(&self) -> Option<String> {
        self.confirmed_hosts.get(&self.provider).cloned()
    }

    /// Confirms (`Some`) or withdraws (`None`) sending the selected provider's key to `host`.
    pub fn set_confirmed_host(&mut self, host: Option<String>) {
        match host {
            Some(host) => self.confirmed_hosts.insert(self.provider.clone(), host),
            None => self.confirmed_hosts.remove(&self.provider),
        };
    }

    pub fn save(&self) {
        if let Ok(json) = serde_json::to_string(self) {
            storage::save(SETTINGS_ITEM, &json);
        }
    }

    /// The chosen provider; an unknown id (an old or edited store) falls back to the demo.
    pub fn provider_kind(&self) -> ProviderKind {
        ProviderKind::from_id(&self.provider).unwrap_or_default()
    }

    pub fn language(&self) -> Language {
        Language::from_id(&self.language)
    }

    /// The key of `node` of `workflow_id` in [`Settings::agent_models`].
    pub fn agent_model_key(workflow_id: &str, node: &str) -> String {
        format!("{workflow_id}/{node}")
    }

    /// What `session::build_model` needs: these settings' provider, model and endpoint, plus
    /// the provider's key. Per-agent models are a run's choice: [`Settings::run_options`].
    pub fn provider_config(&self, api_key: Option<String>) -> ProviderConfig {
        let non_empty = |v: &str| Some(v.trim().to_string()).filter(|v| !v.is_empty());
        ProviderConfig {
            provider: self.provider_kind(),
            model: non_empty(&self.model),
            base_url: non_empty(&self.base_url()),
            confirmed_host: self.confirmed_host(),
            max_answer_tokens: (self.max_answer_tokens > 0).then_some(self.max_answer_tokens),
            ..ProviderConfig::default()
        }
        .with_api_key(api_key.as_deref().unwrap_or_default())
    }

    /// The options of a run of `workflow_id`: that workflow's per-agent models.
    pub fn run_options(&self, workflow_id: &str) -> RunOptions {
        RunOptions {
            agent_models: self
                .agent_models
                .iter()
                .filter_map(|(key, model)| {
                    let node = key.strip_prefix(workflow_id)?.strip_prefix('/')?;
                    Some((node.to_string(), model.clone()))
                })
                .collect(),
        }
    }
}
