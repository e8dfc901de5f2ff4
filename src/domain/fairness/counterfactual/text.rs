//! Text edits the variants share: whole-word replacement, neutral contact details, years moved.

/// `text` with `needle` replaced by `with` wherever it stands as a whole word (case-insensitive;
/// an upper-case or lower-case match gets `with` in that case). A needle in a script written
/// without spaces (Chinese) has no word boundaries and is replaced wherever it stands.
pub fn replace_words(text: &str, needle: &str, with: &str) -> String {
    replace_whole_words(text, needle, |found| {
        if found.chars().any(char::is_alphabetic)
            && found == found.to_uppercase()
            && found.chars().count() > 1
        {
            with.to_uppercase()
        } else if found == found.to_lowercase() && found != found.to_uppercase() {
            with.to_lowercase()
        } else {
            with.to_string()
        }
    })
    .0
}

use crate::domain::blind::replace_whole_words;
pub use crate::domain::blind::{is_email, is_unspaced};

/// `text` with every e-mail address replaced by one neutral address, and every part of a link
/// (a host label or a path segment) holding one of `handles` (lower case) replaced by a neutral
/// handle. Both arms of a name swap get the same: an address such as `marta.quell@…` or a
/// profile link such as `github.com/zhouruoxi` would otherwise carry the original name, and
/// rewriting it to the new name in one arm only would make the arms differ by more than the name.
pub fn neutral_contacts(text: &str, handles: &[String], seed: usize) -> String {
    let handle = format!("applicant{}", seed.wrapping_add(1));
    text.split('\n')
        .map(|line| {
            line.split(' ')
                .map(|token| {
                    let core = token.trim_matches(|c: char| "<>()[],;:\"'|·".contains(c));
                    if core.is_empty() {
                        token.to_string()
                    } else if is_email(core) {
                        token.replacen(core, &format!("{handle}@example.com"), 1)
                    } else if is_link(core) {
                        token.replacen(core, &neutral_link(core, handles, &handle), 1)
                    } else {
                        token.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_link(token: &str) -> bool {
    let lower = token.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || (lower.contains('/')
            && lower
                .split('/')
                .next()
                .is_some_and(|host| host.contains('.')))
        || is_domain(&lower)
}

/// A bare domain such as `martaquell.dev`: dot-separated labels of letters, digits and hyphens,
/// the last of two to six letters.
fn is_domain(token: &str) -> bool {
    let labels: Vec<&str> = token.split('.').collect();
    labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| {
            (2..=6).contains(&tld.len()) && tld.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// The link with each host label and path segment that holds a handle replaced by `handle`.
fn neutral_link(link: &str, handles: &[String], handle: &str) -> String {
    let holds = |part: &str| {
        let part = part.to_lowercase();
        handles
            .iter()
            .any(|h| h.chars().count() >= 3 && part.contains(h.as_str()))
    };
    let (scheme, rest) = match link.find("://") {
        Some(i) => link.split_at(i + 3),
        None => ("", link),
    };
    let mut segments = rest.split('/');
    let host = segments.next().unwrap_or_default();
    let host = host
        .split('.')
        .map(|label| if holds(label) { handle } else { label })
        .collect::<Vec<_>>()
        .join(".");
    let path: Vec<&str> = segments
        .map(|segment| if holds(segment) { handle } else { segment })
        .collect();
    let mut out = format!("{scheme}{host}");
    for segment in path {
        out.push('/');
        out.push_str(segment);
    }
    out
}

/// The words of a name or an e-mail's local part that could stand for the person in a link:
/// lower-case runs of three letters or more.
pub fn handles_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// `text` with every year (four digits from 1900 to 2099, not inside a longer number) moved by
/// `by` years.
pub fn shift_years(text: &str, by: i32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let run = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if run == 0 {
            let c = text[i..].chars().next().unwrap_or_default();
            out.push(c);
            i += c.len_utf8().max(1);
            continue;
        }
        let digits = &text[i..i + run];
        match digits.parse::<i32>() {
            Ok(year) if run == 4 && (1900..=2099).contains(&year) => {
                out.push_str(&(year + by).to_string());
            }
            _ => out.push_str(digits),
        }
        i += run;
    }
    out
}
