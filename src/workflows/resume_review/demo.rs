//! Offline answers for every review agent, plugged into the llm layer's `DemoModel` through its
//! responder hook (the llm layer knows nothing about resumes). Honest: everything is derived from
//! the resume and the role in the request, so a weaker resume scores lower and a revision that
//! replaces weak verbs scores higher.
//!
//! Signals ([`Signals`]): role keyword overlap, result metrics (numbers that are not years), bullets
//! starting with a strong action verb, weak phrases ("worked on", "responsible for", ...), length,
//! standard sections, bullet length. Each critic weighs them by its persona (see `score_*`).

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::rc::Rc;

use serde_json::{json, Value};

use crate::domain::{DesignAdvice, Issue, PortfolioAdvice, PortfolioPiece, Severity};
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;

use super::agents::{COPYWRITER, DESIGN, PORTFOLIO, RECRUITER, REVISOR, TECH_WRITER};
use super::facts;
use super::prompts::block;

const STRONG_VERBS: &[&str] = &[
    "achieved",
    "automated",
    "built",
    "contributed",
    "created",
    "cut",
    "delivered",
    "designed",
    "developed",
    "drove",
    "implemented",
    "improved",
    "increased",
    "introduced",
    "launched",
    "led",
    "managed",
    "mentored",
    "migrated",
    "optimized",
    "optimised",
    "owned",
    "reduced",
    "refactored",
    "scaled",
    "shipped",
    "spearheaded",
    "streamlined",
    "supported",
    "wrote",
];

/// Weak openings and the stronger wording the demo revisor uses instead. Replacements carry no
/// facts, so a revision can never add or drop one.
const WEAK_PHRASES: &[(&str, &str)] = &[
    ("worked on", "Contributed to"),
    ("responsible for", "Owned"),
    ("helped with", "Supported"),
    ("assisted with", "Supported"),
    ("was involved in", "Contributed to"),
    ("participated in", "Contributed to"),
    ("tasked with", "Delivered"),
];

const STOP_WORDS: &[&str] = &[
    "and",
    "the",
    "for",
    "with",
    "from",
    "into",
    "our",
    "you",
    "your",
    "are",
    "will",
    "role",
    "job",
    "senior",
    "junior",
    "lead",
    "staff",
    "team",
    "years",
    "experience",
    "work",
];

const SECTIONS: &[&str] = &["summary", "experience", "education", "skills"];

/// What the demo critics look at, computed from the resume and role text only.
#[derive(Debug, Clone, PartialEq)]
pub struct Signals {
    pub word_count: usize,
    /// Role keywords found in the resume / all role keywords (0 when the role has none).
    pub overlap: f64,
    pub matched_keywords: Vec<String>,
    pub missing_keywords: Vec<String>,
    /// Numbers that read as results (not years).
    pub metrics: usize,
    pub bullets: usize,
    pub strong_bullets: usize,
    pub weak_phrases: Vec<String>,
    /// Standard sections present, of summary/experience/education/skills.
    pub sections: Vec<String>,
    pub avg_bullet_words: f64,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn bullet_lines(resume: &str) -> Vec<&str> {
    resume
        .lines()
        .map(str::trim)
        .filter_map(|l| {
            l.strip_prefix("- ")
                .or_else(|| l.strip_prefix("* "))
                .or_else(|| l.strip_prefix("• "))
        })
        .collect()
}

/// JSON Resume files are read as the Markdown they would render to, so the demo sees their
/// sections and bullets (string arrays such as `highlights` become bullets). Other text is as is.
pub fn as_markdown(resume: &str) -> Cow<'_, str> {
    let trimmed = resume.trim_start();
    if !trimmed.starts_with('{') {
        return Cow::Borrowed(resume);
    }
    let Ok(value) = serde_json::from_str::<Value>(trimmed) else {
        return Cow::Borrowed(resume);
    };
    let mut out = String::new();
    render_json(&value, true, &mut out);
    Cow::Owned(out)
}

