//! The aggregator's integrated score per round, as bars against the threshold line.

use leptos::prelude::*;

use super::model::RunModel;
use crate::domain::Language;
use crate::ui::i18n::use_language;

const HEIGHT: f64 = 80.0;
const BAR: f64 = 36.0;
const GAP: f64 = 14.0;

#[component]
pub fn ScoreTimeline(model: RunModel, threshold: f64) -> impl IntoView {
    let lang = use_language();
    let label = move || {
        let scores: Vec<String> = model
            .scores
            .get()
            .iter()
            .map(|s| format!("{s:.1}"))
            .collect();
        match lang.get() {
            Language::En => format!(
                "Integrated score per round: {} (threshold {threshold:.1})",
                scores.join(", ")
            ),
            Language::Zh => format!("每轮综合得分：{}（阈值 {threshold:.1}）", scores.join("，")),
        }
    };
    let y = |score: f64| HEIGHT - score.clamp(0.0, 10.0) / 10.0 * HEIGHT;
    view! {
        <figure class="timeline" data-testid="timeline">
            <svg
                role="img"
                aria-label=label
                width=move || (model.scores.with(Vec::len).max(3) as f64 * (BAR + GAP) + GAP).to_string()
                height=(HEIGHT + 18.0).to_string()
            >
                {move || {
                    model
                        .scores
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, score)| {
                            let x = GAP + i as f64 * (BAR + GAP);
                            let met = score >= threshold;
                            view! {
                                <rect
                                    class=if met { "timeline__bar timeline__bar--met" } else { "timeline__bar" }
                                    x=x.to_string()
                                    y=y(score).to_string()
                                    width=BAR.to_string()
                                    height=(HEIGHT - y(score)).to_string()
                                ></rect>
                                <text class="timeline__label" x=(x + BAR / 2.0).to_string() y=(HEIGHT + 14.0).to_string() text-anchor="middle">
                                    {format!("{score:.1}")}
                                </text>
                            }
                        })
                        .collect_view()
                }}
                <line class="timeline__threshold" x1="0" x2="100%" y1=y(threshold).to_string() y2=y(threshold).to_string()></line>
            </svg>
            <figcaption>
                {move || match lang.get() {
                    Language::En => format!("Score per round · threshold {threshold:.1}"),
                    Language::Zh => format!("每轮得分 · 阈值 {threshold:.1}"),
                }}
            </figcaption>
        </figure>
    }
}
