//! Provider configuration as the user gives it, and the chat model it makes. The key travels inside
//! the model object only: `ProviderConfig` never serialises it and its `Debug` hides it.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::error::{ErrorCode, SessionError};
use super::host::check_destination;
use crate::llm::answer_budget::AnswerBudget;
use crate::llm::anthropic::{AnthropicConfig, AnthropicModel};
use crate::llm::gemini::{GeminiConfig, GeminiModel};
use crate::llm::http::HttpTransport;
use crate::llm::limits::is_local_host;
use crate::llm::local_server::LocalServer;
use crate::llm::openai::{OpenAiConfig, OpenAiModel};
use crate::llm::{ApiKey, ChatModel};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// Offline heuristics: no network, no key.
    #[default]
    Demo,
    Openai,
    Anthropic,
    Gemini,
    /// Any OpenAI-compatible server (Ollama, LM Studio, OpenRouter, vLLM): key optional.
    OpenaiCompatible,
    /// A GGUF model run inside the tab (llama.cpp in WebAssembly): no key, no network. `model`
    /// names the kept model file.
    InTab,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 6] = [
        ProviderKind::Demo,
        ProviderKind::Openai,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
        ProviderKind::OpenaiCompatible,
        ProviderKind::InTab,
    ];

    /// The id used in JSON, settings and key storage.
    pub fn id(self) -> &'static str {
        match self {
            ProviderKind::Demo => "demo",
            ProviderKind::Openai => "openai",
            ProviderKind::Anthropic => "anthropic",
            ProviderKind::Gemini => "gemini",
            ProviderKind::OpenaiCompatible => "openai_compatible",
            ProviderKind::InTab => "in_tab",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.id() == id)
    }

    pub fn label(self) -> &'static str {
        match self {
            ProviderKind::Demo => "Demo (offline heuristics, no key)",
            ProviderKind::Openai => "OpenAI",
            ProviderKind::Anthropic => "Anthropic",
            ProviderKind::Gemini => "Google Gemini",
            ProviderKind::OpenaiCompatible => "OpenAI-compatible (Ollama, LM Studio…)",
            ProviderKind::InTab => "In this browser (experimental)",
        }
    }

    pub fn needs_key(self) -> bool {
        matches!(
            self,
            ProviderKind::Openai | ProviderKind::Anthropic | ProviderKind::Gemini
        )
    }
}

/// What the user chose in settings (or a host app passed to `configure`).
#[derive(Clone, Default, Deserialize)]
#[cfg_attr(
    js_api,
    derive(tsify::Tsify),
    tsify(hashmap_as_object, missing_as_null)
)]
#[serde(default, rename_all = "camelCase")]
pub struct ProviderConfig {
    pub provider: ProviderKind,
    /// Empty or absent: the provider's default model.
    pub model: Option<String>,
    #[cfg_attr(js_api, tsify(type = "string | null"))]
    pub api_key: Option<ApiKey>,
    /// Empty or absent: the provider's own endpoint (required for `openai_compatible`).
    /// `https:` only; plain `http:` only for localhost, 127.0.0.1 and [::1]; no credentials,
    /// query or fragment.
    pub base_url: Option<String>,
    /// For OpenAI, Anthropic and Gemini with a `baseUrl` on another host than the provider's
    /// own: that host (e.g. `"127.0.0.1:8802"`), to confirm the key may be sent there. Without it
    /// such a configuration fails with `host_not_confirmed`.
    pub confirmed_host: Option<String>,
    /// The longest answer any agent may give, in tokens (at least 128); absent: as long as each
    /// answer's schema allows. For a slow local model: every list and text shrinks to fit, so
    /// each agent answers sooner, and whole (see `llm::answer_budget`).
    pub max_answer_tokens: Option<u32>,
}

impl std::fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderConfig")
            .field("provider", &self.provider)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "***"))
            .field("base_url", &self.base_url)
            .field("confirmed_host", &self.confirmed_host)
            .field("max_answer_tokens", &self.max_answer_tokens)
            .finish()
    }
}

impl ProviderConfig {
    /// Sets the API key the model is built with; a blank key (or only spaces) means none. The
    /// key stays inside the config and the model: callers above the session never name its type.
    pub fn with_api_key(mut self, key: &str) -> Self {
        let key = key.trim();
        self.api_key = (!key.is_empty()).then(|| ApiKey::new(key));
        self
    }
}

