//! The model files of `provider: "in_tab"` (a GGUF model run inside the tab): a host app keeps one
//! from a file or an address, lists and deletes them, then configures
//! `{ provider: "in_tab", model: name }`. Static methods of `Runner`: they need no provider.

use wasm_bindgen::prelude::*;

use super::convert::to_js;
use super::runner::Runner;
use crate::session::in_tab::{self, KeptError, Progress};
use crate::session::{ErrorCode, SessionError};

fn model_file_error(error: KeptError) -> JsValue {
    SessionError::new(ErrorCode::ModelFile, error.message()).into()
}

/// `onProgress(done, total)` in bytes, if the caller gave one.
fn progress(on_progress: Option<js_sys::Function>) -> Progress {
    Box::new(move |done, total| {
        if let Some(callback) = &on_progress {
            let total = total.map_or(JsValue::NULL, JsValue::from_f64);
            let _ = callback.call2(&JsValue::NULL, &JsValue::from_f64(done), &total);
        }
    })
}

fn signal_or_none(signal: Option<web_sys::AbortSignal>) -> Result<web_sys::AbortSignal, JsValue> {
    match signal {
        Some(signal) => Ok(signal),
        None => Ok(web_sys::AbortController::new()?.signal()),
    }
}

#[wasm_bindgen]
impl Runner {
    /// The model files kept in this browser for `provider: "in_tab"`.
    #[wasm_bindgen(js_name = inTabModels, unchecked_return_type = "Promise<KeptModel[]>")]
    pub async fn in_tab_models() -> Result<JsValue, JsValue> {
        let kept = in_tab::list().await.map_err(model_file_error)?;
        Ok(to_js(&kept)?)
    }

    /// Keeps a GGUF file the user picked (copied into the Origin Private File System); resolves to
    /// the kept model, whose `name` goes into `configure({ provider: "in_tab", model: name })`.
    /// Throws `model_file`.
    #[wasm_bindgen(js_name = keepInTabModel, unchecked_return_type = "Promise<KeptModel>")]
    pub async fn keep_in_tab_model(
        file: web_sys::File,
        #[wasm_bindgen(js_name = onProgress, unchecked_optional_param_type = "(done: number, total: number | null) => void")]
        on_progress: Option<js_sys::Function>,
        #[wasm_bindgen(unchecked_optional_param_type = "AbortSignal")] signal: Option<
            web_sys::AbortSignal,
        >,
    ) -> Result<JsValue, JsValue> {
        let signal = signal_or_none(signal)?;
        let kept = in_tab::keep(&file, progress(on_progress), &signal)
            .await
            .map_err(model_file_error)?;
        Ok(to_js(&kept)?)
    }

    /// Downloads a GGUF file from an `https:` address (or one on the page's own origin) into the
    /// kept models. The server must allow the page to fetch it (CORS). Throws `model_file`.
    #[wasm_bindgen(js_name = downloadInTabModel, unchecked_return_type = "Promise<KeptModel>")]
    pub async fn download_in_tab_model(
        url: String,
        #[wasm_bindgen(js_name = onProgress, unchecked_optional_param_type = "(done: number, total: number | null) => void")]
        on_progress: Option<js_sys::Function>,
        #[wasm_bindgen(unchecked_optional_param_type = "AbortSignal")] signal: Option<
            web_sys::AbortSignal,
        >,
    ) -> Result<JsValue, JsValue> {
        let signal = signal_or_none(signal)?;
        let kept = in_tab::download(&url, progress(on_progress), &signal)
            .await
            .map_err(model_file_error)?;
        Ok(to_js(&kept)?)
    }

    /// Deletes a kept model file.
    #[wasm_bindgen(js_name = deleteInTabModel)]
    pub async fn delete_in_tab_model(name: String) -> Result<(), JsValue> {
        in_tab::delete(&name).await.map_err(model_file_error)
    }

    /// Where the engine's two files (`index.min.js` and `wllama.wasm` of npm `@wllama/wllama`'s
    /// `esm/` folder) are served; default `wllama/` beside the page. Call before the first run.
    #[wasm_bindgen(js_name = setInTabAssets)]
    pub fn set_in_tab_assets(url: String) {
        in_tab::set_assets(&url);
    }
}
