//! Is this text a job posting rather than a resume? People paste or import the wrong file into
//! the resume field (the job ad they were reading, a saved posting PDF); every workflow would then
//! "improve" an ad. This says so before a run, deterministically, in English and Chinese.
//!
//! Two tallies, each counting a signal once however often it occurs:
//! - posting signals: recruiter phrasing ("we are looking for", "you will", "how to apply"),
//!   posting headings ("Requirements", "Benefits", "岗位职责", "任职要求"), a salary or pay range,
//!   and a text that talks to "you" far more than about "I";
//! - resume signals: dated entries (ranges that end or run to "present"), a contact line near the
//!   top, first-person writing, and Experience/Education sections with dated entries.
//!
//! The text is a posting when its posting tally is high and clearly above its resume tally: a
//! resume that mentions "requirements" once, or a posting that gives one date, does not flip.

use crate::domain::structured::{find_range, from_text, SectionKind};

/// What the detector found; `signals` explain the verdict to the user (phrase and line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostingCheck {
    pub looks_like_posting: bool,
    pub posting_score: u32,
    pub resume_score: u32,
    /// The posting signals found, first occurrence each, in text order.
    pub signals: Vec<PostingSignal>,
}

/// One posting signal: the phrase (lower case, as listed, "salary range" or "you / your") and
/// its first 1-based line (`None` for "you / your", which is about the whole text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostingSignal {
    pub phrase: String,
    pub line: Option<usize>,
}

/// A posting needs at least this many points...
const MIN_POSTING_SCORE: u32 = 5;
/// ...and this many more than the resume tally.
const MARGIN: u32 = 3;

/// Recruiter phrasing anywhere in the text, with its weight. Matched on word boundaries, lower
/// case, curly apostrophes straightened. Phrases a resume also uses ("responsible for",
/// "experience with") are not here.
const PHRASES: &[(&str, u32)] = &[
    ("we are looking for", 2),
    ("we're looking for", 2),
    ("we are seeking", 2),
    ("we're seeking", 2),
    ("we are hiring", 2),
    ("we're hiring", 2),
    ("seeks an", 1),
    ("seeks a", 1),
    ("the ideal candidate", 2),
    ("successful candidate", 2),
    ("you will", 1),
    ("you'll", 1),
    ("what you'll do", 2),
    ("what you will do", 2),
    ("your responsibilities", 2),
    ("who you are", 2),
    ("about the role", 2),
    ("about the job", 2),
    ("about you", 1),
    ("job description", 2),
    ("job title", 2),
    ("job type", 2),
    ("job summary", 2),
    ("job duties", 2),
    ("apply now", 2),
    ("how to apply", 2),
    ("to apply", 1),
    ("equal opportunity", 2),
    ("join our team", 2),
    ("join us", 1),
    ("what we offer", 2),
    ("we offer", 1),
    ("nice to have", 1),
    ("is a plus", 1),
    ("is a must", 1),
    ("must have", 1),
    ("preferred qualifications", 2),
    ("minimum qualifications", 2),
    ("basic qualifications", 2),
    ("pay range", 2),
    ("salary range", 2),
    ("competitive salary", 2),
    ("compensation", 1),
    ("benefits", 1),
    ("reports to", 1),
    ("per hour", 1),
];

/// Posting headings: count when a short line (a heading or a label) is one of them.
const HEADINGS: &[(&str, u32)] = &[
    ("requirements", 2),
    ("qualifications", 2),
    ("responsibilities", 2),
    ("key responsibilities", 2),
    ("physical requirements", 2),
    ("perks", 1),
    ("about us", 1),
];

/// Chinese posting wording: matched as substrings.
const ZH_PHRASES: &[(&str, u32)] = &[
    ("岗位职责", 2),
    ("职位描述", 2),
    ("任职要求", 2),
    ("任职资格", 2),
    ("岗位要求", 2),
    ("职位要求", 2),
    ("职位诱惑", 2),
    ("招聘", 2),
    ("我们提供", 2),
    ("福利待遇", 2),
    ("五险一金", 2),
    ("者优先", 1),
    ("优先考虑", 1),
    ("加分项", 1),
    ("薪资", 1),
];

