//! Checks every workflow applies to what the user typed, before any model is called.

use crate::workflows::registry::InputError;

/// Largest resume or job description accepted, in characters: far above any real resume, low
/// enough that a pasted book cannot run up a bill.
pub const MAX_INPUT_CHARS: usize = 60_000;

/// An empty or oversized text gets a message that says what to fix.
pub fn check_text(what: &str, text: &str) -> Result<(), InputError> {
    if text.trim().is_empty() {
        return Err(InputError(format!("The {what} is empty: paste it first.")));
    }
    let chars = text.chars().count();
    if chars > MAX_INPUT_CHARS {
        return Err(InputError(format!(
            "The {what} is {chars} characters long; the limit is {MAX_INPUT_CHARS}. Trim it to the relevant parts."
        )));
    }
    Ok(())
}
