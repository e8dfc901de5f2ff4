//! Deterministic ATS (applicant tracking system) analysis: which skills and keywords a job
//! description asks for, which of them a resume shows, and a 0–100 score. No model, no I/O: the
//! same texts always give the same report, so the score can be shown, compared across drafts and
//! tested.
//!
//! How terms are found:
//! - **Skills** come from [`skills::KNOWN_SKILLS`]: a canonical name and its spellings, so "JS"
//!   counts as JavaScript, "k8s" as Kubernetes, "ML" as machine learning and "Postgres" as
//!   PostgreSQL, in the job description and in the resume alike.
//! - **Keywords** are the other words and two-word phrases (n-grams of 1 and 2 tokens, without
//!   stop words, numbers or skill words) that the job description repeats (at least twice); the 12
//!   most frequent are kept.
//! - Tokens are lowercased and lightly stemmed ("pipelines" = "pipeline", "mentoring" =
//!   "mentored"), so inflections match.
//! - A skill is **required** unless every mention of it is in a "nice to have" / "preferred" /
//!   "bonus" / "a plus" part of the job description (a heading starts such a part; a line with
//!   the marker counts on its own).
//!
//! The score is documented on [`analyze`].

pub mod skills;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// Weight of a required skill in the score.
pub const REQUIRED_SKILL_WEIGHT: f64 = 3.0;
/// Weight of a preferred ("nice to have") skill.
pub const PREFERRED_SKILL_WEIGHT: f64 = 1.0;
/// Weight of a repeated job-description keyword that is not a known skill.
pub const KEYWORD_WEIGHT: f64 = 1.0;
/// Keywords kept per job description, most frequent first.
pub const MAX_KEYWORDS: usize = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TermKind {
    Skill,
    Keyword,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Importance {
    Required,
    Preferred,
}

/// One thing the job description asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AtsTerm {
    /// Display name: the canonical skill name, or the keyword as first written (lowercase).
    pub term: String,
    pub kind: TermKind,
    pub importance: Importance,
    /// Mentions in the job description.
    pub count: u32,
}

impl AtsTerm {
    /// The term's weight in the score (see [`analyze`]).
    pub fn weight(&self) -> f64 {
        match (self.kind, self.importance) {
            (TermKind::Skill, Importance::Required) => REQUIRED_SKILL_WEIGHT,
            (TermKind::Skill, Importance::Preferred) => PREFERRED_SKILL_WEIGHT,
            (TermKind::Keyword, _) => KEYWORD_WEIGHT,
        }
    }

