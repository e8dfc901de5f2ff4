//! The user's answers to the info-collection questions, made fit for a resume. Deterministic (the
//! offline demo and every provider get the same master-resume line):
//! - [`is_no`]: "no", "never", "not really", "没有", "没用过" … say the user lacks the skill, so
//!   nothing is added (neither the line nor the skill name);
//! - [`resume_line`]: the answer in the resume's voice: first person and fillers ("yeah",
//!   "basically", "hope that helps") removed, the facts the user gave kept in their words.

use crate::domain::han::has_han;

/// English words that open a "no" ("no", "never", "not really", "I haven't").
const NO_WORDS: &[&str] = &[
    "no", "nope", "nah", "never", "not", "none", "nothing", "haven't", "havent", "hasn't",
    "didn't", "didnt", "don't", "dont", "n/a", "na", "negative",
];

/// Words that may come before the "no" ("honestly, no", "I haven't", "sadly not").
const NO_LEADERS: &[&str] = &[
    "i",
    "honestly",
    "sadly",
    "unfortunately",
    "well",
    "um",
    "uh",
    "hmm",
    "actually",
    "so",
    "to",
    "be",
    "honest",
    "have",
    "i've",
    "ive",
];

/// A clause that turns a "no" into an answer with content ("no, but I ran Nomad at Acme").
const BUT_WORDS: &[&str] = &["but", "only", "except", "however", "although", "though"];

/// Chinese openings of a "no".
const NO_ZH: &[&str] = &[
    "没有",
    "没用过",
    "没用",
    "没接触",
    "没做过",
    "不会",
    "不了解",
    "不熟悉",
    "不太",
    "从来没",
    "从没",
    "未曾",
    "无",
    "否",
    "不",
    "没",
];

/// Whether an answer says the user does not have what was asked about.
pub fn is_no(answer: &str) -> bool {
    let text = answer.trim();
    if text.is_empty() {
        return false;
    }
    if has_han(text) {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !is_punctuation(*c))
            .collect();
        let compact = compact.trim_start_matches(['嗯', '额', '呃', '我']);
        let but = ["但", "不过", "只是", "只在"]
            .iter()
            .any(|b| compact.contains(b));
        // A one-character "no" ("无", "不") must be the whole answer: "无锡" is a city.
        return !but
            && compact.chars().count() <= 12
            && NO_ZH
                .iter()
                .any(|n| compact == *n || (n.chars().count() > 1 && compact.starts_with(n)));
    }
    let lower = text.to_lowercase().replace('’', "'");
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '/'))
        .filter(|w| !w.is_empty())
        .collect();
    if words.iter().any(|w| BUT_WORDS.contains(w)) || words.len() > 10 {
        return false;
    }
    let first = words.iter().find(|w| !NO_LEADERS.contains(w));
    first.is_some_and(|w| NO_WORDS.contains(w)) || (words.len() <= 6 && words.contains(&"never"))
}

fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || "，。！？；：、…“”‘’（）".contains(c)
}

/// Sentences that carry no fact ("Hope that helps!", "Thanks").
const FILLER_SENTENCES: &[&str] = &[
    "hope that helps",
    "hope this helps",
    "thanks",
    "thank you",
    "let me know",
    "that's it",
    "that's all",
    "lol",
    "haha",
];

/// Words and phrases that open a sentence without saying anything ("Yeah, so basically …").
const OPENERS: &[&str] = &[
    "yes",
    "yeah",
    "yep",
    "yup",
    "sure",
    "of course",
    "definitely",
    "absolutely",
    "well",
    "so",
    "um",
    "uh",
    "hmm",
    "ok",
    "okay",
    "oh",
    "actually",
    "basically",
    "honestly",
    "i mean",
    "i think",
    "i guess",
    "i believe",
    "like",
    "and",
    "but",
];

/// First-person subjects and what replaces them, longest first ("I've been" before "I").
const SUBJECTS: &[(&str, &str)] = &[
    ("i've been ", ""),
    ("i have been ", ""),
    ("i was ", ""),
    ("i am ", ""),
    ("i'm ", ""),
    ("i've ", ""),
    ("i have ", ""),
    ("i had ", ""),
    ("i'd ", ""),
    ("i ", ""),
    ("we've ", ""),
    ("we ", ""),
];

/// Fillers removed anywhere in a sentence.
const FILLERS: &[&str] = &[
    " basically",
    " actually",
    " kind of",
    " sort of",
    " pretty much",
    " you know,",
    " i guess",
    " i think",
    " just",
    " really",
];

/// The answer as a resume line: see the module docs. Empty when nothing factual is left.
pub fn resume_line(answer: &str) -> String {
    if has_han(answer) {
        return resume_line_zh(answer);
    }
    let text = answer.replace('’', "'").replace(['\n', '\r'], " ");
    let sentences = split_keep(&text, ['.', '!', '?']);
    let mut out: Vec<String> = Vec::new();
    for sentence in sentences {
        let mut s = sentence.trim().to_string();
        if FILLER_SENTENCES
            .iter()
            .any(|f| s.to_lowercase().starts_with(f))
        {
            continue;
        }
        s = strip_openers(&s);
        s = replace_subjects(&s);
        for filler in FILLERS {
            s = remove_ci(&s, filler);
        }
        s = s.replace(" my ", " the ").replace(" me ", " ");
        let s = collapse_spaces(&s);
        let s = s.trim().trim_matches([',', ';', ' ']);
        if s.chars().any(char::is_alphanumeric) {
            out.push(capitalise(s));
        }
    }
    out.join("; ")
}

