//! One candidate's screening, a `Send` task each: wait for a slot, check the cost cap, then
//! parse → match → evaluation with the hiring agents, names and contacts kept out of the last two.
//! Once a call of the superstep met a refused key, the candidate is deferred (no call, or no more
//! calls) with the refusal as its `error`, for the gate's key question.

use std::rc::Rc;

use futures::future::{self, Either};

use crate::domain::blind::mask_resume;
use crate::domain::hiring::{CandidateProfile, Evaluation, MatchingAnalysis};
use crate::domain::result_check::unreliable;
use crate::domain::Language;
use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;
use crate::workflows::common::envelope::user_message;
use crate::workflows::common::events::{CandidatePayload, CandidateStage, CustomEvent};
use crate::workflows::common::json_blocks::json_block;
use crate::workflows::common::{self, RunSettings};
use crate::workflows::hiring::clamp_score;

use super::cancel;
use super::redact::{anonymous_profile, candidate_names, redact_candidate};
use super::settings::BatchSettings;
use super::shared::{hiring_agent, Shared};
use super::state::{BatchCandidate, BatchState, BatchUpdate, CandidateResult, CandidateStatus};

/// The position (1-based) of a candidate: the `iteration` of its agents' events.
fn number(id: &str) -> u32 {
    id.trim_start_matches('c').parse().unwrap_or(0)
}

fn emit_stage(ctx: &NodeContext, id: &str, stage: CandidateStage) {
    let id = id.to_string();
    CustomEvent::Candidate(CandidatePayload { id, stage }).emit(ctx);
}

/// One candidate: wait for a slot, check the cap, then parse → match → evaluation.
pub async fn screen_candidate(
    shared: Rc<Shared>,
    state: BatchState,
    ctx: NodeContext,
) -> Result<BatchUpdate, NodeError> {
    let Some(candidate) = state.current.clone() else {
        return Ok(BatchUpdate::default());
    };
    // Registered before waiting for a slot, so a waiting candidate can be cancelled too.
    let registered = cancel::register(&shared.settings.thread_id, &candidate.id);
    let _slot = shared.slots.take().await;
    if shared.settings.is_cancelled() {
        return Err(LlmError::Cancelled.into());
    }
    let base = CandidateResult {
        id: candidate.id.clone(),
        round: state.retry_rounds,
        ..CandidateResult::default()
    };
    let cancelled = |base: CandidateResult| {
        emit_stage(&ctx, &candidate.id, CandidateStage::Cancelled);
        let result = CandidateResult {
            status: CandidateStatus::Cancelled,
            ..base
        };
        Ok(BatchUpdate::default().results(vec![result]))
    };
    if registered.token.is_cancelled() {
        return cancelled(base);
    }
    let refused = |base: CandidateResult, message: String| {
        emit_stage(&ctx, &candidate.id, CandidateStage::Deferred);
        let deferred = CandidateResult {
            status: CandidateStatus::Deferred,
            error: Some(message),
            ..base
        };
        Ok(BatchUpdate::default().results(vec![deferred]))
    };
    if let Some(message) = shared.refusal(ctx.step()) {
        return refused(base, message);
    }
    let spent = state.spent_before_usd + shared.step_spend(ctx.step());
    if state.cost_cap_usd.is_some_and(|cap| spent >= cap) {
        emit_stage(&ctx, &candidate.id, CandidateStage::Deferred);
        let deferred = CandidateResult {
            status: CandidateStatus::Deferred,
            ..base
        };
        return Ok(BatchUpdate::default().results(vec![deferred]));
    }
    let (mut deps, tally) = shared.asker(ctx.step());
    // The candidate's calls stop on its own token; the run's token stops the whole task.
    deps.settings.controls.cancel = Some(registered.token.clone());
    let steps = Box::pin(screen_steps(&deps, &ctx, &state, &candidate));
    let outcome = match shared.settings.controls.cancel.clone() {
        Some(run) => match future::select(steps, run.cancelled()).await {
            Either::Left((outcome, _)) => outcome,
            Either::Right(_) => return Err(LlmError::Cancelled.into()),
        },
        None => steps.await,
    };
    let counted = CandidateResult {
        calls: tally.calls.get(),
        cost_usd: tally.cost_usd.get(),
        ..base
    };
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(_) if registered.token.is_cancelled() && !shared.settings.is_cancelled() => {
            return cancelled(counted);
        }
        Err(error) => match shared.refusal(ctx.step()) {
            Some(message) if !shared.settings.is_cancelled() => return refused(counted, message),
            _ => return Err(error),
        },
    };
    let mut result = counted;
    match outcome {
        Ok((profile, matching, evaluation)) => {
            result.status = CandidateStatus::Screened;
            result.profile = Some(profile);
            result.matching = Some(matching);
            result.evaluation = Some(evaluation);
            emit_stage(&ctx, &candidate.id, CandidateStage::Screened);
        }
        Err((profile, error)) => {
            result.status = CandidateStatus::Failed;
            result.profile = profile;
            result.error = Some(error.to_string());
            emit_stage(&ctx, &candidate.id, CandidateStage::Failed);
        }
    }
    Ok(BatchUpdate::default().results(vec![result]))
}

