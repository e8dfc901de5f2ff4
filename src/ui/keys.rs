//! API keys, per provider. Kept in `sessionStorage` unless the user ticks "remember on this device"
//! (`localStorage`). A key that was not remembered does not survive a reload or a closed tab: on a
//! reload the session copy is dropped before anything reads it. Keys are never part of settings,
//! drafts, exports or checkpoints: this module is the only place that stores them.

use std::collections::BTreeMap;

use super::storage::{load_from, remove_from, save_to, Store};

const KEYS_ITEM: &str = "careergraph.keys.v1";

/// Provider id → API key.
pub type Keys = BTreeMap<String, String>;

/// Keys remembered on this device, overlaid with this tab's session keys (none after a reload).
pub fn load_keys() -> Keys {
    if page_was_reloaded() {
        remove_from(Store::Session, KEYS_ITEM);
    }
    let mut keys = read(Store::Local);
    keys.extend(read(Store::Session));
    keys
}

/// Saves keys in the session store, and also on the device when `remember` is set; otherwise any
/// copy on the device is removed, so unticking "remember" forgets there.
pub fn save_keys(keys: &Keys, remember: bool) {
    let non_empty: Keys = keys
        .iter()
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let json = serde_json::to_string(&non_empty).unwrap_or_default();
    save_to(Store::Session, KEYS_ITEM, &json);
    if remember {
        save_to(Store::Local, KEYS_ITEM, &json);
    } else {
        remove_from(Store::Local, KEYS_ITEM);
    }
}

/// "Forget keys": clears both stores.
pub fn forget_keys() {
    remove_from(Store::Session, KEYS_ITEM);
    remove_from(Store::Local, KEYS_ITEM);
}

fn read(store: Store) -> Keys {
    load_from(store, KEYS_ITEM)
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Whether this page load is a reload (Navigation Timing's `type`), as opposed to a first visit.
fn page_was_reloaded() -> bool {
    use wasm_bindgen::JsCast;
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return false;
    };
    let entries = performance.get_entries_by_type("navigation");
    entries
        .get(0)
        .dyn_into::<web_sys::PerformanceNavigationTiming>()
        .is_ok_and(|nav| nav.type_() == web_sys::NavigationType::Reload)
}
