//! The plumbing every workflow page shares: one controller that starts, drives, records, answers,
//! stops and re-opens runs of any declared workflow ([`RunController`]), the app's store of saved
//! runs ([`RunStore`]), and the Web Lock that keeps one tab driving a run (`lock.rs`).
//!
//! The controller by responsibility: `controller.rs` is what a page calls ([`RunController`]);
//! `driver.rs` starts, re-opens and follows up runs; `active.rs` is the run a page shows
//! ([`ActiveRun`]: events to the view, steps recorded, answers, stop); `engine.rs` the code that
//! drives runs, fetched lazily ([`RunEngine`]); `view_model.rs` the hooks a page implements
//! ([`ViewModel`]); `phase.rs` where a shown run stands ([`RunPhase`]).
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

mod active;
mod controller;
mod driver;
mod engine;
mod lock;
mod messages;
mod notes;
mod phase;
mod store;
mod view_model;

pub use active::ActiveRun;
pub use controller::RunController;
pub use engine::RunEngine;
pub use lock::held_threads;
pub use notes::{Clamped, RunNotes};
pub use phase::{elsewhere_text, RunPhase};
pub use store::RunStore;
pub use view_model::ViewModel;
