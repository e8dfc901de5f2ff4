//! Runs started in two halves, so a workflow's code can arrive after its input was accepted
//! (the npm package's split, docs/performance.md): [`AnyRun::check`] is synchronous and small
//! (the input's deserializer and the workflow's cheap [`Workflow::check`]),
//! [`AnyRun::new_checked`] awaits the workflow's chunk, then builds the run there (graph, nodes,
//! prompts, demo answers).
//!
//! With the `api-split` feature each workflow's run building is a `#[wasm_split]` point, so the
//! split tool (web/pkg/build.sh) moves everything only that workflow reaches into its own wasm
//! chunk, fetched on its first `start()`. Without it the same functions are called directly: the
//! app, the native tests and the unsplit browser tests take the same path, with nothing to load.

use std::any::Any;
use std::rc::Rc;

use serde_json::Value;

use super::by_id::{with_workflow, WorkflowWork};
use super::error::{ErrorCode, SessionError};
use super::json::{unknown_workflow, DynRun};
use super::lifecycle::WorkflowRun;
use super::run::AnyRun;
use super::runtime::Runtime;
use crate::workflows::{for_each_workflow, Workflow};

/// An input that passed its workflow's checks, typed (`W::Input` behind `Any`): the chunk does
/// not parse it again.
pub struct CheckedStart {
    workflow_id: &'static str,
    input: Box<dyn Any>,
}

impl CheckedStart {
    pub fn workflow_id(&self) -> &'static str {
        self.workflow_id
    }
}

impl AnyRun {
    /// Parses `input` for `workflow_id` and runs the workflow's cheap checks; builds nothing.
    /// Fails with `unknown_workflow` or `invalid_input`, as [`AnyRun::new`] would.
    pub fn check(workflow_id: &str, input: Value) -> Result<CheckedStart, SessionError> {
        struct Check {
            input: Value,
        }
        impl WorkflowWork for Check {
            type Output = Result<CheckedStart, SessionError>;
            fn run<W: Workflow>(self) -> Self::Output {
                let input = WorkflowRun::<W>::input_from_json(self.input)?;
                W::check(&input).map_err(|e| SessionError::new(ErrorCode::InvalidInput, e.0))?;
                Ok(CheckedStart {
                    workflow_id: W::ID,
                    input: Box::new(input),
                })
            }
        }
        with_workflow(workflow_id, Check { input })
            .unwrap_or_else(|| Err(unknown_workflow(workflow_id)))
    }

    /// Loads the workflow's chunk (once per page), then builds the run on `runtime` and keeps it,
    /// as [`AnyRun::new`] does: nothing is sent until [`AnyRun::start`]'s future is polled. Fails
    /// with `run_failed` when the chunk cannot be fetched or read (a host that does not serve
    /// the package's `split_*.wasm` and `chunk_*.wasm` files next to `careergraph_bg.wasm`, a
    /// Content-Security-Policy whose `connect-src` leaves out their origin, or in Node a copy of
    /// the package without them: the message speaks to both, as the same wasm runs in either).
    /// A chunk a bundler inlined as a `data:` URL is decoded without a fetch
    /// (web/pkg/split-loader.mjs): it needs no `connect-src data:`.
    pub async fn new_checked(
        checked: CheckedStart,
        runtime: &Runtime,
    ) -> Result<AnyRun, SessionError> {
        let new_run = load(checked.workflow_id).await?;
        Ok(AnyRun::register(new_run(checked.input, runtime)?))
    }
}

/// What a chunk hands back: its workflow's run builder.
type NewRun = fn(Box<dyn Any>, &Runtime) -> Result<Rc<dyn DynRun>, SessionError>;

fn new_run_of<W: Workflow>(
    input: Box<dyn Any>,
    runtime: &Runtime,
) -> Result<Rc<dyn DynRun>, SessionError> {
    // `AnyRun::check` boxed a `W::Input` for `W::ID`, and `load` picks `W` by that id.
    let input = input.downcast::<W::Input>().map_err(|_| {
        SessionError::new(
            ErrorCode::RunFailed,
            "The input does not match its workflow.",
        )
    })?;
    WorkflowRun::<W>::new(*input, runtime).map(|run| Rc::new(run) as Rc<dyn DynRun>)
}

/// A chunk that could not be fetched or instantiated.
pub struct ChunkNotLoaded;

#[cfg(feature = "api-split")]
impl From<wasm_split_helpers::SplitLoaderError> for ChunkNotLoaded {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        ChunkNotLoaded
    }
}

/// One split point per workflow of `for_each_workflow!`, named after its module (the package's
/// `split_*`/`chunk_*` files), and `load`, which awaits the one of `workflow_id`. Without
/// `api-split` each is a plain `async fn` with the same signature.
macro_rules! chunks {
    ($(($module:ident, $workflow:ident)),* $(,)?) => {
        $(
            #[cfg(feature = "api-split")]
            #[wasm_split_helpers::wasm_split($module, fallible)]
            fn $module() -> Result<NewRun, ChunkNotLoaded> {
                Ok(new_run_of::<crate::workflows::$module::$workflow>)
            }
            #[cfg(not(feature = "api-split"))]
            async fn $module() -> Result<NewRun, ChunkNotLoaded> {
                Ok(new_run_of::<crate::workflows::$module::$workflow>)
            }
        )*

        /// The run builder of `workflow_id`, from its chunk.
        async fn load(workflow_id: &str) -> Result<NewRun, SessionError> {
            let loaded = match workflow_id {
                $(<crate::workflows::$module::$workflow as Workflow>::ID => $module().await,)*
                _ => return Err(unknown_workflow(workflow_id)),
            };
            loaded.map_err(|ChunkNotLoaded| chunk_not_loaded(workflow_id))
        }
    };
}
for_each_workflow!(chunks);

fn chunk_not_loaded(workflow_id: &str) -> SessionError {
    SessionError::new(
        ErrorCode::RunFailed,
        format!(
            "The code of the “{workflow_id}” workflow could not be loaded: keep the package's \
             split_*.wasm and chunk_*.wasm files next to careergraph_bg.wasm (a page must serve \
             them and allow their origin in its Content-Security-Policy's connect-src); the \
             console names the file and the cause. Then start the run again."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_workflow_has_a_chunk() {
        for info in super::super::workflows() {
            let loaded = futures::executor::block_on(load(info.id));
            assert!(loaded.is_ok(), "{} has no chunk in load()", info.id);
        }
        assert!(futures::executor::block_on(load("nope")).is_err());
    }
}
