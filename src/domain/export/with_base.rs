//! JSON Resume from the resume text merged with the JSON Resume file it was imported from. The
//! app works on text (the import's Markdown, a workflow's rewrite), which cannot carry every
//! field of the file (locations, profiles, award summaries, references, unknown keys); the file
//! can. The text decides what the resume says, the file fills in what the text leaves out:
//! - basics: the text's fields; a field the text lacks, or whose file value the text still
//!   contains, is the file's.
//! - an entry of the text that matches an entry of the file (same array, title or organisation
//!   equal, case- and whitespace-insensitive) takes the file's fields it lacks; its own
//!   title/organisation/dates/highlights win when they differ (a rewritten bullet stays).
//! - entries of the file the text no longer has are dropped (the user removed them), except in
//!   arrays the text gives nothing for (references, interests, ...), where an entry whose name
//!   is still in the text is kept; top-level keys that are not arrays (`meta`, `$schema`,
//!   custom keys) are kept.

use serde_json::{Map, Value};

use super::json_resume::to_json_resume;
use crate::domain::Resume;

/// JSON Resume of `text`, completed from `base_json` (the imported JSON Resume file). A base
/// that is not a JSON object, or names another person than the text does, gives the text's
/// export as it is.
pub fn to_json_resume_with_base(text: &str, base_json: &str) -> Value {
    let ours = to_json_resume(&Resume::new(text));
    let Ok(Value::Object(base)) = serde_json::from_str::<Value>(base_json) else {
        return ours;
    };
    // A file about someone else (an older run opened after a new import) is no base.
    let name = |doc: &Value| doc["basics"]["name"].as_str().map(norm);
    if name(&ours) != name(&Value::Object(base.clone())) {
        return ours;
    }
    let Value::Object(mut out) = ours else {
        return ours;
    };
    let words = norm(text);
    let file_words = value_tokens(&Value::Object(base.clone()));
    for (key, base_value) in &base {
        let merged = match (out.get(key), base_value) {
            (Some(Value::Object(mine)), Value::Object(theirs)) if key == "basics" => {
                let mut basics = merge_entry(mine, theirs, &[], &words);
                // Profiles are entries too: matched one by one, not taken or left as a whole.
                if let (Some(Value::Array(m)), Some(Value::Array(t))) =
                    (mine.get("profiles"), theirs.get("profiles"))
                {
                    // The file's own website read back as a profile is not one.
                    let site = |p: &Value| {
                        p.get("url").and_then(leaf_text).is_some_and(|url| {
                            theirs.iter().any(|(k, v)| {
                                k != "profiles" && leaf_text(v).is_some_and(|v| v == url)
                            })
                        })
                    };
                    let m: Vec<Value> = m.iter().filter(|p| !site(p)).cloned().collect();
                    let profiles = merge_array("profiles", &m, t, &words, &file_words);
                    basics.insert("profiles".into(), Value::Array(profiles));
                }
                Value::Object(basics)
            }
            (Some(Value::Object(mine)), Value::Object(theirs)) => {
                // `meta`: the file's, with our note. Our note is the text's, not the file's: the
                // file's `otherSections` are what an earlier export could not place, and the
                // text may have changed since.
                let mut meta = theirs.clone();
                for (k, v) in mine {
                    if k == "careergraph" {
                        meta.insert(k.clone(), v.clone());
                    } else {
                        meta.entry(k.clone()).or_insert_with(|| v.clone());
                    }
                }
                Value::Object(meta)
            }
            (Some(Value::Array(mine)), Value::Array(theirs)) if !mine.is_empty() => {
                Value::Array(merge_array(key, mine, theirs, &words, &file_words))
            }
            (_, Value::Array(theirs)) => {
                let kept: Vec<Value> = theirs
                    .iter()
                    .filter(|e| names_in_text(key, e, &words, false))
                    .cloned()
                    .collect();
                if kept.is_empty() {
                    continue;
                }
                Value::Array(kept)
            }
            (Some(_), _) => continue,
            (None, other) => other.clone(),
        };
        out.insert(key.clone(), merged);
    }
    Value::Object(out)
}

/// Lowercase words joined by single spaces: how titles and texts are compared.
fn norm(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The keys naming an entry (title first, then organisation) per JSON Resume array.
fn name_keys(array: &str) -> &'static [&'static str] {
    match array {
        "work" => &["position", "name", "company"],
        "volunteer" => &["position", "organization"],
        "education" => &["studyType", "institution", "area"],
        "awards" => &["title", "awarder"],
        "certificates" => &["name", "issuer"],
        "publications" => &["name", "publisher"],
        "languages" => &["language"],
        "projects" => &["name", "entity"],
        "profiles" => &["network", "url"],
        _ => &["name"],
    }
}

/// Keys where the text's value wins when it differs: what a workflow rewrites.
fn text_wins(array: &str) -> Vec<&'static str> {
    let mut keys = name_keys(array).to_vec();
    keys.extend(["startDate", "endDate", "date", "releaseDate", "highlights"]);
    keys
}

