//! The portfolio and design nodes, run once after the review loop on the final resume. A failure
//! leaves the advice empty with a warning: the review itself is already done.

use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::domain::{DesignAdvice, Language, PortfolioAdvice};
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::{Agent, RunSettings};

use super::agents::{DESIGN, PORTFOLIO};
use super::prompts::user_message;
use super::state::{ReviewState, ReviewUpdate};
use super::Deps;

// What a failure's warning calls each advice, in English and Chinese.
const PORTFOLIO_WHAT: (&str, &str) = ("The portfolio advice", "作品集建议");
const DESIGN_WHAT: (&str, &str) = ("The design review", "版式评审");

pub async fn run_portfolio(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let write = |advice: PortfolioAdvice| ReviewUpdate::default().portfolio_advice(Some(advice));
    advise(&deps, &state, &ctx, &PORTFOLIO, PORTFOLIO_WHAT, write).await
}

pub async fn run_design(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let write = |mut advice: DesignAdvice| {
        advice.readability_score =
            crate::workflows::common::clamp_score(advice.readability_score, 10.0);
        ReviewUpdate::default().design_advice(Some(advice))
    };
    advise(&deps, &state, &ctx, &DESIGN, DESIGN_WHAT, write).await
}

/// Asks `agent` about the final resume and writes its answer with `write`; a failure becomes a
/// warning naming the advice (`what`, in English and Chinese) in the run's language.
async fn advise<T: DeserializeOwned>(
    deps: &Deps,
    state: &ReviewState,
    ctx: &NodeContext,
    agent: &Agent,
    (what_en, what_zh): (&str, &str),
    write: impl FnOnce(T) -> ReviewUpdate,
) -> Result<ReviewUpdate, NodeError> {
    let user = user_message(&state.target_role, &[], &state.resume.text);
    Ok(
        match deps
            .try_ask::<T>(ctx, agent, state.current_iteration, user)
            .await?
        {
            Ok(answer) => write(answer),
            Err(error) => ReviewUpdate::default().warnings(vec![match deps.settings.language() {
                Language::En => format!("{what_en} could not be produced ({error})"),
                Language::Zh => format!("未能生成{what_zh}（{error}）"),
            }]),
        },
    )
}
