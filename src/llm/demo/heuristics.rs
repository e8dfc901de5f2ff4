//! Cheap, explainable resume-vs-role signals the demo model bases its answers on.

use std::collections::BTreeSet;

use crate::domain::action_verbs::is_action_verb;

/// Words too common to count as a keyword match.
const STOP_WORDS: &[&str] = &[
    "about",
    "after",
    "also",
    "and",
    "are",
    "as",
    "at",
    "be",
    "by",
    "for",
    "from",
    "have",
    "in",
    "into",
    "is",
    "of",
    "on",
    "or",
    "our",
    "that",
    "the",
    "their",
    "this",
    "to",
    "we",
    "will",
    "with",
    "you",
    "your",
    "role",
    "job",
    "description",
    "resume",
    "experience",
    "work",
    "team",
    "years",
];

/// Line prefixes that start the role / job-description part of a prompt.
const ROLE_HEADINGS: &[&str] = &["job", "role", "position", "jd", "target", "vacancy"];
const RESUME_HEADINGS: &[&str] = &["resume", "cv", "candidate", "profile"];

#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    pub word_count: usize,
    pub metrics: Vec<String>,
    pub action_verbs: Vec<String>,
    /// Role keywords found in the resume part.
    pub matched_keywords: Vec<String>,
    /// Role keywords missing from the resume part (at most 8).
    pub missing_keywords: Vec<String>,
    /// Share of role keywords the resume mentions, 0–1 (0 when no role text was found).
    pub overlap: f64,
    /// 0–10.
    pub score: f64,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn keywords(text: &str) -> BTreeSet<String> {
    words(text)
        .into_iter()
        .filter(|w| {
            w.len() > 2
                && !STOP_WORDS.contains(&w.as_str())
                && !w.chars().all(|c| c.is_ascii_digit())
        })
        .collect()
}

/// Splits a prompt into (resume, role) parts by headings such as "Job description:" or "Resume:".
fn split_parts(text: &str) -> (String, String) {
    let (mut resume, mut role) = (String::new(), String::new());
    let mut in_role = false;
    for line in text.lines() {
        let head = line
            .trim_start()
            .trim_start_matches(['#', '*', ' '])
            .to_lowercase();
        if ROLE_HEADINGS.iter().any(|h| head.starts_with(h)) {
            in_role = true;
        } else if RESUME_HEADINGS.iter().any(|h| head.starts_with(h)) {
            in_role = false;
        }
        let part = if in_role { &mut role } else { &mut resume };
        part.push_str(line);
        part.push('\n');
    }
    (resume, role)
}

/// Numbers that read as results: percentages, money, multipliers, counts (years excluded).
fn metrics(text: &str) -> Vec<String> {
    let is_year = |t: &str| {
        t.len() == 4 && t.starts_with(['1', '2']) && t.chars().all(|c| c.is_ascii_digit())
    };
    text.split_whitespace()
        .map(|t| t.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '(' | ')')))
        // Figures start with a digit or a currency/approximation sign ("p99" is not a result).
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit() || "$€£+~".contains(c)))
        .filter(|t| t.chars().any(|c| c.is_ascii_digit()) && !is_year(t))
        .map(str::to_string)
        .collect()
}

pub fn analyze(text: &str) -> Analysis {
    let (resume, role) = split_parts(text);
    let resume_words = words(&resume);
    let resume_keywords = keywords(&resume);
    let role_keywords = keywords(&role);
    let matched: Vec<String> = role_keywords
        .intersection(&resume_keywords)
        .cloned()
        .collect();
    let missing: Vec<String> = role_keywords
        .difference(&resume_keywords)
        .take(8)
        .cloned()
        .collect();
    let overlap = if role_keywords.is_empty() {
        0.0
    } else {
        matched.len() as f64 / role_keywords.len() as f64
    };
    // In order of first appearance, so the opening bullets are quoted first.
    let mut verbs: Vec<String> = Vec::new();
    for word in resume_words.iter().filter(|w| is_action_verb(w)) {
        if !verbs.contains(word) {
            verbs.push(word.clone());
        }
    }
    let metrics = metrics(&resume);
    let word_count = resume_words.len();

    let length_factor = match word_count {
        0..=49 => -1.5,
        50..=149 => -0.5,
        150..=900 => 0.0,
        _ => -0.5,
    };
    let raw = 3.0
        + overlap * 3.5
        + (metrics.len().min(5) as f64) * 0.4
        + (verbs.len().min(6) as f64) * 0.25
        + length_factor;
    let score = (raw.clamp(0.0, 10.0) * 10.0).round() / 10.0;
    Analysis {
        word_count,
        metrics,
        action_verbs: verbs,
        matched_keywords: matched,
        missing_keywords: missing,
        overlap,
        score,
    }
}

impl Analysis {
    pub fn strengths(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.metrics.is_empty() {
            out.push(format!(
                "Quantifies impact with {} metric(s), e.g. {}",
                self.metrics.len(),
                self.metrics[0]
            ));
        }
        if !self.action_verbs.is_empty() {
            out.push(format!(
                "Uses strong action verbs: {}",
                self.action_verbs
                    .iter()
                    .take(4)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !self.matched_keywords.is_empty() {
            out.push(format!(
                "Mentions role keywords: {}",
                self.matched_keywords
                    .iter()
                    .take(6)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if out.is_empty() {
            out.push(format!("Concise: {} words", self.word_count));
        }
        out
    }

    pub fn issues(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.metrics.len() < 2 {
            out.push(format!(
                "Only {} measurable result(s); numbers make impact credible",
                self.metrics.len()
            ));
        }
        if self.action_verbs.len() < 3 {
            out.push(
                "Few action verbs; bullets read as duties rather than achievements".to_string(),
            );
        }
        if !self.missing_keywords.is_empty() {
            out.push(format!(
                "Role keywords not mentioned: {}",
                self.missing_keywords.join(", ")
            ));
        }
        if self.word_count < 150 {
            out.push(format!(
                "Short ({} words); add context to your strongest roles",
                self.word_count
            ));
        } else if self.word_count > 900 {
            out.push(format!(
                "Long ({} words); trim to what matters for this role",
                self.word_count
            ));
        }
        out
    }

    pub fn suggestions(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(keyword) = self.missing_keywords.first() {
            out.push(format!(
                "Show where you used \"{keyword}\", if you have, in a concrete bullet"
            ));
        }
        if self.metrics.len() < 3 {
            out.push("Add a number to each key bullet (%, time saved, users, revenue)".to_string());
        }
        if self.action_verbs.len() < 3 {
            out.push("Start bullets with verbs such as led, built, reduced, shipped".to_string());
        }
        if out.is_empty() {
            out.push("Order bullets so the most role-relevant result comes first".to_string());
        }
        out
    }

    /// A plain-text critique for unstructured calls.
    pub fn summary(&self) -> String {
        let mut text = format!(
            "Offline demo review (score {:.1}/10): {} words, {} metric(s), {} action verb(s), {:.0}% of role keywords covered.",
            self.score,
            self.word_count,
            self.metrics.len(),
            self.action_verbs.len(),
            self.overlap * 100.0
        );
        for line in self.strengths() {
            text.push_str(&format!("\n+ {line}"));
        }
        for line in self.issues() {
            text.push_str(&format!("\n- {line}"));
        }
        for line in self.suggestions() {
            text.push_str(&format!("\n→ {line}"));
        }
        text
    }
}