/// The words of a text, lowercased: what a rendering keeps of a value whatever its punctuation.
fn tokens(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The words of every leaf of a value.
fn leaf_tokens(value: &Value) -> std::collections::BTreeSet<String> {
    let mut all = Vec::new();
    leaves(value, &mut all);
    all.iter().flat_map(|leaf| tokens(leaf)).collect()
}

/// The words of every leaf of a value, and of its keys (the import writes `Score:`, `Courses:`).
fn value_tokens(value: &Value) -> std::collections::BTreeSet<String> {
    let mut words = leaf_tokens(value);
    collect_keys(value, &mut words);
    words
}

fn collect_keys(value: &Value, words: &mut std::collections::BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                words.extend(tokens(&split_camel(key)));
                collect_keys(v, words);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_keys(v, words)),
        _ => {}
    }
}

/// `countryCode` → `country Code`.
fn split_camel(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        if c.is_uppercase() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Two texts that are the same date (`2014-02` read from `Février 2014`).
fn same_date(a: &str, b: &str) -> bool {
    use crate::domain::structured::parse_range;
    match (parse_range(a), parse_range(b)) {
        (Some(a), Some(b)) => a.start.is_some() && (a.start, a.end) == (b.start, b.end),
        _ => false,
    }
}

/// The text's value is the import's rendering of the file's: it says all the file's value says
/// and nothing the file's entry does not (`Data (Expert)` for the group `Data` of level
/// `Expert`, `Tidewater Data (` for `Tidewater Data`).
fn renders(mine: &Value, theirs: &Value, entry_words: &std::collections::BTreeSet<String>) -> bool {
    let mine = value_tokens(mine);
    let theirs = value_tokens(theirs);
    !mine.is_empty() && theirs.is_subset(&mine) && mine.is_subset(entry_words)
}

fn leaf_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(norm(s)),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Every text leaf of a value, normalised.
fn leaves(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
        Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
        other => out.extend(leaf_text(other)),
    }
}

/// The text still says everything this value says.
fn said_by(value: &Value, words: &str) -> bool {
    let mut all = Vec::new();
    leaves(value, &mut all);
    all.iter().all(|leaf| words.contains(leaf.as_str()))
}

