//! Folding names for comparison: case, punctuation and legal suffixes do not make a new fact.

/// Lower case; every run of characters that are neither letters nor digits (nor `+`/`#`, which
/// name things: `C++`, `C#`) becomes one space; trimmed. `Parcelwise, Inc.` → `parcelwise inc`.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '+' || c == '#' {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            out.push(c);
        } else {
            gap = true;
        }
    }
    out
}

/// Legal-form words dropped from the end of an organisation's name (folded, so `Inc.` is `inc`).
const LEGAL_SUFFIXES: &[&str] = &[
    "inc",
    "incorporated",
    "llc",
    "llp",
    "ltd",
    "limited",
    "gmbh",
    "ag",
    "sa",
    "sas",
    "sarl",
    "bv",
    "nv",
    "oy",
    "ab",
    "as",
    "spa",
    "srl",
    "plc",
    "pty",
    "pte",
    "corp",
    "corporation",
    "co",
    "company",
    "kg",
    "kk",
];

/// Chinese legal forms, dropped from the end (longest first).
const CJK_SUFFIXES: &[&str] = &[
    "股份有限公司",
    "有限责任公司",
    "有限公司",
    "集团公司",
    "公司",
    "株式会社",
];

/// The key of an organisation, school, title or certification: folded, with legal suffixes
/// dropped (`Parcelwise Inc.` → `parcelwise`, `星河科技有限公司` → `星河科技`), and a leading
/// `the` dropped. Never empty when the text has a letter: a name that is only a suffix stays.
pub fn org_key(text: &str) -> String {
    let folded = fold(text);
    let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    if words.len() > 1 && words[0] == "the" {
        words.remove(0);
    }
    while words.len() > 1 && words.last().is_some_and(|w| LEGAL_SUFFIXES.contains(w)) {
        words.pop();
    }
    let mut key = words.join(" ");
    for suffix in CJK_SUFFIXES {
        if key.len() > suffix.len() && key.ends_with(suffix) {
            key.truncate(key.len() - suffix.len());
            key = key.trim_end().to_string();
            break;
        }
    }
    key
}

/// Whether `needle` (folded) occurs in `haystack` (folded) on word boundaries; CJK text has no
/// spaces, so there any occurrence counts.
pub fn contains_words(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return false;
    }
    haystack.match_indices(needle).any(|(i, _)| {
        let before = haystack[..i].chars().next_back();
        let after = haystack[i + needle.len()..].chars().next();
        let first = needle.chars().next();
        let last = needle.chars().next_back();
        let bounded = |edge: Option<char>, inner: Option<char>| {
            edge.is_none_or(|c| c == ' ')
                || inner.is_some_and(super::names::is_cjk)
                || edge.is_some_and(super::names::is_cjk)
        };
        bounded(before, first) && bounded(after, last)
    })
}
