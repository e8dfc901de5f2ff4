//! Text that is no answer: what a small model writes when it loses the thread ("until until
//! until", "I'm sure, I'm sure, I'm sure", the single word "finally", the system prompt again).

use serde::{Deserialize, Serialize};

use super::Against;
use crate::domain::han::{has_han, is_han, lower_words, word_units};
use crate::domain::Language;

/// Why a text is no answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Degeneracy {
    /// Nothing, or one word.
    Empty,
    /// A phrase said three times or more in a row, or a text of a few words repeated.
    Repeated { phrase: String },
    /// Under a quarter of the shortest honest answer.
    TooShort { words: usize, expected: usize },
    /// Written in the other language.
    WrongLanguage,
    /// A line of our own instructions written back.
    EchoedPrompt { line: String },
}

impl Degeneracy {
    pub fn describe(&self, lang: Language) -> String {
        match (self, lang) {
            (Degeneracy::Empty, _) => lang
                .pick("is empty or one word", "是空的或只有一个词")
                .into(),
            (Degeneracy::Repeated { phrase }, Language::En) => format!("repeats “{phrase}”"),
            (Degeneracy::Repeated { phrase }, Language::Zh) => format!("反复重复“{phrase}”"),
            (Degeneracy::TooShort { words, expected }, Language::En) => {
                format!("is {words} words where at least {expected} are expected")
            }
            (Degeneracy::TooShort { words, expected }, Language::Zh) => {
                format!("只有{words}个词，至少应有{expected}个")
            }
            (Degeneracy::WrongLanguage, _) => lang
                .pick("is written in the other language", "不是用所选语言写的")
                .into(),
            (Degeneracy::EchoedPrompt { .. }, _) => lang
                .pick(
                    "repeats our instructions to the model",
                    "复述了我们给模型的指令",
                )
                .into(),
        }
    }
}

/// Why `text` is no answer, or `None` when it may be one.
pub fn degenerate(text: &str, against: &Against<'_>) -> Option<Degeneracy> {
    let words = tokens(text);
    if words.len() < 2 {
        return Some(Degeneracy::Empty);
    }
    if let Some(phrase) = repeated_run(&words) {
        return Some(Degeneracy::Repeated { phrase });
    }
    let units = word_units(text).round() as usize;
    if against.min_words > 0 && units * 4 < against.min_words {
        return Some(Degeneracy::TooShort {
            words: units,
            expected: against.min_words,
        });
    }
    if let Some(line) = echoed_line(text, against) {
        return Some(Degeneracy::EchoedPrompt { line });
    }
    if wrong_language(text, against) {
        return Some(Degeneracy::WrongLanguage);
    }
    None
}

/// Words, lower-cased, punctuation aside; each Han character is one word.
fn tokens(text: &str) -> Vec<String> {
    lower_words(text, is_han, |c| {
        c.is_alphanumeric() || c == '\'' || c == '’'
    })
}

/// A phrase of 1–6 words said three times in a row ("until until until"), or, for a text of 12
/// words or more, a text where a third of the words or fewer are distinct (a list of one line
/// written again and again). Chinese runs use longer phrases: one character repeated is a word
/// like "谢谢" said twice, not a loop.
fn repeated_run(words: &[String]) -> Option<String> {
    const MIN_RUN: usize = 3;
    for n in 1..=6usize {
        if words.len() < n * MIN_RUN {
            continue;
        }
        for start in 0..=words.len() - n * MIN_RUN {
            let phrase = &words[start..start + n];
            if n == 1 && phrase[0].chars().all(is_han) {
                continue;
            }
            let run = (1..MIN_RUN).all(|k| &words[start + k * n..start + (k + 1) * n] == phrase);
            if run {
                return Some(join(phrase));
            }
        }
    }
    if words.len() >= 12 {
        let distinct: std::collections::HashSet<&String> = words.iter().collect();
        if distinct.len() * 3 <= words.len() {
            return Some(join(&words[..words.len().min(6)]));
        }
    }
    None
}

fn join(words: &[String]) -> String {
    let han = words.iter().all(|w| w.chars().all(is_han));
    words.join(if han { "" } else { " " })
}

/// A line of our own instructions (40 characters or more, not in any text of the user's) that
/// `text` writes back word for word.
fn echoed_line(text: &str, against: &Against<'_>) -> Option<String> {
    let written = squash(text);
    against
        .prompt
        .lines()
        .flat_map(|line| line.split(". "))
        .map(str::trim)
        .filter(|line| line.chars().count() >= 40)
        .find(|line| {
            let ours = squash(line);
            written.contains(&ours) && !against.sources.iter().any(|s| squash(s).contains(&ours))
        })
        .map(str::to_string)
}

fn squash(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Chinese asked for and not one Han character written, or English asked for and mostly Han
/// written where the user's texts have none.
fn wrong_language(text: &str, against: &Against<'_>) -> bool {
    match against.language {
        None => false,
        Some(Language::Zh) => !has_han(text),
        Some(Language::En) => {
            let han = text.chars().filter(|&c| is_han(c)).count();
            let letters = text.chars().filter(|c| c.is_alphanumeric()).count();
            han * 2 > letters && !against.sources.iter().any(|s| has_han(s))
        }
    }
}
