//! Which candidates run next: one `Send` per candidate still to screen, else the ranking.

use crate::graph::{Route, Send};

use super::state::{BatchCandidate, BatchState, CandidateStatus};
use super::{RANK, SCREEN};

/// The candidates still to screen: never screened, deferred at the cost cap, or failed (or
/// cancelled) before the latest retry request. Screened candidates never run again.
pub fn to_screen(state: &BatchState) -> Vec<&BatchCandidate> {
    state
        .candidates
        .iter()
        .filter(|c| match state.latest(&c.id) {
            None => true,
            Some(result) => match result.status {
                CandidateStatus::Screened => false,
                CandidateStatus::Pending | CandidateStatus::Deferred => true,
                CandidateStatus::Failed | CandidateStatus::Cancelled => {
                    result.round < state.retry_rounds
                }
            },
        })
        .collect()
}

/// After the job analysis and after the gate: one `Send` per candidate to screen, else the
/// ranking. An ATS-only batch, or one stopped at the cap, goes straight to the ranking.
pub fn dispatch(state: &BatchState) -> Route<BatchState> {
    if state.ats_only || state.stopped_at_cap {
        return RANK.into();
    }
    let sends: Vec<Send<BatchState>> = to_screen(state)
        .into_iter()
        .map(|candidate| {
            let arg = BatchState {
                current: Some(candidate.clone()),
                jd_text: state.jd_text.clone(),
                jd_analysis: state.jd_analysis.clone(),
                language: state.language,
                cost_cap_usd: state.cost_cap_usd,
                blind: state.blind,
                spent_before_usd: state.spent_usd(),
                retry_rounds: state.retry_rounds,
                ..BatchState::default()
            };
            Send::new(SCREEN, arg)
        })
        .collect();
    if sends.is_empty() {
        RANK.into()
    } else {
        sends.into()
    }
}
