//! What a crash may tell a bug report: the panic's place and the start of its message, with
//! anything that looks like an API key removed. A panic message can quote user input (a resume,
//! a provider's answer) or a key: only `MAX_MESSAGE_CHARS` of it are kept, after scrubbing.

/// How much of a panic message a report keeps: enough to name the bug, too little for a resume.
pub const MAX_MESSAGE_CHARS: usize = 300;

const REDACTED: &str = "[redacted]";

/// `location` (file:line:column) and the scrubbed, shortened `message`, for a bug report.
pub fn bug_report(message: &str, location: Option<&str>) -> String {
    let message = scrub_secrets(message);
    let mut kept: String = message.chars().take(MAX_MESSAGE_CHARS).collect();
    if kept.len() < message.len() {
        kept.push_str("… (cut)");
    }
    match location {
        Some(location) => format!("panicked at {}\n{kept}", scrub_secrets(location)),
        None => kept,
    }
}

/// `text` with every key-like word replaced by `[redacted]`: OpenAI/Anthropic keys (`sk-…`,
/// `sk-ant-…`, `sk-proj-…`), Google keys (`AIza…`), and any long run of letters and digits
/// (a bearer token of another provider).
pub fn scrub_secrets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for c in text.chars() {
        if is_token_char(c) {
            word.push(c);
        } else {
            out.push_str(shown_word(&word));
            word.clear();
            out.push(c);
        }
    }
    out.push_str(shown_word(&word));
    out
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

fn shown_word(word: &str) -> &str {
    if looks_like_key(word) {
        REDACTED
    } else {
        word
    }
}

fn looks_like_key(word: &str) -> bool {
    let prefixed = ["sk-", "sk_", "AIza", "key-"]
        .iter()
        .any(|prefix| word.starts_with(prefix) && word.len() > prefix.len());
    let long_mixed = word.len() >= 24
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic());
    prefixed || long_mixed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_every_provider_are_removed_and_the_rest_kept() {
        let message = "request failed: Bearer sk-test-e2e, x-api-key=sk-ant-api03-AbC_dEf, \
                       gemini AIzaSyFAKEFAKEFAKE0000, token ghp_0123456789abcdefghijABCDEFGHIJ (index 3)";
        let scrubbed = scrub_secrets(message);
        for secret in ["sk-test-e2e", "sk-ant-api03", "AIzaSy", "ghp_0123456789"] {
            assert!(!scrubbed.contains(secret), "{secret} in {scrubbed}");
        }
        assert!(
            scrubbed.starts_with("request failed: Bearer [redacted]"),
            "{scrubbed}"
        );
        assert!(scrubbed.ends_with("(index 3)"), "{scrubbed}");
        assert_eq!(
            scrub_secrets("skill sk- ask-me AIza"),
            "skill sk- ask-me AIza"
        );
    }

    #[test]
    fn a_report_names_the_place_and_keeps_only_the_start_of_a_long_message() {
        let resume = format!(
            "sk-test-e2e {}",
            "Led a team of five engineers. ".repeat(200)
        );
        let report = bug_report(&resume, Some("src/ui/app.rs:12:5"));
        assert!(report.starts_with("panicked at src/ui/app.rs:12:5\n[redacted] Led a team"));
        assert!(report.ends_with("… (cut)"), "{report}");
        assert!(
            report.chars().count() < MAX_MESSAGE_CHARS + 60,
            "{}",
            report.len()
        );
        assert!(!report.contains("sk-test"));
        assert_eq!(
            bug_report("index out of bounds", None),
            "index out of bounds"
        );
        // Cutting never splits a character.
        assert_eq!(
            bug_report(&"简".repeat(400), None).chars().count(),
            MAX_MESSAGE_CHARS + 7
        );
    }
}
