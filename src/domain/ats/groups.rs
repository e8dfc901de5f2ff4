//! Alternatives inside one requirement: "Golang, Rust, or Python", "Java/Kotlin", "PostgreSQL or
//! MySQL", "one of Go, Java or C++", "Go或Java", "MySQL、PostgreSQL等任一". Read as one must-have
//! per skill, a Python engineer was missing Go and Rust; read as one group, any of them meets it.
//!
//! Only what lies between two skills of a sentence decides (tokens carry their offsets because
//! commas are not tokens):
//! - "or", "/", "and/or", "或", "或者" link two alternatives;
//! - a comma ("," "，" "、") continues a list; the list is a group when an "or" ends it ("A, B, or
//!   C"), when "one of"/"any of"/"either" comes before it, or "等任一"/"之一"/"其中一种"… after it;
//! - anything else ("and", "和", words) ends the list: "PostgreSQL and Redis" are two must-haves.

use std::ops::Range;

use super::text::Token;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Link {
    Or,
    Comma,
    Break,
}

fn link(gap: &str) -> Link {
    let squeezed: String = gap
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let without_comma = squeezed.trim_start_matches([',', '，', '、']);
    match without_comma {
        "" => Link::Comma,
        "or" | "/" | "and/or" | "或" | "或者" => Link::Or,
        _ => Link::Break,
    }
}

/// Words before a list that make it a choice: "one of Go, Java, C++".
const CHOICE_BEFORE: &[&str] = &["one of", "any of", "either", "one or more of"];
/// Words after a list that make it a choice: "MySQL、PostgreSQL等任一数据库".
const CHOICE_AFTER: &[&str] = &[
    "等任一",
    "任一",
    "等其中",
    "其中一",
    "中的一",
    "之一",
    "任意一",
    "至少一",
];

/// The groups of alternatives among `found` (skills of `sentence`, in order, as token ranges of
/// `toks`): each group is the indices into `found` of two or more skills, in order. A skill in
/// no group is a requirement of its own.
pub(super) fn alternatives(
    sentence: &str,
    toks: &[Token],
    found: &[(&str, Range<usize>)],
) -> Vec<Vec<usize>> {
    let span = |r: &Range<usize>| (toks[r.start].start, toks[r.end - 1].end);
    let mut groups = Vec::new();
    let mut i = 0;
    while i < found.len() {
        // The list starting at i: skills joined by commas or "or".
        let mut links = Vec::new();
        let mut j = i;
        while j + 1 < found.len() {
            let (_, end) = span(&found[j].1);
            let (start, _) = span(&found[j + 1].1);
            // Two skills of one Chinese run share a token: nothing between them to read.
            let next = if start >= end {
                link(&sentence[end..start])
            } else {
                Link::Break
            };
            if next == Link::Break {
                break;
            }
            links.push(next);
            j += 1;
        }
        let members: Vec<usize> = (i..=j).collect();
        i = j + 1;
        if members.len() < 2 {
            continue;
        }
        let before = sentence[..span(&found[members[0]].1).0]
            .trim_end()
            .to_lowercase();
        let after = sentence[span(&found[*members.last().unwrap()].1).1..].trim_start();
        let chosen = CHOICE_BEFORE.iter().any(|w| before.ends_with(w))
            || CHOICE_AFTER.iter().any(|w| after.starts_with(w));
        if chosen || links.last() == Some(&Link::Or) {
            groups.push(members);
        } else {
            // Commas with an "or" inside ("A or B, C"): only the pairs joined by "or" are choices.
            let mut run = vec![members[0]];
            for (k, l) in links.iter().enumerate() {
                if *l == Link::Or {
                    run.push(members[k + 1]);
                } else {
                    if run.len() >= 2 {
                        groups.push(std::mem::take(&mut run));
                    }
                    run = vec![members[k + 1]];
                }
            }
            if run.len() >= 2 {
                groups.push(run);
            }
        }
    }
    groups
}