fn render_json(value: &Value, top: bool, out: &mut String) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                if top {
                    let title = match key.as_str() {
                        "work" => "Experience",
                        "basics" => "Summary",
                        other => other,
                    };
                    out.push_str(&format!("## {title}\n"));
                }
                render_json(value, false, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::String(text) => out.push_str(&format!("- {text}\n")),
                    other => render_json(other, false, out),
                }
            }
        }
        Value::String(text) => {
            out.push_str(text);
            out.push('\n');
        }
        _ => {}
    }
}

impl Signals {
    pub fn new(resume: &str, role: &str) -> Self {
        let resume = &*as_markdown(resume);
        let resume_words: BTreeSet<String> = words(resume).into_iter().collect();
        let role_keywords: BTreeSet<String> = words(role)
            .into_iter()
            .filter(|w| w.len() > 2 && !STOP_WORDS.contains(&w.as_str()))
            .collect();
        let (matched, missing): (Vec<String>, Vec<String>) = role_keywords
            .iter()
            .cloned()
            .partition(|k| resume_words.contains(k));
        let overlap = if role_keywords.is_empty() {
            0.0
        } else {
            matched.len() as f64 / role_keywords.len() as f64
        };
        let bullets = bullet_lines(resume);
        let strong_bullets = bullets
            .iter()
            .filter(|b| {
                words(b)
                    .first()
                    .is_some_and(|w| STRONG_VERBS.contains(&w.as_str()))
            })
            .count();
        let weak_phrases = WEAK_PHRASES
            .iter()
            .filter(|(weak, _)| !weak_openings(resume, weak).is_empty())
            .map(|(weak, _)| weak.to_string())
            .collect();
        let avg_bullet_words = if bullets.is_empty() {
            0.0
        } else {
            bullets
                .iter()
                .map(|b| b.split_whitespace().count())
                .sum::<usize>() as f64
                / bullets.len() as f64
        };
        Signals {
            word_count: resume.split_whitespace().count(),
            overlap,
            matched_keywords: matched,
            missing_keywords: missing,
            // Numbers in bullets only: headings and contact lines hold dates and phone numbers.
            metrics: facts::numbers(&bullets.join("\n"))
                .iter()
                .filter(|n| !facts::is_year(n))
                .count(),
            bullets: bullets.len(),
            strong_bullets,
            weak_phrases,
            sections: SECTIONS
                .iter()
                .filter(|s| resume_words.contains(**s))
                .map(|s| s.to_string())
                .collect(),
            avg_bullet_words,
        }
    }

    fn metric_ratio(&self) -> f64 {
        self.metrics.min(6) as f64 / 6.0
    }

    fn verb_ratio(&self) -> f64 {
        if self.bullets == 0 {
            0.0
        } else {
            self.strong_bullets as f64 / self.bullets as f64
        }
    }

    /// 1 for 200–800 words, less for shorter or longer resumes.
    fn length_fit(&self) -> f64 {
        match self.word_count {
            200..=800 => 1.0,
            120..=199 | 801..=1200 => 0.6,
            60..=119 => 0.3,
            _ => 0.0,
        }
    }

    fn structure(&self) -> f64 {
        self.sections.len() as f64 / SECTIONS.len() as f64
    }

    /// 1 when bullets average 8–30 words (one idea, one or two lines).
    fn bullet_fit(&self) -> f64 {
        let words = self.avg_bullet_words;
        if self.bullets == 0 {
            0.0
        } else if (8.0..=30.0).contains(&words) {
            1.0
        } else {
            0.5
        }
    }

    fn weak_penalty(&self, per_phrase: f64) -> f64 {
        self.weak_phrases.len() as f64 * per_phrase
    }
}

fn round1(score: f64) -> f64 {
    (score.clamp(0.0, 10.0) * 10.0).round() / 10.0
}

