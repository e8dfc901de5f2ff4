//! Which sentences of a job description are requirements. A job ad mixes what the job needs with
//! what the company says about itself and what it offers; only the first counts ("open
//! communication with management" is a perk, not a requirement for communication skills).
//!
//! - **Sections** come from headings ("Requirements", "Nice to have", "Benefits", "About us",
//!   "任职要求", "加分项", "福利", "公司介绍", …): a Markdown heading, a short line ending with a
//!   colon, a bold line, or a short line made of a known section name.
//! - **Phrasing** refines a sentence: "nice to have", "a plus", "preferred", "bonus", "优先"
//!   make it a nice-to-have; "we offer", "you'll get", "insurance" make it a perk wherever it is;
//!   "take-home", "quiz", "system-design interview", "笔试" make it a step of the hiring process
//!   wherever it is (the skills a quiz is about are not asked of the candidate).
//! - Text before any heading or under a heading we do not know is a requirement only when it is
//!   phrased as one ("must", "required", "5+ years", "experience with", "熟悉"), unless the ad
//!   has no requirement section and no such phrasing at all (a two-line ad is all requirement).

use crate::domain::han;

/// The section a sentence is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Section {
    /// Before any heading, or under headings we do not know ("Job Summary:", a title).
    Unknown,
    Must,
    Nice,
    /// Responsibilities: the work, so the technologies named are needed; soft skills are not
    /// counted there ("work with stakeholders" describes the job, not a requirement).
    Duties,
    /// "Our tech stack": the environment; knowing it is a plus.
    Stack,
    /// Benefits, perks, pay, about the company, equal-opportunity text, how to apply, the hiring
    /// process ("Our hiring process", "What to expect", "面试流程").
    Excluded,
}

/// What a sentence means for the requirements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Must,
    Nice,
    Duty,
}

#[derive(Debug, Clone)]
pub(super) struct Sentence {
    pub text: String,
    pub role: Option<Role>,
}

/// The sentences of `jd`, each with its role (`None`: not a requirement). YAML front matter is
/// metadata, and the posting's title names the job, not a requirement: neither yields one.
pub(super) fn sentences(jd: &str) -> Vec<Sentence> {
    let (_, body) = crate::domain::front_matter::split(jd);
    let title = title_segment(body);
    let mut section = Section::Unknown;
    let mut parts: Vec<(Section, String)> = Vec::new();
    for (i, segment) in segments(body).iter().enumerate() {
        if Some(i) == title {
            continue;
        }
        if is_heading(segment) {
            if let Some(kind) = heading_kind(segment) {
                section = kind;
            }
            continue;
        }
        for sentence in split_sentences(segment) {
            parts.push((section, sentence));
        }
    }
    let has_requirement_section = parts
        .iter()
        .any(|(s, _)| matches!(s, Section::Must | Section::Nice | Section::Duties));
    let has_phrasing = parts.iter().any(|(section, text)| {
        *section == Section::Unknown && (is_must_phrased(text) || is_nice_phrased(text))
    });
    // A short ad without sections or phrasing: every sentence that is not a perk is a requirement.
    let unknown_default = if has_requirement_section || has_phrasing {
        None
    } else {
        Some(Role::Must)
    };
    parts
        .into_iter()
        .map(|(section, text)| {
            let role = if is_perk(&text) || is_hiring_step(&text) {
                None
            } else {
                let nice = is_nice_phrased(&text);
                match section {
                    Section::Excluded => None,
                    Section::Nice | Section::Stack => Some(Role::Nice),
                    _ if nice => Some(Role::Nice),
                    Section::Must => Some(Role::Must),
                    Section::Duties => Some(Role::Duty),
                    Section::Unknown if is_must_phrased(&text) => Some(Role::Must),
                    Section::Unknown => unknown_default,
                }
            };
            Sentence { text, role }
        })
        .collect()
}

/// The posting's title: the front matter's `title:`, else its first segment when that reads as
/// a title (see [`title_segment`]). Skills it names ("Senior SRE") are the job's name: they are
/// requirements only where the requirements say them, not where the duties repeat the title.
pub(super) fn title(jd: &str) -> Option<String> {
    let (front, body) = crate::domain::front_matter::split(jd);
    front.or_else(|| {
        let at = title_segment(body)?;
        segments(body)
            .get(at)
            .map(|s| s.trim_start_matches('#').trim().to_string())
    })
}

