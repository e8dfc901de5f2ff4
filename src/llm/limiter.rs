//! A [`ChatModel`] wrapper that paces many calls sharing one provider account: at most
//! `max_in_flight` calls at once, at most `requests_per_minute` starts and `tokens_per_minute`
//! estimated tokens in any sliding minute, and a 429 pauses EVERY caller sharing the limiter (the
//! provider's `Retry-After` when given, else a doubling backoff), after which the call is sent
//! again. A rate limit therefore slows the whole batch instead of failing one call.
//!
//! Callers are served first come, first served: the caller at the head of the queue waits for its
//! slot (and its window) while the others wait behind it, so a big request cannot be starved by a
//! stream of small ones. The limiter knows no workflow; clones share one limit.
//!
//! Time comes from an injected clock and sleep ([`LimiterClock`]), so tests run on virtual time.
//! A stream is retried only when the 429 is its first event (nothing was shown yet).
//!
//! Files: `config` (the limits and the clock), `tokens` (what a request counts for), `state`
//! (the queue, windows and pause every caller shares), `paced` ([`RateLimited`] itself).

mod config;
mod paced;
mod state;
mod tokens;

pub use config::{LimiterClock, LimiterConfig};
pub use paced::RateLimited;
pub use state::LimiterStats;
pub use tokens::{estimate_tokens, input_tokens, request_tokens, ASSUMED_OUTPUT_TOKENS};

#[cfg(test)]
mod tests;

/// Test support (a virtual clock and a task yield) for the crate's and the integration tests.
#[doc(hidden)]
pub mod virtual_time;
