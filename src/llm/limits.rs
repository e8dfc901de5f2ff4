//! Every size and time limit the provider layer enforces, in one place, so a hostile or broken
//! server can neither exhaust memory nor hold a call open forever.

use std::time::Duration;

pub use crate::llm::clean_text::{clean_excerpt, clean_message, MAX_ERROR_MESSAGE_CHARS};
use crate::llm::schema_bounds::declared_type;
use crate::llm::types::ChatRequest;

/// Largest response body read: a whole non-streaming body, or everything one stream delivers.
/// A long rewritten resume is well under 100 KB of JSON; 8 MB only stops runaway servers.
pub const MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Largest single SSE event / NDJSON line (one delta is a few bytes to a few KB in practice).
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

/// Error bodies are only read this far: enough for any provider's JSON error.
pub const MAX_ERROR_BODY_BYTES: usize = 64 * 1024;

/// Whole-call deadline (all attempts, backoff waits and the full stream), on top of the idle
/// timeout that only bounds the gap between two events.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(180);

/// Output tokens per second a slow but healthy local model still reaches (a 0.5B model on two
/// CPU cores writes a 1,500-word critique in 13.5 s; larger models on a laptop CPU manage a few
/// tokens a second). The whole-call deadline of a local server allows this slow a pace.
pub const SLOW_LOCAL_TOKENS_PER_SEC: u64 = 2;

/// The whole-call deadline for a model on this machine or the local network asked for up to
/// `max_tokens`: at least `default`, and long enough to write them all at
/// [`SLOW_LOCAL_TOKENS_PER_SEC`] after a minute of prompt processing. A slow model that keeps
/// streaming is not cut off at 180 s; a stalled one still meets the idle timeout, and one that
/// trickles forever still ends (the budget is finite).
pub fn local_deadline(max_tokens: u32, default: Duration) -> Duration {
    let writing = u64::from(max_tokens).div_ceil(SLOW_LOCAL_TOKENS_PER_SEC);
    default.max(Duration::from_secs(60 + writing))
}

/// Whether `base_url` names this machine or a private network (loopback, RFC 1918 addresses,
/// IPv6 unique-local and link-local, `*.local`), or the model inside the tab
/// ([`crate::llm::in_tab::address::TAB_BASE_URL`]): where a model runs on someone's own hardware.
pub fn is_local_host(base_url: &str) -> bool {
    if base_url.starts_with(crate::llm::in_tab::address::TAB_BASE_URL) {
        return true;
    }
    let rest = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    }
    .to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") || host.ends_with(".local") {
        return true;
    }
    match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Ok(std::net::IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
        }
        Err(_) => false,
    }
}

/// Output tokens to allow when a request sets no `max_tokens` (Anthropic requires the field).
///
/// Formula: `1024 + 5/4 · (user_bytes + schema_bytes) / 3`, clamped to `[1024, ceiling]`.
/// - A rewritten resume can be as long as the resume it rewrites, so the answer may need as many
///   tokens as the user text; the schema's keys and structure are repeated in the JSON answer.
/// - UTF-8 bytes / 3 over-estimates tokens for English (~4 chars per token) and is about one token
///   per CJK character (3 bytes each, ~1 token), so it is generous for both of the app's languages.
/// - ×5/4 leaves room for the model's own additions (scores, lists of issues); +1024 covers the fixed
///   part of a short answer (critiques, summaries) whatever the input length.
/// - The ceiling is the model's own output limit ([`output_ceiling`]): asking for more is refused.
pub fn output_token_budget(request: &ChatRequest, ceiling: u32) -> u32 {
    let user_bytes: usize = request.messages.iter().map(|m| m.content.len()).sum();
    let schema_bytes = request
        .schema
        .as_ref()
        .map(|s| s.schema.to_string().len())
        .unwrap_or(0);
    let estimate = (user_bytes + schema_bytes) as u64 / 3 * 5 / 4 + 1024;
    let ceiling = u64::from(ceiling.max(1024));
    estimate.clamp(1024, ceiling) as u32
}

/// Characters per output token when an answer's length is budgeted from its schema (see
/// [`schema_token_budget`]); `llm::answer_budget` fits schemas to a ceiling with the same count.
pub(crate) const CHARS_PER_TOKEN: u64 = 2;
/// Tokens for the JSON's frame (whitespace, a model's stray newline) on top of its characters.
pub(crate) const FRAME_TOKENS: u64 = 64;

/// The most output tokens an answer following `schema` can need, in `[1024, ceiling]`; `None`
/// when some list or string in it is unbounded (see `llm::schema_bounds`).
///
/// The longest answer is counted in characters: every string at its `maxLength`, every list at
/// its `maxItems`, plus keys, quotes and punctuation. Two characters per token sits between
/// English (about four per token) and Chinese (about one or two per token with the tokenizers of
/// small local models): a full-length answer in either language fits unless every field is
/// filled to its bound in Chinese, and a cut answer is asked again once (`llm::structured`).
pub fn schema_token_budget(schema: &serde_json::Value, ceiling: u32) -> Option<u32> {
    let chars = longest_answer_chars(schema)?;
    let tokens = chars.div_ceil(CHARS_PER_TOKEN) + FRAME_TOKENS;
    let ceiling = u64::from(ceiling.max(1024));
    Some(tokens.clamp(1024, ceiling) as u32)
}

/// Characters in the longest JSON text `schema` allows; `None` if unbounded.
pub(crate) fn longest_answer_chars(schema: &serde_json::Value) -> Option<u64> {
    use serde_json::Value;
    if let Some(Value::Array(values)) = schema.get("enum") {
        return Some(
            values
                .iter()
                .map(|v| v.to_string().len() as u64)
                .max()
                .unwrap_or(4),
        );
    }
    if let Some(Value::Array(branches)) = schema.get("anyOf") {
        return branches
            .iter()
            .map(longest_answer_chars)
            .try_fold(0, |a, b| Some(a.max(b?)));
    }
    let kind = match declared_type(schema) {
        Some(kind) => kind,
        None if schema.get("properties").is_some() => "object",
        None => return None,
    };
    let bound = |key: &str| schema.get(key).and_then(Value::as_u64);
    Some(match kind {
        "object" => {
            let mut chars = 2;
            if let Some(Value::Object(fields)) = schema.get("properties") {
                for (name, field) in fields {
                    chars += name.len() as u64 + 4 + longest_answer_chars(field)?;
                }
            }
            chars
        }
        "array" => 2 + bound("maxItems")? * (longest_answer_chars(schema.get("items")?)? + 2),
        // JSON escapes (`\n`, `\"`) make a string's text a little longer than its characters.
        "string" => bound("maxLength")? * 11 / 10 + 2,
        "number" | "integer" => 24,
        "boolean" | "null" => 5,
        _ => return None,
    })
}

/// The most output tokens `model` of `provider` accepts (documented model limits; unknown models get
/// a conservative 8192 that every current model of these providers accepts).
pub fn output_ceiling(provider: &str, model: &str) -> u32 {
    let model = model.to_ascii_lowercase();
    match provider {
        "anthropic" => {
            if model.contains("claude-3-haiku") || model.contains("claude-3-opus") {
                4096
            } else if model.contains("claude-3-5") {
                8192
            } else if model.contains("opus-4") {
                32_000
            } else if model.contains("sonnet-4")
                || model.contains("haiku-4")
                || model.contains("claude-3-7")
            {
                64_000
            } else {
                8192
            }
        }
        "openai" if model.starts_with("gpt-4o") => 16_384,
        "gemini" if model.starts_with("gemini-2.5") => 65_536,
        _ => 8192,
    }
}