type Screened = (CandidateProfile, MatchingAnalysis, Evaluation);
type Failure = (Option<CandidateProfile>, LlmError);

/// The three calls in order; the first failure ends the candidate (cancellation ends the task).
async fn screen_steps(
    deps: &common::Deps<BatchSettings>,
    ctx: &NodeContext,
    state: &BatchState,
    candidate: &BatchCandidate,
) -> Result<Result<Screened, Failure>, NodeError> {
    let n = number(&candidate.id);
    let id = &candidate.id;

    emit_stage(ctx, id, CandidateStage::Parse);
    // Blind: every step reads the masked resume, the parser too.
    let sent = match candidate.blind(state.blind) {
        Some(options) => mask_resume(&candidate.text, &options).text,
        None => candidate.text.clone(),
    };
    let user = user_message(&[("resume", &sent)]);
    let profile: CandidateProfile = match deps
        .try_ask(ctx, &hiring_agent("resume_parser_agent"), n, user)
        .await?
    {
        Ok(profile) => profile,
        Err(error) => return Ok(Err((None, error))),
    };
    // From here on the name and contact details stay home (see `redact`).
    let names = candidate_names(&profile.name, &candidate.text);
    let anonymous = json_block(&Some(anonymous_profile(&profile, &names)));
    let jd = json_block(&state.jd_analysis);

    emit_stage(ctx, id, CandidateStage::Match);
    let resume = redact_candidate(&sent, &names);
    let user = user_message(&[
        ("candidate_profile", &anonymous),
        ("jd_analysis", &jd),
        ("job_description", &state.jd_text),
        ("resume", &resume),
    ]);
    let mut matching: MatchingAnalysis = match deps
        .try_ask(ctx, &hiring_agent("matching_agent"), n, user)
        .await?
    {
        Ok(matching) => matching,
        Err(error) => return Ok(Err((Some(profile), error))),
    };
    matching.score = clamp_score(matching.score);

    emit_stage(ctx, id, CandidateStage::Evaluation);
    let user = user_message(&[
        ("candidate_profile", &anonymous),
        ("jd_analysis", &jd),
        ("matching_analysis", &json_block(&Some(matching.clone()))),
    ]);
    let mut evaluation: Evaluation = match deps
        .try_ask(ctx, &hiring_agent("evaluation_agent"), n, user)
        .await?
    {
        Ok(evaluation) => evaluation,
        Err(error) => return Ok(Err((Some(profile), error))),
    };
    evaluation.overall_score = clamp_score(evaluation.overall_score);
    // An evaluation that loops or says nothing is no evaluation: its score is not ranked. The
    // candidate fails with the reason, and Retry failed asks again.
    if let Some(why) = unreliable(&evaluation.text()) {
        let lang = deps.settings.language();
        let message = match lang {
            Language::En => format!("its evaluation is not usable: it {}", why.describe(lang)),
            Language::Zh => format!("其评估不可用：{}", why.describe(lang)),
        };
        let provider = deps.model.provider().to_string();
        return Ok(Err((Some(profile), LlmError::Empty { provider, message })));
    }
    Ok(Ok((profile, matching, evaluation)))
}
