//! Estimated cost per call. Prices are USD per million tokens (input, output), list prices as of
//! 2025; unknown models get `None` and the UI shows tokens only.

use crate::llm::types::Usage;

/// (model-name prefix, input $/Mtok, output $/Mtok). Longer prefixes first so `gpt-4o-mini`
/// is not priced as `gpt-4o`.
const PRICES: &[(&str, f64, f64)] = &[
    ("gpt-4o-mini", 0.15, 0.60),
    ("gpt-4o", 2.50, 10.00),
    ("gpt-4.1-nano", 0.10, 0.40),
    ("gpt-4.1-mini", 0.40, 1.60),
    ("gpt-4.1", 2.00, 8.00),
    ("gpt-5-nano", 0.05, 0.40),
    ("gpt-5-mini", 0.25, 2.00),
    ("gpt-5", 1.25, 10.00),
    ("o4-mini", 1.10, 4.40),
    ("claude-3-5-haiku", 0.80, 4.00),
    ("claude-haiku-4-5", 1.00, 5.00),
    ("claude-3-7-sonnet", 3.00, 15.00),
    ("claude-sonnet-4", 3.00, 15.00),
    ("claude-opus-4", 15.00, 75.00),
    ("gemini-2.0-flash-lite", 0.075, 0.30),
    ("gemini-2.0-flash", 0.10, 0.40),
    ("gemini-2.5-flash-lite", 0.10, 0.40),
    ("gemini-2.5-flash", 0.30, 2.50),
    ("gemini-2.5-pro", 1.25, 10.00),
];

/// USD estimate for `usage` on `model`, or `None` if the model is not in the table.
pub fn estimate_cost(model: &str, usage: &Usage) -> Option<f64> {
    let model = model.to_ascii_lowercase();
    let model = model.rsplit('/').next().unwrap_or(&model); // OpenRouter-style "openai/gpt-4o"
    PRICES
        .iter()
        .filter(|(prefix, _, _)| model.starts_with(prefix))
        .max_by_key(|(prefix, _, _)| prefix.len())
        .map(|(_, input, output)| {
            (usage.input_tokens as f64 * input + usage.output_tokens as f64 * output) / 1_000_000.0
        })
}