/// Checks `text`. Never panics; an empty text is not a posting.
pub fn check_posting(text: &str) -> PostingCheck {
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.replace(['’', '‘'], "'").to_lowercase())
        .collect();
    let mut found: Vec<(PostingSignal, u32)> = Vec::new();
    let mut note = |phrase: &str, line: Option<usize>, weight: u32| {
        if !found.iter().any(|(s, _)| s.phrase == phrase) {
            found.push((
                PostingSignal {
                    phrase: phrase.to_string(),
                    line,
                },
                weight,
            ));
        }
    };
    let (mut you, mut me) = (0u32, 0u32);
    for (index, line) in lines.iter().enumerate() {
        let number = Some(index + 1);
        for &(phrase, weight) in PHRASES {
            if contains_words(line, phrase) {
                note(phrase, number, weight);
            }
        }
        let label = heading_text(line);
        for &(heading, weight) in HEADINGS {
            if label == heading {
                note(heading, number, weight);
            }
        }
        for &(phrase, weight) in ZH_PHRASES {
            if line.contains(phrase) {
                note(phrase, number, weight);
            }
        }
        if has_salary_range(line) {
            note("salary range", number, 2);
        }
        for word in line.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
            match word {
                "you" | "your" | "you're" | "you'll" | "yourself" => you += 1,
                "i" | "my" | "i'm" | "i've" | "me" => me += 1,
                _ => {}
            }
        }
        // 我 not followed by 们: "I" in Chinese, where 我们 ("we") is the company.
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '我' && chars.peek() != Some(&'们') {
                me += 1;
            }
        }
    }
    // A text addressed to "you" much more than written as "I".
    if you >= 6 && you >= 3 * me.max(1) {
        note("you / your", None, 2);
    }
    crate::domain::stable_sort::sort_by_key(&mut found, |(s, _)| s.line.unwrap_or(usize::MAX));
    let posting_score = found.iter().map(|(_, w)| w).sum();
    let resume_score = resume_score(text, &lines, me);
    PostingCheck {
        looks_like_posting: posting_score >= MIN_POSTING_SCORE
            && posting_score >= resume_score + MARGIN,
        posting_score,
        resume_score,
        signals: found.into_iter().map(|(s, _)| s).collect(),
    }
}

/// Points for what resumes have and postings rarely do.
fn resume_score(text: &str, lines: &[String], first_person: u32) -> u32 {
    let mut score = 0;
    // Dated entries: ranges that close or run on ("2019 – 2021", "Mar 2020 – present").
    let ranges = lines
        .iter()
        .filter(|l| find_range(l).is_some_and(|(r, _)| r.end.is_some() || r.present))
        .count();
    score += match ranges {
        0 | 1 => 0,
        2..=3 => 3,
        _ => 5,
    };
    // A contact line near the top: an e-mail address or a phone number.
    let top = lines.iter().filter(|l| !l.trim().is_empty()).take(8);
    if top.clone().any(|l| l.split_whitespace().any(is_email))
        || top.into_iter().any(|l| has_phone(l))
    {
        score += 2;
    }
    if first_person >= 3 {
        score += 2;
    }
    // Experience and education sections that hold dated entries.
    let structured = from_text(text);
    for kind in [SectionKind::Work, SectionKind::Education] {
        let dated = structured
            .entries_of(&kind)
            .iter()
            .any(|e| e.dates.as_ref().is_some_and(|d| d.value.start.is_some()));
        if dated {
            score += 2;
        }
    }
    score
}

/// `phrase` in `line` with a non-letter (or the line's end) on both sides.
fn contains_words(line: &str, phrase: &str) -> bool {
    line.match_indices(phrase).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + phrase.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric()) && after.is_none_or(|c| !c.is_alphanumeric())
    })
}

/// A (lower-cased) line as a heading or label: Markdown marks, bold, a trailing colon and spaces off; empty
/// when the line is long (a sentence, not a heading).
fn heading_text(line: &str) -> &str {
    let text = line
        .trim()
        .trim_start_matches(['#', ' ', '*', '_'])
        .trim_end_matches([' ', '*', '_', ':', '：'])
        .trim_end_matches(['*', '_'])
        .trim();
    if text.split_whitespace().count() > 4 {
        ""
    } else {
        text
    }
}

