//! Asking the browser to keep the saved runs (`navigator.storage.persist()`): without it, a
//! browser short of space may evict the whole database. Asked once, when the user's first run is
//! saved (a prompt at load, before anything is worth keeping, would be noise), remembered in
//! localStorage so it is never asked again. A browser without the API is simply not asked.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// localStorage key: absent (not asked yet), `asked` (answer pending), `granted` or `denied`.
const ASKED_KEY: &str = "careergraph.storage-persist";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether the browser refused to keep the saved runs when it was asked (a hint is due).
pub fn persistence_denied() -> bool {
    local_storage()
        .and_then(|s| s.get_item(ASKED_KEY).ok().flatten())
        .is_some_and(|answer| answer == "denied")
}

/// Asks once per browser profile; resolves to `Some(granted)` when it asked now, `None` when it
/// asked before or the browser has no such API.
pub async fn ask_persistence_once() -> Option<bool> {
    let storage = local_storage()?;
    if storage.get_item(ASKED_KEY).ok().flatten().is_some() {
        return None;
    }
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let manager = js_sys::Reflect::get(&navigator, &"storage".into()).ok()?;
    let persist = js_sys::Reflect::get(&manager, &"persist".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    // Remembered before the answer: a page closed meanwhile must not ask again.
    let _ = storage.set_item(ASKED_KEY, "asked");
    let promise = persist
        .call0(&manager)
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let granted = JsFuture::from(promise)
        .await
        .ok()
        .and_then(|answer: JsValue| answer.as_bool())
        .unwrap_or(false);
    let _ = storage.set_item(ASKED_KEY, if granted { "granted" } else { "denied" });
    Some(granted)
}
