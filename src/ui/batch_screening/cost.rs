//! What a batch is expected to cost, as the form and the bias check say it before they start.

use crate::domain::Language;
use crate::session::default_model;
use crate::ui::i18n::tr;
use crate::ui::settings::Settings;
use crate::workflows::batch_screening::CostEstimate;

/// The model Settings will run, and the language: what an estimate is made for.
pub fn model_and_language(settings: &Settings) -> (String, Language) {
    let model = Some(settings.model.trim().to_string())
        .filter(|m| !m.is_empty())
        .or_else(|| default_model(settings.provider_kind()))
        .unwrap_or_default();
    (model, settings.language())
}

/// "Estimate: 12 candidates · 37 model calls · … · ≈ $0.0123"; `what` names what is counted.
pub fn estimate_line(
    lang: Language,
    c: &CostEstimate,
    what: (&'static str, &'static str),
) -> String {
    let price = match c.cost_usd {
        Some(usd) => format!("≈ ${usd:.4}"),
        None => tr(lang, "price unknown for this model", "该模型价格未知").to_string(),
    };
    format!(
        "{} {} {} · {} {} · {} {} + {} {} · {}",
        tr(lang, "Estimate:", "预估："),
        c.candidates,
        tr(lang, what.0, what.1),
        c.calls,
        tr(lang, "model calls", "次模型调用"),
        c.input_tokens,
        tr(lang, "input tokens", "输入 token"),
        c.output_tokens,
        tr(lang, "output tokens (guessed)", "输出 token（估计）"),
        price,
    )
}