    /// The stemmed token sequence a resume must contain for a keyword (skills match by name).
    fn key(&self) -> String {
        tokens(&self.term)
            .iter()
            .map(|t| t.stem.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a job description asks for: skills first (required before preferred), then keywords.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JobTerms {
    pub terms: Vec<AtsTerm>,
}

impl JobTerms {
    pub fn skills(&self) -> impl Iterator<Item = &AtsTerm> {
        self.terms.iter().filter(|t| t.kind == TermKind::Skill)
    }
}

/// A resume measured against a job description.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AtsReport {
    /// 0–100, see [`analyze`].
    pub score: u32,
    pub matched: Vec<AtsTerm>,
    pub missing: Vec<AtsTerm>,
    pub matched_weight: f64,
    pub total_weight: f64,
}

impl AtsReport {
    pub fn matched_names(&self) -> Vec<String> {
        self.matched.iter().map(|t| t.term.clone()).collect()
    }

    pub fn missing_names(&self) -> Vec<String> {
        self.missing.iter().map(|t| t.term.clone()).collect()
    }

    /// Required skills the resume does not show: what is worth asking the user about.
    pub fn missing_required_skills(&self) -> Vec<String> {
        self.missing
            .iter()
            .filter(|t| t.kind == TermKind::Skill && t.importance == Importance::Required)
            .map(|t| t.term.clone())
            .collect()
    }
}

/// A skill found in a text, with the spelling used there ("k8s" for Kubernetes).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SkillMention {
    pub skill: String,
    pub written: String,
}

/// Per n-gram: first spelling, mentions, first position, strongest importance, and whether it
/// was ever written in lowercase (names of places and companies never are).
type GramStats = (String, u32, usize, Importance, bool);

/// Lines, and the parts of a line separated by three or more spaces (job ads pasted from a web
/// page often come as one line with the paragraph breaks turned into spaces).
fn segments(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .flat_map(|line| line.split("   "))
        .filter(|segment| !segment.trim().is_empty())
}

/// Extracts the skills and keywords of a job description.
pub fn extract(job_description: &str) -> JobTerms {
    let mut skills: BTreeMap<String, (Importance, u32, usize)> = BTreeMap::new();
    let mut grams: BTreeMap<String, GramStats> = BTreeMap::new();
    let mut preferred_part = false;
    let mut position = 0usize;
    for line in segments(job_description) {
        let marker = has_preferred_marker(line);
        if is_heading(line) {
            preferred_part = marker;
        }
        let importance = if preferred_part || marker {
            Importance::Preferred
        } else {
            Importance::Required
        };
        let toks = tokens(line);
        let found = find_skills_in_tokens(&toks);
        let mut covered = vec![false; toks.len()];
        for (skill, range) in &found {
            for flag in &mut covered[range.clone()] {
                *flag = true;
            }
            let entry =
                skills
                    .entry(skill.clone())
                    .or_insert((importance, 0, position + range.start));
            entry.1 += 1;
            entry.0 = entry.0.min(importance);
        }
        let usable: Vec<Option<&Token>> = toks
            .iter()
            .zip(&covered)
            .map(|(t, c)| (!c && is_content_word(t)).then_some(t))
            .collect();
        for (i, token) in usable.iter().enumerate() {
            position += 1;
            let Some(token) = token else { continue };
            let lowercase = |t: &Token| !t.raw.starts_with(char::is_uppercase);
            let mut record = |key: String, written: String, lower: bool| {
                let entry = grams
                    .entry(key)
                    .or_insert((written, 0, position, importance, false));
                entry.1 += 1;
                entry.3 = entry.3.min(importance);
                entry.4 |= lower;
            };
            record(token.stem.clone(), token.lower.clone(), lowercase(token));
            if let Some(Some(next)) = usable.get(i + 1) {
                record(
                    format!("{} {}", token.stem, next.stem),
                    format!("{} {}", token.lower, next.lower),
                    lowercase(token) || lowercase(next),
                );
            }
        }
    }

    let mut skill_terms: Vec<(usize, AtsTerm)> = skills
        .into_iter()
        .map(|(skill, (importance, count, first))| {
            (
                first,
                AtsTerm {
                    term: skill,
                    kind: TermKind::Skill,
                    importance,
                    count,
                },
            )
        })
        .collect();
    skill_terms.sort_by_key(|(first, t)| (t.importance, *first));

    // Repeated bigrams first claim their words, then repeated single words.
    let mut repeated: Vec<(&String, &GramStats)> =
        grams.iter().filter(|(_, v)| v.1 >= 2 && v.4).collect();
    repeated.sort_by_key(|(key, v)| (!key.contains(' '), std::cmp::Reverse(v.1), v.2));
    let mut claimed: BTreeSet<&str> = BTreeSet::new();
    let mut keywords: Vec<(u32, usize, AtsTerm)> = Vec::new();
    for (key, (written, count, first, importance, _)) in repeated {
        if key.contains(' ') {
            claimed.extend(key.split(' '));
        } else if claimed.contains(key.as_str()) || key.len() < 3 {
            continue;
        }
        keywords.push((
            *count,
            *first,
            AtsTerm {
                term: written.clone(),
                kind: TermKind::Keyword,
                importance: *importance,
                count: *count,
            },
        ));
    }
    keywords.sort_by_key(|(count, first, _)| (std::cmp::Reverse(*count), *first));
    keywords.truncate(MAX_KEYWORDS);

    JobTerms {
        terms: skill_terms
            .into_iter()
            .map(|(_, t)| t)
            .chain(keywords.into_iter().map(|(_, _, t)| t))
            .collect(),
    }
}

/// Measures `resume` against `job`.
///
/// **Score** = `round(100 × Σ weight(matched) / Σ weight(all terms))`, where a required skill
/// weighs [`REQUIRED_SKILL_WEIGHT`] (3), a preferred skill [`PREFERRED_SKILL_WEIGHT`] (1) and a
/// repeated keyword [`KEYWORD_WEIGHT`] (1). A skill is matched when the resume mentions it under
/// any of its spellings; a keyword when the resume contains its stemmed words in order. A job
/// description with no terms scores 0 (nothing to measure). So a resume that shows every required
/// skill but none of the extras still scores well above half, and one keyword stuffed many times
/// counts once.
pub fn analyze(job: &JobTerms, resume: &str) -> AtsReport {
    let resume_tokens = tokens(resume);
    let resume_skills: BTreeSet<String> = find_skills_in_tokens(&resume_tokens)
        .into_iter()
        .map(|(skill, _)| skill)
        .collect();
    let stems: Vec<&str> = resume_tokens.iter().map(|t| t.stem.as_str()).collect();
    let mut report = AtsReport::default();
    for term in &job.terms {
        let found = match term.kind {
            TermKind::Skill => resume_skills.contains(&term.term),
            TermKind::Keyword => contains_sequence(&stems, &term.key()),
        };
        report.total_weight += term.weight();
        if found {
            report.matched_weight += term.weight();
            report.matched.push(term.clone());
        } else {
            report.missing.push(term.clone());
        }
    }
    if report.total_weight > 0.0 {
        report.score = (100.0 * report.matched_weight / report.total_weight).round() as u32;
    }
    report
}

/// [`extract`] then [`analyze`].
pub fn score(job_description: &str, resume: &str) -> AtsReport {
    analyze(&extract(job_description), resume)
}

/// The known skills a text mentions, in order of first mention, with the spelling used.
pub fn skill_mentions(text: &str) -> Vec<SkillMention> {
    let toks = tokens(text);
    let mut seen = BTreeSet::new();
    let mut mentions = Vec::new();
    for (skill, range) in find_skills_in_tokens(&toks) {
        if seen.insert(skill.clone()) {
            let written = toks[range]
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            mentions.push(SkillMention { skill, written });
        }
    }
    mentions
}

/// Whether `text` mentions the known skill `skill` (canonical name) under any spelling, or, for
/// a term that is not a known skill, contains its stemmed words in order.
pub fn mentions(text: &str, term: &str) -> bool {
    let toks = tokens(text);
    if let Some(skill) = canonical(term) {
        return find_skills_in_tokens(&toks)
            .iter()
            .any(|(found, _)| found == skill);
    }
    let stems: Vec<&str> = toks.iter().map(|t| t.stem.as_str()).collect();
    let key = tokens(term)
        .iter()
        .map(|t| t.stem.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    !key.is_empty() && contains_sequence(&stems, &key)
}

/// The canonical name of a known skill written in any of its spellings.
pub fn canonical(term: &str) -> Option<&'static str> {
    let toks = tokens(term);
    let found = find_skills_in_tokens(&toks);
    match found.as_slice() {
        [(skill, range)] if range.len() == toks.len() => skills::KNOWN_SKILLS
            .iter()
            .map(|(name, _)| *name)
            .find(|name| name == skill),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct Token {
    raw: String,
    lower: String,
    stem: String,
}

/// Characters that stay inside a token: "c++", "c#", "node.js", "ci/cd", "scikit-learn".
fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '+' | '#' | '.' | '/' | '-')
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let words = text
        .split_whitespace()
        .filter(|w| !(w.contains("://") || w.to_lowercase().starts_with("www.")));
    // Chinese runs are cut off from Latin ones: "熟悉Rust和Docker" holds the skills Rust and Docker.
    let pieces = words
        .flat_map(|w| w.split(|c: char| !is_token_char(c)))
        .flat_map(crate::domain::han::script_runs);
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
                out.push(token(part));
            }
        } else {
            out.push(token(piece));
        }
    }
    out
}

