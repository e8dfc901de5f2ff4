//! E-mail addresses, links and phone numbers. Dates and figures stay: a year range such as
//! 2019-2024 is not a phone number.

use super::{MaskKind, Tally};

pub const EMAIL: &str = "[email]";
pub const PHONE: &str = "[phone]";
pub const LINK: &str = "[link]";

/// Every line of `text` through [`redact_contacts_in_line`], the ending kept.
pub(super) fn mask_contacts(text: &str, tally: &mut Tally) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            let (out, emails, links, phones) = redact_counted(line);
            tally.add(MaskKind::Email, emails);
            tally.add(MaskKind::Link, links);
            tally.add(MaskKind::Phone, phones);
            out
        })
        .collect();
    lines.join("\n")
}

/// `line` with e-mail addresses, links and phone numbers replaced by placeholders.
pub fn redact_contacts_in_line(line: &str) -> String {
    redact_counted(line).0
}

/// The line, and how many e-mails, links and phones went.
fn redact_counted(line: &str) -> (String, usize, usize, usize) {
    let (mut emails, mut links) = (0, 0);
    let tokens: Vec<String> = line
        .split(' ')
        .map(|token| {
            let core = token.trim_matches(|c: char| "<>()[],;:\"'".contains(c));
            if core.is_empty() || core.starts_with('[') {
                return token.to_string();
            }
            if is_email(core) {
                emails += 1;
                token.replacen(core, EMAIL, 1)
            } else if is_link(core) {
                links += 1;
                token.replacen(core, LINK, 1)
            } else {
                token.to_string()
            }
        })
        .collect();
    let (out, phones) = redact_phones(&tokens.join(" "));
    (out, emails, links, phones)
}

/// Something@host.tld, as resumes write e-mail addresses.
pub fn is_email(token: &str) -> bool {
    match token.split_once('@') {
        Some((user, host)) => !user.is_empty() && host.contains('.') && !host.ends_with('.'),
        None => false,
    }
}

fn is_link(token: &str) -> bool {
    let lower = token.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || [
            "linkedin.com/",
            "github.com/",
            "gitlab.com/",
            "twitter.com/",
            "x.com/",
        ]
        .iter()
        .any(|site| lower.contains(site))
}

/// Runs of digits, spaces, `+-().` holding nine digits or more (or seven after a `+`), unless
/// every digit group is a year.
fn redact_phones(line: &str) -> (String, usize) {
    let chars: Vec<char> = line.chars().collect();
    let is_part = |c: char| c.is_ascii_digit() || " +-().".contains(c);
    let mut out = String::new();
    let mut count = 0;
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() || chars[i] == '+' || chars[i] == '(';
        if !starts || (i > 0 && chars[i - 1].is_alphanumeric()) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len() && is_part(chars[end]) {
            end += 1;
        }
        // Trailing separators belong to the text, not the number.
        while end > i && !chars[end - 1].is_ascii_digit() {
            end -= 1;
        }
        let run: String = chars[i..end].iter().collect();
        let digits = run.chars().filter(char::is_ascii_digit).count();
        let groups: Vec<&str> = run
            .split(|c: char| !c.is_ascii_digit())
            .filter(|g| !g.is_empty())
            .collect();
        let all_years = groups
            .iter()
            .all(|g| g.len() == 4 && g.parse::<u32>().is_ok_and(|y| (1950..2100).contains(&y)));
        let glued = end < chars.len() && chars[end].is_alphanumeric();
        let phone = !all_years && !glued && (digits >= 9 || (run.starts_with('+') && digits >= 7));
        if phone && end > i {
            out.push_str(PHONE);
            count += 1;
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    (out, count)
}
