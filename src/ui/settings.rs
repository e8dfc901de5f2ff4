//! Settings chosen in the drawer, kept on this device. Holds no secret: keys live in `keys.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::storage;

const SETTINGS_ITEM: &str = "careergraph.settings.v1";

/// Providers offered in the drawer: (id, label). The demo needs no key and sends nothing anywhere.
pub const PROVIDERS: &[(&str, &str)] = &[
    ("demo", "Demo (offline heuristics, no key)"),
    ("openai", "OpenAI"),
    ("anthropic", "Anthropic"),
    ("gemini", "Google Gemini"),
    (
        "openai_compatible",
        "OpenAI-compatible (Ollama, LM Studio…)",
    ),
];

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

    /// Whether the chosen provider cannot work without a key.
    pub fn needs_key(&self) -> bool {
        matches!(self.provider.as_str(), "openai" | "anthropic" | "gemini")
    }
}
