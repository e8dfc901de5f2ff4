//! What the provider layer decided during a run, for the page to say: numbers the model gave off
//! their scale and the app clamped (`clamped` events), and which answer format an
//! OpenAI-compatible server took (`structured_mode` events). The payloads taken are kept
//! ([`RunNotes::payloads`]) and saved with the run's record, so a re-opened run says them again.

use serde_json::Value;

use crate::workflows::common::events::{ClampedPayload, CustomEvent, StructuredModePayload};

/// One number the model gave off its scale, and the value the app used (`clamped.values`).
pub use crate::workflows::common::events::ClampedValue as Clamped;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunNotes {
    /// The latest `structured_mode`: the format can step down on any call, the last one holds.
    pub structured_mode: Option<String>,
    /// Every clamped number of the run, with the agent that gave it.
    pub clamped: Vec<(String, Clamped)>,
    /// The payloads that said something, in order: what the run's record keeps.
    payloads: Vec<Value>,
}

impl RunNotes {
    /// Takes a custom event's payload; whether it changed anything.
    pub fn take(&mut self, payload: &Value) -> bool {
        let Some(event) = CustomEvent::from_payload(payload) else {
            return false;
        };
        let is_mode = matches!(event, CustomEvent::StructuredMode(_));
        let changed = self.fold(event);
        if changed {
            // One structured mode holds at a time: the record keeps the latest.
            if is_mode {
                self.payloads.retain(|p| {
                    !matches!(
                        CustomEvent::from_payload(p),
                        Some(CustomEvent::StructuredMode(_))
                    )
                });
            }
            self.payloads.push(payload.clone());
        }
        changed
    }

    /// The payloads that said something, for the run's record (see [`Self::take`]).
    pub fn payloads(&self) -> &[Value] {
        &self.payloads
    }

    fn fold(&mut self, event: CustomEvent) -> bool {
        match event {
            CustomEvent::StructuredMode(StructuredModePayload { mode, .. }) => {
                let changed = Some(&mode) != self.structured_mode.as_ref();
                self.structured_mode = Some(mode);
                changed
            }
            CustomEvent::Clamped(ClampedPayload { agent, values, .. }) => {
                let changed = !values.is_empty();
                self.clamped
                    .extend(values.into_iter().map(|v| (agent.clone(), v)));
                changed
            }
            _ => false,
        }
    }
}