fn token(raw: &str) -> Token {
    let lower = raw.to_lowercase();
    Token {
        raw: raw.to_string(),
        stem: stem(&lower),
        lower,
    }
}

fn is_single_token_alias(lower: &str) -> bool {
    skills::KNOWN_SKILLS
        .iter()
        .any(|(name, aliases)| name.to_lowercase() == lower || aliases.contains(&lower))
}

/// Light stemming of alphabetic words of five letters or more: "-ies" → "-y", then "-ing",
/// "-ed" or a plural "-s" go, then a final "-e" ("managed", "manages", "managing" → "manag").
fn stem(word: &str) -> String {
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

/// An alias as stemmed tokens, its canonical name, and whether it must match as written.
type Alias = (Vec<String>, &'static str, bool);

thread_local! {
    /// Built once per thread (the page has one).
    static ALIASES: Vec<Alias> = alias_table();
}

/// Alias token sequences (stemmed), longest first, with their canonical name.
fn alias_table() -> Vec<Alias> {
    let mut table = Vec::new();
    for (name, aliases) in skills::KNOWN_SKILLS {
        let case_sensitive = skills::CASE_SENSITIVE.contains(name);
        let mut spellings: Vec<String> = aliases.iter().map(|a| a.to_string()).collect();
        spellings.push(name.to_lowercase());
        for spelling in spellings {
            let seq: Vec<String> = tokens(&spelling).into_iter().map(|t| t.stem).collect();
            let exact = case_sensitive && spelling == name.to_lowercase();
            table.push((seq, *name, exact));
        }
    }
    table.sort_by_key(|(seq, _, _)| std::cmp::Reverse(seq.len()));
    table
}

/// Known skills in a token stream: (canonical name, token range), longest alias first, no overlaps.
fn find_skills_in_tokens(toks: &[Token]) -> Vec<(String, std::ops::Range<usize>)> {
    ALIASES.with(|table| find_with(table, toks))
}

fn find_with(table: &[Alias], toks: &[Token]) -> Vec<(String, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let hit = table.iter().find(|(seq, name, exact)| {
            i + seq.len() <= toks.len()
                && seq
                    .iter()
                    .zip(&toks[i..])
                    .all(|(part, tok)| *part == tok.stem)
                && (!exact || toks[i].raw == *name)
        });
        match hit {
            Some((seq, name, _)) => {
                found.push((name.to_string(), i..i + seq.len()));
                i += seq.len();
            }
            None => i += 1,
        }
    }
    found
}

fn contains_sequence(stems: &[&str], key: &str) -> bool {
    let parts: Vec<&str> = key.split(' ').collect();
    !parts.is_empty()
        && stems
            .windows(parts.len())
            .any(|window| window == parts.as_slice())
}

const PREFERRED_MARKERS: &[&str] = &[
    "nice to have",
    "nice-to-have",
    "preferred",
    "bonus",
    "a plus",
    "desirable",
    "optional",
    // Chinese job ads: "加分项" (bonus points), "优先" (preferred), "者优先" (… is a plus).
    "加分",
    "优先",
];

fn has_preferred_marker(line: &str) -> bool {
    let lower = line.to_lowercase();
    PREFERRED_MARKERS.iter().any(|m| lower.contains(m))
}

/// A Markdown heading, or a short line ending with a colon ("Requirements:").
/// A Markdown heading, a short line ending with a colon ("Requirements:"), a bold line, or a
/// short capitalised line without punctuation naming a usual section ("Preferred Qualifications").
fn is_heading(line: &str) -> bool {
    let trimmed = line.trim();
    let words = trimmed.split_whitespace().count();
    trimmed.starts_with('#')
        || (trimmed.ends_with(':') && words <= 6)
        || (trimmed.ends_with('：') && trimmed.chars().count() <= 12)
        || (trimmed.starts_with("**") && trimmed.ends_with("**"))
        || (words <= 4
            && trimmed.starts_with(char::is_uppercase)
            && !trimmed.contains(['.', ',', ';', '('])
            && HEADING_WORDS
                .iter()
                .any(|w| trimmed.to_lowercase().contains(w)))
}

/// Words that make a short line a section heading ("Preferred Qualifications", "Our Tech Stack").
const HEADING_WORDS: &[&str] = &[
    "qualification",
    "requirement",
    "responsibilit",
    "skills",
    "stack",
    "benefits",
    "about",
    "nice to have",
    "preferred",
    "bonus",
    "must have",
    "offer",
    "the role",
    "you will",
    "you'll",
    "what you",
    "who you",
    "plus",
    "perks",
];

fn is_content_word(token: &Token) -> bool {
    // Chinese runs are unsegmented phrases ("有分布式系统经验"), not words: never keywords.
    !crate::domain::han::has_han(&token.lower)
        && token.lower.len() >= 3
        && !token.lower.contains(['.', '/'])
        && token.lower.chars().any(|c| c.is_alphabetic())
        && !token.lower.chars().any(|c| c.is_ascii_digit())
        && !STOP_WORDS.contains(&token.lower.as_str())
        && !STOP_WORDS.contains(&token.stem.as_str())
}

/// English function words and job-ad boilerplate that say nothing about the job.
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "across",
    "after",
    "all",
    "also",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "being",
    "both",
    "but",
    "by",
    "can",
    "could",
    "do",
    "does",
    "each",
    "etc",
    "for",
    "from",
    "had",
    "has",
    "have",
    "how",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "may",
    "more",
    "most",
    "must",
    "no",
    "not",
    "of",
    "on",
    "one",
    "or",
    "other",
    "our",
    "ours",
    "out",
    "over",
    "own",
    "per",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "under",
    "until",
    "up",
    "us",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "within",
    "would",
    "you",
    "your",
    "yours",
    "able",
    "ability",
    "abilities",
    "apply",
    "benefits",
    "candidate",
    "candidates",
    "company",
    "day",
    "equal",
    "excellent",
    "experience",
    "experienced",
    "familiar",
    "familiarity",
    "good",
    "great",
    "help",
    "hire",
    "ideal",
    "including",
    "join",
    "job",
    "knowledge",
    "like",
    "looking",
    "make",
    "new",
    "opportunity",
    "plus",
    "position",
    "preferred",
    "proficiency",
    "proficient",
    "required",
    "requirements",
    "requirement",
    "responsibilities",
    "responsibility",
    "role",
    "salary",
    "skill",
    "skills",
    "strong",
    "team",
    "teams",
    "understanding",
    "use",
    "using",
    "want",
    "way",
    "well",
    "work",
    "working",
    "year",
    "years",
    "yrs",
    "world",
    "bonus",
    "nice",
    "have",
    "what",
    "who",
    "offer",
    "remote",
    "hybrid",
    "office",
    "based",
    "across",
    "every",
    "want",
    "just",
    "get",
    "love",
    "enjoy",
    "thrive",
    "passionate",
    "passion",
    "solid",
    "deep",
    "proven",
    "build",
    "building",
    "best",
    "key",
    "quickly",
    "make",
    "making",
    "create",
    "creating",
    "ensure",
    "ensuring",
    "throughout",
    "duties",
    "location",
    "term",
    "arrangement",
    "status",
    "support",
    "supports",
    "solve",
    "http",
    "https",
    "www",
    "including",
    "various",
    "related",
    "relevant",
    "etc",
    "e.g",
    "i.e",
    "minimum",
    "least",
    "ideally",
    "someone",
    "people",
    "things",
    "part",
];

#[cfg(test)]
mod tests;
