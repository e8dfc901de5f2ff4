//! Chinese (Han) text helpers for heuristics written with spaces in mind. Chinese has no spaces
//! between words, so "熟悉Rust和PostgreSQL" is one whitespace token; splitting it where the
//! script changes lets "Rust" be found, and counting characters gives Chinese text a length.
//! Everything here works on `char`s: slicing Chinese by byte offsets panics.

/// Whether `c` is a Han ideograph (CJK Unified Ideographs, extensions A–F, compatibility).
pub fn is_han(c: char) -> bool {
    matches!(c,
        '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{2FA1F}')
}

pub fn has_han(text: &str) -> bool {
    text.chars().any(is_han)
}

/// The words of `text`, lower case: runs of the characters `in_word` takes, where each
/// character `alone` takes (an ideograph: Chinese has no spaces) is a word of its own. Callers
/// differ in which script counts as ideographs and whether an apostrophe joins a word.
pub fn lower_words(
    text: &str,
    alone: impl Fn(char) -> bool,
    in_word: impl Fn(char) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if alone(c) {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            out.push(c.to_string());
        } else if in_word(c) {
            word.extend(c.to_lowercase());
        } else if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `text` cut where it changes between Han and other characters: "用Rust写" → "用", "Rust", "写".
/// Text without Han comes back as one piece.
pub fn script_runs(text: &str) -> Vec<&str> {
    let mut runs = Vec::new();
    let mut start = 0;
    let mut previous: Option<bool> = None;
    for (at, c) in text.char_indices() {
        let han = is_han(c);
        if previous.is_some_and(|p| p != han) {
            runs.push(&text[start..at]);
            start = at;
        }
        previous = Some(han);
    }
    if start < text.len() {
        runs.push(&text[start..]);
    }
    runs
}

/// Length in English-word equivalents: a whitespace-separated token without Han counts 1 (so
/// English text counts exactly as `split_whitespace`), Han characters count ½ each (a Chinese
/// word is about two characters) plus 1 if the token also holds Latin letters or digits.
pub fn word_units(text: &str) -> f64 {
    text.split_whitespace()
        .map(|token| {
            let han = token.chars().filter(|&c| is_han(c)).count();
            if han == 0 {
                1.0
            } else {
                let other = token.chars().any(|c| c.is_alphanumeric() && !is_han(c));
                han as f64 / 2.0 + if other { 1.0 } else { 0.0 }
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_where_the_script_changes() {
        assert_eq!(
            script_runs("熟悉Rust和PostgreSQL"),
            ["熟悉", "Rust", "和", "PostgreSQL"]
        );
        assert_eq!(script_runs("plain text"), ["plain text"]);
        assert!(script_runs("").is_empty());
        assert!(has_han("用 Rust") && !has_han("Rust"));
    }

    #[test]
    fn units_count_english_as_words_and_chinese_by_characters() {
        assert_eq!(word_units("Built the ledger in 3 weeks"), 6.0);
        assert_eq!(word_units("负责支付系统"), 3.0);
        assert_eq!(word_units("使用Rust开发 服务"), 3.0 + 1.0);
    }
}
