//! Deterministic ATS (applicant tracking system) analysis: what a job description requires (must
//! have / nice to have), which of it a resume shows, and a 0–100 score. No model, no I/O: the
//! same texts always give the same report, so the score can be shown, compared across drafts and
//! tested.
//!
//! How terms are found:
//! - **Requirements only** ([`sections`]): sentences under "Requirements", "Nice to have",
//!   "Responsibilities", "任职要求", "加分项" … or phrased as requirements ("must", "5+ years",
//!   "a plus"); the company blurb, benefits and perks never yield a term.
//! - **Skills** come from the lexicon ([`skills::KNOWN_SKILLS`]): a canonical name and its
//!   spellings, English and Chinese, so "JS" counts as JavaScript, "k8s" as Kubernetes and "机器学习"
//!   as machine learning, in the job description and in the resume alike. Multi-word entries
//!   ("data engineering") win over their words; soft skills count only where a must-have or
//!   nice-to-have names them.
//! - **Keywords** are two-word phrases of the requirements that the job description repeats (at
//!   least twice), neither word a stop word or a common word ("app", "data", "business", "team"):
//!   at most [`MAX_KEYWORDS`]. Before them come the product names the lexicon lacks that a
//!   nice-to-have sentence calls a plus ("ClickHouse experience is a plus", "有 ClickHouse 经验者优先"),
//!   as written and preferred ([`product_names`]), at most [`MAX_KEYWORDS`] too.
//! - Every term keeps the sentence it came from.
//!
//! The score is documented on [`analyze`].

mod groups;
mod sections;
pub mod skills;
mod text;
mod words;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use sections::Role;
use skills::Category;
#[cfg(test)]
use text::stem;

/// Weight of a required skill in the score.
pub const REQUIRED_SKILL_WEIGHT: f64 = 3.0;
/// Weight of a preferred ("nice to have") skill.
pub const PREFERRED_SKILL_WEIGHT: f64 = 1.0;
/// Weight of a job-description keyword that is not a known skill (a repeated phrase, or a product
/// name a nice-to-have sentence gives).
pub const KEYWORD_WEIGHT: f64 = 1.0;
/// Keywords kept per job description, most frequent first.
pub const MAX_KEYWORDS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum TermKind {
    Skill,
    Keyword,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Importance {
    /// A must-have (a requirement, or a technology the duties name).
    Required,
    /// A nice-to-have.
    Preferred,
}

/// One thing the job description asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct AtsTerm {
    /// Display name: the canonical skill name, or the keyword as first written (lowercase for a
    /// repeated phrase, as written for a product name: "ClickHouse").
    pub term: String,
    pub kind: TermKind,
    pub importance: Importance,
    /// Mentions in the job description's requirements.
    pub count: u32,
    /// The requirement sentence it came from (the must-have one when it is in both).
    #[serde(default)]
    pub sentence: String,
    /// A must-have that any one of several skills meets ("Go, Rust, or Python"): their canonical
    /// names, in the job description's order, and `term` is their label ("Go / Rust / Python").
    /// Empty for a single skill or a keyword (and in runs saved before groups existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
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

    /// The skills that meet this term: its alternatives, or the term itself.
    pub fn names(&self) -> Vec<&str> {
        if self.alternatives.is_empty() {
            vec![self.term.as_str()]
        } else {
            self.alternatives.iter().map(String::as_str).collect()
        }
    }

    /// The stemmed token sequence a resume must contain for a keyword (skills match by name).
    fn key(&self) -> String {
        text::tokens(&self.term)
            .iter()
            .map(|t| t.stem.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a job description asks for: skills first (required before preferred), then keywords.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct JobTerms {
    pub terms: Vec<AtsTerm>,
}

impl JobTerms {
    pub fn skills(&self) -> impl Iterator<Item = &AtsTerm> {
        self.terms.iter().filter(|t| t.kind == TermKind::Skill)
    }

    /// The terms split into must-haves and nice-to-haves.
    pub fn requirements(&self) -> Requirements {
        let (must, nice) = self
            .terms
            .iter()
            .cloned()
            .partition(|t| t.importance == Importance::Required);
        Requirements { must, nice }
    }
}

/// What a job description requires, each term with the sentence it came from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Requirements {
    pub must: Vec<AtsTerm>,
    pub nice: Vec<AtsTerm>,
}

/// A resume measured against a job description.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
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

    /// Required skills the resume does not show.
    pub fn missing_required_skills(&self) -> Vec<String> {
        self.missing
            .iter()
            .filter(|t| t.kind == TermKind::Skill && t.importance == Importance::Required)
            .map(|t| t.term.clone())
            .collect()
    }

    /// What is worth asking the user about: the missing skills one can have used or hold
    /// (technologies, methods, certificates; not soft skills or degrees), must-haves first.
    pub fn missing_to_ask(&self) -> Vec<String> {
        let askable =
            |t: &&AtsTerm| t.kind == TermKind::Skill && t.names().into_iter().any(is_askable);
        let must = self
            .missing
            .iter()
            .filter(askable)
            .filter(|t| t.importance == Importance::Required);
        let nice = self
            .missing
            .iter()
            .filter(askable)
            .filter(|t| t.importance == Importance::Preferred);
        must.chain(nice).map(|t| t.term.clone()).collect()
    }
}

/// Whether a skill is something one has used or holds (asked about), not a soft skill or a degree.
pub fn is_askable(skill: &str) -> bool {
    skills::skill(skill).is_some_and(|s| {
        matches!(
            s.category,
            Category::Tech | Category::Method | Category::Certification
        )
    })
}

/// Whether a skill is a certificate or licence (one holds it rather than uses it).
pub fn is_certification(skill: &str) -> bool {
    skills::skill(skill).is_some_and(|s| s.category == Category::Certification)
}

/// A skill found in a text, with the spelling used there ("k8s" for Kubernetes).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SkillMention {
    pub skill: String,
    pub written: String,
}