/// Recruiter: fit to the role first, then evidence (metrics), then length.
pub fn score_recruiter(s: &Signals) -> f64 {
    round1(
        2.0 + 4.0 * s.overlap + 2.5 * s.metric_ratio() + 1.5 * s.length_fit() - s.weak_penalty(0.3),
    )
}

/// Technical writer: structure, bullet shape and length; verbs matter less.
pub fn score_tech_writer(s: &Signals) -> f64 {
    round1(
        2.0 + 3.0 * s.structure()
            + 1.5 * s.bullet_fit()
            + 1.5 * s.length_fit()
            + 1.5 * s.verb_ratio()
            - s.weak_penalty(0.2),
    )
}

/// Copywriter: strong verbs and quantified results; weak phrases cost the most here.
pub fn score_copywriter(s: &Signals) -> f64 {
    round1(
        2.0 + 3.5 * s.verb_ratio()
            + 2.5 * s.metric_ratio()
            + 1.0 * s.overlap
            + 1.0 * s.length_fit()
            - s.weak_penalty(0.5),
    )
}

fn issue(severity: Severity, section: &str, description: String, suggestion: String) -> Issue {
    Issue {
        severity,
        section: section.to_string(),
        description,
        suggestion,
    }
}

/// The shared findings; each critic picks the ones its persona cares about.
fn findings(s: &Signals) -> (Vec<String>, Vec<(&'static str, Issue)>) {
    let mut strengths = Vec::new();
    let mut issues = Vec::new();
    if !s.matched_keywords.is_empty() {
        strengths.push(format!(
            "Mentions role keywords: {}",
            s.matched_keywords.join(", ")
        ));
    }
    if !s.missing_keywords.is_empty() {
        issues.push((
            "fit",
            issue(
                if s.overlap < 0.5 {
                    Severity::High
                } else {
                    Severity::Medium
                },
                "Summary",
                format!(
                    "The role's keywords are missing: {}",
                    s.missing_keywords.join(", ")
                ),
                "Mention them where your experience genuinely covers them".to_string(),
            ),
        ));
    }
    if s.metrics >= 3 {
        strengths.push(format!("{} quantified results", s.metrics));
    } else {
        issues.push((
            "evidence",
            issue(
                Severity::High,
                "Experience",
                format!("Only {} quantified results", s.metrics),
                "Add the scale, speed or money each achievement moved, where you know it"
                    .to_string(),
            ),
        ));
    }
    if s.bullets > 0 && s.verb_ratio() >= 0.6 {
        strengths.push(format!(
            "{} of {} bullets open with a strong verb",
            s.strong_bullets, s.bullets
        ));
    } else if s.bullets > 0 {
        issues.push((
            "verbs",
            issue(
                Severity::Medium,
                "Experience",
                format!(
                    "Only {} of {} bullets open with a strong action verb",
                    s.strong_bullets, s.bullets
                ),
                "Start each bullet with what you did: built, led, reduced, shipped".to_string(),
            ),
        ));
    }
    for weak in &s.weak_phrases {
        issues.push((
            "verbs",
            issue(
                Severity::Medium,
                "Experience",
                format!("Weak phrasing: \"{weak}\""),
                "Say what you did and what changed".to_string(),
            ),
        ));
    }
    let missing_sections: Vec<&str> = SECTIONS
        .iter()
        .filter(|x| !s.sections.iter().any(|y| y == *x))
        .copied()
        .collect();
    if missing_sections.is_empty() {
        strengths.push("All standard sections present".to_string());
    } else {
        issues.push((
            "structure",
            issue(
                Severity::Medium,
                "General",
                format!("Missing sections: {}", missing_sections.join(", ")),
                "Add clearly headed sections so readers and ATS find them".to_string(),
            ),
        ));
    }
    if s.length_fit() < 1.0 {
        issues.push((
            "length",
            issue(
                Severity::Low,
                "General",
                format!(
                    "{} words: {}",
                    s.word_count,
                    if s.word_count < 200 {
                        "on the short side"
                    } else {
                        "long for a screen"
                    }
                ),
                "Aim for 200–800 words".to_string(),
            ),
        ));
    }
    if s.bullet_fit() < 1.0 && s.bullets > 0 {
        issues.push((
            "structure",
            issue(
                Severity::Low,
                "Experience",
                format!("Bullets average {:.0} words", s.avg_bullet_words),
                "Keep bullets to one idea, one or two lines".to_string(),
            ),
        ));
    }
    (strengths, issues)
}

/// Answers for one critic persona: its own score and the findings it cares about.
struct CriticResponder {
    score: fn(&Signals) -> f64,
    cares_about: &'static [&'static str],
}

