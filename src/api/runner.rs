//! `new Runner(config)` and `runner.configure(config)`: the provider a host app chose. The model is
//! built (and the config checked) here, so a missing key fails at once, not mid-run.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, run_options};
use crate::session::{ErrorCode, ProviderConfig, RunOptions, Runtime, SessionError};

/// Starts workflows on one provider configuration. Holds the API key inside its model only: it is
/// never returned, logged, or put into events and results.
#[wasm_bindgen]
pub struct Runner {
    /// The provider's model over `fetch`, from the session: the JS API never reaches the provider
    /// layer itself.
    pub(super) runtime: Runtime,
    /// The options of a run started without its own: the `agentModels` an older host put in its
    /// provider configuration (before they were `start`'s option), so its runs still use them.
    pub(super) options: RunOptions,
}

fn configured(config: JsValue) -> Result<(Runtime, RunOptions), SessionError> {
    if config.is_undefined() || config.is_null() {
        return Ok((
            Runtime::in_browser(&ProviderConfig::default())?,
            RunOptions::default(),
        ));
    }
    let what = "provider configuration";
    let provider: ProviderConfig = from_js(config.clone(), ErrorCode::InvalidProvider, what)?;
    let options = run_options(&config, ErrorCode::InvalidProvider, what)?;
    Ok((Runtime::in_browser(&provider)?, options))
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
        let (runtime, options) = configured(config)?;
        Ok(Runner { runtime, options })
    }

    /// Switches provider, model or key for the runs started from now on (runs under way keep
    /// theirs). Throws like the constructor and then keeps the previous configuration.
    pub fn configure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ProviderConfig")] config: JsValue,
    ) -> Result<(), JsValue> {
        (self.runtime, self.options) = configured(config)?;
        Ok(())
    }
}
