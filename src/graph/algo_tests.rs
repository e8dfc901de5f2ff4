//! Direct tests of the pure superstep functions in `algo`.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use crate::graph::algo::*;
use crate::graph::command::{Command, Route, RouteTarget, Send, END, START};
use crate::graph::error::GraphError;
use crate::graph::topology::{Branch, Join, NodeSpec, Topology};

crate::state! {
    pub struct Mini updates MiniUpdate {
        pub log: Vec<String> => append,
        pub flag: bool,
    }
}

fn topology(nodes: &[&str]) -> Topology<Mini> {
    let mut topology = Topology::default();
    for name in nodes {
        topology.nodes.insert(
            name.to_string(),
            NodeSpec {
                run: Rc::new(|_, _| Box::pin(async { Ok(Command::default()) })),
                retry: None,
                destinations: Vec::new(),
            },
        );
    }
    topology
}

fn join(sources: &[&str], target: &str) -> Join {
    Join {
        channel: format!("join:{}:{target}", sources.join("+")),
        sources: sources.iter().map(|s| s.to_string()).collect(),
        target: target.to_string(),
    }
}

fn logged(name: &str) -> TaskWrites<Mini> {
    TaskWrites {
        update: Some(MiniUpdate::default().log(vec![name.to_string()])),
        goto: Vec::new(),
        sends: Vec::new(),
    }
}

fn mini(log: &[&str]) -> Mini {
    Mini {
        log: log.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

#[test]
fn prepare_orders_pull_tasks_bytewise_then_sends_in_order() {
    let topo = topology(&["n9", "n10", "alpha", "Mid", "w"]);
    let triggers = Triggers {
        branch_to: ["n9", "alpha", "n10", "Mid"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        barriers: BTreeMap::new(),
        sends: vec![
            Send::new("w", mini(&["second"])),
            Send::new("w", mini(&["first"])),
        ],
    };
    let tasks = prepare_next_tasks(&topo, &triggers, 4);
    let ids: Vec<&str> = tasks.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "4:Mid",
            "4:alpha",
            "4:n10",
            "4:n9",
            "4:push0:w",
            "4:push1:w"
        ]
    );
    assert_eq!(tasks[4].input.as_ref().unwrap().log, vec!["second"]);
    assert_eq!(tasks[5].kind, TaskKind::Push(1));
}

#[test]
fn prepare_runs_a_fan_in_target_only_when_its_barrier_is_complete() {
    let mut topo = topology(&["a", "b", "c"]);
    topo.joins.push(join(&["a", "b"], "c"));
    let mut triggers = Triggers::<Mini>::default();
    triggers
        .barriers
        .insert("join:a+b:c".into(), BTreeSet::from(["a".to_string()]));
    assert!(prepare_next_tasks(&topo, &triggers, 1).is_empty());
    triggers
        .barriers
        .get_mut("join:a+b:c")
        .unwrap()
        .insert("b".into());
    let tasks = prepare_next_tasks(&topo, &triggers, 1);
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0].node, "c");
}

#[test]
fn apply_writes_uses_task_order_not_finish_order() {
    let topo = topology(&["n9", "n10", "w"]);
    let triggers = Triggers {
        branch_to: ["n9", "n10"].iter().map(|s| s.to_string()).collect(),
        barriers: BTreeMap::new(),
        sends: vec![Send::new("w", Mini::default())],
    };
    let tasks = prepare_next_tasks(&topo, &triggers, 1);
    // Hand them over in finish order: the send first, then n9, then n10.
    let finished = vec![
        (&tasks[2], logged("w")),
        (&tasks[1], logged("n9")),
        (&tasks[0], logged("n10")),
    ];
    let mut state = Mini::default();
    let (next, changed) = apply_writes(&topo, &mut state, &triggers, finished, false).unwrap();
    assert_eq!(state.log, vec!["n10", "n9", "w"]);
    assert_eq!(changed.changed, vec!["log"]);
    assert!(next.branch_to.is_empty() && next.sends.is_empty());
}