/// A pay range: `$120,000 - $150,000`, `$45k–60k`, `30-60K·14薪`, `£18 – £22 per hour`.
fn has_salary_range(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let sign = matches!(chars[i], '$' | '£' | '€' | '¥' | '￥');
        let start = if sign { i + 1 } else { i };
        let currency = sign || code_before(&chars, i);
        if !chars.get(start).is_some_and(char::is_ascii_digit)
            || (!currency && i > 0 && chars[i - 1].is_alphanumeric())
        {
            i += 1;
            continue;
        }
        let (first_end, first_k) = amount(&chars, start);
        let mut j = first_end;
        while chars.get(j).is_some_and(|c| *c == ' ') {
            j += 1;
        }
        if !chars
            .get(j)
            .is_some_and(|c| matches!(c, '-' | '–' | '—' | '~' | '～' | '至'))
        {
            i = first_end.max(i + 1);
            continue;
        }
        j += 1;
        while chars.get(j).is_some_and(|c| *c == ' ') {
            j += 1;
        }
        let second_currency = chars
            .get(j)
            .is_some_and(|c| matches!(c, '$' | '£' | '€' | '¥' | '￥'));
        if second_currency {
            j += 1;
        }
        if chars.get(j).is_some_and(char::is_ascii_digit) {
            let (_, second_k) = amount(&chars, j);
            // Currency signs make it money; without them, `30-60K` needs the K (not `2019-2021`).
            if currency || second_currency || second_k || first_k {
                return true;
            }
        }
        i = first_end.max(i + 1);
    }
    false
}

/// A currency code right before `at` ("usd 90,000", "nok 620 000"; the line is lower case).
fn code_before(chars: &[char], at: usize) -> bool {
    const CODES: &[&str] = &[
        "usd", "eur", "gbp", "nok", "sek", "dkk", "chf", "cad", "aud", "inr", "jpy", "cny", "rmb",
    ];
    let before: String = chars[..at].iter().collect();
    let word = before.trim_end();
    CODES.iter().any(|code| {
        word.ends_with(code)
            && word[..word.len() - code.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Reads an amount (`120,000`, `45.5`, `60k`) from `start`: where it ends, and whether a K follows.
fn amount(chars: &[char], start: usize) -> (usize, bool) {
    let mut j = start;
    while chars
        .get(j)
        .is_some_and(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
    {
        j += 1;
    }
    let k = chars.get(j).is_some_and(|c| matches!(c, 'k' | 'K'));
    (if k { j + 1 } else { j }, k)
}

fn is_email(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    word.split_once('@')
        .is_some_and(|(user, host)| !user.is_empty() && host.contains('.'))
}

/// Nine or more digits in a line, with only phone punctuation between: `+1 (555) 010-0199`.
fn has_phone(line: &str) -> bool {
    let mut digits = 0;
    for c in line.chars() {
        if c.is_ascii_digit() {
            digits += 1;
            if digits >= 9 {
                return true;
            }
        } else if !matches!(c, ' ' | '-' | '(' | ')' | '+' | '.') {
            digits = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salary_ranges() {
        for line in [
            "$120,000 - $150,000 a year",
            "pay: $45k–60k",
            "30-60k·14薪",
            "£18 – £22 per hour",
            "nok 620,000 - 700,000 a year",
        ] {
            assert!(has_salary_range(line), "{line}");
        }
        for line in [
            "2019-2021",
            "led 3-5 engineers",
            "saved $2m in 2020",
            "v1.2-3",
        ] {
            assert!(!has_salary_range(line), "{line}");
        }
    }

    #[test]
    fn words_on_boundaries() {
        assert!(contains_words("and you will lead", "you will"));
        assert!(!contains_words("bayou willow", "you will"));
        assert_eq!(heading_text("## requirements:"), "requirements");
        assert_eq!(heading_text("**requirements:**"), "requirements");
        assert_eq!(heading_text("gathered requirements from five teams"), "");
    }
}
