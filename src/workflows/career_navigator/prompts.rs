//! The user message as blocks with nonce-carrying delimiters (see
//! [`crate::workflows::common::envelope`]; parsed back by the demo responders, which see only the
//! request). The system prompt is the agent's, with the run's language instruction appended (see
//! [`crate::workflows::common::Agent::system_prompt`]).

use crate::workflows::common::Envelope;

pub use crate::workflows::common::envelope::block;

/// Blocks in order; empty blocks are left out.
pub fn user_message(blocks: &[(&str, &str)]) -> Envelope {
    blocks
        .iter()
        .filter(|(_, body)| !body.trim().is_empty())
        .fold(Envelope::new(), |message, (tag, body)| {
            message.block(tag, body)
        })
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
        let message =
            user_message(&[("profile", "a: b"), ("feedback", "  "), ("x", "y")]).render("n1");
        assert_eq!(block(&message, "profile"), Some("a: b"));
        assert_eq!(block(&message, "feedback"), None);
        assert_eq!(block(&message, "x"), Some("y"));
    }
}
