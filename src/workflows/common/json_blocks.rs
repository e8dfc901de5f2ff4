//! Earlier agents' outputs as prompt blocks of compact JSON, and read back (by the offline demo
//! responders, which see only the request). Shared by the hiring pipeline and the batch, whose
//! agents are the hiring ones.

use serde::Serialize;

use super::envelope::block;
#[cfg(test)]
use super::envelope::user_message;

/// What a block says when its input does not exist yet (the agent is told, not left guessing).
pub const NOT_AVAILABLE: &str = "(not available yet)";

/// An earlier agent's output as a block body.
pub fn json_block<T: Serialize>(value: &Option<T>) -> String {
    value
        .as_ref()
        .and_then(|v| serde_json::to_string(v).ok())
        .unwrap_or_else(|| NOT_AVAILABLE.to_string())
}

/// A block's JSON read back into `T` (`None` when absent or not available).
pub fn parse_block<T: serde::de::DeserializeOwned>(message: &str, tag: &str) -> Option<T> {
    // Through `Value`: these types are also read from a run's state (one deserializer each).
    let value = serde_json::from_str(block(message, tag)?).ok()?;
    crate::value_de::from_value(value).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::hiring::JdAnalysis;

    #[test]
    fn json_blocks_round_trip_and_missing_reads_as_none() {
        let jd = JdAnalysis {
            title: "Engineer".into(),
            ..JdAnalysis::default()
        };
        let message = user_message(&[
            ("jd_analysis", &json_block(&Some(jd.clone()))),
            ("candidate_profile", &json_block::<JdAnalysis>(&None)),
        ])
        .render("n1");
        assert_eq!(parse_block::<JdAnalysis>(&message, "jd_analysis"), Some(jd));
        assert_eq!(
            parse_block::<JdAnalysis>(&message, "candidate_profile"),
            None
        );
    }
}