/// One two-word phrase of the job description: first spelling, mentions, first position, the
/// strongest importance it has in a requirement (`None`: never in one), whether it was ever
/// written in lowercase (names of places and companies never are), and its first requirement
/// sentence.
struct Gram {
    written: String,
    count: u32,
    first: usize,
    importance: Option<Importance>,
    lowercase: bool,
    sentence: String,
}

/// Extracts what a job description requires: lexicon skills and repeated phrases of its
/// requirements, must-haves first.
pub fn extract(job_description: &str) -> JobTerms {
    let mut skill_terms: Vec<(usize, AtsTerm)> = Vec::new();
    let mut named: Vec<AtsTerm> = Vec::new();
    let mut grams: BTreeMap<String, Gram> = BTreeMap::new();
    let mut position = 0usize;
    let titled: Vec<&str> = sections::title(job_description)
        .map(|title| {
            text::find_skills(&text::tokens(&title))
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        })
        .unwrap_or_default();
    for sentence in sections::sentences(job_description) {
        let toks = text::tokens(&sentence.text);
        let found = text::find_skills(&toks);
        let mut covered = vec![false; toks.len()];
        for (_, range) in &found {
            covered[range.clone()].fill(true);
        }
        let importance = sentence.role.map(|role| match role {
            Role::Nice => Importance::Preferred,
            Role::Must | Role::Duty => Importance::Required,
        });
        // Only where the sentence itself says "a plus": a bare list ("Our stack: …") or a
        // must-have names companies and places as often as products.
        if sentence.role == Some(Role::Nice) && sections::is_nice_phrased(&sentence.text) {
            for range in product_names(&sentence.text, &toks, &covered) {
                covered[range.clone()].fill(true);
                let term = toks[range.clone()]
                    .iter()
                    .map(|t| t.raw.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                match named
                    .iter_mut()
                    .find(|t| t.term.eq_ignore_ascii_case(&term))
                {
                    Some(known) => known.count += 1,
                    None => named.push(AtsTerm {
                        sentence: excerpt(&sentence.text, &toks[range.start].raw),
                        term,
                        kind: TermKind::Keyword,
                        importance: Importance::Preferred,
                        count: 1,
                        alternatives: Vec::new(),
                    }),
                }
            }
        }
        if let Some(importance) = importance {
            let kept: Vec<(&str, std::ops::Range<usize>)> = found
                .iter()
                .filter(|(name, range)| {
                    let soft = skills::skill(name).is_some_and(|s| s.category == Category::Soft);
                    let duty = sentence.role == Some(Role::Duty);
                    // "As our SRE you will…": the duties repeat the title; that is not asking.
                    !((soft || titled.contains(name)) && duty)
                        && !names_a_team(name, &toks, range, &found)
                })
                .cloned()
                .collect();
            for (names, range) in requirement_items(&sentence.text, &toks, &kept, importance) {
                let excerpt = excerpt(&sentence.text, &toks[range.start].raw);
                let term = match names.as_slice() {
                    [one] => one.to_string(),
                    _ => names.join(" / "),
                };
                match skill_terms.iter_mut().find(|(_, t)| t.term == term) {
                    Some((_, known)) => {
                        known.count += 1;
                        if importance < known.importance {
                            known.importance = importance;
                            known.sentence = excerpt;
                        }
                    }
                    None => skill_terms.push((
                        position + range.start,
                        AtsTerm {
                            term,
                            kind: TermKind::Skill,
                            importance,
                            count: 1,
                            sentence: excerpt,
                            alternatives: if names.len() > 1 {
                                names.iter().map(|n| n.to_string()).collect()
                            } else {
                                Vec::new()
                            },
                        },
                    )),
                }
            }
        }
        let usable: Vec<Option<&text::Token>> = toks
            .iter()
            .zip(&covered)
            .map(|(t, c)| (!c && text::is_content_word(t)).then_some(t))
            .collect();
        for pair in usable.windows(2) {
            position += 1;
            let [Some(a), Some(b)] = pair else { continue };
            let lowercase = |t: &text::Token| !t.raw.starts_with(char::is_uppercase);
            let gram = grams
                .entry(format!("{} {}", a.stem, b.stem))
                .or_insert(Gram {
                    written: format!("{} {}", a.lower, b.lower),
                    count: 0,
                    first: position,
                    importance: None,
                    lowercase: false,
                    sentence: String::new(),
                });
            gram.count += 1;
            gram.lowercase |= lowercase(a) || lowercase(b);
            if let Some(importance) = importance {
                if gram.importance.is_none_or(|i| importance < i) {
                    gram.importance = Some(importance);
                    gram.sentence = excerpt(&sentence.text, &a.raw);
                }
            }
        }
        position += toks.len() + 1;
    }
    // A group with a member required on its own is met whenever that one is: it adds nothing.
    let alone: BTreeSet<String> = skill_terms
        .iter()
        .filter(|(_, t)| t.alternatives.is_empty() && t.importance == Importance::Required)
        .map(|(_, t)| t.term.clone())
        .collect();
    skill_terms.retain(|(_, t)| !t.alternatives.iter().any(|a| alone.contains(a)));
    crate::domain::stable_sort::sort_by_key(&mut skill_terms, |(first, t)| (t.importance, *first));

    let mut keywords: Vec<&Gram> = grams
        .values()
        .filter(|g| g.count >= 2 && g.lowercase && g.importance.is_some())
        .collect();
    crate::domain::stable_sort::sort_by_key(&mut keywords, |g| {
        (std::cmp::Reverse(g.count), g.first)
    });
    // "real estate" and "estate agents" are one phrase: the more frequent part stays.
    let mut kept: Vec<&Gram> = Vec::new();
    for gram in keywords {
        let words: Vec<&str> = gram.written.split(' ').collect();
        let overlaps = kept.iter().any(|k| {
            let other: Vec<&str> = k.written.split(' ').collect();
            other[1] == words[0] || other[0] == words[1]
        });
        if !overlaps && kept.len() < MAX_KEYWORDS {
            kept.push(gram);
        }
    }
    let keywords = kept;
    named.truncate(MAX_KEYWORDS);

    JobTerms {
        terms: skill_terms
            .into_iter()
            .map(|(_, t)| t)
            .chain(named)
            .chain(keywords.into_iter().map(|g| AtsTerm {
                term: g.written.clone(),
                kind: TermKind::Keyword,
                importance: g.importance.unwrap_or(Importance::Preferred),
                count: g.count,
                sentence: g.sentence.clone(),
                alternatives: Vec::new(),
            }))
            .collect(),
    }
}

/// The requirements of one sentence: single skills and, for must-haves, groups of alternatives
/// ([`groups::alternatives`]), each as its canonical names (once each, in order) and the token
/// range where it starts, in the sentence's order. A nice-to-have list stays one skill each:
/// each is a plus of its own.
fn requirement_items<'a>(
    sentence: &str,
    toks: &[text::Token],
    kept: &[(&'a str, std::ops::Range<usize>)],
    importance: Importance,
) -> Vec<(Vec<&'a str>, std::ops::Range<usize>)> {
    let groups = if importance == Importance::Required {
        groups::alternatives(sentence, toks, kept)
    } else {
        Vec::new()
    };
    let mut grouped = vec![false; kept.len()];
    let mut items = Vec::new();
    for group in groups {
        let mut names: Vec<&str> = Vec::new();
        for &k in &group {
            grouped[k] = true;
            if !names.contains(&kept[k].0) {
                names.push(kept[k].0);
            }
        }
        items.push((names, kept[group[0]].1.clone()));
    }
    for (k, (name, range)) in kept.iter().enumerate() {
        if !grouped[k] {
            items.push((vec![*name], range.clone()));
        }
    }
    crate::domain::stable_sort::sort_by_key(&mut items, |(_, range)| range.start);
    items
}

/// Product names outside the lexicon in a nice-to-have sentence, as token ranges: the lexicon
/// cannot list every database, yet a posting that calls one a plus asks for it. A name is written
/// like one: CamelCase ("ClickHouse"), in capitals ("MBA", three letters or more), or capitalised
/// where English is not (not the sentence's first word, unless "is" follows: "Pulumi is a plus";
/// Chinese has no capitals, so any Latin word of a Chinese sentence), and not a stop or common
/// word ("Experience"). A Title Case line ("Experience With Payments Is A Plus") capitalises
/// every word, so only CamelCase says "name" there. Adjacent names are one ("Apache Druid").
fn product_names(
    sentence: &str,
    toks: &[text::Token],
    covered: &[bool],
) -> Vec<std::ops::Range<usize>> {
    let chinese = crate::domain::han::has_han(sentence);
    let capitalised = |t: &text::Token| t.raw.starts_with(|c: char| c.is_ascii_uppercase());
    let common = |t: &text::Token| {
        [t.lower.as_str(), t.stem.as_str()]
            .iter()
            .any(|w| words::STOP_WORDS.contains(w) || words::COMMON_WORDS.contains(w))
    };
    let title_case = toks.iter().skip(1).any(|t| {
        capitalised(t) && t.lower.len() <= 4 && words::STOP_WORDS.contains(&t.lower.as_str())
    });
    let is_name = |i: usize| {
        let t = &toks[i];
        let letters: Vec<char> = t.raw.chars().filter(char::is_ascii_alphabetic).collect();
        let camel = t
            .raw
            .chars()
            .zip(t.raw.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        // Two capitals say too little ("a degree in CS", "US-based").
        let caps = letters.iter().all(char::is_ascii_uppercase);
        let placed = chinese || i > 0 || toks.get(1).is_some_and(|n| n.lower == "is");
        !covered[i]
            && capitalised(t)
            && letters.len() >= 2
            && !common(t)
            && (camel || (!title_case && if caps { letters.len() >= 3 } else { placed }))
    };
    let joined = |a: usize, b: usize| sentence.get(toks[a].end..toks[b].start) == Some(" ");
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for i in (0..toks.len()).filter(|&i| is_name(i)) {
        match out.last_mut() {
            Some(run) if run.end == i && joined(i - 1, i) => run.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    // The capitalised words around a lexicon skill are its full name ("Google BigQuery", "AWS
    // Certified Solutions Architect"): the skill stands for them.
    let part_of_name = |i: usize| covered[i] || capitalised(&toks[i]);
    out.retain(|run| {
        let (mut from, mut to) = (run.start, run.end);
        while from > 0 && part_of_name(from - 1) && joined(from - 1, from) {
            from -= 1;
        }
        while to < toks.len() && part_of_name(to) && joined(to - 1, to) {
            to += 1;
        }
        !covered[from..to].contains(&true)
    });
    out
}

/// "Work with the data science teams", "small, agile teams", "a collaborative team": a method or
/// soft skill right before "team" names a team, not a skill asked of the candidate. Working in
/// cross-functional teams is a way of working, so it stays.
/// "The data engineering and data science teams" names two.
fn names_a_team(
    name: &str,
    toks: &[text::Token],
    range: &std::ops::Range<usize>,
    found: &[(&str, std::ops::Range<usize>)],
) -> bool {
    let method_or_soft = skills::skill(name)
        .is_some_and(|s| matches!(s.category, Category::Method | Category::Soft));
    let team_at = |i: usize| toks.get(i).is_some_and(|t| t.stem == "team");
    let coordinated = toks
        .get(range.end)
        .is_some_and(|t| t.lower == "and" || t.lower == "or")
        && found
            .iter()
            .find(|(_, r)| r.start == range.end + 1)
            .is_some_and(|(_, r)| team_at(r.end));
    method_or_soft
        && name != "Cross-functional collaboration"
        && (team_at(range.end) || coordinated)
}

/// The requirements of a job description, must-haves apart from nice-to-haves.
pub fn requirements(job_description: &str) -> Requirements {
    extract(job_description).requirements()
}

/// The sentence a term came from; a long one (a flattened list) is cut to the words around it.
fn excerpt(sentence: &str, written: &str) -> String {
    const WINDOW: usize = 12;
    let words: Vec<&str> = sentence.split_whitespace().collect();
    if words.len() <= 2 * WINDOW + 1 {
        return sentence.to_string();
    }
    let at = words.iter().position(|w| w.contains(written)).unwrap_or(0);
    let from = at.saturating_sub(WINDOW);
    let to = (at + WINDOW + 1).min(words.len());
    format!(
        "{}{}{}",
        if from > 0 { "… " } else { "" },
        words[from..to].join(" "),
        if to < words.len() { " …" } else { "" }
    )
}

/// Measures `resume` against `job`.
///
/// **Score** = `round(100 × Σ weight(matched) / Σ weight(all terms))`, where a required skill
/// weighs [`REQUIRED_SKILL_WEIGHT`] (3), a preferred skill [`PREFERRED_SKILL_WEIGHT`] (1) and a
/// keyword [`KEYWORD_WEIGHT`] (1). A skill is matched when the resume mentions it under
/// any of its spellings; a group of alternatives ("Go / Rust / Python") counts once, with a
/// required skill's weight, and is matched by any one of them; a keyword when the resume
/// contains its stemmed words in order. A job
/// description with no terms scores 0 (nothing to measure). So a resume that shows every required
/// skill but none of the extras still scores well above half, and one keyword stuffed many times
/// counts once.
pub fn analyze(job: &JobTerms, resume: &str) -> AtsReport {
    let resume_tokens = text::tokens(resume);
    let resume_skills: BTreeSet<&str> = text::find_skills(&resume_tokens)
        .into_iter()
        .map(|(skill, _)| skill)
        .collect();
    let stems: Vec<&str> = resume_tokens.iter().map(|t| t.stem.as_str()).collect();
    let mut report = AtsReport::default();
    for term in &job.terms {
        let found = match term.kind {
            TermKind::Skill => term.names().iter().any(|n| resume_skills.contains(n)),
            TermKind::Keyword => text::contains_sequence(&stems, &term.key()),
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
    let toks = text::tokens(text);
    let mut seen = BTreeSet::new();
    let mut mentions = Vec::new();
    for (skill, range) in text::find_skills(&toks) {
        if seen.insert(skill) {
            let written = toks[range]
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            mentions.push(SkillMention {
                skill: skill.to_string(),
                written,
            });
        }
    }
    mentions
}

/// Whether `text` mentions the known skill `skill` (canonical name) under any spelling, or, for
/// a term that is not a known skill, contains its stemmed words in order.
pub fn mentions(text: &str, term: &str) -> bool {
    let toks = text::tokens(text);
    if let Some(skill) = canonical(term) {
        return text::find_skills(&toks)
            .iter()
            .any(|(found, _)| *found == skill);
    }
    let stems: Vec<&str> = toks.iter().map(|t| t.stem.as_str()).collect();
    let key = text::tokens(term)
        .iter()
        .map(|t| t.stem.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    !key.is_empty() && text::contains_sequence(&stems, &key)
}

/// Whether `text` shows `term`: any of its alternatives for a group, else as [`mentions`].
pub fn mentions_term(text: &str, term: &AtsTerm) -> bool {
    term.names().into_iter().any(|name| mentions(text, name))
}

/// The canonical name of a known skill written in any of its spellings.
pub fn canonical(term: &str) -> Option<&'static str> {
    let toks = text::tokens(term);
    match text::find_skills(&toks).as_slice() {
        [(skill, range)] if range.len() == toks.len() => Some(skill),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
