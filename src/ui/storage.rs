//! Browser storage. Drafts and settings go to `localStorage` so a reload loses nothing.
//! API keys have their own rules (see `keys.rs`): `sessionStorage` unless the user opts in.

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// Which browser store a value lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    /// Kept across reloads and browser restarts, on this device.
    Local,
    /// Kept across reloads of this tab only.
    Session,
}

fn open(store: Store) -> Option<web_sys::Storage> {
    match store {
        Store::Local => local(),
        Store::Session => session(),
    }
}

/// Reads a saved value; `None` when storage is unavailable (private mode) or the key is unset.
pub fn load_from(store: Store, key: &str) -> Option<String> {
    open(store)?.get_item(key).ok()?
}

/// Saves a value. Storage failures (quota, private mode) are ignored: persistence is a convenience.
pub fn save_to(store: Store, key: &str, value: &str) {
    if let Some(storage) = open(store) {
        let _ = storage.set_item(key, value);
    }
}

pub fn remove_from(store: Store, key: &str) {
    if let Some(storage) = open(store) {
        let _ = storage.remove_item(key);
    }
}

pub fn load(key: &str) -> Option<String> {
    load_from(Store::Local, key)
}

pub fn save(key: &str, value: &str) {
    save_to(Store::Local, key, value)
}
