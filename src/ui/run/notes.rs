//! What the provider layer decided during a run, for the page to say: numbers the model gave off
//! their scale and the app clamped (`clamped` events), and which answer format an
//! OpenAI-compatible server took (`structured_mode` events). The payloads taken are kept
//! ([`RunNotes::payloads`]) and saved with the run's record, so a re-opened run says them again.

use serde::Deserialize;
use serde_json::Value;

/// One number the model gave off its scale, and the value the app used (`clamped.values`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Clamped {
    pub path: String,
    pub value: f64,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub shown: f64,
}

/// The numbers of one `clamped` payload (none if it is not one).
pub fn clamped_values(payload: &Value) -> Vec<Clamped> {
    if payload["type"] != "clamped" {
        return Vec::new();
    }
    crate::value_de::from_value(payload["values"].clone()).unwrap_or_default()
}

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
        let changed = self.fold(payload);
        if changed {
            // One structured mode holds at a time: the record keeps the latest.
            if payload["type"] == "structured_mode" {
                self.payloads.retain(|p| p["type"] != "structured_mode");
            }
            self.payloads.push(payload.clone());
        }
        changed
    }

    /// The payloads that said something, for the run's record (see [`Self::take`]).
    pub fn payloads(&self) -> &[Value] {
        &self.payloads
    }

    fn fold(&mut self, payload: &Value) -> bool {
        match payload["type"].as_str() {
            Some("structured_mode") => {
                let mode = payload["mode"].as_str().map(str::to_string);
                let changed = mode != self.structured_mode;
                self.structured_mode = mode;
                changed
            }
            Some("clamped") => {
                let agent = payload["agent"].as_str().unwrap_or_default();
                let values = clamped_values(payload);
                let changed = !values.is_empty();
                self.clamped
                    .extend(values.into_iter().map(|v| (agent.to_string(), v)));
                changed
            }
            _ => false,
        }
    }
}
