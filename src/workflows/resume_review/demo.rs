//! Offline answers for every review agent, plugged into the llm layer's `DemoModel` through its
//! responder hook (the llm layer knows nothing about resumes). Honest: everything is derived from
//! the resume and the role in the request, so a weaker resume scores lower and a revision that
//! replaces weak verbs scores higher.
//!
//! Signals ([`Signals`]): role keyword overlap, result metrics (numbers that are not years, dates,
//! phone numbers, postcodes or IDs: see `demo_metrics`), bullets
//! starting with a strong action verb, weak phrases ("worked on", "responsible for", ...), length,
//! standard sections, bullet length. Each critic weighs them by its persona (see `score_*`).
//!
//! Chinese resumes get the same signals (see `demo_zh`): Chinese verbs, headings and phrases,
//! length counted by characters. The answers are written in the language the system prompt asks
//! for ([`Language::of_system_prompt`]); the scores depend on the text only.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::rc::Rc;

use serde_json::{json, Value};

use crate::domain::han;
use crate::domain::{DesignAdvice, Issue, Language, PortfolioAdvice, PortfolioPiece, Severity};
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;

use super::agents::{COPYWRITER, DESIGN, PORTFOLIO, RECRUITER, REVISOR, TECH_WRITER};
use super::demo_metrics::result_numbers;
use super::demo_zh::{has_section_zh, opens_with_strong_verb_zh, role_terms_zh, section_name_zh};
use super::prompts::block;
use crate::domain::action_verbs::is_action_verb;

/// Weak openings and the stronger wording the demo revisor uses instead. Replacements carry no
/// facts, so a revision can never add or drop one, and keep the user's claim: never a bigger role
/// ("responsible for" is not "led", 负责 is not 主导) nor an outcome the user did not state
/// ("tasked with" is not "delivered", 参与 is not 共同完成).
const WEAK_PHRASES: &[(&str, &str)] = &[
    ("worked on", "Contributed to"),
    ("responsible for", "Owned"),
    ("helped with", "Supported"),
    ("assisted with", "Supported"),
    ("was involved in", "Contributed to"),
    ("participated in", "Contributed to"),
    ("tasked with", "Handled"),
    // Chinese: "参与" (took part in), "负责" (was responsible for), "协助"/"帮助" (helped),
    // "配合" (went along with). "负责人" (the person in charge) is a title, not a weak opening.
    ("参与", "共同参与"),
    ("负责", "承担"),
    ("协助", "支持"),
    ("帮助", "支持"),
    ("配合", "协同"),
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
    /// Numbers that read as results (not years, dates, phone numbers, postcodes or IDs).
    pub metrics: usize,
    pub bullets: usize,
    pub strong_bullets: usize,
    pub weak_phrases: Vec<String>,
    /// Standard sections present, of summary/experience/education/skills.
    pub sections: Vec<String>,
    pub avg_bullet_words: f64,
}

