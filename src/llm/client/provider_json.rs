//! Reading a provider's JSON answers the way every provider does: its error bodies, the errors it
//! sends inside a stream, and one stream event. Shared so each provider's `Protocol` only says
//! which types it expects.

use serde::de::DeserializeOwned;

use super::ErrorBody;
use crate::llm::decode::sse::SseEvent;
use crate::llm::error::LlmError;
use crate::llm::limits::clean_excerpt;
use crate::llm::secret::ApiKey;

/// `body` as the provider's JSON error `E`, reduced by `read`; a body that is no such JSON (a
/// proxy's HTML page, plain text) is the message as it stands.
pub fn error_body<E: DeserializeOwned>(
    body: &[u8],
    read: impl FnOnce(E) -> ErrorBody,
) -> ErrorBody {
    match serde_json::from_slice::<E>(body) {
        Ok(envelope) => read(envelope),
        Err(_) => ErrorBody {
            kind: String::new(),
            message: String::from_utf8_lossy(body).trim().to_string(),
        },
    }
}

/// An error the provider sent inside a `200` stream: the server gave up mid-answer. The message
/// is scrubbed of the key, since some providers echo the request back.
pub fn error_in_stream(provider: &str, api_key: &ApiKey, error: ErrorBody) -> LlmError {
    LlmError::ProviderDown {
        provider: provider.into(),
        status: 200,
        message: api_key.scrub(&error.message),
    }
}

/// One stream event (an SSE `data` or an NDJSON line) as `T`; when it is not, the error quotes
/// the start of it, without the key.
pub fn stream_event<T: DeserializeOwned>(
    provider: &str,
    api_key: &ApiKey,
    event: &SseEvent,
) -> Result<T, LlmError> {
    // As bytes, like a response body: one compiled deserializer per type (wasm size).
    serde_json::from_slice(event.data.as_bytes()).map_err(|e| LlmError::Decode {
        provider: provider.into(),
        message: e.to_string(),
        excerpt: clean_excerpt(api_key, &event.data, 160),
    })
}
