//! The model files kept in this browser (the Origin Private File System, through
//! `web/local-model/engine.js`): added from a file the user picks or an `https:` URL they paste,
//! listed with their sizes, deleted. Nothing here downloads a model by itself.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::browser::{error_parts, js_capabilities};

#[wasm_bindgen(module = "/web/local-model/engine.js")]
extern "C" {
    #[wasm_bindgen(js_name = keptModels, catch)]
    async fn kept_models() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = keepFile, catch)]
    async fn keep_file(
        file: &web_sys::File,
        on_progress: &Closure<dyn FnMut(f64, Option<f64>)>,
        signal: &web_sys::AbortSignal,
    ) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = downloadModel, catch)]
    async fn download_model(
        url: &str,
        on_progress: &Closure<dyn FnMut(f64, Option<f64>)>,
        signal: &web_sys::AbortSignal,
    ) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = deleteModel, catch)]
    async fn delete_model(name: &str) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = storageEstimate, catch)]
    async fn storage_estimate() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = setAssetsBase)]
    fn set_assets_base(url: &str);
}

/// Where wllama's `index.min.js` and `wllama.wasm` are served (default: `wllama/` beside the
/// page, where the app's build puts them): for a host app that serves them elsewhere.
pub fn set_assets(url: &str) {
    set_assets_base(url);
}

/// A model file kept in this browser for the in-browser model: its name (what
/// `ProviderConfig.model` names) and size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(tsify::Tsify))]
pub struct KeptModel {
    pub name: String,
    /// Bytes.
    pub size: f64,
}

/// What this browser can do for a model in the tab.
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    /// WebAssembly SIMD: required.
    pub simd: bool,
    /// Cross-origin isolated with `SharedArrayBuffer`: the multi-threaded build.
    pub threads: bool,
    pub cores: u32,
    /// `navigator.deviceMemory` (Chromium only, at most 8).
    pub memory_gb: Option<f64>,
    /// The Origin Private File System, where models are kept.
    pub storage: bool,
}

/// Bytes this origin stores and may store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize)]
pub struct StorageEstimate {
    pub usage: Option<f64>,
    pub quota: Option<f64>,
}

/// Why keeping, listing or deleting a model failed; a page words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeptError {
    /// The file's first bytes are not a GGUF header.
    NotGguf,
    /// No Origin Private File System (an old browser, or a private window that has none).
    NoStorage,
    /// The browser refused the space.
    StorageFull,
    /// Not an `https:` URL.
    NotHttps,
    /// The download failed (network, CORS, a status other than 200); the detail says which.
    DownloadFailed(String),
    Cancelled,
    Other(String),
}

impl KeptError {
    /// What went wrong, in English (the JS API's message; the app words it in its language).
    pub fn message(&self) -> String {
        match self {
            KeptError::NotGguf => {
                "This is not a GGUF model file (its first bytes are not \"GGUF\").".into()
            }
            KeptError::NoStorage => "This browser cannot keep files for the app (no Origin Private File System; a private window may have none).".into(),
            KeptError::StorageFull => "The browser refused the space for this model: free some, or choose a smaller model.".into(),
            KeptError::NotHttps => "Give the https:// address of a .gguf file.".into(),
            KeptError::DownloadFailed(detail) => format!("The download failed ({detail}). The server must allow this page to fetch it (CORS)."),
            KeptError::Cancelled => "Cancelled: nothing was kept.".into(),
            KeptError::Other(detail) => format!("That did not work: {detail}"),
        }
    }
}

fn kept_error(error: JsValue) -> KeptError {
    let (code, detail) = error_parts(&error);
    match code.as_str() {
        "not_gguf" => KeptError::NotGguf,
        "no_storage" => KeptError::NoStorage,
        "storage_full" => KeptError::StorageFull,
        "not_https" => KeptError::NotHttps,
        "download_failed" => KeptError::DownloadFailed(detail),
        "cancelled" => KeptError::Cancelled,
        _ => KeptError::Other(if detail.is_empty() {
            format!("{error:?}")
        } else {
            detail
        }),
    }
}

fn decode<T: for<'de> Deserialize<'de>>(value: JsValue) -> Result<T, KeptError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| KeptError::Other(e.to_string()))
}

/// What this browser can do, read at once (nothing is loaded).
pub fn capabilities() -> Capabilities {
    serde_wasm_bindgen::from_value(js_capabilities()).unwrap_or_default()
}

pub async fn list() -> Result<Vec<KeptModel>, KeptError> {
    decode(kept_models().await.map_err(kept_error)?)
}

pub async fn estimate() -> Result<StorageEstimate, KeptError> {
    decode(storage_estimate().await.map_err(kept_error)?)
}

pub async fn delete(name: &str) -> Result<(), KeptError> {
    delete_model(name).await.map_err(kept_error).map(|_| ())
}

/// Progress of a copy or download: bytes done, and the total when known.
pub type Progress = Box<dyn FnMut(f64, Option<f64>)>;

/// Copies `file` into the kept models; `signal` cancels (and leaves nothing behind).
pub async fn keep(
    file: &web_sys::File,
    progress: Progress,
    signal: &web_sys::AbortSignal,
) -> Result<KeptModel, KeptError> {
    let on_progress = Closure::<dyn FnMut(f64, Option<f64>)>::new(progress);
    decode(
        keep_file(file, &on_progress, signal)
            .await
            .map_err(kept_error)?,
    )
}

/// Downloads `url` (`https:` only) into the kept models; `signal` cancels.
pub async fn download(
    url: &str,
    progress: Progress,
    signal: &web_sys::AbortSignal,
) -> Result<KeptModel, KeptError> {
    let on_progress = Closure::<dyn FnMut(f64, Option<f64>)>::new(progress);
    decode(
        download_model(url, &on_progress, signal)
            .await
            .map_err(kept_error)?,
    )
}
