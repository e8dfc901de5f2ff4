//! A workflow is one declared thing: its id, titles, typed input, how its graph is built from
//! that input, whether it pauses for the user, and its offline demo answers. The session, the
//! app's picker and run list, and the JS API read this registry instead of naming workflows.
//!
//! Adding a workflow (docs/adding-a-workflow.md): its folder under `src/workflows/` with an
//! `impl Workflow`, its `pub mod` line and its entry in the list `for_each_workflow!` (both in
//! `src/workflows/mod.rs`), and (for the app) its page folder under `src/ui/` with its `mod` line
//! in `src/ui/mod.rs`. [`visit_all`], the session's wasm chunks, the diagrams, the app's pages and
//! its per-agent model settings all expand that list.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use crate::domain::result_check::Verdict;
use crate::graph::{Checkpointer, CompiledGraph, GraphError, MemorySaver, State, StateGraph};
use crate::llm::demo::DemoModel;
use crate::llm::{CancelToken, ChatModel};

/// Every workflow of [`for_each_workflow`](super::for_each_workflow), in its order (the order
/// the app's picker offers them).
pub fn visit_all(visitor: &mut impl WorkflowVisitor) {
    macro_rules! visit_each {
        ($(($module:ident, $workflow:ident)),* $(,)?) => {
            $(visitor.visit::<super::$module::$workflow>();)*
        };
    }
    super::for_each_workflow!(visit_each);
}

/// Something that wants to know every workflow by its type (the session builds its table of
/// runnable workflows this way; a generic method keeps the types, a list of trait objects would not).
pub trait WorkflowVisitor {
    fn visit<W: Workflow>(&mut self);
}

/// Text in the two languages the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bilingual {
    pub en: &'static str,
    pub zh: &'static str,
}

impl Bilingual {
    pub const fn new(en: &'static str, zh: &'static str) -> Self {
        Self { en, zh }
    }

    pub fn get(self, language: crate::domain::Language) -> &'static str {
        language.pick(self.en, self.zh)
    }
}

/// What a picker, a run list or a catalog shows of a workflow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WorkflowMeta {
    pub id: &'static str,
    pub title: Bilingual,
    pub description: Bilingual,
    /// Pauses for the user (answer its interrupts to go on).
    pub interactive: bool,
}

/// An agent (a graph node) by its node id, and the name a page shows for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AgentName {
    pub node: &'static str,
    pub name: Bilingual,
    /// It asks the model (its requests are named after `node`), so the settings offer a model
    /// of its own for it (the seeds' `override_model`); false for a step a page names that calls
    /// no model (a router, a merge, a pause).
    pub calls_model: bool,
}

impl AgentName {
    /// An agent that asks the model.
    pub const fn new(node: &'static str, en: &'static str, zh: &'static str) -> Self {
        AgentName {
            node,
            name: Bilingual::new(en, zh),
            calls_model: true,
        }
    }

    /// A step a page names that asks no model.
    pub const fn step(node: &'static str, en: &'static str, zh: &'static str) -> Self {
        AgentName {
            calls_model: false,
            ..AgentName::new(node, en, zh)
        }
    }
}

/// Every workflow with the agents whose model can be chosen one by one (its
/// [`Workflow::AGENTS`] that ask the model), in registry order: the settings' per-agent models.
pub fn model_agents() -> Vec<(WorkflowMeta, Vec<AgentName>)> {
    struct Collect(Vec<(WorkflowMeta, Vec<AgentName>)>);
    impl WorkflowVisitor for Collect {
        fn visit<W: Workflow>(&mut self) {
            let agents = W::AGENTS.iter().filter(|a| a.calls_model).copied();
            self.0.push((W::meta(), agents.collect()));
        }
    }
    let mut all = Collect(Vec::new());
    visit_all(&mut all);
    all.0
}

