//! Drafts too large for `localStorage` (the batch page's resume list: up to 500 resumes of up to
//! 60 000 characters, far past its few megabytes, and a full `localStorage` would stop every other
//! draft and setting from saving). One record per draft in the `drafts` store, `{name, json}`,
//! replaced whole on every save.

use wasm_bindgen::JsValue;
use web_sys::IdbTransactionMode;

use super::database::{Store, DRAFTS};
use super::error::StoreError;
use super::idb::{self, describe, object, string_field};

impl Store {
    /// The draft saved as `name`, as it was given to [`Store::save_draft`].
    pub async fn load_draft(&self, name: &str) -> Result<Option<String>, StoreError> {
        let what = "read a draft";
        let tx = idb::transaction(&self.db, &[DRAFTS], IdbTransactionMode::Readonly, what)?;
        let request = tx
            .object_store(DRAFTS)
            .and_then(|s| s.get(&JsValue::from_str(name)))
            .map_err(|e| StoreError::failed(what, &describe(&e)))?;
        let found = idb::request(what, request).await?;
        if found.is_undefined() {
            return Ok(None);
        }
        Ok(string_field(&found, "json"))
    }

    /// Replaces the draft `name` with `text` (deletes it when `text` is empty), resolving once
    /// committed. A full disk is a [`StoreError`] whose `is_quota()` is true.
    pub async fn save_draft(&self, name: &str, text: &str) -> Result<(), StoreError> {
        let what = "save a draft";
        let tx = idb::transaction(&self.db, &[DRAFTS], IdbTransactionMode::Readwrite, what)?;
        let failed = |e: JsValue| StoreError::failed(what, &describe(&e));
        let store = tx.object_store(DRAFTS).map_err(failed)?;
        if text.is_empty() {
            store.delete(&JsValue::from_str(name)).map_err(failed)?;
        } else {
            let value = object(&[
                ("name", JsValue::from_str(name)),
                ("json", JsValue::from_str(text)),
            ]);
            store.put(&value).map_err(failed)?;
        }
        idb::committed(what, &tx).await
    }
}
