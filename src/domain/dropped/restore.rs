//! Putting dropped content back: the rule for a deletion the user did not accept.
//!
//! - A dropped section goes back whole, before the first later section of the original that the
//!   text still has (so the order stays the original's), else at the end.
//! - A dropped line (a contact line, a job heading that lost its dates) replaces the line of the
//!   text that is plainly its rewrite (most of the shorter one's words shared), else goes back
//!   after the nearest earlier original line the text still holds verbatim, else under the title
//!   line when it stood before the first section, else at the end.
//!
//! Only the original's own lines are put back; nothing is rewritten.

use std::collections::HashSet;

use super::{section_key, DroppedFact};
use crate::domain::structured::from_text;

/// `text` with every item of `dropped` whose key is not in `kept` put back from `original`
/// (undecided = not kept, as for added facts: the rewrite's unapproved change is undone).
pub fn restore(text: &str, original: &str, dropped: &[DroppedFact], kept: &[String]) -> String {
    let mut blocks: Vec<(usize, usize)> = dropped
        .iter()
        .filter(|d| !kept.contains(&d.key))
        .map(|d| (d.first_line, d.last_line))
        .collect();
    if blocks.is_empty() {
        return text.to_string();
    }
    blocks.sort();
    // A line inside a section going back goes back with it; two facts of a line are one line.
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (first, last) in blocks {
        match merged.last_mut() {
            Some(m) if first <= m.1 => m.1 = m.1.max(last),
            _ => merged.push((first, last)),
        }
    }
    let before: Vec<&str> = original.lines().collect();
    let sections = from_text(original).sections;
    let first_section = sections.iter().filter_map(|s| s.line).min().map(|l| l - 1);
    let mut out: Vec<String> = text.lines().map(str::to_string).collect();
    for (first, last) in merged {
        let Some(block) = before.get(first..=last.min(before.len().saturating_sub(1))) else {
            continue;
        };
        let starts_section = sections.iter().any(|s| s.line == Some(first + 1));
        if starts_section {
            put_section(&mut out, block, &sections, last);
        } else {
            put_lines(&mut out, block, &before, first, first_section);
        }
    }
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    joined
}

fn put_section(
    out: &mut Vec<String>,
    block: &[&str],
    sections: &[crate::domain::structured::Section],
    last: usize,
) {
    let now = from_text(&out.join("\n")).sections;
    let later = sections
        .iter()
        .filter(|s| s.line.is_some_and(|l| l - 1 > last))
        .map(|s| section_key(&s.kind, &s.title));
    let at = later.into_iter().find_map(|key| {
        now.iter()
            .find(|s| section_key(&s.kind, &s.title) == key)
            .and_then(|s| s.line)
            .map(|l| l - 1)
    });
    let mut lines: Vec<String> = block.iter().map(|l| l.to_string()).collect();
    match at {
        Some(at) => {
            lines.push(String::new());
            out.splice(at..at, lines);
        }
        None => {
            while out.last().is_some_and(|l| l.trim().is_empty()) {
                out.pop();
            }
            if !out.is_empty() {
                out.push(String::new());
            }
            out.extend(lines);
        }
    }
}

fn put_lines(
    out: &mut Vec<String>,
    block: &[&str],
    before: &[&str],
    first: usize,
    first_section: Option<usize>,
) {
    let lines: Vec<String> = block.iter().map(|l| l.to_string()).collect();
    if block.len() == 1 {
        if out.iter().any(|l| l.trim() == block[0].trim()) {
            return;
        }
        // Lines the text kept verbatim are some other original line, never this one's rewrite.
        let verbatim: HashSet<&str> = before.iter().map(|l| l.trim()).collect();
        let rewrite = out
            .iter()
            .enumerate()
            .filter(|(_, l)| !verbatim.contains(l.trim()))
            .map(|(i, l)| (i, similarity(block[0], l)))
            .filter(|&(_, s)| s >= 0.6)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = rewrite {
            out[i] = lines[0].clone();
            return;
        }
    }
    let anchor = before[..first]
        .iter()
        .rev()
        .filter(|l| !l.trim().is_empty())
        .find_map(|l| out.iter().position(|o| o.trim() == l.trim()));
    let at = match anchor {
        Some(i) => i + 1,
        None if first_section.is_none_or(|s| first < s) => usize::from(!out.is_empty()),
        None => out.len(),
    };
    out.splice(at..at, lines);
}

/// Words of a line: runs of ASCII letters and digits, and each other letter (Chinese has no spaces).
fn words(line: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut word = String::new();
    for c in line.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            found.insert(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            found.insert(c.to_string());
        }
    }
    if !word.is_empty() {
        found.insert(word);
    }
    found
}

/// Shared words over the shorter line's words; 0 when fewer than two are shared.
fn similarity(a: &str, b: &str) -> f64 {
    let (a, b) = (words(a), words(b));
    let shared = a.intersection(&b).count();
    if shared < 2 {
        return 0.0;
    }
    shared as f64 / a.len().min(b.len()) as f64
}