fn resume_and_role(request: &ChatRequest) -> (String, String) {
    let text = request.user_text();
    let resume = block(&text, "resume").unwrap_or(&text).to_string();
    let role = block(&text, "target_role").unwrap_or("").to_string();
    (resume, role)
}

impl DemoResponder for CriticResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, role) = resume_and_role(request);
        let signals = Signals::new(&resume, &role);
        let (strengths, issues) = findings(&signals);
        let issues: Vec<Issue> = issues
            .into_iter()
            .filter(|(kind, _)| self.cares_about.contains(kind))
            .map(|(_, issue)| issue)
            .collect();
        let suggestions: Vec<String> = issues.iter().map(|i| i.suggestion.clone()).collect();
        json!({
            "score": (self.score)(&signals),
            "strengths": strengths,
            "issues": issues,
            "suggestions": suggestions,
        })
        .to_string()
    }
}

/// Where `weak` (lowercase ASCII) opens a bullet, line, sentence or JSON string in `text`. Only
/// openings count: mid-sentence "I was responsible for" cannot become "I was owned".
fn weak_openings(text: &str, weak: &str) -> Vec<usize> {
    // ASCII lowercasing keeps byte offsets, so positions index `text` too.
    let lower = text.to_ascii_lowercase();
    lower
        .match_indices(weak)
        .map(|(at, _)| at)
        .filter(|&at| {
            let line = text[..at].rsplit('\n').next().unwrap_or("");
            let marker_only = line
                .trim_start_matches(['-', '*', '•', '#', ' ', '\t', '"'])
                .is_empty();
            marker_only || line.trim_end().ends_with(['.', ';', ':', '"', '('])
        })
        .collect()
}

/// Replaces weak openings with stronger wording, keeping every fact (replacements hold no numbers
/// or names). Returns the text and the list of changes.
pub fn revise(resume: &str) -> (String, Vec<String>) {
    let mut text = resume.to_string();
    let mut changes = Vec::new();
    for (weak, strong) in WEAK_PHRASES {
        let positions = weak_openings(&text, weak);
        // Back to front, so earlier positions stay valid.
        for &at in positions.iter().rev() {
            let starts_upper = text[at..].starts_with(|c: char| c.is_ascii_uppercase());
            let replacement = if starts_upper {
                strong.to_string()
            } else {
                strong.to_lowercase()
            };
            text.replace_range(at..at + weak.len(), &replacement);
        }
        if !positions.is_empty() {
            changes.push(format!(
                "Replaced \"{weak}\" with \"{strong}\" ({}×)",
                positions.len()
            ));
        }
    }
    if changes.is_empty() {
        changes.push("No weak phrasing found; the text is unchanged".to_string());
    }
    (text, changes)
}

struct RevisorResponder;

impl DemoResponder for RevisorResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, _) = resume_and_role(request);
        let (revised, changes) = revise(&resume);
        json!({"revised_resume": revised, "changes": changes}).to_string()
    }
}

struct PortfolioResponder;

