//! The batch's nodes without a model of their own or around the screening: the ATS table (no
//! model), the job analysis (one call, shared), the cost-cap gate and the ranking. Each
//! candidate's screening is in `screen.rs`, who runs next in `dispatch.rs`.

use std::rc::Rc;

use crate::domain::ats::{self, Importance};
use crate::domain::hiring::JdAnalysis;
use crate::domain::injection::scan;
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::envelope::user_message;

use super::pause::{BatchAnswer, BatchPause, CostCapPause, KeyRefusedPause};
use super::rank::rank_rows;
use super::shared::{hiring_agent, Shared};
use super::state::{AtsResult, BatchState, BatchUpdate, CandidateStatus};
use crate::domain::blind::{mask_resume, resume_name};

/// Every resume against the job, without a model: the table is useful at once.
pub fn ats_screen(state: &BatchState) -> BatchUpdate {
    let job = ats::extract(&state.jd_text);
    let ats: Vec<AtsResult> = state
        .candidates
        .iter()
        .map(|candidate| {
            let report = ats::analyze(&job, &candidate.text);
            let required = |terms: &[ats::AtsTerm]| {
                terms
                    .iter()
                    .filter(|t| t.importance == Importance::Required)
                    .count() as u32
            };
            let must_matched = required(&report.matched);
            AtsResult {
                id: candidate.id.clone(),
                score: report.score,
                must_matched,
                must_total: must_matched + required(&report.missing),
                missing_must: report.missing_required_skills(),
                injection: scan("resume", &candidate.text),
                name: resume_name(&candidate.text),
                masked: candidate
                    .blind(state.blind)
                    .map(|options| mask_resume(&candidate.text, &options).applied)
                    .unwrap_or_default(),
            }
        })
        .collect();
    BatchUpdate::default().ats(ats)
}

/// The job analysis, once for the whole batch (kept across retries).
pub async fn jd_analysis(
    shared: Rc<Shared>,
    state: BatchState,
    ctx: NodeContext,
) -> Result<BatchUpdate, NodeError> {
    if state.ats_only || state.jd_analysis.is_some() {
        return Ok(BatchUpdate::default());
    }
    let (deps, tally) = shared.asker(ctx.step());
    let agent = hiring_agent("jd_analysis_agent");
    let user = user_message(&[("job_description", &state.jd_text)]);
    let update = match deps.try_ask::<JdAnalysis>(&ctx, &agent, 0, user).await? {
        Ok(analysis) => BatchUpdate::default().jd_analysis(Some(analysis)),
        Err(error) => BatchUpdate::default().warnings(vec![format!(
            "The job analysis failed ({error}); candidates are matched against the job description alone."
        )]),
    };
    Ok(update.jd_cost_usd(tally.cost_usd.get()))
}

/// When candidates were deferred: ask whether to go on. A refused key asks about the key (the
/// cap stays); otherwise the cap was reached, and going on takes a new cap.
pub fn cost_gate(state: BatchState, ctx: NodeContext) -> Result<BatchUpdate, NodeError> {
    let deferred: Vec<_> = state
        .candidates
        .iter()
        .filter_map(|c| state.latest(&c.id))
        .filter(|r| r.status == CandidateStatus::Deferred)
        .collect();
    if deferred.is_empty() || state.stopped_at_cap {
        return Ok(BatchUpdate::default());
    }
    // A deferral with an error is a refused key's (a cap deferral has none).
    let refusal = deferred.iter().find_map(|r| r.error.clone());
    let pause = match refusal {
        Some(message) => {
            // A candidate that sent a call (and met the refusal) is not one "with no call sent".
            let refused = deferred.iter().filter(|r| r.calls > 0).count() as u32;
            BatchPause::KeyRefused(KeyRefusedPause {
                deferred: deferred.len() as u32 - refused,
                refused,
                message,
            })
        }
        None => BatchPause::CostCap(CostCapPause {
            spent_usd: state.spent_usd(),
            cap_usd: state.cost_cap_usd.unwrap_or(0.0),
            deferred: deferred.len() as u32,
        }),
    };
    let answer = ctx.interrupt(serde_json::to_value(&pause)?)?;
    let answer: BatchAnswer = serde_json::from_value(answer)
        .map_err(|e| NodeError::msg(format!("unreadable answer to the batch's question: {e}")))?;
    Ok(match (answer, pause) {
        (BatchAnswer::Continue { .. }, BatchPause::KeyRefused(_)) => BatchUpdate::default(),
        (BatchAnswer::Continue { cost_cap_usd }, _) => {
            BatchUpdate::default().cost_cap_usd(cost_cap_usd)
        }
        (BatchAnswer::Stop, _) => BatchUpdate::default().stopped_at_cap(true),
    })
}

/// The ranked table of every candidate.
pub fn rank(state: &BatchState) -> BatchUpdate {
    BatchUpdate::default().table(rank_rows(state))
}
