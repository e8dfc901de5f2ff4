//! The user message of every tailoring agent: blocks with nonce-carrying delimiters (see
//! [`crate::workflows::common::envelope`]), parsed back with [`block`] (the offline demo responders
//! see only the request).

pub use crate::workflows::common::envelope::{block, user_message};

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
