//! What every caller sharing a limiter sees: the queue of callers, the calls in flight, the
//! last minute's starts and tokens, the pause a 429 set, and who to wake when any of it changes.

use std::collections::VecDeque;

use futures::channel::oneshot;

use super::config::LimiterConfig;

pub(super) const MINUTE_MS: f64 = 60_000.0;

/// What the limiter has seen, for a page or a test.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LimiterStats {
    pub in_flight: usize,
    /// The most calls that were ever in flight at once.
    pub max_seen_in_flight: usize,
    /// Calls sent (each retry after a 429 counts again).
    pub started: u64,
    /// 429s answered by pausing everyone.
    pub rate_limited: u64,
}

pub(super) struct State {
    pub(super) config: LimiterConfig,
    pub(super) in_flight: usize,
    /// Tickets of callers waiting for a start, in arrival order (retries after a 429 go first).
    pub(super) queue: VecDeque<u64>,
    pub(super) next_ticket: u64,
    /// Start times (ms) of the last minute's calls.
    pub(super) requests: VecDeque<f64>,
    /// (start ms, tokens) of the last minute's calls.
    pub(super) tokens: VecDeque<(f64, u64)>,
    /// No call starts before this (ms): set by a 429.
    pub(super) paused_until: f64,
    /// 429s in a row without a success (the backoff's exponent).
    pub(super) strikes: u32,
    /// Woken whenever something changes (a slot frees, the head moves, a pause is set).
    pub(super) watchers: Vec<oneshot::Sender<()>>,
    pub(super) stats: LimiterStats,
}

/// Why the head of the queue cannot start yet.
pub(super) enum Blocked {
    /// Until something changes (a slot frees, or it is not at the head).
    Change,
    /// For this long at most (a window or a pause ends).
    For(f64),
}

impl State {
    fn prune(&mut self, now: f64) {
        while self.requests.front().is_some_and(|t| now - t >= MINUTE_MS) {
            self.requests.pop_front();
        }
        while self
            .tokens
            .front()
            .is_some_and(|(t, _)| now - t >= MINUTE_MS)
        {
            self.tokens.pop_front();
        }
    }

    pub(super) fn try_start(&mut self, ticket: u64, tokens: u64, now: f64) -> Result<(), Blocked> {
        if self.queue.front() != Some(&ticket) {
            return Err(Blocked::Change);
        }
        if now < self.paused_until {
            return Err(Blocked::For(self.paused_until - now));
        }
        if self.in_flight >= self.config.max_in_flight.max(1) {
            return Err(Blocked::Change);
        }
        self.prune(now);
        if let Some(rpm) = self.config.requests_per_minute {
            if self.requests.len() >= rpm.max(1) as usize {
                let oldest = self.requests.front().copied().unwrap_or(now);
                return Err(Blocked::For(oldest + MINUTE_MS - now));
            }
        }
        if let Some(tpm) = self.config.tokens_per_minute {
            let used: u64 = self.tokens.iter().map(|(_, n)| n).sum();
            // A request bigger than the whole window still goes, alone in it.
            if !self.tokens.is_empty() && used + tokens > tpm {
                let oldest = self.tokens.front().map_or(now, |(t, _)| *t);
                return Err(Blocked::For(oldest + MINUTE_MS - now));
            }
        }
        self.queue.pop_front();
        self.in_flight += 1;
        self.requests.push_back(now);
        self.tokens.push_back((now, tokens));
        self.stats.started += 1;
        self.stats.in_flight = self.in_flight;
        self.stats.max_seen_in_flight = self.stats.max_seen_in_flight.max(self.in_flight);
        Ok(())
    }

    pub(super) fn notify(&mut self) {
        for watcher in self.watchers.drain(..) {
            let _ = watcher.send(());
        }
    }
}
