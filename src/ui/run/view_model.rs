//! What a page does with the runs it shows: the hooks of [`ViewModel`] the controller calls.

use serde_json::Value;

use crate::graph::StreamEvent;
use crate::session::{Step, Workflow};

/// What a page's view model does with a run. Created once per shown run, under the page's owner.
pub trait ViewModel<W: Workflow>: Clone + Send + Sync + 'static {
    fn new() -> Self;

    /// Whether [`event`](Self::event) needs the state in each `StepDone` (to show results as they
    /// come). Without it the engine skips serialising the whole state after every superstep,
    /// which costs in proportion to the run's history.
    const STEP_STATES: bool = false;

    /// One engine event, as it happens.
    fn event(&self, event: StreamEvent);

    /// A step of the run: paused (show the question), done (show the result), or cut short by a
    /// reload (show the state so far; the run goes on). `Err`: a step this page cannot show, or
    /// a run that ended with an error in its state; the run is marked failed with that message.
    fn step(&self, step: &Step<W::State>) -> Result<(), String>;

    /// The user answered the pause: its dialog closes.
    fn answered(&self) {}

    /// The finished run goes on with its follow-up ([`RunController::follow_up`]): the result
    /// shown is no longer its end. Called after the finished step was shown again.
    fn following_up(&self) {}

    /// What the page adds to the saved record to show the run again after a reload (the
    /// tailoring conversation and when it paused). `Null` for nothing.
    fn extras(&self) -> Value {
        Value::Null
    }

    /// Puts back what [`extras`](Self::extras) saved; called after the re-opened step is shown.
    fn restore(&self, _extras: &Value) {}

    /// Text to save as the master resume with the finished run, in the same transaction.
    fn master_resume(&self, _state: &W::State) -> Option<String> {
        None
    }
}
