//! Settings chosen in the drawer, kept on this device. Holds no secret: keys live in `keys.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::storage;
use crate::domain::Language;
use crate::session::{ProviderConfig, ProviderKind};

const SETTINGS_ITEM: &str = "careergraph.settings.v1";

/// Review agents whose model can be overridden one by one (the seed's `override_model`).
pub const AGENTS: &[(&str, &str)] = &[
    ("recruiter", "Recruiter"),
    ("tech_writer", "Technical writer"),
    ("copywriter", "Copywriter"),
    ("revisor", "Revisor"),
    ("portfolio", "Portfolio"),
    ("design", "Design"),
];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub provider: String,
    /// Empty: the provider's default model.
    pub model: String,
    /// Empty: the provider's own endpoint.
    pub base_url: String,
    /// Agent id → model, for agents that should use another model than `model`.
    pub agent_models: BTreeMap<String, String>,
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
            base_url: String::new(),
            agent_models: BTreeMap::new(),
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
            .and_then(|json| serde_json::from_str(&json).ok())
            .unwrap_or_default()
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

    /// What `session::build_model` needs: these settings plus the provider's key.
    pub fn provider_config(&self, api_key: Option<String>) -> ProviderConfig {
        let non_empty = |v: &str| Some(v.trim().to_string()).filter(|v| !v.is_empty());
        ProviderConfig {
            provider: self.provider_kind(),
            model: non_empty(&self.model),
            base_url: non_empty(&self.base_url),
            agent_models: self.agent_models.clone(),
            ..ProviderConfig::default()
        }
        .with_api_key(api_key.as_deref().unwrap_or_default())
    }
}