/// Same value, or a date the text wrote shorter (`2020-02` for `2020-02-01`).
fn same(mine: &Value, theirs: &Value) -> bool {
    if let (Some(a), Some(b)) = (leaf_text(mine), leaf_text(theirs)) {
        return a == b || (a.len() >= 4 && b.starts_with(&a) && b.len() <= 10) || same_date(&a, &b);
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    leaves(mine, &mut a);
    leaves(theirs, &mut b);
    a == b
}

/// The text's entry with the file's fields it lacks; where both have a key, the file's value
/// when it says the same (or the text still says it), else the text's.
fn merge_entry(
    mine: &Map<String, Value>,
    theirs: &Map<String, Value>,
    protected: &[&str],
    words: &str,
) -> Map<String, Value> {
    let entry_words = value_tokens(&Value::Object(theirs.clone()));
    // Says nothing the file's entry does not.
    let covered = |text: &Value| value_tokens(text).is_subset(&entry_words);
    let mut out = Map::new();
    // The file's key order first, then keys only the text has.
    for (key, base) in theirs {
        let value = match mine.get(key) {
            None => base.clone(),
            Some(text) if same(text, base) => base.clone(),
            Some(text) if !text.is_array() && renders(text, base, &entry_words) => base.clone(),
            Some(text) if protected.contains(&key.as_str()) => text.clone(),
            Some(text) if !text.is_array() && covered(text) => base.clone(),
            Some(_) if said_by(base, words) => base.clone(),
            Some(text) => text.clone(),
        };
        out.insert(key.clone(), value);
    }
    // A key only the text has that says nothing new is the import's rendering of another
    // field of the file (a job's location read back as its summary). New to the entry as merged,
    // not to the file's entry: when the text's value of that other field won, the words are only
    // here (seen: a job whose employer the file held as `position` lost it).
    let merged = value_tokens(&Value::Object(out.clone()));
    for (key, value) in mine {
        let said = covered(value) && value_tokens(value).is_subset(&merged);
        if !out.contains_key(key) && !said {
            out.insert(key.clone(), value.clone());
        }
    }
    with_current_names(&mut out);
    out
}

/// Older schema keys and the current ones themes read: `company` is a job's `name`, `website`
/// anything's `url`, `picture` the `image`.
const RENAMED: [(&str, &str); 3] = [
    ("company", "name"),
    ("website", "url"),
    ("picture", "image"),
];

/// An entry of an older-schema file keeps its own keys and gains the current names for them:
/// themes read only `name` and `url`, and showed no employer for an old file's job.
fn with_current_names(entry: &mut Map<String, Value>) {
    for (old, current) in RENAMED {
        if let (Some(value), false) = (entry.get(old).cloned(), entry.contains_key(current)) {
            entry.insert(current.to_string(), value);
        }
    }
}

fn names(array: &str, entry: &Value) -> Vec<String> {
    name_keys(array)
        .iter()
        .filter_map(|k| entry.get(*k).and_then(leaf_text))
        .collect()
}

/// How well two entries match: 2 when title and organisation agree, 1 when one does.
fn score(array: &str, mine: &Value, theirs: &Value) -> usize {
    let (title, org) = title_and_org(array);
    let entry_words = value_tokens(theirs);
    let agree = |a: Option<&Value>, b: Option<&Value>| match (a, b) {
        (Some(a), Some(b)) => leaf_text(a).is_some() && (same(a, b) || renders(a, b, &entry_words)),
        _ => false,
    };
    let straight =
        usize::from(agree(title(mine), title(theirs))) + usize::from(agree(org(mine), org(theirs)));
    if straight > 0 {
        return straight;
    }
    // A heading read the other way round (`CTO — Earbits` as position Earbits at CTO).
    usize::from(agree(title(mine), org(theirs))) + usize::from(agree(org(mine), title(theirs)))
}

/// An entry's title and organisation (the first of the organisation keys it has).
fn title_and_org(
    array: &str,
) -> (
    impl Fn(&Value) -> Option<&Value>,
    impl Fn(&Value) -> Option<&Value>,
) {
    let keys = name_keys(array);
    (
        move |e: &Value| e.get(keys[0]),
        move |e: &Value| keys[1..].iter().find_map(|k| e.get(*k)),
    )
}

/// The text's entry with its title and organisation swapped back when it read them the other
/// way round from the file's entry.
fn unswapped(
    array: &str,
    mine: &Map<String, Value>,
    theirs: &Map<String, Value>,
) -> Map<String, Value> {
    let keys = name_keys(array);
    let org_key = |e: &Map<String, Value>| keys[1..].iter().find(|k| e.contains_key(**k)).copied();
    let (Some(m_org), Some(t_org)) = (org_key(mine), org_key(theirs)) else {
        return mine.clone();
    };
    let (Some(m_title), Some(m_org_value)) = (mine.get(keys[0]), mine.get(m_org)) else {
        return mine.clone();
    };
    let (Some(t_title), Some(t_org_value)) = (theirs.get(keys[0]), theirs.get(t_org)) else {
        return mine.clone();
    };
    if same(m_title, t_org_value) && same(m_org_value, t_title) && !same(m_title, t_title) {
        let mut fixed = mine.clone();
        fixed.remove(m_org);
        fixed.insert(keys[0].to_string(), m_org_value.clone());
        fixed.insert(t_org.to_string(), m_title.clone());
        return fixed;
    }
    mine.clone()
}

/// The text's entries, each completed from the file's entry it matches. An entry that matches
/// none and says nothing the file does not is a misreading of the text (a line of another
/// section read as an entry here): the file has it in its own place, so it is left out.
fn merge_array(
    array: &str,
    mine: &[Value],
    theirs: &[Value],
    words: &str,
    file_words: &std::collections::BTreeSet<String>,
) -> Vec<Value> {
    let protected = text_wins(array);
    // Pairs by how well they match, best first (earlier entries first among equals), each entry
    // of either side taken once: a weak match early on cannot take a later entry's file entry.
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    for (m, entry) in mine.iter().enumerate() {
        for (t, file_entry) in theirs.iter().enumerate() {
            let s = score(array, entry, file_entry);
            if s > 0 {
                pairs.push((s, m, t));
            }
        }
    }
    crate::domain::stable_sort::sort_by_key(&mut pairs, |(s, m, t)| {
        (std::cmp::Reverse(*s), *m, *t)
    });
    let mut used = vec![false; theirs.len()];
    let mut partner: Vec<Option<usize>> = vec![None; mine.len()];
    for (_, m, t) in pairs {
        if partner[m].is_none() && !used[t] {
            partner[m] = Some(t);
            used[t] = true;
        }
    }
    let mut merged: Vec<Value> = mine
        .iter()
        .zip(&partner)
        .filter_map(
            |(entry, partner)| match (partner.map(|t| &theirs[t]), entry) {
                (Some(Value::Object(t)), Value::Object(m)) => {
                    let m = unswapped(array, m, t);
                    Some(Value::Object(merge_entry(&m, t, &protected, words)))
                }
                (None, _) if leaf_tokens(entry).is_subset(file_words) => None,
                _ => Some(entry.clone()),
            },
        )
        .collect();
    // An entry of the file the text read no entry for, though every one of its names is still
    // in the text (a profile URL on the contact line), was not removed: it is kept.
    for (entry, _) in theirs.iter().zip(used).filter(|(_, used)| !used) {
        if names_in_text(array, entry, words, true) {
            merged.push(entry.clone());
        }
    }
    merged
}

/// An entry of an array the text has nothing for is kept when its name (`all`: every one of
/// its names; without one, all it says) is still in the text.
fn names_in_text(array: &str, entry: &Value, words: &str, all: bool) -> bool {
    let names = names(array, entry);
    if names.is_empty() {
        return said_by(entry, words);
    }
    let found = |n: &String| words.contains(n.as_str());
    if all {
        names.iter().all(found)
    } else {
        names.iter().any(found)
    }
}
