//! The pure core of a superstep (LangGraph's `_algo.py`): which tasks run next, what a finished
//! task writes, and how a step's writes are applied. No async, no I/O.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::graph::command::{Command, Goto, RouteTarget, Send, END, START};
use crate::graph::error::GraphError;
use crate::graph::state::State;
use crate::graph::topology::Topology;

/// What triggers the next superstep's tasks (typed form of `checkpoint::PendingTasks`).
#[derive(Debug, Clone)]
pub struct Triggers<S: State> {
    /// Nodes triggered by edges, commands or routers: each runs once, whatever the number of
    /// triggers (LangGraph's `branch:to:<node>` channel accepts many writes per step).
    pub branch_to: BTreeSet<String>,
    /// Fan-in barrier channel → sources seen so far. Survives across steps until consumed.
    pub barriers: BTreeMap<String, BTreeSet<String>>,
    /// `Send` packets, in send order.
    pub sends: Vec<Send<S>>,
}

impl<S: State> Default for Triggers<S> {
    fn default() -> Self {
        Triggers {
            branch_to: BTreeSet::new(),
            barriers: BTreeMap::new(),
            sends: Vec::new(),
        }
    }
}

/// How a task was triggered; decides the order in which its writes are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TaskKind {
    /// Edge-triggered: applied first, sorted by node name (byte-wise).
    Pull,
    /// Created by a `Send`: applied after pull tasks, in send order.
    Push(usize),
}

/// A task of the next superstep.
#[derive(Debug, Clone)]
pub struct PreparedTask<S: State> {
    /// Deterministic, so a re-prepared step finds its pending writes: `"<step>:<node>"` or
    /// `"<step>:push<index>:<node>"`.
    pub id: String,
    pub node: String,
    pub kind: TaskKind,
    /// The `Send` argument; `None` means the node sees the committed state.
    pub input: Option<S>,
}

/// Everything one task writes: its update and what it triggers.
#[derive(Debug, Clone)]
pub struct TaskWrites<S: State> {
    pub update: Option<S::Update>,
    /// Triggered nodes, END excluded.
    pub goto: Vec<String>,
    pub sends: Vec<Send<S>>,
}

/// The tasks of superstep `step`: edge-triggered ones sorted by name, then `Send`s in order.
pub fn prepare_next_tasks<S: State>(
    topology: &Topology<S>,
    triggers: &Triggers<S>,
    step: i64,
) -> Vec<PreparedTask<S>> {
    let mut pulled: BTreeSet<&str> = triggers.branch_to.iter().map(String::as_str).collect();
    for join in &topology.joins {
        if barrier_complete(triggers, &join.channel, &join.sources) {
            pulled.insert(&join.target);
        }
    }
    let pull_tasks = pulled.into_iter().map(|node| PreparedTask {
        id: format!("{step}:{node}"),
        node: node.to_string(),
        kind: TaskKind::Pull,
        input: None,
    });
    let push_tasks = triggers
        .sends
        .iter()
        .enumerate()
        .map(|(index, send)| PreparedTask {
            id: format!("{step}:push{index}:{}", send.node),
            node: send.node.clone(),
            kind: TaskKind::Push(index),
            input: Some(send.arg.clone()),
        });
    pull_tasks.chain(push_tasks).collect()
}

fn barrier_complete<S: State>(
    triggers: &Triggers<S>,
    channel: &str,
    sources: &BTreeSet<String>,
) -> bool {
    triggers
        .barriers
        .get(channel)
        .is_some_and(|seen| sources.is_subset(seen))
}

