//! Per-run settings and input. Settings are not state: the shared controls (model overrides,
//! language, cancel token) and the clock belong to the caller; what routing reads is copied into
//! state by `initial_state`.

use std::fmt;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::domain::calendar::iso_timestamp;
use crate::domain::career_plan::UserProfile;
use crate::workflows::common::{RunControls, RunSettings};

/// Milliseconds since the Unix epoch. The engine has no clock of its own (the same code runs in
/// the browser and natively), so the caller passes one; tests pass a fixed one.
#[derive(Clone)]
pub struct Clock(pub Rc<dyn Fn() -> f64>);

impl Clock {
    pub fn new(now_ms: impl Fn() -> f64 + 'static) -> Self {
        Clock(Rc::new(now_ms))
    }

    /// A clock that always reads `ms`.
    pub fn fixed(ms: f64) -> Self {
        Clock::new(move || ms)
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}

/// How a CareerNavigator run behaves. `Default`: at most 3 re-analysis rounds, English.
#[derive(Debug, Clone)]
pub struct NavigatorSettings {
    /// Times dissatisfied feedback may send the analysis back to the supervisor; the same limit
    /// caps plan revisions after "not confirmed".
    pub max_iterations: u32,
    pub controls: RunControls,
    /// Timestamps and response times; without one, timestamps are empty and times 0.
    pub clock: Option<Clock>,
}

impl Default for NavigatorSettings {
    fn default() -> Self {
        NavigatorSettings {
            max_iterations: 3,
            controls: RunControls::default(),
            clock: None,
        }
    }
}

impl RunSettings for NavigatorSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
    }
}

impl NavigatorSettings {
    pub fn with_max_iterations(mut self, max: u32) -> Self {
        self.max_iterations = max;
        self
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// Now in Unix milliseconds (0 without a clock).
    pub fn now_ms(&self) -> f64 {
        self.clock.as_ref().map_or(0.0, |c| (c.0)())
    }

    /// Now as ISO 8601, empty without a clock.
    pub fn timestamp(&self) -> String {
        self.clock
            .as_ref()
            .map(|c| iso_timestamp((c.0)()))
            .unwrap_or_default()
    }

    /// Supersteps a run needs at most: the pipeline plus, per re-analysis round, supervisor →
    /// analysts → reporter → feedback, and per plan revision scheduler → confirmation.
    pub fn recursion_limit(&self) -> usize {
        16 + 6 * self.max_iterations as usize
    }
}

/// What the user gives: the profile, the goal in their words (overrides `profile.career_goals`
/// when not empty), the day the plan starts, and the page's session id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NavigatorInput {
    pub session_id: String,
    pub profile: UserProfile,
    pub goal: String,
    /// `YYYY-MM-DD`; exports place week 0 there.
    pub start_date: String,
}
