//! Retry policy: exponential backoff with jitter, honouring the provider's `Retry-After`.

use std::time::Duration;

use crate::llm::runtime::Runtime;

#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (so `max_retries + 1` attempts in all).
    pub max_retries: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// Longest `Retry-After` we agree to wait; longer asks fail fast so the UI can tell the user.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_retries: 2,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            max_retry_after: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    pub fn none() -> Self {
        Self {
            max_retries: 0,
            ..Self::default()
        }
    }

    /// Delay before retry number `attempt` (0-based). `Retry-After` wins when given; otherwise
    /// base·2^attempt capped at max_delay, scaled by "equal jitter" (between half and all of it) so
    /// many clients hit by the same outage do not retry in lockstep.
    pub fn delay(&self, attempt: u32, retry_after: Option<Duration>, random: f64) -> Duration {
        if let Some(wait) = retry_after {
            return wait.min(self.max_retry_after);
        }
        let exp = self
            .base_delay
            .saturating_mul(2u32.saturating_pow(attempt.min(16)));
        let capped = exp.min(self.max_delay);
        capped.mul_f64(0.5 + 0.5 * random.clamp(0.0, 1.0))
    }
}

/// How a caller may open a stream again after it was cut mid-answer (`LlmError::StreamInterrupted`),
/// from [`crate::llm::ChatModel::stream_retry`]: the provider's own retry policy and clock, and the
/// whole-call deadline every attempt and backoff wait must fit in together. The model cannot
/// retry itself: text already streamed must be taken back first, which only the caller can do.
#[derive(Debug, Clone)]
pub struct StreamRetry {
    pub policy: RetryPolicy,
    pub runtime: Runtime,
    pub deadline: Duration,
}

/// Parses `Retry-After` in its seconds form (what LLM APIs send); HTTP-date forms are ignored.
/// Never panics: any number is accepted, fractional or in exponent form; a negative or NaN value is
/// ignored, and one too large for a `Duration` (`1e20`, `inf`) saturates to `Duration::MAX`, which
/// the retry loop then refuses to wait for (see `RetryPolicy::max_retry_after`).
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let secs = value.parse::<f64>().ok()?;
    if secs.is_nan() || secs < 0.0 {
        return None;
    }
    Some(Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX))
}