/// Lowercased words; a Chinese run is one "word" of its own, cut off from Latin neighbours
/// ("用Rust开发" → "用", "rust", "开发"), so English keywords inside Chinese text are found.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#'))
        .flat_map(han::script_runs)
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
            .flat_map(|w| {
                if han::has_han(&w) {
                    role_terms_zh(&w)
                } else if w.len() > 2 && !STOP_WORDS.contains(&w.as_str()) {
                    vec![w]
                } else {
                    Vec::new()
                }
            })
            .collect();
        // Chinese keywords are found anywhere in the text: it has no word boundaries to match.
        let (matched, missing): (Vec<String>, Vec<String>) =
            role_keywords.iter().cloned().partition(|k| {
                resume_words.contains(k) || (han::has_han(k) && resume.contains(k.as_str()))
            });
        let overlap = if role_keywords.is_empty() {
            0.0
        } else {
            matched.len() as f64 / role_keywords.len() as f64
        };
        let bullets = bullet_lines(resume);
        let strong_bullets = bullets
            .iter()
            .filter(|b| {
                words(b).first().is_some_and(|w| is_action_verb(w)) || opens_with_strong_verb_zh(b)
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
            bullets.iter().map(|b| han::word_units(b)).sum::<f64>() / bullets.len() as f64
        };
        Signals {
            word_count: han::word_units(resume).round() as usize,
            overlap,
            matched_keywords: matched,
            missing_keywords: missing,
            // Numbers in bullets only, and only those that can be results: a bullet may still
            // hold a phone number, a date or a postcode (contact lines written as a list).
            metrics: result_numbers(&bullets.join("\n")).len(),
            bullets: bullets.len(),
            strong_bullets,
            weak_phrases,
            sections: SECTIONS
                .iter()
                .filter(|s| resume_words.contains(**s) || has_section_zh(resume, s))
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

/// One finding: the concern a critic picks it by (see `CriticResponder::cares_about`), and the
/// issue.
fn finding(
    concern: &'static str,
    severity: Severity,
    section: &str,
    description: String,
    suggestion: &str,
) -> (&'static str, Issue) {
    let issue = Issue {
        severity,
        section: section.to_string(),
        description,
        suggestion: suggestion.to_string(),
    };
    (concern, issue)
}

/// The shared findings, worded in `lang`; each critic picks the ones its persona cares about.
fn findings(s: &Signals, lang: Language) -> (Vec<String>, Vec<(&'static str, Issue)>) {
    let zh = lang == Language::Zh;
    let t = |en: &'static str, zh: &'static str| lang.pick(en, zh);
    let list = |items: &[String]| items.join(t(", ", "、"));
    let mut strengths = Vec::new();
    let mut issues = Vec::new();
    if !s.matched_keywords.is_empty() {
        strengths.push(if zh {
            format!("提到了职位关键词：{}", list(&s.matched_keywords))
        } else {
            format!("Mentions role keywords: {}", list(&s.matched_keywords))
        });
    }
    if !s.missing_keywords.is_empty() {
        issues.push(finding(
            "fit",
            if s.overlap < 0.5 {
                Severity::High
            } else {
                Severity::Medium
            },
            t("Summary", "个人简介"),
            if zh {
                format!("缺少职位关键词：{}", list(&s.missing_keywords))
            } else {
                format!(
                    "The role's keywords are missing: {}",
                    list(&s.missing_keywords)
                )
            },
            t(
                "Mention them where your experience genuinely covers them",
                "在你确实具备相关经验的地方写出这些关键词",
            ),
        ));
    }
    if s.metrics >= 3 {
        strengths.push(if zh {
            format!("有 {} 处量化成果", s.metrics)
        } else {
            format!("{} quantified results", s.metrics)
        });
    } else {
        issues.push(finding(
            "evidence",
            Severity::High,
            t("Experience", "工作经历"),
            if zh {
                format!("量化成果只有 {} 处", s.metrics)
            } else {
                format!("Only {} quantified results", s.metrics)
            },
            t(
                "Add the scale, speed or money each achievement moved, where you know it",
                "在你确知的地方，写明每项成果带来的规模、速度或金额变化",
            ),
        ));
    }
    if s.bullets > 0 && s.verb_ratio() >= 0.6 {
        strengths.push(if zh {
            format!(
                "{} 条要点中有 {} 条以有力的动词开头",
                s.bullets, s.strong_bullets
            )
        } else {
            format!(
                "{} of {} bullets open with a strong verb",
                s.strong_bullets, s.bullets
            )
        });
    } else if s.bullets > 0 {
        issues.push(finding(
            "verbs",
            Severity::Medium,
            t("Experience", "工作经历"),
            if zh {
                format!(
                    "{} 条要点中只有 {} 条以有力的动作动词开头",
                    s.bullets, s.strong_bullets
                )
            } else {
                format!(
                    "Only {} of {} bullets open with a strong action verb",
                    s.strong_bullets, s.bullets
                )
            },
            t(
                "Start each bullet with what you did: built, led, reduced, shipped",
                "每条要点以你做了什么开头：主导、设计、优化、上线",
            ),
        ));
    }
    for weak in &s.weak_phrases {
        issues.push(finding(
            "verbs",
            Severity::Medium,
            t("Experience", "工作经历"),
            if zh {
                format!("措辞偏弱：“{weak}”")
            } else {
                format!("Weak phrasing: \"{weak}\"")
            },
            t(
                "Say what you did and what changed",
                "写清你做了什么、带来了什么变化",
            ),
        ));
    }
    let missing_sections: Vec<String> = SECTIONS
        .iter()
        .filter(|x| !s.sections.iter().any(|y| y == *x))
        .map(|x| t(x, section_name_zh(x)).to_string())
        .collect();
    if missing_sections.is_empty() {
        strengths.push(t("All standard sections present", "标准板块齐全").to_string());
    } else {
        issues.push(finding(
            "structure",
            Severity::Medium,
            t("General", "整体"),
            if zh {
                format!("缺少板块：{}", list(&missing_sections))
            } else {
                format!("Missing sections: {}", list(&missing_sections))
            },
            t(
                "Add clearly headed sections so readers and ATS find them",
                "加上标题清晰的板块，方便招聘方和 ATS 系统找到",
            ),
        ));
    }
    if s.length_fit() < 1.0 {
        let short = s.word_count < 200;
        issues.push(finding(
            "length",
            Severity::Low,
            t("General", "整体"),
            if zh {
                format!(
                    "篇幅约 {} 词（两个汉字计一词）：{}",
                    s.word_count,
                    if short { "偏短" } else { "初筛时偏长" }
                )
            } else {
                format!(
                    "{} words: {}",
                    s.word_count,
                    if short {
                        "on the short side"
                    } else {
                        "long for a screen"
                    }
                )
            },
            t(
                "Aim for 200–800 words",
                "控制在 200–800 词（约 400–1600 个汉字）",
            ),
        ));
    }
    if s.bullet_fit() < 1.0 && s.bullets > 0 {
        issues.push(finding(
            "structure",
            Severity::Low,
            t("Experience", "工作经历"),
            if zh {
                format!("要点平均约 {:.0} 词", s.avg_bullet_words)
            } else {
                format!("Bullets average {:.0} words", s.avg_bullet_words)
            },
            t(
                "Keep bullets to one idea, one or two lines",
                "每条要点只讲一件事，一到两行为宜",
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
        let lang = Language::of_system_prompt(&request.system);
        let (strengths, issues) = findings(&signals, lang);
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

/// Where `weak` (lowercase ASCII or Chinese) opens a bullet, line, sentence or JSON string in
/// `text`. Only openings count: mid-sentence "I was responsible for" cannot become "I was owned".
fn weak_openings(text: &str, weak: &str) -> Vec<usize> {
    // ASCII lowercasing keeps byte offsets, so positions index `text` too (and matches of a
    // whole string always start and end on char boundaries, Chinese included).
    let lower = text.to_ascii_lowercase();
    let chinese = han::has_han(weak);
    lower
        .match_indices(weak)
        .map(|(at, _)| at)
        .filter(|&at| {
            // "负责人" (the person in charge) is a title, not "was responsible for".
            !(chinese && text[at + weak.len()..].starts_with('人'))
        })
        .filter(|&at| {
            let line = text[..at].rsplit('\n').next().unwrap_or("");
            let marker_only = line
                .trim_start_matches(['-', '*', '•', '#', ' ', '\t', '"'])
                .is_empty();
            marker_only
                || line
                    .trim_end()
                    .ends_with(['.', ';', ':', '"', '(', '。', '；', '：', '，', '“', '（'])
        })
        .collect()
}

/// Replaces weak openings with stronger wording, keeping every fact (replacements hold no numbers
/// or names). Returns the text and the list of changes, in English.
pub fn revise(resume: &str) -> (String, Vec<String>) {
    revise_in(resume, Language::En)
}

/// [`revise`] with the list of changes written in `lang`.
pub fn revise_in(resume: &str, lang: Language) -> (String, Vec<String>) {
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
            changes.push(match lang {
                Language::En => format!(
                    "Replaced \"{weak}\" with \"{strong}\" ({}×)",
                    positions.len()
                ),
                Language::Zh => format!("将“{weak}”改为“{strong}”（{} 处）", positions.len()),
            });
        }
    }
    if changes.is_empty() {
        changes.push(
            lang.pick(
                "No weak phrasing found; the text is unchanged",
                "没有发现偏弱的措辞，文本未作改动",
            )
            .to_string(),
        );
    }
    (text, changes)
}

struct RevisorResponder;

impl DemoResponder for RevisorResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, _) = resume_and_role(request);
        let lang = Language::of_system_prompt(&request.system);
        let (revised, changes) = revise_in(&resume, lang);
        json!({"revised_resume": revised, "changes": changes}).to_string()
    }
}

struct PortfolioResponder;

impl DemoResponder for PortfolioResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, role) = resume_and_role(request);
        let lang = Language::of_system_prompt(&request.system);
        let zh = lang == Language::Zh;
        let signals = Signals::new(&resume, &role);
        let resume = as_markdown(&resume);
        let mut pieces = Vec::new();
        // Write up the strongest quantified bullet: evidence the resume already claims.
        if let Some(bullet) = bullet_lines(&resume)
            .into_iter()
            .find(|b| !result_numbers(b).is_empty())
        {
            pieces.push(if zh {
                PortfolioPiece {
                    title: "一项可量化成果的案例分析".into(),
                    description: format!("用简短的篇幅（问题、做法、结果）写清：{bullet}"),
                    demonstrates: "有数据支撑的影响力".into(),
                }
            } else {
                PortfolioPiece {
                    title: "Case study of a measured result".into(),
                    description: format!(
                        "A short write-up (problem, approach, result) of: {bullet}"
                    ),
                    demonstrates: "Impact backed by numbers".into(),
                }
            });
        }
        for keyword in signals.missing_keywords.iter().take(2) {
            pieces.push(if zh {
                PortfolioPiece {
                    title: format!("一个使用 {keyword} 的小型公开项目"),
                    description: format!("职位要求 {keyword}，而简历中尚未体现：一个带 README 的小仓库可以证明这一点（这是新的作品，不是对过往经历的声明）。"),
                    demonstrates: keyword.clone(),
                }
            } else {
                PortfolioPiece {
                    title: format!("Small public project using {keyword}"),
                    description: format!("The role asks for {keyword}, which the resume does not show yet: a focused repository with a README would (new work, not a claim about the past)."),
                    demonstrates: keyword.clone(),
                }
            });
        }
        for keyword in signals.matched_keywords.iter().take(2) {
            pieces.push(if zh {
                PortfolioPiece {
                    title: format!("深入介绍你在 {keyword} 方面的工作"),
                    description: format!("写一篇博客或做一次分享，讲你用 {keyword} 解决的一个问题"),
                    demonstrates: format!("{keyword} 方面的深度"),
                }
            } else {
                PortfolioPiece {
                    title: format!("Deep dive on your {keyword} work"),
                    description: format!(
                        "A blog post or talk about a problem you solved with {keyword}"
                    ),
                    demonstrates: format!("Depth in {keyword}"),
                }
            });
        }
        let overlap = signals.overlap * 100.0;
        let advice = PortfolioAdvice {
            summary: if zh {
                format!(
                    "根据你的简历和目标职位给出 {} 项建议（关键词重合度 {overlap:.0}%）。",
                    pieces.len()
                )
            } else {
                let n = pieces.len();
                let noun = if n == 1 { "piece" } else { "pieces" };
                format!("{n} {noun} derived from your resume and the role ({overlap:.0}% keyword overlap).")
            },
            pieces,
        };
        serde_json::to_string(&advice).unwrap_or_default()
    }
}

