//! A small async layer over web-sys' IndexedDB: a request or transaction becomes a future that
//! resolves on its first `success` / `complete` / `error` / `abort` event. Listeners are removed
//! when the future ends or is dropped, so no Rust closure is ever called after it is freed.
//!
//! Every store operation issues all of its requests synchronously in one transaction and then
//! awaits the transaction's `complete` (writes) or the one request's `success` (reads): no
//! transaction has to stay alive across an `.await`, so nothing depends on how the executor
//! schedules microtasks.

use std::cell::Cell;

use futures::channel::oneshot;
use js_sys::{Array, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    DomException, Event, EventTarget, IdbDatabase, IdbFactory, IdbObjectStore, IdbOpenDbRequest,
    IdbRequest, IdbTransaction, IdbTransactionMode, IdbVersionChangeEvent,
};

use super::error::{StoreError, StoreErrorKind};

/// Listeners for a few event types of one target; whichever fires first is reported.
struct FirstEvent {
    target: EventTarget,
    types: &'static [&'static str],
    closure: Closure<dyn FnMut(Event)>,
    fired: oneshot::Receiver<String>,
}

impl FirstEvent {
    fn listen(target: &EventTarget, types: &'static [&'static str]) -> Self {
        let (sender, fired) = oneshot::channel();
        let sender = Cell::new(Some(sender));
        let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            if let Some(sender) = sender.take() {
                let _ = sender.send(event.type_());
            }
        });
        for kind in types {
            // Adding a listener to a live IDB object cannot fail.
            let _ = target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
        }
        Self {
            target: target.clone(),
            types,
            closure,
            fired,
        }
    }

    /// The type of the first event (`""` if the target went away without firing).
    async fn wait(&mut self) -> String {
        (&mut self.fired).await.unwrap_or_default()
    }
}

impl Drop for FirstEvent {
    fn drop(&mut self) {
        for kind in self.types {
            let _ = self
                .target
                .remove_event_listener_with_callback(kind, self.closure.as_ref().unchecked_ref());
        }
    }
}

/// `DOMException` name and message, for error texts.
pub(super) fn describe(error: &JsValue) -> String {
    match error.dyn_ref::<DomException>() {
        Some(e) => format!("{} ({})", e.name(), e.message()),
        None => error
            .as_string()
            .or_else(|| js_sys::JSON::stringify(error).ok().map(String::from))
            .unwrap_or_else(|| "unknown error".into()),
    }
}

fn error_name(error: Option<DomException>) -> (String, String) {
    match error {
        Some(e) => (e.name(), format!("{} ({})", e.name(), e.message())),
        None => (String::new(), "no detail".into()),
    }
}

/// Runs `handle` with a read request's result inside its `success` event, while the transaction
/// is still active, so it can issue writes in the same transaction (a read-modify-write no other
/// tab can interleave). The callback belongs to the request, not to a future: the write still
/// happens if whoever awaits the transaction is dropped meanwhile (a run cancelled just as a
/// task ended). A request fires exactly one of `success` / `error` (an aborted transaction fails
/// its requests), and the closure is freed after that one call.
pub(super) fn on_success_once(request: &IdbRequest, handle: impl FnOnce(JsValue) + 'static) {
    let source = request.clone();
    let callback = Closure::once_into_js(move |event: Event| {
        if event.type_() == "success" {
            handle(source.result().unwrap_or(JsValue::UNDEFINED));
        }
    });
    request.set_onsuccess(Some(callback.unchecked_ref()));
    request.set_onerror(Some(callback.unchecked_ref()));
}

/// The value of a finished read request.
pub(super) async fn request(what: &str, request: IdbRequest) -> Result<JsValue, StoreError> {
    let mut events = FirstEvent::listen(&request, &["success", "error"]);
    match events.wait().await.as_str() {
        "success" => request
            .result()
            .map_err(|e| StoreError::failed(what, &describe(&e))),
        _ => {
            let (_, detail) = error_name(request.error().ok().flatten());
            Err(StoreError::failed(what, &detail))
        }
    }
}

/// Resolves when every write of `transaction` is committed; an error or abort rolls all back.
pub(super) async fn committed(what: &str, transaction: &IdbTransaction) -> Result<(), StoreError> {
    let mut events = FirstEvent::listen(transaction, &["complete", "error", "abort"]);
    match events.wait().await.as_str() {
        "complete" => Ok(()),
        _ => {
            let (_, detail) = error_name(transaction.error());
            Err(StoreError::failed(what, &detail))
        }
    }
}

