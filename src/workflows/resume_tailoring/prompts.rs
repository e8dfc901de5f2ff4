//! The user message of every tailoring agent: blocks with nonce-carrying delimiters (see
//! [`crate::workflows::common::envelope`]), parsed back with [`block`] (the offline demo responders
//! see only the request).

use crate::workflows::common::Envelope;

pub use crate::workflows::common::envelope::block;

/// Blocks in order (each body's trailing whitespace trimmed).
pub fn user_message(blocks: &[(&str, &str)]) -> Envelope {
    blocks.iter().fold(Envelope::new(), |message, (tag, body)| {
        message.block(tag, body)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_trip() {
        let message =
            user_message(&[("job_description", "Rust"), ("resume", "# Ann\n- x")]).render("n1");
        assert_eq!(block(&message, "job_description"), Some("Rust"));
        assert_eq!(block(&message, "resume"), Some("# Ann\n- x"));
    }
}
