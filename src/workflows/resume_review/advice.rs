//! The portfolio and design nodes, run once after the review loop on the final resume. A failure
//! leaves the advice empty with a warning: the review itself is already done.

use std::rc::Rc;

use crate::domain::{DesignAdvice, Language, PortfolioAdvice};
use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;

use super::agents::{DESIGN, PORTFOLIO};
use super::call::{emit_agent_error, Deps};
use super::prompts::user_message;
use super::state::{ReviewState, ReviewUpdate};

pub async fn run_portfolio(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let iteration = state.current_iteration;
    let user = user_message(&state.target_role, &[], &state.resume.text);
    match deps
        .call::<PortfolioAdvice>(&ctx, &PORTFOLIO, iteration, user)
        .await
    {
        Ok(advice) => Ok(ReviewUpdate::default().portfolio_advice(Some(advice))),
        Err(LlmError::Cancelled) => Err(LlmError::Cancelled.into()),
        Err(error) => {
            emit_agent_error(&ctx, &PORTFOLIO, iteration, &error);
            Ok(
                ReviewUpdate::default().warnings(vec![match deps.settings.language {
                    Language::En => format!("The portfolio advice could not be produced ({error})"),
                    Language::Zh => format!("未能生成作品集建议（{error}）"),
                }]),
            )
        }
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
        .call::<DesignAdvice>(&ctx, &DESIGN, iteration, user)
        .await
    {
        Ok(mut advice) => {
            advice.readability_score = advice.readability_score.clamp(0.0, 10.0);
            Ok(ReviewUpdate::default().design_advice(Some(advice)))
        }
        Err(LlmError::Cancelled) => Err(LlmError::Cancelled.into()),
        Err(error) => {
            emit_agent_error(&ctx, &DESIGN, iteration, &error);
            Ok(
                ReviewUpdate::default().warnings(vec![match deps.settings.language {
                    Language::En => format!("The design review could not be produced ({error})"),
                    Language::Zh => format!("未能生成版式评审（{error}）"),
                }]),
            )
        }
    }
}
