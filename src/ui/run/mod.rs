//! The plumbing every workflow page shares: one controller that starts, drives, records, answers,
//! stops and re-opens runs of any declared workflow ([`RunController`]), the app's store of saved
//! runs ([`RunStore`]), and the Web Lock that keeps one tab driving a run (`lock.rs`).
//!
//! # A run belongs to its view
//!
//! A run is driven only while a page shows it. When the page leaves it (the workflow picker
//! switches to another page, the run list opens another run, the run is deleted), the run's
//! in-flight model calls are cancelled at once and its lock is released, but nothing is marked
//! failed or stopped: the run stays saved exactly as it stood (its last checkpoint and record).
//! Coming back to the page re-opens it like a reload does: a pause asks again, a step that was
//! cut short continues (finished parallel tasks are not run again). So no provider call is made
//! for a run nobody sees, and no async continuation touches the signals of a page that is gone:
//! each one checks that its run is still shown before it does anything.

mod controller;
mod lock;
mod messages;
mod notes;
mod store;

pub use controller::{elsewhere_text, ActiveRun, RunController, RunEngine, RunPhase, ViewModel};
pub use notes::{clamped_values, Clamped, RunNotes};
pub use store::RunStore;
