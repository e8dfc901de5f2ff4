//! A provider that refuses the key (HTTP 401/403) refuses every call of the run: going on would
//! pay nothing but show a result made of fallbacks ("Review finished", a neutral 5.0) while no
//! agent answered. So a refusal stops the node, and with it the run, under a name the
//! session recognises (`ErrorCode::KeyRefused`) whatever node or subgraph it came through.

use std::fmt;

use crate::llm::LlmError;

/// The words every key-refusal failure starts with; the engine keeps only a node failure's text,
/// so this marks it on the way up (see [`is_key_refused`]).
pub const KEY_REFUSED: &str = "the provider refused the API key";

/// A node failure caused by a refused key; its text starts with [`KEY_REFUSED`].
#[derive(Debug)]
pub struct KeyRefused(pub LlmError);

impl fmt::Display for KeyRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{KEY_REFUSED} ({})", self.0)
    }
}

impl std::error::Error for KeyRefused {}

/// Whether a call failed because the key was refused (the run must stop).
pub fn refuses_key(error: &LlmError) -> bool {
    matches!(error, LlmError::Auth { .. })
}

/// What [`LlmError::Auth`]'s text says, whichever provider: a node that passed the error up as it
/// was (`Deps::ask(…)?`, not [`KeyRefused`]) still names a refused key.
const AUTH_TEXT: &str = "rejected the API key (HTTP ";

/// Whether a node failure's text (as the engine reports it, possibly wrapped by a subgraph) is a
/// [`KeyRefused`], or a refusal a node let through unwrapped: a workflow written without
/// `Deps::try_ask` still stops as `key_refused`, not as a failed run.
pub fn is_key_refused(cause: &str) -> bool {
    cause.contains(KEY_REFUSED) || cause.contains(AUTH_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_reads_as_one_wrapped_or_not() {
        for provider in ["openai", "anthropic", "gemini", "openai_compatible"] {
            let error = LlmError::Auth {
                provider: provider.into(),
                status: 401,
                message: "Incorrect API key provided".into(),
            };
            assert!(is_key_refused(&error.to_string()), "{error}");
            assert!(is_key_refused(&KeyRefused(error.clone()).to_string()));
            assert!(is_key_refused(&format!("node `writer` failed: {error}")));
        }
        let other = LlmError::RateLimited {
            provider: "openai".into(),
            retry_after: None,
            message: "slow down".into(),
        };
        assert!(!is_key_refused(&other.to_string()));
        assert!(!is_key_refused("the resume mentions an API key"));
    }
}
