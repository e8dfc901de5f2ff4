//! The `state!` macro and the reducers (channels), tested alone.

use std::collections::BTreeMap;

use careergraph::graph::channels::{Append, BinOp, Custom, LastValue, Reducer};
use careergraph::graph::{GraphError, State};
use careergraph::state;

fn longest(a: String, b: String) -> String {
    if b.len() > a.len() {
        b
    } else {
        a
    }
}

fn keep_unique(current: &mut Vec<u32>, writes: Vec<Vec<u32>>) -> bool {
    let before = current.len();
    for value in writes.into_iter().flatten() {
        if !current.contains(&value) {
            current.push(value);
        }
    }
    current.len() != before
}

state! {
    /// Reads like a TypedDict with per-field reducers.
    pub struct Doc updates DocUpdate {
        pub title: String,
        pub notes: Vec<String> => append,
        pub scores: BTreeMap<String, u32> => append,
        pub best: String => reduce(longest),
        pub ids: Vec<u32> => custom(keep_unique),
        pub explicit: u8 => last_value,
    }
}

#[test]
fn last_value_channel_overwrites_and_rejects_two_writes() {
    let mut value = 1;
    assert!(!LastValue.update("k", &mut value, vec![]).unwrap());
    assert!(LastValue.update("k", &mut value, vec![2]).unwrap());
    assert_eq!(value, 2);
    let error = LastValue.update("k", &mut value, vec![3, 3]).unwrap_err();
    assert!(matches!(error, GraphError::InvalidUpdate { ref key, .. } if key == "k"));
    assert_eq!(value, 2, "unchanged after a rejected step");
}

#[test]
fn append_channel_extends_in_write_order() {
    let mut list = vec![1];
    assert!(Append
        .update("k", &mut list, vec![vec![2], vec![3, 4]])
        .unwrap());
    assert_eq!(list, vec![1, 2, 3, 4]);
    assert!(!Append.update("k", &mut list, vec![]).unwrap());
}

#[test]
fn binop_channel_folds_each_write() {
    let mut total = 10;
    assert!(BinOp(|a: i32, b: i32| a + b)
        .update("k", &mut total, vec![1, 2])
        .unwrap());
    assert_eq!(total, 13);
}

#[test]
fn custom_channel_sees_all_writes_of_the_step() {
    let mut ids = vec![1];
    assert!(Custom(keep_unique)
        .update("k", &mut ids, vec![vec![1, 2], vec![2, 3]])
        .unwrap());
    assert_eq!(ids, vec![1, 2, 3]);
    assert!(!Custom(keep_unique)
        .update("k", &mut ids, vec![vec![3]])
        .unwrap());
}

#[test]
fn state_macro_applies_each_fields_reducer_and_reports_changed_keys() {
    let mut doc = Doc::default();
    let updates = vec![
        DocUpdate::default()
            .title("T")
            .notes(vec!["a".to_string()])
            .best("xx"),
        DocUpdate::default()
            .notes(vec!["b".to_string()])
            .best("yyy")
            .ids(vec![7, 7, 8])
            .scores(BTreeMap::from([("r".to_string(), 1)])),
    ];
    let changed = doc.apply_updates(updates).unwrap();
    assert_eq!(changed, vec!["title", "notes", "scores", "best", "ids"]);
    assert_eq!(doc.title, "T");
    assert_eq!(doc.notes, vec!["a", "b"]);
    assert_eq!(doc.best, "yyy");
    assert_eq!(doc.ids, vec![7, 8]);
    assert_eq!(
        Doc::KEYS,
        ["title", "notes", "scores", "best", "ids", "explicit"]
    );
}

#[test]
fn state_macro_rejects_two_writes_to_a_field_without_reducer() {
    let mut doc = Doc::default();
    let error = doc
        .apply_updates(vec![
            DocUpdate::default().explicit(1u8),
            DocUpdate::default().explicit(1u8),
        ])
        .unwrap_err();
    assert!(error.to_string().contains("`explicit`"));
}

#[test]
fn update_serialises_only_the_fields_it_sets() {
    let update = DocUpdate::default().title("T");
    assert_eq!(
        serde_json::to_value(&update).unwrap(),
        serde_json::json!({ "title": "T" })
    );
    let back: DocUpdate = serde_json::from_value(serde_json::json!({ "title": "T" })).unwrap();
    assert_eq!(back, update);
}

#[test]
fn full_state_converts_into_an_update_setting_every_field() {
    let doc = Doc {
        title: "T".into(),
        ..Default::default()
    };
    let update: DocUpdate = doc.into();
    assert_eq!(update.title.as_deref(), Some("T"));
    assert_eq!(update.notes, Some(vec![]));
}