/// The index of the first segment when it reads as a title: more follows it, and it is short,
/// not a sentence (no full stop, no colon at its end) and not a section heading we know
/// ("Requirements"). "Go developer for Django work." is an ad of one sentence, not a title.
fn title_segment(body: &str) -> Option<usize> {
    let all = segments(body);
    let [first, _, ..] = all.as_slice() else {
        return None;
    };
    let text = first
        .trim_start_matches('#')
        .trim()
        .trim_matches('*')
        .trim();
    let short = if han::has_han(text) {
        text.chars().count() <= 30
    } else {
        text.split_whitespace().count() <= 12
    };
    let sentence_end = text.ends_with(['.', '。', ':', '：', '!', '?', '！', '？']);
    (short && !sentence_end && heading_kind(text).is_none()).then_some(0)
}

/// Lines, and the parts of a line separated by three or more spaces or a tab (job ads pasted
/// from a web page often come as one line with the paragraph breaks turned into spaces; portals
/// export "Label:\tvalue" lines). A paragraph wrapped over several lines (Markdown files) is one
/// line again: cut at its line end, "…familiar with dbt or" and "Airflow for scheduling." were
/// two sentences, the second without its "familiar with".
fn segments(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut previous: Option<&str> = None;
    for line in text.lines().map(str::trim) {
        match (previous, lines.last_mut()) {
            (Some(prev), Some(last)) if wraps(prev, line) => {
                last.push(' ');
                last.push_str(line);
            }
            _ => lines.push(line.to_string()),
        }
        previous = Some(line);
    }
    lines
        .iter()
        .flat_map(|line| line.split("   "))
        .flat_map(|part| part.split('\t'))
        .map(str::trim)
        .filter(|segment| !segment.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `line` goes on the sentence `previous` left open: a long prose line without an end (a
/// wrapped paragraph) whose last word cannot end a sentence ("…familiar with dbt or") or whose
/// next line starts in lowercase ("query."). Portals list one item a line without bullets, long
/// and unpunctuated ("…very nice to have" / "Critical thinking…"): those stay apart.
fn wraps(previous: &str, line: &str) -> bool {
    const WRAPPED: usize = 60;
    const OPEN_ENDS: &[&str] = &[
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "in", "is", "nor",
        "of", "on", "or", "our", "such", "than", "the", "their", "to", "with", "you", "your",
    ];
    let long = previous.chars().count() >= WRAPPED
        && !previous.starts_with(['#', '|'])
        && !previous.ends_with(['.', '!', '?', ':', ';', '。', '！', '？', '：', '；', '*']);
    let last = previous
        .rsplit(char::is_whitespace)
        .next()
        .unwrap_or("")
        .to_lowercase();
    let open = previous.ends_with(',') || OPEN_ENDS.contains(&last.as_str());
    let starts_item = line.is_empty()
        || line.starts_with(['-', '*', '+', '•', '·', '#', '|', '【'])
        || strip_marker(line).len() != line.len();
    long && (open || line.starts_with(char::is_lowercase)) && !starts_item && !is_heading(line)
}

/// Sentences of a segment, bullet markers and numbering removed.
fn split_sentences(segment: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = segment.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let ends = matches!(c, '。' | '；' | '！' | '？')
            || (matches!(c, '.' | ';' | '!' | '?') && next.is_none_or(char::is_whitespace));
        if ends {
            if !matches!(c, '.' | '。') || !current.trim().is_empty() {
                push_sentence(&mut out, &current);
            }
            current.clear();
        } else {
            current.push(c);
        }
    }
    push_sentence(&mut out, &current);
    out
}

fn push_sentence(out: &mut Vec<String>, text: &str) {
    let text = strip_marker(text.trim());
    if text.chars().any(char::is_alphanumeric) {
        out.push(text.to_string());
    }
}

/// "- x", "* x", "+ x", "1. x", "2、x", "**x**" → "x".
fn strip_marker(text: &str) -> &str {
    let mut t = text.trim_start_matches(['-', '*', '+', '•', '·', ' ', '\u{3000}']);
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && digits < 3 {
        let rest = &t[digits..];
        if let Some(rest) = rest
            .strip_prefix(['.', '、', ')', '）'])
            .or_else(|| rest.strip_prefix(". "))
        {
            t = rest;
        }
    }
    t.trim().trim_matches('*').trim()
}

fn lower(text: &str) -> String {
    text.to_lowercase().replace(['’', '‘'], "'")
}

const NICE_PHRASES: &[&str] = &[
    "nice to have",
    "nice-to-have",
    "a plus",
    "is a plus",
    "preferred",
    "bonus",
    "desirable",
    "optional",
    "ideally",
    "an advantage",
    "nice if",
    "would be nice",
    "加分",
    "优先",
];

const MUST_PHRASES: &[&str] = &[
    "must",
    "required",
    "requirement",
    "experience with",
    "experience in",
    "years of",
    "years'",
    "proficien",
    "familiar with",
    "familiarity with",
    "knowledge of",
    "expertise in",
    "you have",
    "you bring",
    "you know",
    "you'll need",
    "you will need",
    "we're looking for someone",
    "strong background",
    "要求",
    "熟悉",
    "掌握",
    "精通",
    "经验",
    "具备",
    "以上",
];

const PERK_PHRASES: &[&str] = &[
    "we offer",
    "we provide",
    "you'll get",
    "you will get",
    "you get",
    "benefits",
    "perks",
    "insurance",
    "stock options",
    "pto",
    "paid time off",
    "401k",
    "401(k)",
    "salary",
    "stipend",
    "free food",
    "福利",
    "五险一金",
    "带薪",
    "年终奖",
];

/// Steps of a hiring process: what they test is how the candidate is assessed, not what the job
/// requires ("a take-home exercise in Python", "a system-design interview about Kubernetes").
/// Interviewing as work ("interviewing users", "user interviews") is none of them.
const HIRING_PHRASES: &[&str] = &[
    "hiring process",
    "interview process",
    "recruitment process",
    "take-home",
    "take home",
    "quiz",
    "coding challenge",
    "coding interview",
    "technical interview",
    "design interview",
    "pairing interview",
    "onsite interview",
    "on-site interview",
    "final interview",
    "interview about",
    "interview round",
    "interview loop",
    "phone screen",
    "笔试",
    "面试",
    "招聘流程",
];

fn contains_any(text: &str, phrases: &[&str]) -> bool {
    let lower = lower(text);
    phrases.iter().any(|p| {
        // Short Latin phrases match whole words ("pto" is not in "cryptography").
        if p.len() <= 4 && p.is_ascii() {
            lower
                .split(|c: char| !c.is_alphanumeric())
                .any(|word| word == *p)
        } else {
            lower.contains(p)
        }
    })
}

pub(super) fn is_nice_phrased(text: &str) -> bool {
    contains_any(text, NICE_PHRASES)
}

fn is_must_phrased(text: &str) -> bool {
    contains_any(text, MUST_PHRASES) || has_years(text)
}

fn is_perk(text: &str) -> bool {
    contains_any(text, PERK_PHRASES)
}

fn is_hiring_step(text: &str) -> bool {
    contains_any(text, HIRING_PHRASES)
}

/// "5+ years", "3 years", "三年以上".
fn has_years(text: &str) -> bool {
    let lower = lower(text);
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.windows(2).any(|w| {
        w[0].trim_end_matches('+').parse::<u32>().is_ok()
            && (w[1].starts_with("year") || w[1].starts_with("yrs"))
    }) || (lower.contains("年以上") || lower.contains("年及以上"))
}

// ---- headings --------------------------------------------------------------------------------

/// Heading names by section, checked in this order (so "Preferred Qualifications" is nice, "About
/// you" is a requirement and "About us" is not).
const HEADINGS: &[(Section, &[&str])] = &[
    (
        Section::Nice,
        &[
            "nice to have",
            "nice-to-have",
            "bonus",
            "preferred",
            "a plus",
            "plus",
            "desirable",
            "optional",
            "加分",
            "优先",
        ],
    ),
    (
        Section::Must,
        &[
            "about you",
            "who you are",
            "what you have",
            "what you bring",
        ],
    ),
    (
        Section::Duties,
        &[
            "about the role",
            "about the job",
            "about the position",
            "about this role",
        ],
    ),
    (
        Section::Excluded,
        &[
            "benefit",
            "perk",
            "we offer",
            "what you'll get",
            "what you will get",
            "what you get",
            "why join",
            "why you'll love",
            "compensation",
            "salary",
            "pay ",
            "pay range",
            "starting pay",
            "about us",
            "about the company",
            "about ",
            "who we are",
            "our mission",
            "our company",
            "our story",
            "our commitment",
            "equal opportunity",
            "equal employment",
            "diversity",
            "inclusion",
            "compliance",
            "application",
            "how to apply",
            "hiring process",
            "interview process",
            "interview stages",
            "recruitment process",
            "recruiting process",
            "selection process",
            "how we hire",
            "what to expect",
            "next steps",
            "schedule",
            "location",
            "福利",
            "待遇",
            "薪资",
            "公司介绍",
            "公司简介",
            "关于我们",
            "团队介绍",
            "面试流程",
            "招聘流程",
        ],
    ),
    (
        Section::Must,
        &[
            "requirement",
            "qualification",
            "must have",
            "must-have",
            "what you'll bring",
            "what you will bring",
            "what we look for",
            "what we're looking for",
            "what we are looking for",
            "you'll need",
            "you will need",
            "skills",
            "experience",
            "任职要求",
            "岗位要求",
            "任职资格",
            "职位要求",
            "技能要求",
        ],
    ),
    (
        Section::Duties,
        &[
            "responsibilit",
            "what you'll do",
            "what you will do",
            "what you'll own",
            "what you will own",
            "the role",
            "your role",
            "duties",
            "impact you",
            "day to day",
            "day-to-day",
            "岗位职责",
            "工作职责",
            "工作内容",
        ],
    ),
    (
        Section::Stack,
        &[
            "tech stack",
            "our stack",
            "technologies we use",
            "tools we use",
            "技术栈",
        ],
    ),
];

fn heading_text(line: &str) -> String {
    let trimmed = line
        .trim()
        .trim_start_matches('#')
        .trim_matches(['*', '_', '【', '】', '[', ']', ' '])
        .trim_end_matches([':', '：'])
        .trim_matches('*')
        .trim();
    format!("{} ", lower(trimmed))
}

/// The section a heading starts, `None` for a heading we do not know (the section goes on).
fn heading_kind(line: &str) -> Option<Section> {
    let text = heading_text(line);
    HEADINGS
        .iter()
        .find(|(_, names)| names.iter().any(|n| text.contains(n)))
        .map(|(section, _)| *section)
}

/// A Markdown heading, a short line ending with a colon ("Requirements:"), a short bold line, or
/// a short line without sentence punctuation that names a known section ("Preferred
/// Qualifications", "岗位要求"). A line naming a skill is content unless marked as a heading
/// ("Python preferred" is a requirement, not a heading).
fn is_heading(line: &str) -> bool {
    let trimmed = line.trim();
    let words = trimmed.split_whitespace().count();
    let chars = trimmed.chars().count();
    let chinese = han::has_han(trimmed);
    if trimmed.starts_with('#') {
        return true;
    }
    // "**Job duties may include:**" is a heading like "Job duties may include:".
    let inner = trimmed.trim_matches(['*', '_']).trim();
    if (inner.ends_with(':') && words <= 10) || (inner.ends_with('：') && chars <= 16) {
        return true;
    }
    if trimmed.starts_with("**") && trimmed.ends_with("**") && words <= 8 {
        return true;
    }
    if trimmed.starts_with('【') && trimmed.ends_with('】') {
        return true;
    }
    let short = if chinese { chars <= 10 } else { words <= 6 };
    short
        && !trimmed.contains(['.', ',', ';', '(', '，', '。', '；'])
        && (chinese || trimmed.starts_with(char::is_uppercase))
        && heading_kind(trimmed).is_some()
        && super::skill_mentions(trimmed).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(jd: &str) -> Vec<(String, Option<Role>)> {
        sentences(jd)
            .into_iter()
            .map(|s| (s.text, s.role))
            .collect()
    }

    #[test]
    fn headings_start_sections() {
        let got = roles(
            "About us\nWe ship parcels.\nAbout the role\nYou run Go services.\nRequirements:\n\
             - Go\nNice to have\n- Rust\nBenefits\n- Gym\n",
        );
        assert_eq!(
            got,
            [
                ("We ship parcels".to_string(), None),
                ("You run Go services".to_string(), Some(Role::Duty)),
                ("Go".to_string(), Some(Role::Must)),
                ("Rust".to_string(), Some(Role::Nice)),
                ("Gym".to_string(), None),
            ]
        );
    }

    #[test]
    fn phrasing_refines_sections() {
        let got = roles("Requirements\n- Go is required. Rust is a plus\n- We offer mentoring\n");
        assert_eq!(got[0].1, Some(Role::Must));
        assert_eq!(got[1].1, Some(Role::Nice));
        assert_eq!(got[2].1, None);
    }

    #[test]
    fn a_short_ad_without_sections_is_all_requirement_but_its_perks() {
        let got = roles("Go developer for Django and Postgres work.\nBenefits\n- Insurance is required by law\n");
        assert_eq!(got[0].1, Some(Role::Must));
        assert_eq!(got[1].1, None);
    }

    #[test]
    fn numbering_and_bold_are_stripped() {
        assert_eq!(strip_marker("1.熟悉Go"), "熟悉Go");
        assert_eq!(strip_marker("2、熟悉Go"), "熟悉Go");
        assert_eq!(
            strip_marker("* **Forklift is a must**"),
            "Forklift is a must"
        );
        assert_eq!(strip_marker("10. Go"), "Go");
    }
}