impl DemoResponder for PortfolioResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, role) = resume_and_role(request);
        let signals = Signals::new(&resume, &role);
        let resume = as_markdown(&resume);
        let mut pieces = Vec::new();
        // Write up the strongest quantified bullet: evidence the resume already claims.
        if let Some(bullet) = bullet_lines(&resume)
            .into_iter()
            .find(|b| facts::numbers(b).iter().any(|n| !facts::is_year(n)))
        {
            pieces.push(PortfolioPiece {
                title: "Case study of a measured result".into(),
                description: format!("A short write-up (problem, approach, result) of: {bullet}"),
                demonstrates: "Impact backed by numbers".into(),
            });
        }
        for keyword in signals.missing_keywords.iter().take(2) {
            pieces.push(PortfolioPiece {
                title: format!("Small public project using {keyword}"),
                description: format!("The role asks for {keyword}, which the resume does not show yet: a focused repository with a README would (new work, not a claim about the past)."),
                demonstrates: keyword.clone(),
            });
        }
        for keyword in signals.matched_keywords.iter().take(2) {
            pieces.push(PortfolioPiece {
                title: format!("Deep dive on your {keyword} work"),
                description: format!(
                    "A blog post or talk about a problem you solved with {keyword}"
                ),
                demonstrates: format!("Depth in {keyword}"),
            });
        }
        let advice = PortfolioAdvice {
            summary: format!(
                "{} piece(s) derived from your resume and the role ({:.0}% keyword overlap).",
                pieces.len(),
                signals.overlap * 100.0
            ),
            pieces,
        };
        serde_json::to_string(&advice).unwrap_or_default()
    }
}

struct DesignResponder;

impl DemoResponder for DesignResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, role) = resume_and_role(request);
        let signals = Signals::new(&resume, &role);
        let resume = as_markdown(&resume);
        let long_lines = resume.lines().filter(|l| l.chars().count() > 120).count();
        let mut layout_issues = Vec::new();
        let mut recommendations = Vec::new();
        if signals.sections.len() < SECTIONS.len() {
            layout_issues.push(format!(
                "Only {} of 4 standard sections have headings",
                signals.sections.len()
            ));
            recommendations
                .push("Use clear headings: Summary, Experience, Education, Skills".into());
        }
        if signals.bullets == 0 {
            layout_issues.push("No bullet points: achievements are hard to scan".into());
            recommendations.push("List achievements as bullets under each job".into());
        }
        if long_lines > 0 {
            layout_issues.push(format!("{long_lines} line(s) longer than 120 characters"));
            recommendations.push("Break long lines; keep bullets to one or two lines".into());
        }
        if recommendations.is_empty() {
            recommendations
                .push("Keep the layout: consistent headings and scannable bullets".into());
        }
        let score = round1(
            4.0 + 3.0 * signals.structure()
                + 2.0 * signals.bullet_fit()
                + 1.0 * signals.length_fit()
                - long_lines.min(3) as f64 * 0.5,
        );
        let advice = DesignAdvice {
            readability_score: score,
            layout_issues,
            recommendations,
        };
        serde_json::to_string(&advice).unwrap_or_default()
    }
}

/// Registers the review's responders on `model`.
pub fn with_review_responders(model: DemoModel) -> DemoModel {
    model
        .with_responder(
            RECRUITER.node,
            Rc::new(CriticResponder {
                score: score_recruiter,
                cares_about: &["fit", "evidence", "length"],
            }),
        )
        .with_responder(
            TECH_WRITER.node,
            Rc::new(CriticResponder {
                score: score_tech_writer,
                cares_about: &["structure", "length"],
            }),
        )
        .with_responder(
            COPYWRITER.node,
            Rc::new(CriticResponder {
                score: score_copywriter,
                cares_about: &["verbs", "evidence"],
            }),
        )
        .with_responder(REVISOR.node, Rc::new(RevisorResponder))
        .with_responder(PORTFOLIO.node, Rc::new(PortfolioResponder))
        .with_responder(DESIGN.node, Rc::new(DesignResponder))
}

/// The offline model with every review agent answered from the input.
pub fn demo_model() -> DemoModel {
    with_review_responders(DemoModel::new())
}
