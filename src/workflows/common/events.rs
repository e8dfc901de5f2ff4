//! The custom events a run emits besides the engine's own (`StreamEvent::Custom`'s payload): live
//! text and usage of each agent call, the provider's notes, and `batch_screening`'s candidate
//! stages. One enum, so the emitters (`call`, `stream`, the batch's screening) and the readers
//! (the app's pages, the JS API's TypeScript, derived from it) cannot drift apart. The JSON is the
//! one the JS API and stored runs have always had: `{"type": "delta", "agent": …}` (docs/embedding.md).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::graph::NodeContext;

/// One custom event's payload; `type` names the kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CustomEvent {
    Delta(DeltaPayload),
    DeltaReset(DeltaResetPayload),
    Clamped(ClampedPayload),
    StructuredMode(StructuredModePayload),
    Usage(UsagePayload),
    AgentError(AgentErrorPayload),
    Candidate(CandidatePayload),
}

impl CustomEvent {
    /// Reads a custom event's payload; `None` for a kind this build does not know (a run
    /// stored by a later version).
    pub fn from_payload(payload: &Value) -> Option<Self> {
        crate::value_de::from_value(payload.clone()).ok()
    }

    /// The payload as it goes out (`StreamEvent::Custom`).
    pub fn to_payload(&self) -> Value {
        serde_json::to_value(self).expect("a custom event is plain data")
    }

    /// Emits it from the node `ctx` runs.
    pub fn emit(&self, ctx: &NodeContext) {
        ctx.emit(self.to_payload());
    }

    /// The agent whose call it is about (`None` for a candidate's stage).
    pub fn agent(&self) -> Option<&str> {
        match self {
            Self::Delta(e) => Some(&e.agent),
            Self::DeltaReset(e) => Some(&e.agent),
            Self::Clamped(e) => Some(&e.agent),
            Self::StructuredMode(e) => Some(&e.agent),
            Self::Usage(e) => Some(&e.agent),
            Self::AgentError(e) => Some(&e.agent),
            Self::Candidate(_) => None,
        }
    }
}

/// Live text of one agent's answer as it streams in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct DeltaPayload {
    pub agent: String,
    pub iteration: u32,
    pub delta: String,
}

/// The agent's stream broke mid-answer and is streamed again: drop the text its deltas gave so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct DeltaResetPayload {
    pub agent: String,
    pub iteration: u32,
}

/// Numbers of the answer still off their scale after a second ask, clamped into it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct ClampedPayload {
    pub agent: String,
    pub iteration: u32,
    /// English sentences, one per number.
    pub notes: Vec<String>,
    /// The same as data, for a page to word in its own language.
    pub values: Vec<ClampedValue>,
}

/// One clamped number: where, what the model gave, its scale, and the value used instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ClampedValue {
    pub path: String,
    pub value: f64,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub shown: f64,
}

/// How the server took the answer format (OpenAI-compatible servers; after every call).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct StructuredModePayload {
    pub agent: String,
    pub iteration: u32,
    /// A string, as the provider layer names it (`ChatModel::structured_mode`).
    #[cfg_attr(js_api, tsify(type = "\"json_schema\" | \"json_object\" | \"prompt\""))]
    pub mode: String,
}

/// Tokens and cost of one finished model call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct UsagePayload {
    pub agent: String,
    pub iteration: u32,
    pub provider: String,
    pub model: String,
    /// Every input token, cached or not.
    pub input_tokens: u64,
    /// Of the input tokens, those the provider's prompt cache served (0 when it does not say).
    pub cached_input_tokens: u64,
    pub output_tokens: u64,
    /// Null when the model's price is unknown.
    pub cost_usd: Option<f64>,
    /// Whether the answer needed a repair retry to fit its schema.
    pub repaired: bool,
}

/// An agent failed (e.g. the key was refused); the run went on without it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct AgentErrorPayload {
    pub agent: String,
    pub iteration: u32,
    pub error: String,
    /// The answer did not fit its schema even after the repair retry (not a network error).
    pub invalid_output: bool,
}

/// `batch_screening`: where one candidate's screening stands (`id` is `c1`, `c2`, …; the agents'
/// events of that candidate carry its number as `iteration`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct CandidatePayload {
    pub id: String,
    pub stage: CandidateStage,
}

/// A candidate's stage: the three calls in order, then how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CandidateStage {
    Parse,
    Match,
    Evaluation,
    Screened,
    Failed,
    Deferred,
    Cancelled,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_json_is_tagged_by_type_with_the_fields_flat() {
        let event = CustomEvent::Delta(DeltaPayload {
            agent: "writer".into(),
            iteration: 2,
            delta: "Hi".into(),
        });
        let payload = json!({"type": "delta", "agent": "writer", "iteration": 2, "delta": "Hi"});
        assert_eq!(event.to_payload(), payload);
        assert_eq!(CustomEvent::from_payload(&payload), Some(event));
        let stage = json!({"type": "candidate", "id": "c1", "stage": "evaluation"});
        assert_eq!(
            CustomEvent::from_payload(&stage),
            Some(CustomEvent::Candidate(CandidatePayload {
                id: "c1".into(),
                stage: CandidateStage::Evaluation,
            }))
        );
    }

    #[test]
    fn an_unknown_kind_is_none() {
        assert_eq!(CustomEvent::from_payload(&json!({"type": "later"})), None);
        assert_eq!(CustomEvent::from_payload(&json!("delta")), None);
    }
}
