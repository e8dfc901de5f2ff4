//! Tokens, light stemming and lexicon matching: the text side of the ATS analysis.

use std::ops::Range;

use crate::domain::han;

use super::skills::{self, KNOWN_SKILLS};

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub raw: String,
    pub lower: String,
    pub stem: String,
    /// Byte offsets in the text it came from: what lies between two skills ("Go, Rust, or
    /// Python") decides whether they are alternatives, and commas are not tokens.
    pub start: usize,
    pub end: usize,
}

/// Characters that stay inside a token: "c++", "c#", "node.js", "ci/cd", "scikit-learn".
fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '+' | '#' | '.' | '/' | '-')
}

pub(super) fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let words = text
        .split_whitespace()
        .filter(|w| !(w.contains("://") || w.to_lowercase().starts_with("www.")));
    // Chinese runs are cut off from Latin ones: "熟悉Rust和Docker" holds the skills Rust and Docker.
    let pieces = words
        .flat_map(|w| w.split(|c: char| !is_token_char(c)))
        .flat_map(han::script_runs);
    for piece in pieces {
        let piece = piece.trim_matches(|c| matches!(c, '.' | '/' | '-'));
        if piece.is_empty() {
            continue;
        }
        let lower = piece.to_lowercase();
        // Slashes and hyphens join two words ("React/Redux", "machine-learning") unless the
        // whole thing is one alias ("CI/CD", "scikit-learn").
        if lower.contains(['/', '-']) && !is_single_token_alias(&lower) {
            for part in piece.split(['/', '-']).filter(|p| !p.is_empty()) {
                out.push(token(part, offset(text, part)));
            }
        } else {
            out.push(token(piece, offset(text, piece)));
        }
    }
    out
}

/// Where `piece`, a slice of `text`, starts in it. Every piece `tokens` makes is such a slice
/// (split, trimmed, never copied).
fn offset(text: &str, piece: &str) -> usize {
    piece.as_ptr() as usize - text.as_ptr() as usize
}

fn token(raw: &str, start: usize) -> Token {
    let lower = raw.to_lowercase();
    Token {
        raw: raw.to_string(),
        stem: stem(&lower),
        lower,
        start,
        end: start + raw.len(),
    }
}

fn is_single_token_alias(lower: &str) -> bool {
    KNOWN_SKILLS
        .iter()
        .any(|s| s.name.to_lowercase() == lower || s.aliases.contains(&lower))
}

/// Light stemming of alphabetic words of five letters or more: "-ies" → "-y", then "-ing",
/// "-ed" or a plural "-s" go, then a final "-e" ("managed", "manages", "managing" → "manag").
pub(super) fn stem(word: &str) -> String {
    if word.len() < 5 || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return word.to_string();
    }
    let mut w = word.to_string();
    if let Some(base) = w.strip_suffix("ies") {
        return format!("{base}y");
    }
    if w.len() >= 6 && w.ends_with("ing") {
        w.truncate(w.len() - 3);
    } else if w.ends_with("ed") {
        w.truncate(w.len() - 2);
    } else if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        w.truncate(w.len() - 1);
    }
    if w.len() > 4 && w.ends_with('e') {
        w.truncate(w.len() - 1);
    }
    w
}

/// A Latin alias as stemmed tokens, its canonical name, and whether it must match as written.
type Alias = (Vec<String>, &'static str, bool);

struct Table {
    /// Longest first.
    latin: Vec<Alias>,
    /// Chinese aliases (found inside a Chinese run), longest first.
    han: Vec<(&'static str, &'static str)>,
}

thread_local! {
    /// Built once per thread (the page has one).
    static TABLE: Table = table();
}

fn table() -> Table {
    let mut latin = Vec::new();
    let mut chinese = Vec::new();
    for skill in KNOWN_SKILLS {
        let case_sensitive = skills::CASE_SENSITIVE.contains(&skill.name);
        chinese.extend(
            skill
                .aliases
                .iter()
                .filter(|a| han::has_han(a))
                .map(|a| (*a, skill.name)),
        );
        let mut spellings: Vec<String> = skill
            .aliases
            .iter()
            .filter(|a| !han::has_han(a))
            .map(|a| a.to_string())
            .collect();
        spellings.push(skill.name.to_lowercase());
        for spelling in spellings {
            let seq: Vec<String> = tokens(&spelling).into_iter().map(|t| t.stem).collect();
            let exact = case_sensitive && spelling == skill.name.to_lowercase();
            latin.push((seq, skill.name, exact));
        }
    }
    crate::domain::stable_sort::sort_by_key(&mut latin, |(seq, _, _)| std::cmp::Reverse(seq.len()));
    crate::domain::stable_sort::sort_by_key(&mut chinese, |(alias, _)| {
        std::cmp::Reverse(alias.chars().count())
    });
    Table {
        latin,
        han: chinese,
    }
}

/// Known skills in a token stream: (canonical name, token range), longest alias first, no
/// overlaps. A Chinese run can hold several ("熟悉深度学习和自然语言处理").
pub(super) fn find_skills(toks: &[Token]) -> Vec<(&'static str, Range<usize>)> {
    TABLE.with(|table| find_with(table, toks))
}

fn find_with(table: &Table, toks: &[Token]) -> Vec<(&'static str, Range<usize>)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if han::has_han(&toks[i].raw) {
            let mut run = toks[i].raw.clone();
            let mut names: Vec<&'static str> = Vec::new();
            for (alias, name) in &table.han {
                if run.contains(alias) {
                    // The longer alias claims its characters ("大语言模型" is not also "语言模型").
                    run = run.replace(alias, "\u{3000}");
                    if !names.contains(name) {
                        names.push(name);
                    }
                }
            }
            found.extend(names.into_iter().map(|name| (name, i..i + 1)));
            i += 1;
            continue;
        }
        let hit = table.latin.iter().find(|(seq, name, exact)| {
            !seq.is_empty()
                && i + seq.len() <= toks.len()
                && seq
                    .iter()
                    .zip(&toks[i..])
                    .all(|(part, tok)| *part == tok.stem)
                && (!exact || toks[i].raw == *name)
        });
        match hit {
            Some((seq, name, _)) => {
                found.push((*name, i..i + seq.len()));
                i += seq.len();
            }
            None => i += 1,
        }
    }
    found
}

pub(super) fn contains_sequence(stems: &[&str], key: &str) -> bool {
    let parts: Vec<&str> = key.split(' ').collect();
    !parts.is_empty()
        && stems
            .windows(parts.len())
            .any(|window| window == parts.as_slice())
}

/// A word that can be part of a free keyword (a repeated two-word phrase of the requirements):
/// not a function word, not job-ad boilerplate, not a common word that says nothing on its own.
pub(super) fn is_content_word(token: &Token) -> bool {
    // Chinese runs are unsegmented phrases ("有分布式系统经验"), not words: never keywords.
    !han::has_han(&token.lower)
        && token.lower.len() >= 3
        && !token.lower.contains(['.', '/'])
        && token.lower.chars().all(|c| c.is_alphabetic() || c == '-')
        && !super::words::STOP_WORDS.contains(&token.lower.as_str())
        && !super::words::STOP_WORDS.contains(&token.stem.as_str())
        && !super::words::COMMON_WORDS.contains(&token.lower.as_str())
        && !super::words::COMMON_WORDS.contains(&token.stem.as_str())
}