#[test]
fn apply_writes_marks_barriers_and_consumes_them_when_the_target_runs() {
    let mut topo = topology(&["a", "b", "c"]);
    topo.joins.push(join(&["a", "b"], "c"));
    let mut state = Mini::default();
    let empty = Triggers::<Mini>::default();
    let a = &prepare_next_tasks(
        &topo,
        &Triggers {
            branch_to: BTreeSet::from(["a".to_string()]),
            ..Default::default()
        },
        1,
    )[0];
    let (after_a, _) =
        apply_writes(&topo, &mut state, &empty, vec![(a, logged("a"))], false).unwrap();
    assert_eq!(
        after_a.barriers["join:a+b:c"],
        BTreeSet::from(["a".to_string()])
    );
    let b = &prepare_next_tasks(
        &topo,
        &Triggers {
            branch_to: BTreeSet::from(["b".to_string()]),
            ..after_a.clone()
        },
        2,
    )[0];
    let (after_b, _) =
        apply_writes(&topo, &mut state, &after_a, vec![(b, logged("b"))], false).unwrap();
    let tasks = prepare_next_tasks(&topo, &after_b, 3);
    assert_eq!(tasks[0].node, "c");
    let (after_c, _) = apply_writes(
        &topo,
        &mut state,
        &after_b,
        vec![(&tasks[0], logged("c"))],
        false,
    )
    .unwrap();
    assert!(!after_c.barriers.contains_key("join:a+b:c"), "consumed");
}

#[test]
fn apply_writes_rejects_two_writes_to_a_plain_key() {
    let topo = topology(&["a", "b"]);
    let triggers = Triggers::<Mini> {
        branch_to: ["a", "b"].iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let tasks = prepare_next_tasks(&topo, &triggers, 1);
    let write = || TaskWrites::<Mini> {
        update: Some(MiniUpdate::default().flag(true)),
        goto: vec![],
        sends: vec![],
    };
    let mut state = Mini::default();
    let error = apply_writes(
        &topo,
        &mut state,
        &triggers,
        vec![(&tasks[0], write()), (&tasks[1], write())],
        false,
    )
    .unwrap_err();
    assert!(matches!(error, GraphError::InvalidUpdate { ref key, .. } if key == "flag"));
}

#[test]
fn finish_task_collects_static_edges_and_router_targets_seeing_only_its_own_write() {
    let mut topo = topology(&["a", "yes", "no", "s"]);
    topo.edges.insert(("a".into(), "s".into()));
    topo.edges.insert(("a".into(), END.into()));
    topo.branches.push(Branch {
        source: "a".into(),
        router: Rc::new(|state: &Mini| {
            // The committed state has ["sibling?"] only if siblings leaked in: they must not.
            let key = if state.log == vec!["a"] { "ok" } else { "leak" };
            Route(vec![
                RouteTarget::Key(key.into()),
                RouteTarget::Send(Send::new("s", Mini::default())),
            ])
        }),
        path_map: Some(BTreeMap::from([
            ("ok".into(), "yes".into()),
            ("leak".into(), "no".into()),
        ])),
    });
    let command = Command::update(MiniUpdate::default().log(vec!["a".into()]));
    let writes = finish_task(&topo, "a", &Mini::default(), command).unwrap();
    assert_eq!(writes.goto, vec!["s", "yes"]);
    assert_eq!(writes.sends.len(), 1);
}

#[test]
fn finish_task_rejects_unknown_goto_targets() {
    let topo = topology(&["a"]);
    let error = finish_task(&topo, "a", &Mini::default(), Command::goto("ghost")).unwrap_err();
    assert_eq!(
        error,
        GraphError::UnknownTarget {
            origin: "Command from `a`".into(),
            target: "ghost".into()
        }
    );
}

#[test]
fn apply_input_runs_start_edges_and_routers_on_the_input() {
    let mut topo = topology(&["a", "b"]);
    topo.edges.insert((START.into(), "a".into()));
    topo.branches.push(Branch {
        source: START.into(),
        router: Rc::new(|state: &Mini| if state.flag { "b".into() } else { END.into() }),
        path_map: None,
    });
    let mut state = Mini::default();
    let (triggers, _) = apply_input(
        &topo,
        &mut state,
        &Triggers::default(),
        MiniUpdate::default().flag(true),
        false,
    )
    .unwrap();
    assert!(state.flag);
    assert_eq!(
        triggers.branch_to,
        BTreeSet::from(["a".to_string(), "b".to_string()])
    );
}
