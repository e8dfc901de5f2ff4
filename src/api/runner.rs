//! `new Runner(config)` and `runner.configure(config)`: the provider a host app chose. The model is
//! built (and the config checked) here, so a missing key fails at once, not mid-run.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::convert::from_js;
use crate::llm::http::fetch::FetchTransport;
use crate::llm::ChatModel;
use crate::session::{build_model, ErrorCode, ProviderConfig, SessionError};

/// Starts workflows on one provider configuration. Holds the API key inside its model only: it is
/// never returned, logged, or put into events and results.
#[wasm_bindgen]
pub struct Runner {
    pub(super) config: ProviderConfig,
    pub(super) model: Rc<dyn ChatModel>,
}

fn configured(config: JsValue) -> Result<(ProviderConfig, Rc<dyn ChatModel>), SessionError> {
    let config: ProviderConfig = if config.is_undefined() || config.is_null() {
        ProviderConfig::default()
    } else {
        from_js(config, ErrorCode::InvalidProvider, "provider configuration")?
    };
    let model = build_model(&config, Rc::new(FetchTransport))?;
    Ok((config, model))
}

#[wasm_bindgen]
impl Runner {
    /// A runner for `config`; without one, the offline demo provider. Throws `missing_key`,
    /// `invalid_provider`, `invalid_base_url` or `host_not_confirmed` (a first-party key for a
    /// `baseUrl` off the provider's own host needs `confirmedHost` naming that host) when the
    /// configuration cannot work.
    ///
    /// ```ts
    /// const runner = new Runner({ provider: "openai", apiKey: "sk-…" });
    /// ```
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "ProviderConfig")] config: JsValue,
    ) -> Result<Runner, JsValue> {
        console_error_panic_hook::set_once();
        let (config, model) = configured(config)?;
        Ok(Runner { config, model })
    }

    /// Switches provider, model or key for the runs started from now on (runs under way keep
    /// theirs). Throws like the constructor and then keeps the previous configuration.
    pub fn configure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ProviderConfig")] config: JsValue,
    ) -> Result<(), JsValue> {
        let (config, model) = configured(config)?;
        self.config = config;
        self.model = model;
        Ok(())
    }
}