fn resume_line_zh(answer: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for sentence in split_keep(answer, ['。', '！', '？', '\n']) {
        let mut s = sentence.trim().to_string();
        for filler in [
            "嗯",
            "呃",
            "其实",
            "就是说",
            "就是",
            "然后",
            "哈哈",
            "吧",
            "呢",
            "啊",
        ] {
            s = s.replace(filler, "");
        }
        let mut s = s.trim_start_matches(['，', ',', ' ']).to_string();
        for opener in ["是的", "有的", "用过", "对", "有"] {
            if let Some(rest) = s.strip_prefix(opener) {
                if rest.starts_with(['，', ',', ' ']) {
                    s = rest.trim_start_matches(['，', ',', ' ']).to_string();
                }
            }
        }
        let s = s
            .replace("我们", "")
            .replace("我的", "")
            .replace('我', "")
            .trim_matches(['，', ',', '；', ' '])
            .to_string();
        if s.chars().any(char::is_alphanumeric) {
            out.push(s);
        }
    }
    out.join("；")
}

/// Splits after each terminator (the terminator dropped).
fn split_keep<const N: usize>(text: &str, terminators: [char; N]) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // "40.5%" and "Node.js" keep their dot.
        let inside_word = c == '.' && chars.get(i + 1).is_some_and(|n| !n.is_whitespace());
        if terminators.contains(&c) && !inside_word {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    out.push(current);
    out
}

fn strip_openers(sentence: &str) -> String {
    let mut s = sentence.trim().to_string();
    loop {
        let lower = s.to_lowercase();
        let Some(opener) = OPENERS.iter().find(|o| {
            lower.starts_with(*o)
                && lower[o.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| c == ',' || c == ' ' || c == '!')
        }) else {
            return s;
        };
        s = s[opener.len()..]
            .trim_start_matches([',', ' ', '!'])
            .to_string();
    }
}

/// First-person subjects removed at the start of the sentence and of its clauses.
fn replace_subjects(sentence: &str) -> String {
    let mut s = format!(" {sentence}");
    for boundary in [" ", ", ", " and ", " where ", " then ", " so ", " which "] {
        for (subject, by) in SUBJECTS {
            let from = format!("{boundary}{subject}");
            let to = format!("{boundary}{by}");
            s = replace_ci(&s, &from, &to);
        }
    }
    s
}

fn replace_ci(text: &str, from: &str, to: &str) -> String {
    let lower = text.to_lowercase();
    // Lowercasing keeps byte offsets only for ASCII; other text is left alone.
    if lower.len() != text.len() {
        return text.replace(from, to);
    }
    let mut out = String::new();
    let mut at = 0;
    while let Some(i) = lower[at..].find(from) {
        out.push_str(&text[at..at + i]);
        out.push_str(to);
        at += i + from.len();
    }
    out.push_str(&text[at..]);
    out
}

fn remove_ci(text: &str, phrase: &str) -> String {
    replace_ci(text, phrase, "")
}

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noes_are_recognised_in_both_languages() {
        for no in [
            "no",
            "No, never.",
            "not really",
            "Nope!",
            "I haven't",
            "I have never used it",
            "honestly, no",
            "n/a",
            "没有",
            "没用过",
            "我没用过。",
            "不会",
        ] {
            assert!(is_no(no), "{no}");
        }
        for yes in [
            "Yes, at Acme",
            "No, but I ran Nomad clusters at Acme",
            "Not in production, only in a side project with k3s",
            "Used it for caching",
            "Knowledge graph work at Acme",
            "在青禾支付用 Redis 做会话缓存",
            "没在生产用过，但在个人项目里用过",
        ] {
            assert!(!is_no(yes), "{yes}");
        }
    }

    #[test]
    fn answers_lose_the_first_person_and_the_fillers() {
        assert_eq!(
            resume_line("Yeah, so basically I used Redis at Parcelwise to cache lookups. Thanks!"),
            "Used Redis at Parcelwise to cache lookups"
        );
        assert_eq!(
            resume_line("I've been running Kafka consumers and I wrote the retry logic"),
            "Running Kafka consumers and wrote the retry logic"
        );
        assert_eq!(
            resume_line("Cached shipment lookups at Parcelwise"),
            "Cached shipment lookups at Parcelwise"
        );
        assert_eq!(
            resume_line("We moved my team's CI to GitHub Actions. It cut build time by 40.5%."),
            "Moved the team's CI to GitHub Actions; It cut build time by 40.5%"
        );
        assert_eq!(resume_line("Hope that helps!"), "");
        assert_eq!(
            resume_line("嗯，是的，我在青禾支付用 Redis 做会话缓存。"),
            "在青禾支付用 Redis 做会话缓存"
        );
    }
}
