//! What one run is asked for, besides the provider it runs on: the workflow's input and the
//! run's own options. The app, the JS API, Node and tests all start and re-open runs from a
//! [`RunRequest`] (see docs/runs.md), so a choice such as a per-agent model is made per run, not
//! baked into the provider's configuration.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A run's own choices. Empty by default: every agent calls the provider's model.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    js_api,
    derive(tsify::Tsify),
    tsify(hashmap_as_object, missing_as_null)
)]
#[serde(default, rename_all = "camelCase")]
pub struct RunOptions {
    /// Agent (node) name → model, the seed's `override_model`: these agents of this run call
    /// that model of the provider; the others call the provider's own `model`.
    pub agent_models: BTreeMap<String, String>,
}

/// A run to start or re-open: the input it starts from (typed, or JSON for [`AnyRun`]) and its
/// options. Re-opening needs the input and options the run started with, or the rebuilt graph
/// differs from the saved one.
///
/// [`AnyRun`]: super::AnyRun
#[derive(Clone, Debug, Default)]
pub struct RunRequest<I> {
    pub input: I,
    pub options: RunOptions,
}

impl<I> RunRequest<I> {
    /// `input` with the default options.
    pub fn new(input: I) -> Self {
        RunRequest {
            input,
            options: RunOptions::default(),
        }
    }

    pub fn with_options(mut self, options: RunOptions) -> Self {
        self.options = options;
        self
    }
}

impl<I> From<I> for RunRequest<I> {
    fn from(input: I) -> Self {
        RunRequest::new(input)
    }
}
