//! Saved runs in the browser: an IndexedDB database `careergraph` holding the checkpoints of
//! interactive runs, one record per run (the run list), and the master resume per user.
//!
//! Object stores (version 1):
//!
//! | store | key | holds |
//! | --- | --- | --- |
//! | `checkpoints` | `[thread_id, ns, id]` | every superstep of every thread and subgraph namespace |
//! | `runs` | `thread_id` (index `by_created_at`) | [`RunRecord`]: input, status, last step |
//! | `master_resumes` | `user_id` | [`MasterResume`] |
//!
//! Each record is `{<key fields>, json}`: key fields as plain properties so IndexedDB keys,
//! indexes and range-scans them; the value as the serde_json text of the Rust type. Text rather
//! than a JS object tree (serde-wasm-bindgen) because it round-trips serde_json exactly (64-bit
//! integers, floats, `Value`s), crosses the wasm boundary once instead of once per field (a
//! checkpoint carries the whole state every step), and structured-clones as one string.
//!
//! API keys are never stored: checkpoints hold workflow state, records hold the workflow input
//! (which has no key field), and the provider configuration is not part of either. The browser
//! test `tests/store_wasm.rs` scans every record of every store for the key after a real run.
//!
//! Typical page flow (wasm32):
//!
//! ```ignore
//! let store = Store::open().await?;                  // StoreError::Unavailable in private mode
//! let saver: Rc<dyn Checkpointer> = Rc::new(store.checkpointer());
//! let run = session::start_run_checkpointed("resume_tailoring", input.clone(), &provider, model, events, saver.clone())?;
//! let thread = run.handle.thread_id().unwrap();
//! let mut record = RunRecord::new(&thread, "resume_tailoring", "Backend engineer at Acme", input, now_ms());
//! store.put_run(&record).await?;
//! let step = run.outcome.await;                      // record_step / record_error, put_run again
//!
//! // After a reload: list, reopen, answer.
//! for record in store.list_runs().await? { /* show it; record.can_reopen() */ }
//! let reopened = session::reopen_run(&record.workflow_id, &record.thread_id, record.input.clone(),
//!                                    &provider, model, saver).await?;
//! // reopened.step is the step to show ("interrupted" re-opens its dialog); answer with
//! // session::resume_run(&reopened.handle, answer, events), or session::continue_run for "stopped".
//!
//! // At the end: the final record and the master resume the answers updated, in one transaction.
//! record.record_step(&done, now_ms());
//! store.finish_run(&record, updated_master_resume(&done).map(|text| (user_id, text))).await?;
//! store.delete_run(&thread).await?;                  // the record and all its checkpoints
//! ```

mod error;
mod records;

#[cfg(target_arch = "wasm32")]
mod checkpointer;
#[cfg(target_arch = "wasm32")]
mod database;
#[cfg(target_arch = "wasm32")]
mod idb;

pub use error::{StoreError, StoreErrorKind};
pub use records::{updated_master_resume, MasterResume, RunRecord, RunStatus};

#[cfg(target_arch = "wasm32")]
pub use checkpointer::IdbCheckpointer;
#[cfg(target_arch = "wasm32")]
pub use database::{now_ms, Store, DATABASE_NAME};