struct DesignResponder;

impl DemoResponder for DesignResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let (resume, role) = resume_and_role(request);
        let lang = Language::of_system_prompt(&request.system);
        let zh = lang == Language::Zh;
        let t = |en: &str, zh: &str| lang.pick(en, zh).to_string();
        let signals = Signals::new(&resume, &role);
        let resume = as_markdown(&resume);
        let long_lines = resume.lines().filter(|l| l.chars().count() > 120).count();
        let mut layout_issues = Vec::new();
        let mut recommendations = Vec::new();
        if signals.sections.len() < SECTIONS.len() {
            layout_issues.push(if zh {
                format!("4 个标准板块中只有 {} 个有标题", signals.sections.len())
            } else {
                format!(
                    "Only {} of 4 standard sections have headings",
                    signals.sections.len()
                )
            });
            recommendations.push(t(
                "Use clear headings: Summary, Experience, Education, Skills",
                "使用清晰的标题：个人简介、工作经历、教育背景、专业技能",
            ));
        }
        if signals.bullets == 0 {
            layout_issues.push(t(
                "No bullet points: achievements are hard to scan",
                "没有要点列表：成果难以快速浏览",
            ));
            recommendations.push(t(
                "List achievements as bullets under each job",
                "在每段经历下用要点列出成果",
            ));
        }
        if long_lines > 0 {
            layout_issues.push(if zh {
                format!("有 {long_lines} 行超过 120 个字符")
            } else {
                match long_lines {
                    1 => "1 line longer than 120 characters".to_string(),
                    n => format!("{n} lines longer than 120 characters"),
                }
            });
            recommendations.push(t(
                "Break long lines; keep bullets to one or two lines",
                "拆分过长的行，每条要点保持一到两行",
            ));
        }
        if recommendations.is_empty() {
            recommendations.push(t(
                "Keep the layout: consistent headings and scannable bullets",
                "保持现有排版：标题统一，要点便于浏览",
            ));
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
