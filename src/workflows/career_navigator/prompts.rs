//! The user message as tagged blocks (parsed back by the demo responders, which see only the
//! request). The system prompt is the agent's, with the run's language instruction appended (see
//! [`crate::workflows::common::Agent::system_prompt`]).

pub use crate::workflows::resume_review::prompts::block;

/// Tagged blocks in order; empty blocks are left out.
pub fn user_message(blocks: &[(&str, &str)]) -> String {
    blocks
        .iter()
        .filter(|(_, body)| !body.trim().is_empty())
        .map(|(tag, body)| format!("<{tag}>\n{}\n</{tag}>", body.trim_end()))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A list as `- item` lines.
pub fn bullets(items: &[String]) -> String {
    items
        .iter()
        .filter(|i| !i.trim().is_empty())
        .map(|i| format!("- {}", i.trim()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_trip_and_empty_ones_are_dropped() {
        let message = user_message(&[("profile", "a: b"), ("feedback", "  "), ("x", "y")]);
        assert_eq!(block(&message, "profile"), Some("a: b"));
        assert_eq!(block(&message, "feedback"), None);
        assert_eq!(block(&message, "x"), Some("y"));
    }
}
