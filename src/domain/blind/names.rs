//! A person's name, as whole words, wherever it stands.

pub const NAME: &str = "[candidate]";

/// `text` with `name` (and each of its words of three letters or more, as whole words) replaced by
/// [`NAME`].
pub fn replace_name(text: &str, name: &str) -> String {
    replace_name_counted(text, name).0
}

/// [`replace_name`], and how many were replaced.
pub(super) fn replace_name_counted(text: &str, name: &str) -> (String, usize) {
    let name = name.trim().trim_start_matches('#').trim();
    if name.is_empty() || name == NAME {
        return (text.to_string(), 0);
    }
    let (mut out, mut count) = replace_words(text, name);
    for part in name.split_whitespace() {
        if part.chars().filter(|c| c.is_alphabetic()).count() >= 3 {
            let (next, n) = replace_words(&out, part);
            out = next;
            count += n;
        }
    }
    (out, count)
}

/// `needle` replaced by [`NAME`] wherever it stands as whole words (case-insensitive).
fn replace_words(text: &str, needle: &str) -> (String, usize) {
    replace_whole_words(text, needle, |_| NAME.to_string())
}

/// `needle` replaced wherever it stands as whole words (case-insensitive) by what `with` makes of
/// the text found there; and how many were replaced. Lowercasing that changes byte lengths (rare
/// scripts) leaves the text as it is.
pub fn replace_whole_words(
    text: &str,
    needle: &str,
    with: impl Fn(&str) -> String,
) -> (String, usize) {
    let lower_text = text.to_lowercase();
    let lower_needle = needle.to_lowercase();
    if lower_text.len() != text.len() || lower_needle.len() != needle.len() || needle.is_empty() {
        return (text.to_string(), 0);
    }
    // Scripts written without spaces (Chinese, Japanese) have no word boundaries: a name there is
    // followed by the next word directly (林雨航负责…) and still goes.
    let open_start = needle.chars().next().is_some_and(is_unspaced);
    let open_end = needle.chars().next_back().is_some_and(is_unspaced);
    let is_word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    let mut at = 0;
    while let Some(found) = lower_text[at..].find(&lower_needle) {
        let start = at + found;
        let end = start + needle.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        out.push_str(&text[at..start]);
        if (!open_start && is_word_char(before)) || (!open_end && is_word_char(after)) {
            out.push_str(&text[start..end]);
        } else {
            out.push_str(&with(&text[start..end]));
            count += 1;
        }
        at = end;
    }
    out.push_str(&text[at..]);
    (out, count)
}

/// A character of a script written without spaces between words: CJK ideographs and kana.
pub fn is_unspaced(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}
