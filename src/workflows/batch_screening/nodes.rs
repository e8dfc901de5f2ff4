//! The batch's nodes: the ATS table (no model), the job analysis (one call, shared), one
//! candidate's screening (parse → match → evaluation, run as a `Send` task per candidate), the
//! cost-cap gate and the ranking.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::{self, Either, LocalBoxFuture};
use futures::stream::LocalBoxStream;
use futures::StreamExt;
use serde_json::json;

use crate::domain::ats::{self, Importance};
use crate::domain::hiring::{CandidateProfile, Evaluation, JdAnalysis, MatchingAnalysis};
use crate::domain::injection::scan;
use crate::graph::{NodeContext, NodeError, Route, Send};
use crate::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use crate::workflows::common::{self, Agent, RunSettings};
use crate::workflows::hiring::prompts::{json_block, user_message};
use crate::workflows::hiring::{clamp_score, WORKERS};

use super::cancel;
use super::pause::{BatchAnswer, BatchPause, CostCapPause};
use super::rank::rank_rows;
use super::redact::{anonymous_profile, redact_contacts};
use super::settings::BatchSettings;
use super::state::{AtsResult, BatchState, BatchUpdate, CandidateResult, CandidateStatus};
use super::{RANK, SCREEN};

/// What the nodes share: the (paced) model, the settings, the candidate slots and the spend of
/// the tasks of the current superstep.
pub struct Shared {
    pub model: Rc<dyn ChatModel>,
    pub settings: BatchSettings,
    pub slots: super::slots::Slots,
    /// (superstep, estimated USD spent by its tasks so far).
    pub meter: RefCell<(i64, f64)>,
}

impl Shared {
    fn step_spend(&self, step: i64) -> f64 {
        let meter = self.meter.borrow();
        if meter.0 == step {
            meter.1
        } else {
            0.0
        }
    }

    fn add_spend(&self, step: i64, usd: f64) {
        let mut meter = self.meter.borrow_mut();
        if meter.0 != step {
            *meter = (step, 0.0);
        }
        meter.1 += usd;
    }

    /// The hiring workflow's way of asking an agent, on a model that counts this task's calls.
    fn asker(self: &Rc<Self>, step: i64) -> (common::Deps<BatchSettings>, Rc<Tally>) {
        let tally = Rc::new(Tally::default());
        let model = Metered {
            shared: self.clone(),
            tally: tally.clone(),
            step,
        };
        let deps = common::Deps {
            model: Rc::new(model),
            settings: self.settings.clone(),
        };
        (deps, tally)
    }
}

/// One task's calls and estimated cost.
#[derive(Default)]
pub struct Tally {
    pub calls: Cell<u32>,
    pub cost_usd: Cell<f64>,
}

/// The shared model, counting each call and its cost (a repair call included) for the cap.
struct Metered {
    shared: Rc<Shared>,
    tally: Rc<Tally>,
    step: i64,
}

impl Metered {
    fn count(&self, response: &ChatResponse) {
        let usd = response.cost_usd.unwrap_or(0.0);
        self.tally.cost_usd.set(self.tally.cost_usd.get() + usd);
        self.shared.add_spend(self.step, usd);
    }
}

impl ChatModel for Metered {
    fn provider(&self) -> &str {
        self.shared.model.provider()
    }