/// Turns a node's `Command` into its writes: the update plus everything it triggers — `goto`,
/// static edges, and conditional edges evaluated on `committed` + this task's own update (not
/// the siblings' writes, which are not applied yet).
pub fn finish_task<S: State>(
    topology: &Topology<S>,
    node: &str,
    committed: &S,
    command: Command<S>,
) -> Result<TaskWrites<S>, GraphError> {
    let mut goto = Vec::new();
    let mut sends = Vec::new();
    let mut add_target = |target: String, origin: &dyn Fn() -> String| {
        if target == END {
            return Ok(());
        }
        if !topology.nodes.contains_key(&target) {
            return Err(GraphError::UnknownTarget {
                origin: origin(),
                target,
            });
        }
        if !goto.contains(&target) {
            goto.push(target);
        }
        Ok(())
    };
    for destination in command.goto {
        match destination {
            Goto::Node(target) => add_target(target, &|| format!("Command from `{node}`"))?,
            Goto::Send(send) => sends.push(send),
        }
    }
    for target in topology.plain_targets(node) {
        add_target(target.to_string(), &|| format!("edge from `{node}`"))?;
    }
    let mut branches = topology.branches_from(node).peekable();
    if branches.peek().is_some() {
        let mut own_view = committed.clone();
        if let Some(update) = &command.update {
            own_view.apply_updates(vec![update.clone()])?;
        }
        for branch in branches {
            for target in (branch.router)(&own_view).0 {
                match target {
                    RouteTarget::Send(send) => sends.push(send),
                    RouteTarget::Key(key) => {
                        let origin = || format!("conditional edge from `{node}`");
                        let resolved = match &branch.path_map {
                            None => key,
                            Some(map) => match map.get(&key) {
                                Some(target) => target.clone(),
                                None => {
                                    return Err(GraphError::UnknownTarget {
                                        origin: format!(
                                            "{} (key not in its path map {:?})",
                                            origin(),
                                            map.keys().collect::<Vec<_>>()
                                        ),
                                        target: key,
                                    })
                                }
                            },
                        };
                        add_target(resolved, &origin)?;
                    }
                }
            }
        }
    }
    for send in &sends {
        if !topology.nodes.contains_key(&send.node) {
            return Err(GraphError::UnknownTarget {
                origin: format!("Send from `{node}`"),
                target: send.node.clone(),
            });
        }
    }
    Ok(TaskWrites {
        update: command.update,
        goto,
        sends,
    })
}

/// The fields a step changed and, when recorded (for a delta checkpoint), what it appended to
/// its append fields.
#[derive(Debug, Clone, Default)]
pub struct ChannelChanges {
    pub changed: Vec<&'static str>,
    pub appended: Map<String, Value>,
}

/// Applies a finished superstep: updates in task order (pull tasks by node name, then `Send`
/// tasks in send order, whatever order they finished in), then the next step's triggers.
/// Returns the new triggers and the names of the state fields that changed.
pub fn apply_writes<S: State>(
    topology: &Topology<S>,
    state: &mut S,
    previous: &Triggers<S>,
    finished: Vec<(&PreparedTask<S>, TaskWrites<S>)>,
    record: bool,
) -> Result<(Triggers<S>, ChannelChanges), GraphError> {
    let mut finished = finished;
    finished
        .sort_by(|(a, _), (b, _)| (a.kind, a.node.as_bytes()).cmp(&(b.kind, b.node.as_bytes())));
    let mut next = Triggers {
        branch_to: BTreeSet::new(),
        barriers: previous.barriers.clone(),
        sends: Vec::new(),
    };
    // A fan-in target that runs consumes its completed barrier, so it waits for all sources again.
    for (task, _) in &finished {
        if task.kind != TaskKind::Pull {
            continue;
        }
        for join in topology.joins.iter().filter(|j| j.target == task.node) {
            if barrier_complete(previous, &join.channel, &join.sources) {
                next.barriers.remove(&join.channel);
            }
        }
    }
    let mut updates = Vec::new();
    for (task, writes) in finished {
        for join in topology
            .joins
            .iter()
            .filter(|j| j.sources.contains(&task.node))
        {
            next.barriers
                .entry(join.channel.clone())
                .or_default()
                .insert(task.node.clone());
        }
        next.branch_to.extend(writes.goto);
        next.sends.extend(writes.sends);
        updates.extend(writes.update);
    }
    let appended = if record {
        S::appended(&updates)?
    } else {
        Map::new()
    };
    let changed = state.apply_updates(updates)?;
    Ok((next, ChannelChanges { changed, appended }))
}

/// Applies a run's input as if START had run: through the reducers, then START's edges.
pub fn apply_input<S: State>(
    topology: &Topology<S>,
    state: &mut S,
    previous: &Triggers<S>,
    input: S::Update,
    record: bool,
) -> Result<(Triggers<S>, ChannelChanges), GraphError> {
    let start = PreparedTask {
        id: format!("input:{START}"),
        node: START.to_string(),
        kind: TaskKind::Pull,
        input: None,
    };
    let writes = finish_task(topology, START, state, Command::update(input))?;
    let (mut triggers, changes) =
        apply_writes(topology, state, previous, vec![(&start, writes)], record)?;
    // A new input restarts the graph: leftover barriers of an earlier run must not fire.
    triggers.barriers.clear();
    Ok((triggers, changes))
}
