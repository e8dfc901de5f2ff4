//! The user message of every tailoring agent: tagged blocks, the draft (`<resume>`) last. Parsed
//! back with the review's [`block`] (the offline demo responders see only the request).

pub use crate::workflows::resume_review::prompts::block;

/// Tagged blocks in order; put `resume` last so [`block`] can read it up to the last closing tag.
pub fn user_message(blocks: &[(&str, &str)]) -> String {
    blocks
        .iter()
        .map(|(tag, body)| format!("<{tag}>\n{}\n</{tag}>", body.trim_end()))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_trip() {
        let message = user_message(&[("job_description", "Rust"), ("resume", "# Ann\n- x")]);
        assert_eq!(block(&message, "job_description"), Some("Rust"));
        assert_eq!(block(&message, "resume"), Some("# Ann\n- x"));
    }
}
