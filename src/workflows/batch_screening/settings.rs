//! A batch's settings: the shared controls, and how many candidates are screened at once.

use serde::{Deserialize, Serialize};

use crate::workflows::common::{RunControls, RunSettings};

/// Candidates screened at once unless the user says otherwise.
pub const DEFAULT_CONCURRENCY: usize = 3;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct BatchSettings {
    #[serde(flatten)]
    pub controls: RunControls,
    pub concurrency: usize,
    /// The run's checkpoint thread: where [`super::cancel_candidate`] finds its candidates.
    #[serde(skip)]
    pub thread_id: String,
}

impl Default for BatchSettings {
    fn default() -> Self {
        BatchSettings {
            controls: RunControls::default(),
            concurrency: DEFAULT_CONCURRENCY,
            thread_id: String::new(),
        }
    }
}

impl RunSettings for BatchSettings {
    fn controls(&self) -> &RunControls {
        &self.controls
    }
    fn controls_mut(&mut self) -> &mut RunControls {
        &mut self.controls
    }
}
