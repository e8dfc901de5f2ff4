//! The session's one way in (docs/runs.md), as tests that name a workflow by id use it: a run
//! built in one call, where the JS API takes two (`AnyRun::check` at `start()`, `AnyRun::new`
//! once the workflow's wasm chunk has come). Outside the split package the chunk is there
//! already, so the second half is ready at once and no executor is needed.
#![allow(dead_code)] // Each test binary uses part of it.

use careergraph::session::{AnyRun, RunRequest, Runtime, SessionError};
use futures::FutureExt;
use serde_json::Value;

/// Checks `request` for `workflow_id` and builds its run on `runtime`, as `runner.start` does.
pub fn any_run(
    workflow_id: &str,
    request: impl Into<RunRequest<Value>>,
    runtime: &Runtime,
) -> Result<AnyRun, SessionError> {
    let checked = AnyRun::check(workflow_id, request)?;
    AnyRun::new(checked, runtime)
        .now_or_never()
        .expect("outside the split package a workflow's code is there at once")
}
