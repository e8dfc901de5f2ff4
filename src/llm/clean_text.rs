//! Provider text made fit to show: cut on a character boundary, and scrubbed of the API key
//! before it is cut. A leaf of the provider layer: errors and limits both use it.

use crate::llm::secret::ApiKey;

/// A provider message shown to the user is cut to this many characters (after key scrubbing).
pub const MAX_ERROR_MESSAGE_CHARS: usize = 2048;

/// The first `max` characters of `text`, on a char boundary, for error messages.
pub fn excerpt(text: &str, max: usize) -> String {
    let trimmed = text.trim();
    match trimmed.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &trimmed[..cut]),
        None => trimmed.to_string(),
    }
}

/// The user-facing form of any provider text that may echo the key: the key is replaced FIRST,
/// then the text is cut. (Cutting first could leave the front half of a key that straddles the
/// cut, which the scrubber would no longer recognise.)
pub fn clean_message(key: &ApiKey, text: &str) -> String {
    cut(&key.scrub(text), MAX_ERROR_MESSAGE_CHARS)
}

/// Scrubbed, then cut to `max` characters: for excerpts of bodies in decode errors.
pub fn clean_excerpt(key: &ApiKey, text: &str, max: usize) -> String {
    excerpt(&key.scrub(text), max)
}

fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}
