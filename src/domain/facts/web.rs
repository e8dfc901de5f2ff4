//! Emails and URLs.

use super::{Fact, FactKind};

/// Characters a URL or an email may hold (ASCII only: resumes rarely use IDNs).
fn url_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'*+,;=%".contains(c)
}

/// Top-level domains a bare host (`github.com/jane`) must end in to count without a scheme.
const BARE_TLDS: &[&str] = &[
    "com", "org", "net", "io", "dev", "me", "co", "ai", "app", "cn", "edu", "gov", "info", "xyz",
    "uk", "de", "fr", "page", "site", "tech", "blog",
];

/// Hosts that are technology names, not addresses (`ASP.NET`).
const NOT_HOSTS: &[&str] = &["asp.net", "ado.net", "vb.net"];

pub(super) fn find(text: &str) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        let starts_token = i == 0 || !url_char(text[..i].chars().next_back().unwrap_or(' '));
        if !(starts_token && c.is_ascii_alphanumeric()) {
            i += c.len_utf8();
            continue;
        }
        let len = text[i..].chars().take_while(|&c| url_char(c)).count(); // ASCII: bytes == chars
        let mut token = &text[i..i + len];
        // Sentence punctuation and closing brackets after an address are not part of it.
        while let Some(last) = token.chars().next_back() {
            let unbalanced = last == ')' && token.matches('(').count() < token.matches(')').count();
            if ".,;:!?'*]".contains(last) || unbalanced {
                token = &token[..token.len() - 1];
            } else {
                break;
            }
        }
        if let Some(fact) = classify(token, i) {
            facts.push(fact);
        }
        i += len.max(1);
    }
    facts
}

fn classify(token: &str, start: usize) -> Option<Fact> {
    let lower = token.to_ascii_lowercase();
    if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        return (rest.contains('.'))
            .then(|| Fact::new(FactKind::Url, token, url_key(&lower), start));
    }
    if lower.starts_with("mailto:") {
        return None;
    }
    if let Some((local, domain)) = lower.split_once('@') {
        let valid = !local.is_empty()
            && !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && domain
                .rsplit('.')
                .next()
                .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
        return valid.then(|| Fact::new(FactKind::Email, token, lower.clone(), start));
    }
    let host = lower.split(['/', '?', '#']).next().unwrap_or("");
    let host_is_lower = token.split('/').next().unwrap_or("") == host;
    let tld = host.rsplit('.').next().unwrap_or("");
    let labels = host.split('.').count();
    let plausible = labels >= 2
        && host_is_lower
        && BARE_TLDS.contains(&tld)
        && host
            .split('.')
            .all(|l| !l.is_empty() && l.chars().any(|c| c.is_ascii_alphabetic()))
        && !NOT_HOSTS.contains(&host);
    plausible.then(|| Fact::new(FactKind::Url, token, url_key(&lower), start))
}

/// `https://www.Example.com/jane/` → `example.com/jane`.
pub(super) fn url_key(url: &str) -> String {
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    rest.trim_end_matches('/').to_string()
}
