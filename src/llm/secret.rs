//! API keys: kept out of Debug/Display so they cannot leak into logs or error messages by accident.

use std::fmt;

/// A provider API key. `Debug` and `Display` print `***`; only [`ApiKey::expose`] reveals it, and
/// only provider request builders call that (or `HttpRequest::bearer_auth` for them), to put it in
/// the one header their provider expects.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into().trim().to_string())
    }

    /// The raw key, for the request header of its own provider only.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Replaces any occurrence of the key in `text` (e.g. an error body echoing it) with `***`.
    pub fn scrub(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_string();
        }
        text.replace(&self.0, "***")
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl From<&str> for ApiKey {
    fn from(key: &str) -> Self {
        Self::new(key)
    }
}

impl From<String> for ApiKey {
    fn from(key: String) -> Self {
        Self::new(key)
    }
}

/// Keys arrive from settings forms and host apps as plain strings. There is deliberately no
/// `Serialize`: a key can be read in, never written out (checkpoints, exports, logs).
impl<'de> serde::Deserialize<'de> for ApiKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(ApiKey::new)
    }
}
