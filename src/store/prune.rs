//! Which checkpoints a thread no longer needs. The engine resumes, reopens and continues a thread
//! from the latest checkpoint of each namespace alone (task results of the step under way are
//! saved inside that checkpoint), and neither the app nor the JS API reads a thread's older
//! history (`CompiledGraph::state_history` and checkpoint ids in a `RunConfig` are not used by
//! `ui`, `api` or `session`). So every namespace keeps its latest checkpoint and loses the rest;
//! a finished run keeps only the root graph's final checkpoint (what reopening it shows).

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
