//! The engine in the browser: `web/local-model/engine.js`, which imports llama.cpp in WebAssembly
//! (npm `@wllama/wllama`) the first time a model is loaded. One engine per tab holds one loaded
//! model; [`BrowserEngine`] names which kept model file a run wants and loads it on first use.

use std::cell::Cell;
use std::rc::Rc;

use futures::channel::mpsc;
use futures::future::{self, Either, LocalBoxFuture};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::TabEngine;
use crate::llm::runtime::CancelToken;

#[wasm_bindgen(module = "/web/local-model/engine.js")]
extern "C" {
    #[wasm_bindgen(js_name = loadModel, catch)]
    async fn load_model(name: &str) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = loadedModel)]
    fn loaded_model() -> JsValue;

    #[wasm_bindgen(catch)]
    async fn complete(
        body: &str,
        on_chunk: &Closure<dyn FnMut(String)>,
        signal: &web_sys::AbortSignal,
    ) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = capabilities)]
    pub(super) fn js_capabilities() -> JsValue;
}

/// What `loadModel` and `loadedModel` say of the loaded model.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadedModel {
    pub name: String,
    /// The context it was loaded with, in tokens.
    pub n_ctx: u32,
    /// Whether wllama chose its multi-threaded build (the page is cross-origin isolated).
    pub multithread: bool,
    /// How long loading took, in seconds.
    pub seconds: f64,
}

/// The loaded model, if any (another run may have loaded another file).
pub fn loaded() -> Option<LoadedModel> {
    serde_wasm_bindgen::from_value(loaded_model()).ok()
}

/// The engine of this tab, for the kept model file `name`.
pub struct BrowserEngine {
    name: String,
    context: Rc<Cell<Option<u32>>>,
}

impl BrowserEngine {
    pub fn new(name: &str) -> Rc<Self> {
        Rc::new(BrowserEngine {
            name: name.to_string(),
            context: Rc::default(),
        })
    }
}

impl TabEngine for BrowserEngine {
    fn ready(&self) -> LocalBoxFuture<'static, Result<(), String>> {
        let (name, context) = (self.name.clone(), self.context.clone());
        Box::pin(async move {
            let loaded = load_model(&name).await.map_err(|e| engine_error(&e))?;
            let loaded: LoadedModel =
                serde_wasm_bindgen::from_value(loaded).map_err(|e| e.to_string())?;
            context.set(Some(loaded.n_ctx));
            Ok(())
        })
    }

    fn context_tokens(&self) -> Option<u32> {
        // Only while the loaded model is still this one (a run on another file may have
        // replaced it).
        loaded()
            .filter(|model| model.name == self.name)
            .and(self.context.get())
    }

    fn complete(
        &self,
        body: String,
        chunks: mpsc::UnboundedSender<String>,
        cancel: Option<CancelToken>,
    ) -> LocalBoxFuture<'static, Result<Option<String>, String>> {
        Box::pin(async move {
            let controller = web_sys::AbortController::new().map_err(|e| engine_error(&e))?;
            // Dropped (the caller gave up: a deadline, Stop, a page left), the generation stops.
            let _abort = AbortOnDrop(controller.clone());
            let on_chunk = Closure::<dyn FnMut(String)>::new(move |chunk: String| {
                let _ = chunks.unbounded_send(chunk);
            });
            let signal = controller.signal();
            let generation = complete(&body, &on_chunk, &signal);
            let stopped = async move {
                match cancel {
                    Some(token) => token.cancelled().await,
                    None => future::pending::<()>().await,
                }
            };
            // A `let`, not the block's tail: the pending half of the select borrows `on_chunk`
            // and must be dropped before it.
            let outcome = match future::select(Box::pin(generation), Box::pin(stopped)).await {
                Either::Left((Ok(answer), _)) => Ok(answer.as_string()),
                Either::Left((Err(error), _)) => Err(engine_error(&error)),
                Either::Right(((), _)) => Err("stopped".into()),
            };
            outcome
        })
    }
}

struct AbortOnDrop(web_sys::AbortController);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The `code` of an error from `engine.js`, and its message.
pub(super) fn error_parts(error: &JsValue) -> (String, String) {
    let field = |name: &str| {
        js_sys::Reflect::get(error, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    (field("code"), field("message"))
}

/// A user-facing sentence for an engine error (the log keeps the engine's own words).
fn engine_error(error: &JsValue) -> String {
    let (code, detail) = error_parts(error);
    let name = js_sys::Reflect::get(error, &JsValue::from_str("file"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    match code.as_str() {
        "unavailable" => format!(
            "The in-browser model engine could not be loaded ({detail}). Check that the app's \
             wllama/ files are served."
        ),
        "missing" => format!(
            "The model file {name} is no longer kept in this browser: add it again in Settings."
        ),
        "load_failed" => format!(
            "The model could not be loaded in this tab ({detail}). It may be too large for this \
             device's memory, or not a model llama.cpp can read."
        ),
        "crashed" => format!(
            "The model engine in this tab stopped ({detail}): the model file may be damaged, or \
             too large for this device's memory. The next run loads it again."
        ),
        "cancelled" => "stopped".into(),
        _ => format!("The model in this tab failed: {detail}"),
    }
}
