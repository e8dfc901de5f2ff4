//! Per-node retry policy (LangGraph's `RetryPolicy`, without jitter so runs stay deterministic).

use std::time::Duration;

/// Retries a failing node up to `max_attempts` times in total, waiting
/// `initial_interval * backoff_factor^(attempt-1)` (capped) between attempts. Interrupts are
/// never retried: they are not failures.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    pub max_attempts: u32,
    pub initial_interval: Duration,
    pub backoff_factor: f64,
    pub max_interval: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 3,
            initial_interval: Duration::from_millis(500),
            backoff_factor: 2.0,
            max_interval: Duration::from_secs(128),
        }
    }
}

impl RetryPolicy {
    /// `max_attempts` attempts with the default backoff.
    pub fn attempts(max_attempts: u32) -> Self {
        RetryPolicy {
            max_attempts,
            ..Self::default()
        }
    }

    pub fn with_backoff(mut self, initial_interval: Duration, factor: f64) -> Self {
        self.initial_interval = initial_interval;
        self.backoff_factor = factor;
        self
    }

    /// The wait after failed attempt number `attempt` (1-based).
    pub fn interval_after(&self, attempt: u32) -> Duration {
        let factor = self.backoff_factor.powi(attempt.saturating_sub(1) as i32);
        self.initial_interval.mul_f64(factor).min(self.max_interval)
    }
}
