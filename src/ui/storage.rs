//! Browser storage for what the user typed, so a reload loses nothing.
//! API keys are not handled here: they get their own, stricter store with the providers.

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Reads a saved value; `None` when storage is unavailable (private mode) or the key is unset.
pub fn load(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?
}

/// Saves a value; storage failures (quota, private mode) are ignored because the draft is a convenience.
pub fn save(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}
