//! The limits a [`super::RateLimited`] keeps, and the clock it keeps them by.

use std::rc::Rc;
use std::time::Duration;

use crate::llm::runtime::{Runtime, SleepFn};

/// The limits, all optional except the number of calls at once.
#[derive(Debug, Clone, PartialEq)]
pub struct LimiterConfig {
    /// Calls in flight at most (at least 1).
    pub max_in_flight: usize,
    pub requests_per_minute: Option<u32>,
    pub tokens_per_minute: Option<u64>,
    /// How often one call is sent again after a 429 before its error is returned.
    pub max_rate_limit_retries: u32,
    /// The first pause after a 429 without `Retry-After`; doubles with each further 429 in a row.
    pub backoff: Duration,
    /// The longest pause taken for one 429 (a longer `Retry-After` is cut to this).
    pub max_pause: Duration,
}

impl Default for LimiterConfig {
    fn default() -> Self {
        LimiterConfig {
            max_in_flight: 3,
            requests_per_minute: None,
            tokens_per_minute: None,
            max_rate_limit_retries: 8,
            backoff: Duration::from_secs(2),
            max_pause: Duration::from_secs(120),
        }
    }
}

/// Now in milliseconds (any fixed origin) and a sleep: the platform's by default, virtual in tests.
#[derive(Clone)]
pub struct LimiterClock {
    pub now_ms: Rc<dyn Fn() -> f64>,
    pub sleep: SleepFn,
}

impl Default for LimiterClock {
    fn default() -> Self {
        LimiterClock {
            now_ms: Rc::new(platform_now_ms),
            sleep: Runtime::default().sleep,
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn platform_now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
fn platform_now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}
