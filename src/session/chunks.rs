//! A run named by id starts in two halves, so a workflow's code can arrive after its input was
//! accepted (the npm package's split, docs/performance.md): [`AnyRun::check`] is synchronous and
//! small (the input's deserializer and the workflow's cheap [`Workflow::check`]), [`AnyRun::new`]
//! awaits the workflow's chunk, then builds the run there with [`WorkflowRun::new`] (graph,
//! nodes, prompts, demo answers), the typed face's one way in.
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
use super::json::{reopen_json, unknown_workflow, DynRun, Reopened};
use super::lifecycle::WorkflowRun;
use super::request::{RunOptions, RunRequest};
use super::run::AnyRun;
use super::runtime::Runtime;
use super::transfer::{export_checkpoints, import_json, Exported, RunExport};
use crate::graph::EventSink;
use crate::workflows::{for_each_workflow, Workflow};

/// A run request whose input passed its workflow's checks: the input typed (`W::Input` behind
/// `Any`), so the chunk does not parse it again, and the run's options beside it (kept out of
/// the per-workflow code of the first module).
pub struct CheckedStart {
    workflow_id: &'static str,
    input: Box<dyn Any>,
    options: RunOptions,
}

impl CheckedStart {
    pub fn workflow_id(&self) -> &'static str {
        self.workflow_id
    }
}

impl AnyRun {
    /// The first half of a start: parses the request's JSON input for `workflow_id` and runs the
    /// workflow's cheap checks; builds nothing. Fails with `unknown_workflow` or `invalid_input`.
    /// A plain JSON input is a request with the default options.
    pub fn check(
        workflow_id: &str,
        request: impl Into<RunRequest<Value>>,
    ) -> Result<CheckedStart, SessionError> {
        struct Check {
            input: Value,
        }
        impl WorkflowWork for Check {
            type Output = Result<(&'static str, Box<dyn Any>), SessionError>;
            fn run<W: Workflow>(self) -> Self::Output {
                let input = WorkflowRun::<W>::input_from_json(self.input)?;
                W::check(&input).map_err(|e| SessionError::new(ErrorCode::InvalidInput, e.0))?;
                Ok((W::ID, Box::new(input)))
            }
        }
        let RunRequest { input, options } = request.into();
        let (workflow_id, input) = with_workflow(workflow_id, Check { input })
            .unwrap_or_else(|| Err(unknown_workflow(workflow_id)))?;
        Ok(CheckedStart {
            workflow_id,
            input,
            options,
        })
    }

    /// The second half: loads the workflow's chunk (once per page), then builds the run on
    /// `runtime` with [`WorkflowRun::new`] and keeps it in this thread's table: nothing is sent
    /// until [`AnyRun::start`]'s future is polled. Outside the split package the chunk is there
    /// already, and the future is ready at once. Fails with `run_failed` when the chunk cannot
    /// be fetched or read (a host that does not serve
    /// the package's `split_*.wasm` and `chunk_*.wasm` files next to `careergraph_bg.wasm`, a
    /// Content-Security-Policy whose `connect-src` leaves out their origin, or in Node a copy of
    /// the package without them: the message speaks to both, as the same wasm runs in either).
    /// A chunk a bundler inlined as a `data:` URL is decoded without a fetch
    /// (web/pkg/split-loader.mjs): it needs no `connect-src data:`.
    pub async fn new(checked: CheckedStart, runtime: &Runtime) -> Result<AnyRun, SessionError> {
        let chunk = load(checked.workflow_id).await?;
        Ok(AnyRun::register((chunk.new_run)(
            checked.input,
            checked.options,
            runtime,
        )?))
    }
}

/// Re-opens a saved run from its workflow's chunk (loaded first, as [`AnyRun::new`] does): the
/// rebuilt graph is that workflow's code, so in the split package it must not be reached from the
/// first module.
pub(super) async fn reopen_in_chunk(
    workflow_id: &str,
    thread_id: &str,
    request: RunRequest<Value>,
    runtime: &Runtime,
) -> Result<(Rc<dyn DynRun>, Value), SessionError> {
    let chunk = load(workflow_id).await?;
    (chunk.reopen)(thread_id.to_owned(), request, runtime.clone()).await
}

/// A workflow's run builders, which its chunk hands back, and the checkpoints' JSON codec a
/// moved run needs (`transfer.rs`): reached only through a chunk, the serde code of a checkpoint
/// stays out of the package's first module.
#[derive(Clone, Copy)]
pub struct Chunk {
    new_run: NewRun,
    reopen: ReopenRun,
    pub(super) export: fn(String, Runtime) -> Exported,
    pub(super) import: fn(RunExport, Runtime, EventSink) -> Reopened,
}

type NewRun = fn(Box<dyn Any>, RunOptions, &Runtime) -> Result<Rc<dyn DynRun>, SessionError>;

type ReopenRun = fn(String, RunRequest<Value>, Runtime) -> Reopened;

fn chunk_of<W: Workflow>() -> Chunk {
    Chunk {
        new_run: new_run_of::<W>,
        reopen: reopen_json::<W>,
        export: export_checkpoints,
        import: import_json::<W>,
    }
}

fn new_run_of<W: Workflow>(
    input: Box<dyn Any>,
    options: RunOptions,
    runtime: &Runtime,
) -> Result<Rc<dyn DynRun>, SessionError> {
    // `AnyRun::check` boxed a `W::Input` for `W::ID`, and `load` picks `W` by that id.
    let input = input.downcast::<W::Input>().map_err(|_| {
        SessionError::new(
            ErrorCode::RunFailed,
            "The input does not match its workflow.",
        )
    })?;
    let request = RunRequest::new(*input).with_options(options);
    WorkflowRun::<W>::new(request, runtime).map(|run| Rc::new(run) as Rc<dyn DynRun>)
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
            fn $module() -> Result<Chunk, ChunkNotLoaded> {
                Ok(chunk_of::<crate::workflows::$module::$workflow>())
            }
            #[cfg(not(feature = "api-split"))]
            async fn $module() -> Result<Chunk, ChunkNotLoaded> {
                Ok(chunk_of::<crate::workflows::$module::$workflow>())
            }
        )*

        /// The run builders of `workflow_id`, from its chunk.
        pub(super) async fn load(workflow_id: &str) -> Result<Chunk, SessionError> {
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
