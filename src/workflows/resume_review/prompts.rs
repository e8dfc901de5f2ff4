//! The user message every agent gets, and its parser (used by the offline demo responders, which
//! see only the request). Tags rather than headings, so a resume's own headings cannot be mistaken
//! for the message's structure.

/// The user message: target role, optional extra blocks (e.g. feedback to address), then the resume.
pub fn user_message(target_role: &str, extra: &[(&str, String)], resume: &str) -> String {
    let mut message = format!("<target_role>\n{}\n</target_role>\n\n", target_role.trim());
    for (tag, body) in extra {
        message.push_str(&format!("<{tag}>\n{}\n</{tag}>\n\n", body.trim_end()));
    }
    message.push_str(&format!("<resume>\n{resume}\n</resume>"));
    message
}

/// The inside of `<tag>…</tag>` in a message built by [`user_message`]. The resume block is read up
/// to the *last* closing tag, so a resume that happens to contain the tag text survives.
pub fn block<'a>(message: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>\n");
    let close = format!("\n</{tag}>");
    let start = message.find(&open)? + open.len();
    let end = if tag == "resume" {
        message.rfind(&close)?
    } else {
        start + message[start..].find(&close)?
    };
    (end >= start).then(|| &message[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_role_extra_and_resume() {
        let resume = "# Ann\n<resume>\nodd text\n</resume>\nend";
        let message = user_message("Rust dev", &[("feedback", "fix it".into())], resume);
        assert_eq!(block(&message, "target_role"), Some("Rust dev"));
        assert_eq!(block(&message, "feedback"), Some("fix it"));
        assert_eq!(block(&message, "resume"), Some(resume));
        assert_eq!(block(&message, "missing"), None);
    }
}
