//! Estimated cost per call. Prices are USD per million tokens (input, output), list prices as of
//! 2025, with cached input at its discount; unknown models get `None` and the UI shows tokens only.

use crate::llm::types::Usage;

/// (model-name prefix, input $/Mtok, output $/Mtok, cached input as a share of the input price).
/// Longer prefixes first so `gpt-4o-mini` is not priced as `gpt-4o`.
const PRICES: &[(&str, f64, f64, f64)] = &[
    ("gpt-4o-mini", 0.15, 0.60, 0.5),
    ("gpt-4o", 2.50, 10.00, 0.5),
    ("gpt-4.1-nano", 0.10, 0.40, 0.25),
    ("gpt-4.1-mini", 0.40, 1.60, 0.25),
    ("gpt-4.1", 2.00, 8.00, 0.25),
    ("gpt-5-nano", 0.05, 0.40, 0.1),
    ("gpt-5-mini", 0.25, 2.00, 0.1),
    ("gpt-5", 1.25, 10.00, 0.1),
    ("o4-mini", 1.10, 4.40, 0.25),
    ("claude-3-5-haiku", 0.80, 4.00, 0.1),
    ("claude-haiku-4-5", 1.00, 5.00, 0.1),
    ("claude-3-7-sonnet", 3.00, 15.00, 0.1),
    ("claude-sonnet-4", 3.00, 15.00, 0.1),
    ("claude-opus-4", 15.00, 75.00, 0.1),
    ("gemini-2.0-flash-lite", 0.075, 0.30, 0.25),
    ("gemini-2.0-flash", 0.10, 0.40, 0.25),
    ("gemini-2.5-flash-lite", 0.10, 0.40, 0.1),
    ("gemini-2.5-flash", 0.30, 2.50, 0.1),
    ("gemini-2.5-pro", 1.25, 10.00, 0.1),
];

/// USD estimate for `usage` on `model`, or `None` if the model is not in the table.
pub fn estimate_cost(model: &str, usage: &Usage) -> Option<f64> {
    let model = model.to_ascii_lowercase();
    let model = model.rsplit('/').next().unwrap_or(&model); // OpenRouter-style "openai/gpt-4o"
    PRICES
        .iter()
        .filter(|(prefix, ..)| model.starts_with(prefix))
        .max_by_key(|(prefix, ..)| prefix.len())
        .map(|(_, input, output, cached_share)| {
            let cached = usage.cached_input_tokens.min(usage.input_tokens);
            let written = usage.cache_write_tokens.min(usage.input_tokens - cached);
            let fresh = usage.input_tokens - cached - written;
            let input_cost = fresh as f64 * input
                + cached as f64 * input * cached_share
                + written as f64 * input * CACHE_WRITE_SHARE;
            (input_cost + usage.output_tokens as f64 * output) / 1_000_000.0
        })
}

/// What Anthropic bills for a token written to its (5-minute) cache, as a share of the input
/// price; only Anthropic reports cache writes.
const CACHE_WRITE_SHARE: f64 = 1.25;

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(input: u64, cached: u64, written: u64) -> Usage {
        Usage {
            input_tokens: input,
            output_tokens: 0,
            cached_input_tokens: cached,
            cache_write_tokens: written,
        }
    }

    #[test]
    fn cached_input_costs_its_share_and_cache_writes_cost_more() {
        let plain = estimate_cost("gpt-5", &usage(1_000_000, 0, 0)).unwrap();
        assert!((plain - 1.25).abs() < 1e-9);
        let cached = estimate_cost("gpt-5", &usage(1_000_000, 800_000, 0)).unwrap();
        assert!((cached - (0.2 * 1.25 + 0.8 * 0.125)).abs() < 1e-9);
        let written = estimate_cost("claude-sonnet-4", &usage(1_000_000, 0, 1_000_000)).unwrap();
        assert!((written - 3.75).abs() < 1e-9);
    }

    #[test]
    fn counts_that_do_not_add_up_never_give_a_negative_cost() {
        let odd = estimate_cost("claude-sonnet-4", &usage(10, 8, 8)).unwrap();
        assert!(odd > 0.0);
    }
}
