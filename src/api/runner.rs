//! `new Runner(config)` and `runner.configure(config)`: the provider a host app chose. The model is
//! built (and the config checked) here, so a missing key fails at once, not mid-run.

use wasm_bindgen::prelude::*;

use super::convert::from_js;
use crate::session::{ErrorCode, ProviderConfig, Runtime, SessionError};

/// Starts workflows on one provider configuration. Holds the API key inside its model only: it is
/// never returned, logged, or put into events and results.
#[wasm_bindgen]
pub struct Runner {
    /// The provider's model over `fetch`, with its per-agent overrides, from the session: the JS
    /// API never reaches the provider layer itself.
    pub(super) runtime: Runtime,
}

fn configured(config: JsValue) -> Result<Runtime, SessionError> {
    let config: ProviderConfig = if config.is_undefined() || config.is_null() {
        ProviderConfig::default()
    } else {
        from_js(config, ErrorCode::InvalidProvider, "provider configuration")?
    };
    Runtime::in_browser(&config)
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
        Ok(Runner {
            runtime: configured(config)?,
        })
    }

    /// Switches provider, model or key for the runs started from now on (runs under way keep
    /// theirs). Throws like the constructor and then keeps the previous configuration.
    pub fn configure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ProviderConfig")] config: JsValue,
    ) -> Result<(), JsValue> {
        self.runtime = configured(config)?;
        Ok(())
    }
}
