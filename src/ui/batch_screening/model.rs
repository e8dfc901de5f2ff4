//! What the batch page shows while a run goes on, as signals: each candidate's live stage (from
//! the workflow's `candidate` events), the state each committed step brings (ATS scores, finished
//! screenings, the ranked table at the end) and the cost-cap question.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::graph::StreamEvent;
use crate::session::{Step, WorkflowRun};
use crate::ui::run::ViewModel;
use crate::workflows::batch_screening::{
    BatchPause, BatchState, BatchWorkflow, CandidateStatus, CostCapPause, KeyRefusedPause,
};
use crate::workflows::common::events::{CandidatePayload, CandidateStage, CustomEvent};

/// Where one row of the live table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowStatus {
    Queued,
    Running,
    Done,
    Failed,
    Cancelled,
    Deferred,
}

impl RowStatus {
    /// The `data-status` of the row (tests read it).
    pub fn id(self) -> &'static str {
        match self {
            RowStatus::Queued => "queued",
            RowStatus::Running => "running",
            RowStatus::Done => "done",
            RowStatus::Failed => "failed",
            RowStatus::Cancelled => "cancelled",
            RowStatus::Deferred => "deferred",
        }
    }

    pub fn label(self, lang: crate::domain::Language) -> &'static str {
        match self {
            RowStatus::Queued => lang.pick("Queued", "排队中"),
            RowStatus::Running => lang.pick("Running", "运行中"),
            RowStatus::Done => lang.pick("Done", "完成"),
            RowStatus::Failed => lang.pick("Failed", "失败"),
            RowStatus::Cancelled => lang.pick("Cancelled", "已取消"),
            RowStatus::Deferred => lang.pick("Deferred (not screened yet)", "已推迟（尚未筛选）"),
        }
    }

    /// A row the user may still cancel.
    pub fn cancellable(self) -> bool {
        matches!(self, RowStatus::Queued | RowStatus::Running)
    }

    fn from_stage(stage: CandidateStage) -> RowStatus {
        match stage {
            CandidateStage::Parse | CandidateStage::Match | CandidateStage::Evaluation => {
                RowStatus::Running
            }
            CandidateStage::Screened => RowStatus::Done,
            CandidateStage::Failed => RowStatus::Failed,
            CandidateStage::Cancelled => RowStatus::Cancelled,
            CandidateStage::Deferred => RowStatus::Deferred,
        }
    }

    pub fn from_result(status: CandidateStatus) -> Option<RowStatus> {
        Some(match status {
            CandidateStatus::Pending => return None,
            CandidateStatus::Screened => RowStatus::Done,
            CandidateStatus::Failed => RowStatus::Failed,
            CandidateStatus::Deferred => RowStatus::Deferred,
            CandidateStatus::Cancelled => RowStatus::Cancelled,
        })
    }
}

/// Signals of one batch run. `Copy`: a bundle of signal handles.
#[derive(Clone, Copy)]
pub struct BatchModel {
    /// Live stage of each candidate since the last committed step (id → status).
    pub live: RwSignal<BTreeMap<String, RowStatus>>,
    /// The state of the last committed step (ATS scores, finished screenings).
    pub state: RwSignal<Option<BatchState>>,
    /// The finished run's state (its ranked table).
    pub result: RwSignal<Option<BatchState>>,
    /// The cost cap was reached: go on or stop.
    pub pause: RwSignal<Option<CostCapPause>>,
    /// The provider refused the key: the rest wait for a working key, or stop.
    pub key_pause: RwSignal<Option<KeyRefusedPause>>,
    /// The user closed the pause dialog with Escape (the run still waits).
    pub hidden: RwSignal<bool>,
}

impl BatchModel {
    /// The status of candidate `id` as the row shows it. In an ATS-only batch every row is done
    /// once the ATS table is there. A failed or cancelled candidate of an earlier round waits
    /// for its retry (queued); every other result stands (a retry leaves screened rows alone).
    pub fn status(&self, id: &str) -> RowStatus {
        let committed = self.state.with(|s| {
            s.as_ref().and_then(|s| {
                if s.ats_only && !s.ats.is_empty() {
                    return Some(RowStatus::Done);
                }
                s.latest(id).and_then(|r| {
                    let retried = matches!(
                        r.status,
                        CandidateStatus::Failed | CandidateStatus::Cancelled
                    ) && r.round < s.retry_rounds;
                    if retried {
                        Some(RowStatus::Queued)
                    } else {
                        RowStatus::from_result(r.status)
                    }
                })
            })
        });
        let live = self.live.with(|l| l.get(id).copied());
        live.or(committed).unwrap_or(RowStatus::Queued)
    }

    fn take_state(&self, state: &BatchState) {
        self.state.set(Some(state.clone()));
        self.live.set(BTreeMap::new());
    }
}

impl ViewModel<BatchWorkflow> for BatchModel {
    /// ATS scores and finished candidates show as each superstep commits them.
    const STEP_STATES: bool = true;

    fn new() -> Self {
        BatchModel {
            live: RwSignal::new(BTreeMap::new()),
            state: RwSignal::new(None),
            result: RwSignal::new(None),
            pause: RwSignal::new(None),
            key_pause: RwSignal::new(None),
            hidden: RwSignal::new(false),
        }
    }

    fn event(&self, event: StreamEvent) {
        match event {
            StreamEvent::Custom { payload, .. } => {
                if let Some(CustomEvent::Candidate(CandidatePayload { id, stage })) =
                    CustomEvent::from_payload(&payload)
                {
                    let status = RowStatus::from_stage(stage);
                    self.live.update(|l| {
                        l.insert(id, status);
                    });
                }
            }
            StreamEvent::StepDone { state, path, .. } if path.is_empty() => {
                if let Ok(state) = crate::value_de::from_value::<BatchState>(state) {
                    self.take_state(&state);
                }
            }
            StreamEvent::RunFinished { state, path } if path.is_empty() => {
                if let Ok(state) = crate::value_de::from_value::<BatchState>(state) {
                    self.take_state(&state);
                    self.result.set(Some(state));
                }
            }
            _ => {}
        }
    }

    fn step(&self, step: &Step<BatchState>) -> Result<(), String> {
        self.take_state(step.state());
        let pause = match step {
            Step::Paused { interrupts, .. } => {
                let asked = WorkflowRun::<BatchWorkflow>::asked(interrupts);
                let pause = asked.into_iter().next().map(|a| a.pause);
                Some(pause.unwrap_or_else(|| Err("a pause without a question".into()))?)
            }
            _ => None,
        };
        self.hidden.set(false);
        let (cap, key) = match pause {
            Some(BatchPause::CostCap(pause)) => (Some(pause), None),
            Some(BatchPause::KeyRefused(pause)) => (None, Some(pause)),
            None => (None, None),
        };
        self.pause.set(cap);
        self.key_pause.set(key);
        if let Step::Done(state) = step {
            self.result.set(Some(state.clone()));
        }
        Ok(())
    }

    fn answered(&self) {
        self.pause.set(None);
        self.key_pause.set(None);
    }

    /// "Retry failed" on the same run: the live table comes back with every row; the failed and
    /// cancelled ones show as queued at once (the follow-up adds a retry round,
    /// `BatchWorkflow::follow_up`, which its first step commits a moment later).
    fn following_up(&self) {
        self.result.set(None);
        self.pause.set(None);
        self.key_pause.set(None);
        self.hidden.set(false);
        self.live.set(BTreeMap::new());
        self.state.update(|s| {
            if let Some(s) = s {
                s.retry_rounds += 1;
            }
        });
    }
}