pub(super) fn transaction(
    db: &IdbDatabase,
    stores: &[&str],
    mode: IdbTransactionMode,
    what: &str,
) -> Result<IdbTransaction, StoreError> {
    let names: Array = stores.iter().map(|s| JsValue::from_str(s)).collect();
    db.transaction_with_str_sequence_and_mode(&names, mode)
        .map_err(|e| StoreError::failed(what, &describe(&e)))
}

/// A transaction over the one object store `store`, and that store: what an operation on a
/// single store needs (the transaction too, to await its commit or abort it).
pub(super) fn one_store(
    db: &IdbDatabase,
    store: &str,
    mode: IdbTransactionMode,
    what: &str,
) -> Result<(IdbTransaction, IdbObjectStore), StoreError> {
    let tx = transaction(db, &[store], mode, what)?;
    let object_store = tx
        .object_store(store)
        .map_err(|e| StoreError::failed(what, &describe(&e)))?;
    Ok((tx, object_store))
}

/// The page's (or worker's) IndexedDB factory. Reading `indexedDB` itself throws in some
/// sandboxed frames, and it is absent in some embedded browsers.
fn factory() -> Result<IdbFactory, StoreError> {
    let value = Reflect::get(&js_sys::global(), &JsValue::from_str("indexedDB"))
        .map_err(|e| StoreError::unavailable(&describe(&e)))?;
    value
        .dyn_into::<IdbFactory>()
        .map_err(|_| StoreError::unavailable("this browser has no IndexedDB"))
}

/// Opens database `name` at `version`, running `upgrade(db, old_version)` when it is created or
/// older. The connection closes itself when another tab wants to upgrade, so an old tab never
/// blocks a newer app version.
pub(super) async fn open(
    name: &str,
    version: u32,
    upgrade: fn(&IdbDatabase, f64) -> Result<(), JsValue>,
) -> Result<IdbDatabase, StoreError> {
    let request: IdbOpenDbRequest = factory()?
        .open_with_u32(name, version)
        .map_err(|e| StoreError::unavailable(&describe(&e)))?;
    let upgrade_request = request.clone();
    let on_upgrade =
        Closure::<dyn FnMut(IdbVersionChangeEvent)>::new(move |event: IdbVersionChangeEvent| {
            let created = upgrade_request
                .result()
                .and_then(|db| upgrade(db.unchecked_ref(), event.old_version()));
            if created.is_err() {
                if let Some(tx) = upgrade_request.transaction() {
                    let _ = tx.abort();
                }
            }
        });
    request.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    let mut events = FirstEvent::listen(&request, &["success", "error", "blocked"]);
    let fired = events.wait().await;
    match fired.as_str() {
        "success" => {
            request.set_onupgradeneeded(None);
            let db: IdbDatabase = request
                .result()
                .map_err(|e| StoreError::unavailable(&describe(&e)))?
                .unchecked_into();
            let closer = db.clone();
            let on_version_change = Closure::<dyn FnMut()>::new(move || closer.close());
            db.set_onversionchange(Some(on_version_change.as_ref().unchecked_ref()));
            // Lives as long as the connection (one per page, normally).
            on_version_change.forget();
            Ok(db)
        }
        "blocked" => {
            // The open goes on once the other tab closes; its upgrade handler must outlive us.
            on_upgrade.forget();
            Err(StoreError::new(
                StoreErrorKind::Blocked,
                "Another tab of this app uses an older version of its saved runs: close it and reload.",
            ))
        }
        _ => {
            request.set_onupgradeneeded(None);
            let (name, detail) = error_name(request.error().ok().flatten());
            Err(if name == "VersionError" {
                StoreError::failed(
                    "open the saved runs",
                    "they were saved by a newer version of this app; reload to get it",
                )
            } else {
                StoreError::unavailable(&detail)
            })
        }
    }
}

/// Deletes database `name` (every store and record). Resolves when it is gone; waits while other
/// connections close (they close themselves on `versionchange`).
pub(super) async fn delete_database(name: &str) -> Result<(), StoreError> {
    let request = factory()?
        .delete_database(name)
        .map_err(|e| StoreError::unavailable(&describe(&e)))?;
    let mut events = FirstEvent::listen(&request, &["success", "error"]);
    match events.wait().await.as_str() {
        "success" => Ok(()),
        _ => {
            let (_, detail) = error_name(request.error().ok().flatten());
            Err(StoreError::failed("delete the saved runs", &detail))
        }
    }
}

/// A plain JS object from string-keyed fields.
pub(super) fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in fields {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}

/// A string field of a stored record.
pub(super) fn string_field(record: &JsValue, key: &str) -> Option<String> {
    Reflect::get(record, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
}

/// An array key (`[a, b, ...]`).
pub(super) fn key(parts: &[JsValue]) -> JsValue {
    parts.iter().cloned().collect::<Array>().into()
}