/// The model a run with `kind` calls when the user typed none, so the badge can name it (the UI
/// may not reach `crate::llm`). Read from the very config `build_model` starts from, so the name
/// shown cannot drift from the model called. `None` for the demo (no model is called) and for
/// OpenAI-compatible servers, which have no default: `build_model` asks for a model name.
pub fn default_model(kind: ProviderKind) -> Option<String> {
    let none = ApiKey::default;
    match kind {
        ProviderKind::Openai => Some(OpenAiConfig::openai(none()).model),
        ProviderKind::Anthropic => Some(AnthropicConfig::new(none()).model),
        ProviderKind::Gemini => Some(GeminiConfig::new(none()).model),
        ProviderKind::Demo | ProviderKind::OpenaiCompatible | ProviderKind::InTab => None,
    }
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Builds the chat model for `config`. Fails with a user-facing message when a key or URL is
/// missing, when the base URL is not allowed, or when a first-party key would go to a host the
/// caller did not confirm (see `host.rs`). The demo answers for every registered workflow.
pub fn build_model(
    config: &ProviderConfig,
    transport: Rc<dyn HttpTransport>,
) -> Result<Rc<dyn ChatModel>, SessionError> {
    Ok(provider_model(config, transport)?
        .unwrap_or_else(|| Rc::new(crate::workflows::demo_model())))
}

/// [`build_model`] with the same checks, but `None` for the offline demo: a [`Runtime`] gives
/// each run the demo answers of its own workflow only, so the app's first module carries no
/// page's demo data (it loads with that page).
///
/// [`Runtime`]: super::Runtime
pub(super) fn provider_model(
    config: &ProviderConfig,
    transport: Rc<dyn HttpTransport>,
) -> Result<Option<Rc<dyn ChatModel>>, SessionError> {
    let key = config.api_key.clone().unwrap_or_default();
    if config.provider.needs_key() && key.is_empty() {
        return Err(SessionError::new(
            ErrorCode::MissingKey,
            format!(
                "Add your {} API key in Settings, or choose the offline demo.",
                config.provider.label()
            ),
        ));
    }
    let model = non_empty(&config.model);
    let base_url = non_empty(&config.base_url);
    check_destination(config.provider, base_url, non_empty(&config.confirmed_host))?;
    let chat: Rc<dyn ChatModel> = match config.provider {
        ProviderKind::Demo => return Ok(None),
        ProviderKind::Openai => {
            let mut c = OpenAiConfig::openai(key);
            if let Some(url) = base_url {
                c = c.with_base_url(url);
            }
            if let Some(m) = model {
                c = c.with_model(m);
            }
            Rc::new(OpenAiModel::new(c, transport))
        }
        ProviderKind::OpenaiCompatible => {
            let url = base_url.ok_or_else(|| {
                SessionError::new(
                    ErrorCode::InvalidProvider,
                    "Enter the server's base URL in Settings, e.g. http://localhost:11434/v1 for Ollama.",
                )
            })?;
            let m = model.ok_or_else(|| {
                SessionError::new(
                    ErrorCode::InvalidProvider,
                    "Enter a model name in Settings, e.g. llama3.1.",
                )
            })?;
            let chat: Rc<dyn ChatModel> = Rc::new(OpenAiModel::new(
                OpenAiConfig::compatible("openai_compatible", url, key, m),
                transport.clone(),
            ));
            // A server on this machine or network may say its context size and slot count
            // (llama.cpp's /props): held to them, a too-large input fails before it is sent.
            if is_local_host(url) {
                Rc::new(LocalServer::new(chat, transport, &Default::default(), url))
            } else {
                chat
            }
        }
        ProviderKind::InTab => {
            let file = model.ok_or_else(|| {
                SessionError::new(
                    ErrorCode::InvalidProvider,
                    "Choose a model file in Settings (In this browser): pick a .gguf file or paste its https: URL.",
                )
            })?;
            in_tab_model(file)?
        }
        ProviderKind::Anthropic => {
            let mut c = AnthropicConfig::new(key);
            if let Some(url) = base_url {
                c = c.with_base_url(url);
            }
            if let Some(m) = model {
                c = c.with_model(m);
            }
            Rc::new(AnthropicModel::new(c, transport))
        }
        ProviderKind::Gemini => {
            let mut c = GeminiConfig::new(key);
            if let Some(url) = base_url {
                c = c.with_base_url(url);
            }
            if let Some(m) = model {
                c = c.with_model(m);
            }
            Rc::new(GeminiModel::new(c, transport))
        }
    };
    Ok(Some(match config.max_answer_tokens {
        Some(tokens) => Rc::new(AnswerBudget::new(chat, tokens)),
        None => chat,
    }))
}

/// The model in this tab, for the kept model file `file`.
#[cfg(target_arch = "wasm32")]
fn in_tab_model(file: &str) -> Result<Rc<dyn ChatModel>, SessionError> {
    use crate::llm::in_tab::{browser::BrowserEngine, tab_model};
    Ok(tab_model(BrowserEngine::new(file), file))
}

/// Natively there is no tab to run a model in.
#[cfg(not(target_arch = "wasm32"))]
fn in_tab_model(_file: &str) -> Result<Rc<dyn ChatModel>, SessionError> {
    Err(SessionError::new(
        ErrorCode::InvalidProvider,
        "The in-browser model runs only in a browser.",
    ))
}

#[cfg(test)]
mod tests {
    use futures::future::LocalBoxFuture;

    use super::*;
    use crate::llm::http::{HttpRequest, HttpResponse, TransportError};

    struct NoHttp;

    impl HttpTransport for NoHttp {
        fn send(
            &self,
            _: HttpRequest,
        ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
            unreachable!("building a model sends nothing")
        }
    }

    /// The name the badge shows for an empty model field is the model a run really calls.
    #[test]
    fn default_model_is_the_model_an_empty_field_calls() {
        for kind in [
            ProviderKind::Openai,
            ProviderKind::Anthropic,
            ProviderKind::Gemini,
        ] {
            let config = ProviderConfig {
                provider: kind,
                ..ProviderConfig::default()
            }
            .with_api_key("sk-test-unit");
            let model = build_model(&config, Rc::new(NoHttp)).unwrap();
            let named = default_model(kind).expect("a provider with a default model");
            assert_eq!(named, model.default_model(), "{kind:?}");
        }
        assert_eq!(default_model(ProviderKind::Demo), None);
        assert_eq!(default_model(ProviderKind::OpenaiCompatible), None);
    }
}
