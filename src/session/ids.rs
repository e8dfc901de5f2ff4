//! Thread ids for interactive runs. Saved runs outlive the page, so an id must not repeat after
//! a reload or in another tab: a per-page counter would (`tailor-1` again), so ids combine the
//! time, randomness and a counter.

use std::sync::atomic::{AtomicU64, Ordering};

/// `{prefix}-{time}-{random}{counter}`, e.g. `tailor-m3x1k2p0-5f2c9a1e07b3d4c8-1`: the time
/// (base 36 milliseconds) keeps ids of one browser roughly sortable, the random part keeps two
/// tabs apart, the counter keeps two runs of one millisecond apart.
pub fn new_thread_id(prefix: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let count = NEXT.fetch_add(1, Ordering::Relaxed);
    let (millis, random) = entropy();
    format!("{prefix}-{}-{random:016x}-{count}", base36(millis))
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Milliseconds since the epoch and 64 random bits from the browser.
#[cfg(target_arch = "wasm32")]
fn entropy() -> (u64, u64) {
    let word = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (js_sys::Date::now() as u64, (word() << 32) | word())
}

/// Natively: the clock, plus std's per-process random hash keys mixed with the process id and
/// the clock's nanoseconds.
#[cfg(not(target_arch = "wasm32"))]
fn entropy() -> (u64, u64) {
    use std::hash::{BuildHasher, Hasher};
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(now.as_nanos());
    hasher.write_u32(std::process::id());
    (now.as_millis() as u64, hasher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_do_not_repeat_and_carry_the_prefix() {
        let ids: std::collections::HashSet<String> =
            (0..1000).map(|_| new_thread_id("tailor")).collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|id| id.starts_with("tailor-")));
    }

    #[test]
    fn base36_digits() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }
}
