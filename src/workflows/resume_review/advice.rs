//! The portfolio and design nodes, run once after the review loop on the final resume. A failure
//! leaves the advice empty with a warning: the review itself is already done.

use std::rc::Rc;

use crate::domain::{DesignAdvice, Language, PortfolioAdvice};
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::RunSettings;

use super::agents::{DESIGN, PORTFOLIO};
use super::prompts::user_message;
use super::state::{ReviewState, ReviewUpdate};
use super::Deps;

pub async fn run_portfolio(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let iteration = state.current_iteration;
    let user = user_message(&state.target_role, &[], &state.resume.text);
    match deps
        .try_ask::<PortfolioAdvice>(&ctx, &PORTFOLIO, iteration, user)
        .await?
    {
        Ok(advice) => Ok(ReviewUpdate::default().portfolio_advice(Some(advice))),
        Err(error) => Ok(
            ReviewUpdate::default().warnings(vec![match deps.settings.language() {
                Language::En => format!("The portfolio advice could not be produced ({error})"),
                Language::Zh => format!("未能生成作品集建议（{error}）"),
            }]),
        ),
    }
}

pub async fn run_design(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let iteration = state.current_iteration;
    let user = user_message(&state.target_role, &[], &state.resume.text);
    match deps
        .try_ask::<DesignAdvice>(&ctx, &DESIGN, iteration, user)
        .await?
    {
        Ok(mut advice) => {
            advice.readability_score = advice.readability_score.clamp(0.0, 10.0);
            Ok(ReviewUpdate::default().design_advice(Some(advice)))
        }
        Err(error) => Ok(
            ReviewUpdate::default().warnings(vec![match deps.settings.language() {
                Language::En => format!("The design review could not be produced ({error})"),
                Language::Zh => format!("未能生成版式评审（{error}）"),
            }]),
        ),
    }
}