    fn default_model(&self) -> &str {
        self.shared.model.default_model()
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.tally.calls.set(self.tally.calls.get() + 1);
        Box::pin(async move {
            let response = self.shared.model.complete(request).await?;
            self.count(&response);
            Ok(response)
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.tally.calls.set(self.tally.calls.get() + 1);
        Box::pin(self.shared.model.stream(request).map(move |event| {
            if let Ok(StreamEvent::Done(response)) = &event {
                self.count(response);
            }
            event
        }))
    }
}

/// A hiring agent by node name (the batch reuses their prompts and schemas).
pub fn hiring_agent(node: &str) -> Agent {
    *WORKERS
        .iter()
        .find(|a| a.node == node)
        .unwrap_or_else(|| panic!("the hiring workflow has no agent `{node}`"))
}

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

/// The candidates still to screen: never screened, deferred at the cost cap, or failed (or
/// cancelled) before the latest retry request. Screened candidates never run again.
pub fn to_screen(state: &BatchState) -> Vec<&super::BatchCandidate> {
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

/// The position (1-based) of a candidate: the `iteration` of its agents' events.
fn number(id: &str) -> u32 {
    id.trim_start_matches('c').parse().unwrap_or(0)
}

fn emit_stage(ctx: &NodeContext, id: &str, stage: &str) {
    ctx.emit(json!({"type": "candidate", "id": id, "stage": stage}));
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
        emit_stage(&ctx, &candidate.id, "cancelled");
        let result = CandidateResult {
            status: CandidateStatus::Cancelled,
            ..base
        };
        Ok(BatchUpdate::default().results(vec![result]))
    };
    if registered.token.is_cancelled() {
        return cancelled(base);
    }
    let spent = state.spent_before_usd + shared.step_spend(ctx.step());
    if state.cost_cap_usd.is_some_and(|cap| spent >= cap) {
        emit_stage(&ctx, &candidate.id, "deferred");
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
        Err(error) => return Err(error),
    };
    let mut result = counted;
    match outcome {
        Ok((profile, matching, evaluation)) => {
            result.status = CandidateStatus::Screened;
            result.profile = Some(profile);
            result.matching = Some(matching);
            result.evaluation = Some(evaluation);
            emit_stage(&ctx, &candidate.id, "screened");
        }
        Err((profile, error)) => {
            result.status = CandidateStatus::Failed;
            result.profile = profile;
            result.error = Some(error.to_string());
            emit_stage(&ctx, &candidate.id, "failed");
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
    candidate: &super::BatchCandidate,
) -> Result<Result<Screened, Failure>, NodeError> {
    let n = number(&candidate.id);
    let id = &candidate.id;

    emit_stage(ctx, id, "parse");
    let user = user_message(&[("resume", &candidate.text)]);
    let profile: CandidateProfile = match deps
        .try_ask(ctx, &hiring_agent("resume_parser_agent"), n, user)
        .await?
    {
        Ok(profile) => profile,
        Err(error) => return Ok(Err((None, error))),
    };
    // From here on the name and contact details stay home (see `redact`).
    let anonymous = json_block(&Some(anonymous_profile(&profile)));
    let jd = json_block(&state.jd_analysis);

    emit_stage(ctx, id, "match");
    let resume = redact_contacts(&candidate.text, &profile.name);
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

    emit_stage(ctx, id, "evaluation");
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
    Ok(Ok((profile, matching, evaluation)))
}

/// When candidates were deferred at the cap: ask whether to go on (and with which cap).
pub fn cost_gate(state: BatchState, ctx: NodeContext) -> Result<BatchUpdate, NodeError> {
    let deferred = state
        .candidates
        .iter()
        .filter(|c| {
            state
                .latest(&c.id)
                .is_some_and(|r| r.status == CandidateStatus::Deferred)
        })
        .count() as u32;
    if deferred == 0 || state.stopped_at_cap {
        return Ok(BatchUpdate::default());
    }
    let pause = BatchPause::CostCap(CostCapPause {
        spent_usd: state.spent_usd(),
        cap_usd: state.cost_cap_usd.unwrap_or(0.0),
        deferred,
    });
    let answer = ctx.interrupt(serde_json::to_value(&pause)?)?;
    let answer: BatchAnswer = serde_json::from_value(answer)
        .map_err(|e| NodeError::msg(format!("unreadable answer to the cost cap: {e}")))?;
    Ok(match answer {
        BatchAnswer::Continue { cost_cap_usd } => BatchUpdate::default().cost_cap_usd(cost_cap_usd),
        BatchAnswer::Stop => BatchUpdate::default().stopped_at_cap(true),
    })
}

/// The ranked table of every candidate.
pub fn rank(state: &BatchState) -> BatchUpdate {
    BatchUpdate::default().table(rank_rows(state))
}