/// The name of `node` of `workflow_id` in `language`, from the workflow's declared
/// [`Workflow::AGENTS`]; an undeclared node reads as its id in words ("resume_parser_agent" →
/// "Resume parser"), never as the id itself.
pub fn agent_name(workflow_id: &str, node: &str, language: crate::domain::Language) -> String {
    struct Find<'a>(&'a str, &'a str, Option<Bilingual>);
    impl WorkflowVisitor for Find<'_> {
        fn visit<W: Workflow>(&mut self) {
            if W::ID == self.0 {
                self.2 = W::AGENTS.iter().find(|a| a.node == self.1).map(|a| a.name);
            }
        }
    }
    let mut find = Find(workflow_id, node, None);
    visit_all(&mut find);
    match find.2 {
        Some(name) => name.get(language).to_string(),
        None => {
            let words = node.trim_end_matches("_agent").replace('_', " ");
            let mut chars = words.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// The input a workflow takes: plain serde data (camelCase JSON at the JS boundary), with a
/// derived JSON schema where the JS API is built.
#[cfg(feature = "api")]
pub trait WorkflowInput:
    Serialize + DeserializeOwned + Clone + Default + schemars::JsonSchema
{
}
#[cfg(feature = "api")]
impl<T: Serialize + DeserializeOwned + Clone + Default + schemars::JsonSchema> WorkflowInput for T {}
#[cfg(not(feature = "api"))]
pub trait WorkflowInput: Serialize + DeserializeOwned + Clone + Default {}
#[cfg(not(feature = "api"))]
impl<T: Serialize + DeserializeOwned + Clone + Default> WorkflowInput for T {}

/// What a run of any workflow is built from, besides its input. The model carries the API key;
/// nothing here is ever saved.
#[derive(Clone)]
pub struct RunEnv {
    pub model: Rc<dyn ChatModel>,
    /// Agent (node) name → model name, the seeds' `override_model`.
    pub agent_models: BTreeMap<String, String>,
    /// Trips every chat call of the run.
    pub cancel: CancelToken,
    /// Where every superstep is saved (IndexedDB in the app, memory elsewhere).
    pub checkpointer: Rc<dyn Checkpointer>,
    /// The run's checkpoint thread.
    pub thread_id: String,
    /// Unix milliseconds now (the engine has no clock of its own).
    pub now_ms: fn() -> f64,
}

impl RunEnv {
    /// An environment for drawing a graph or testing: the offline demo model, memory checkpoints.
    pub fn offline(thread_id: impl Into<String>) -> Self {
        RunEnv {
            model: Rc::new(demo_model()),
            agent_models: BTreeMap::new(),
            cancel: CancelToken::new(),
            checkpointer: Rc::new(MemorySaver::new()),
            thread_id: thread_id.into(),
            now_ms: platform_now_ms,
        }
    }

    /// The overrides that name a model, trimmed.
    pub fn model_overrides(&self) -> impl Iterator<Item = (&str, &str)> {
        self.agent_models
            .iter()
            .map(|(agent, model)| (agent.as_str(), model.trim()))
            .filter(|(_, model)| !model.is_empty())
    }

    /// `graph` compiled on the run's checkpointer.
    pub fn compile<S: State>(&self, graph: StateGraph<S>) -> Result<CompiledGraph<S>, InputError> {
        Ok(graph.compile_with_checkpointer(self.checkpointer.clone())?)
    }
}

/// A run ready to start: the graph on the run's checkpointer, its first update, and how many
/// supersteps it may take.
pub struct Prepared<S: State> {
    pub graph: CompiledGraph<S>,
    pub initial: S::Update,
    pub recursion_limit: usize,
}

/// The pause (and answer) type of a workflow that never pauses: it has no values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum NoPause {}

/// Input the user must fix before anything is sent; the message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// A graph that does not build is a bug, not bad input; it is still reported through `prepare`
/// (with the graph's own message) rather than as a panic.
impl From<GraphError> for InputError {
    fn from(error: GraphError) -> Self {
        InputError(error.to_string())
    }
}

/// One workflow, declared once.
pub trait Workflow: 'static {
    /// Stable id: the JS API's `workflowId`, saved runs' `workflow_id`, the picker's value.
    const ID: &'static str;
    /// Prefix of its thread ids (readable in storage and logs).
    const THREAD_PREFIX: &'static str;
    type Input: WorkflowInput;
    type State: State;
    /// What the run pauses with (its interrupt payloads); [`NoPause`] for one that never pauses.
    /// Its kinds and their answers are declared with [`pause_kinds!`](crate::pause_kinds).
    type Pause: super::PauseKinds + Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// What it takes as an answer to a pause.
    type Answer: Serialize + DeserializeOwned + Clone + std::fmt::Debug;

    fn meta() -> WorkflowMeta;

    /// Its agents (graph nodes that call a model, [`AgentName::new`], and steps a page names,
    /// [`AgentName::step`]) as a person reads them: pages show these, never node ids, and the
    /// settings offer a model per agent that calls one (a native test checks that every request
    /// of a run comes from one declared so).
    const AGENTS: &'static [AgentName] = &[];

    /// The cheap checks of `input` (text present and not too long, dates, counts), without
    /// building anything: the JS API runs them synchronously in `start()` while the workflow's
    /// own code (graph, nodes, prompts, demo) may still be loading as a wasm chunk.
    /// `prepare` runs them again, so a workflow that does not override this stays correct.
    fn check(_input: &Self::Input) -> Result<(), InputError> {
        Ok(())
    }

    /// Checks `input` (before any model is called) and builds the run on `env`. The same input
    /// and environment always give the same graph, which is what lets a saved run be rebuilt
    /// after a reload and go on from its checkpoints.
    fn prepare(input: Self::Input, env: &RunEnv) -> Result<Prepared<Self::State>, InputError>;

    /// A fictional input that passes `prepare` (for drawing the graph, tests, first use).
    fn sample_input() -> Self::Input;

    /// Adds this workflow's offline answers to the demo model.
    fn with_demo(model: DemoModel) -> DemoModel;

    /// What a FINISHED run of this workflow takes to run again on its own thread (the batch's
    /// "Retry failed"): the update to invoke the thread with, given the state it finished in, or
    /// `None` when there is nothing to do. The default: a finished run takes nothing. The run
    /// goes on like any other step (saved to the checkpointer, reopened after a reload), so the
    /// update must leave finished work alone: only what it names runs again.
    fn follow_up(_finished: &Self::State) -> Option<<Self::State as State>::Update> {
        None
    }

    /// The result check (issue 42): whether the result in `finished` is usable, judged against
    /// the user's own texts the state holds (kept, grounded, not degenerate; see
    /// [`crate::domain::result_check`]). Required, with no default: a workflow that declares no
    /// check does not compile, so nothing calls a result finished unchecked.
    fn check_result(finished: &Self::State) -> Verdict;
}

/// The offline demo model answering for every registered workflow.
pub fn demo_model() -> DemoModel {
    struct Demo(Option<DemoModel>);
    impl WorkflowVisitor for Demo {
        fn visit<W: Workflow>(&mut self) {
            self.0 = self.0.take().map(W::with_demo);
        }
    }
    let mut demo = Demo(Some(DemoModel::new()));
    visit_all(&mut demo);
    demo.0.unwrap_or_default()
}

/// Now, from the platform's clock: `Date.now()` in the browser (std's clock panics there).
pub fn platform_now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}
