//! Saved runs in the browser: an IndexedDB database `careergraph` holding the checkpoints of
//! every run, one record per run of any workflow (the run lists), and the master resume per user.
//!
//! Object stores (version 2; `drafts` came with it):
//!
//! | store | key | holds |
//! | --- | --- | --- |
//! | `checkpoints` | `[thread_id, ns, id]` | every superstep of every thread and subgraph namespace |
//! | `runs` | `thread_id` (index `by_created_at`) | [`RunRecord`]: input, status, last step |
//! | `master_resumes` | `user_id` | [`MasterResume`] |
//! | `drafts` | `name` | a draft too large for `localStorage`, as text ([`Store::save_draft`]) |
//!
//! Each record is `{<key fields>, json}`: key fields as plain properties so IndexedDB keys,
//! indexes and range-scans them; the value as the serde_json text of the Rust type. Text rather
//! than a JS object tree (serde-wasm-bindgen) because it round-trips serde_json exactly (64-bit
//! integers, floats, `Value`s), crosses the wasm boundary once instead of once per field (a
//! checkpoint carries the whole state every step), and structured-clones as one string.
//!
//! API keys are never stored: checkpoints hold workflow state, records hold the workflow input
//! (which has no key field), and the provider configuration is not part of either. The browser
//! test `tests/browser/store.rs` scans every record of every store for the key after a real run.
//!
//! Typical flow (wasm32; the app's `ui::run` controller does this for every page):
//!
//! ```ignore
//! let store = Store::open().await?;                  // StoreError::Unavailable in private mode
//! let runtime = Runtime::in_browser(&provider)?.with_checkpointer(Rc::new(store.checkpointer()));
//! let run = WorkflowRun::<TailoringWorkflow>::new(input.clone(), &runtime)?;
//! let mut record = RunRecord::new(run.thread_id(), TailoringWorkflow::ID, "Backend engineer at Acme",
//!                                 serde_json::to_value(&input)?, now_ms());
//! store.put_run(&record).await?;
//! let step = run.start(events).await?;               // record.last_step = step.to_json(..), put_run again
//!
//! // After a reload: list (unreadable records skipped and reported), reopen, answer.
//! let saved = store.read_runs().await?;              // saved.runs, saved.unreadable
//! let (run, step) = WorkflowRun::<TailoringWorkflow>::reopen(input, &runtime, &record.thread_id).await?;
//! // Step::Paused re-asks; Step::CutShort goes on with run.continue_run(events).
//!
//! // At the end: the final record and the master resume the answers updated, in one transaction.
//! store.finish_run(&record, Some((user_id, master_text))).await?;
//! store.delete_run(&thread).await?;                  // the record and all its checkpoints
//! ```
//!
//! Running out of space and growing without end: a [`QuotaFallback`] around the checkpointer
//! keeps a run in memory when the quota is used up, [`Store::prune_thread`] deletes the
//! checkpoints a run no longer needs (see [`stale_checkpoints`]), and [`ask_persistence_once`]
//! asks the browser not to evict the saved runs.

mod error;
mod fallback;
mod prune;
mod records;

#[cfg(target_arch = "wasm32")]
mod persist;

#[cfg(target_arch = "wasm32")]
mod checkpointer;
#[cfg(target_arch = "wasm32")]
mod database;
#[cfg(target_arch = "wasm32")]
mod drafts;
#[cfg(target_arch = "wasm32")]
mod idb;

pub use error::{is_quota_message, StoreError, StoreErrorKind};
pub use fallback::{is_quota_error, QuotaFallback};
#[cfg(target_arch = "wasm32")]
pub use persist::{ask_persistence_once, persistence_denied};
pub use prune::{compact, stale_checkpoints};
pub use records::{updated_master_resume, MasterResume, RunRecord, RunStatus, RECORD_FORMAT};

#[cfg(target_arch = "wasm32")]
pub use checkpointer::IdbCheckpointer;
#[cfg(target_arch = "wasm32")]
pub use database::{now_ms, SavedRuns, Store, Unreadable, DATABASE_NAME};
