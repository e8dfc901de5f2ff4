//! Which checkpoints a thread no longer needs. The engine resumes, reopens and continues a thread
//! from the latest checkpoint of each namespace alone (task results of the step under way are
//! saved inside that checkpoint), and neither the app nor the JS API reads a thread's older
//! history (`CompiledGraph::state_history` and checkpoint ids in a `RunConfig` are not used by
//! `ui`, `api` or `session`). So every namespace keeps its latest checkpoint and loses the rest;
//! a finished run keeps only the root graph's final checkpoint (what reopening it shows).

use crate::graph::Checkpoint;

/// What pruning does to a thread's checkpoints (`keys[i]` is `(ns, id)` of `checkpoints[i]`,
/// `None` where the record could not be read): the indexes to delete, and the kept checkpoints
/// to save whole first. A kept delta checkpoint (format 2) holds only what its step changed, so
/// it must be made whole before its ancestors go; in a namespace where that fails nothing is
/// deleted.
pub fn compact(
    keys: &[(String, String)],
    checkpoints: &[Option<Checkpoint>],
    finished: bool,
) -> (Vec<usize>, Vec<Checkpoint>) {
    let mut stale = stale_checkpoints(keys, finished);
    let mut rewrite = Vec::new();
    let mut blocked: Vec<&str> = Vec::new();
    for (index, (ns, _)) in keys.iter().enumerate() {
        let Some(Some(kept)) = checkpoints.get(index).filter(|_| !stale.contains(&index)) else {
            continue;
        };
        if !kept.is_delta() {
            continue;
        }
        let thread: Vec<Checkpoint> = keys
            .iter()
            .zip(checkpoints)
            .filter(|((other_ns, _), _)| other_ns == ns)
            .filter_map(|(_, c)| c.clone())
            .collect();
        match kept.to_full(&thread) {
            Ok(full) => rewrite.push(full),
            Err(_) => blocked.push(ns),
        }
    }
    stale.retain(|index| !blocked.contains(&keys[*index].0.as_str()));
    (stale, rewrite)
}

/// Indexes into `keys` (a thread's `(ns, id)` checkpoint keys, in any order) of the checkpoints
/// to delete. Ids sort in creation order.
pub fn stale_checkpoints(keys: &[(String, String)], finished: bool) -> Vec<usize> {
    let mut latest: std::collections::BTreeMap<&str, &str> = Default::default();
    for (ns, id) in keys {
        let newest = latest.entry(ns.as_str()).or_insert(id.as_str());
        if id.as_str() > *newest {
            *newest = id.as_str();
        }
    }
    keys.iter()
        .enumerate()
        .filter(|(_, (ns, id))| {
            let keep =
                latest.get(ns.as_str()) == Some(&id.as_str()) && (!finished || ns.is_empty());
            !keep
        })
        .map(|(index, _)| index)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{ChannelDelta, CheckpointSource};
    use serde_json::json;

    fn saved(id: u64, parent: Option<u64>, values: serde_json::Value, delta: bool) -> Checkpoint {
        Checkpoint {
            format_version: 2,
            id: format!("{id:012}"),
            parent_id: parent.map(|p| format!("{p:012}")),
            thread_id: "t".into(),
            ns: String::new(),
            step: id as i64,
            source: CheckpointSource::Loop,
            channel_values: values,
            delta: delta.then(|| ChannelDelta {
                appended: vec!["log".into()],
            }),
            pending_tasks: Default::default(),
            pending_writes: Vec::new(),
            pending_interrupts: Vec::new(),
            pending_errors: Vec::new(),
            resume_values: Default::default(),
        }
    }

    #[test]
    fn pruning_makes_the_kept_delta_checkpoint_whole_before_its_ancestors_go() {
        let thread = vec![
            saved(1, None, json!({"log": ["a"], "n": 1}), false),
            saved(2, Some(1), json!({"log": ["b"]}), true),
            saved(3, Some(2), json!({"log": ["c"], "n": 3}), true),
        ];
        let keys: Vec<(String, String)> = thread
            .iter()
            .map(|c| (c.ns.clone(), c.id.clone()))
            .collect();
        let all: Vec<Option<Checkpoint>> = thread.into_iter().map(Some).collect();
        let (delete, rewrite) = compact(&keys, &all, false);
        assert_eq!(delete, vec![0, 1]);
        assert_eq!(rewrite.len(), 1);
        assert!(!rewrite[0].is_delta());
        assert_eq!(rewrite[0].id, "000000000003");
        assert_eq!(
            rewrite[0].channel_values,
            json!({"log": ["a", "b", "c"], "n": 3})
        );
    }

    #[test]
    fn a_delta_that_cannot_be_made_whole_keeps_its_namespace() {
        let keys = vec![
            (String::new(), "000000000001".to_string()),
            (String::new(), "000000000003".to_string()),
        ];
        // The parent (2) is already gone: deleting 1 would not help, and 3 stays unreadable.
        let all = vec![None, Some(saved(3, Some(2), json!({"log": ["c"]}), true))];
        let (delete, rewrite) = compact(&keys, &all, false);
        assert!(delete.is_empty());
        assert!(rewrite.is_empty());
    }

    fn keys(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(ns, id)| (ns.to_string(), id.to_string()))
            .collect()
    }

    #[test]
    fn an_open_run_keeps_the_latest_checkpoint_of_every_namespace() {
        let all = keys(&[
            ("", "000000000001"),
            ("", "000000000003"),
            ("", "000000000002"),
            ("info:1", "000000000001"),
            ("info:1", "000000000002"),
        ]);
        assert_eq!(stale_checkpoints(&all, false), vec![0, 2, 3]);
    }

    #[test]
    fn a_finished_run_keeps_only_its_final_root_checkpoint() {
        let all = keys(&[
            ("", "000000000001"),
            ("", "000000000002"),
            ("info:1", "000000000005"),
        ]);
        assert_eq!(stale_checkpoints(&all, true), vec![0, 2]);
        assert!(stale_checkpoints(&keys(&[("", "000000000001")]), true).is_empty());
        assert!(stale_checkpoints(&[], true).is_empty());
    }
}
