//! One batch run on the page: its phase, Stop all, a row per candidate while it runs (status,
//! ATS score, Cancel), the cost-cap or key question, and at the end the ranked table.

use leptos::prelude::*;

use super::bias::BiasPanel;
use super::impact::ImpactSection;
use super::key_pause::KeyRefusedDialog;
use super::model::RowStatus;
use super::pause::CostCapDialog;
use super::ranked::RankedTable;
use super::BatchRunHandle;
use crate::domain::Language;
use crate::session::WorkflowRun;
use crate::ui::components::StopButton;
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{elsewhere_text, RunPhase};
use crate::workflows::batch_screening::decisions::PersonDecision;
use crate::workflows::batch_screening::{
    cancel_candidate, BatchRunInput, BatchState, BatchWorkflow,
};

/// What the phase line says; `failed` candidates failed (a finished batch says how many, not
/// just "finished": a batch on a refused key once failed every row and said "Batch finished").
fn phase_text(
    lang: Language,
    phase: RunPhase,
    key_refused: bool,
    (done, failed, deferred, total): (usize, usize, usize, usize),
) -> String {
    match phase {
        // Stopped at the key question: the run ended, but as stopped, and says what waits.
        RunPhase::Finished if key_refused => match lang {
            Language::Zh => format!("已在密钥被拒绝处停止：{total} 位候选人中有 {deferred} 位未筛选。请在设置中修正密钥，然后点击“重试失败项”。"),
            Language::En => format!("Stopped at the refused API key: {deferred} of {total} candidate(s) were not screened. Fix the key in Settings, then Retry failed screens them."),
        },
        RunPhase::Finished if failed > 0 => match lang {
            Language::Zh => format!("批量筛选已结束：{total} 位候选人中有 {failed} 位筛选失败（可点击“重试失败项”）。"),
            Language::En => format!("Batch finished: {failed} of {total} candidate(s) failed (Retry failed runs them again)."),
        },
        RunPhase::Waiting if key_refused => tr(
            lang,
            "Paused: the provider refused the API key.",
            "已暂停：服务商拒绝了 API 密钥。",
        )
        .into(),
        RunPhase::Running => format!(
            "{} {done} / {total}",
            tr(lang, "Screening… finished:", "筛选中… 已完成：")
        ),
        RunPhase::Waiting => tr(lang, "Paused at the cost cap.", "已在费用上限处暂停。").into(),
        RunPhase::Finished => tr(lang, "Batch finished.", "批量筛选已完成。").into(),
        RunPhase::Elsewhere => elsewhere_text(lang).into(),
        RunPhase::Stopped => tr(
            lang,
            "Stopped. Finished candidates are kept.",
            "已停止。已完成的候选人结果已保留。",
        )
        .into(),
        RunPhase::Failed(message) => {
            format!("{}{message}", tr(lang, "The run failed: ", "运行失败："))
        }
    }
}

#[component]
pub fn BatchRun(
    run: BatchRunHandle,
    retry: Callback<()>,
    key_go_on: Callback<()>,
    check_bias: Callback<(BatchRunInput, String)>,
    decide: Callback<PersonDecision>,
) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let candidates = run.input().candidates();
    let total = candidates.len();
    let thread = run.thread_id().to_string();
    let stop_run = run.clone();
    let audit_thread = thread.clone();
    let live = move || phase.with(RunPhase::is_live);
    let ids: Vec<String> = candidates.iter().map(|c| c.id.clone()).collect();
    let failed_ids = ids.clone();
    let done = move || {
        ids.iter()
            .filter(|id| !model.status(id).cancellable())
            .count()
    };
    let rows_in = move |status: RowStatus| {
        failed_ids
            .iter()
            .filter(|id| model.status(id) == status)
            .count()
    };
    // A batch stopped at the key question ended, but stopped: said so, and by its phase.
    let stopped_on_key = move || {
        model
            .result
            .with(|r| r.as_ref().is_some_and(BatchState::stopped_on_refused_key))
    };

    // Retry: the finished batch's follow-up on the same run (its failed and cancelled rows).
    let failed = move || {
        model.result.with(|r| {
            r.as_ref()
                .is_some_and(WorkflowRun::<BatchWorkflow>::takes_follow_up)
        })
    };

    let rows = candidates
        .into_iter()
        .map(|candidate| {
            let id = candidate.id.clone();
            let status = {
                let id = id.clone();
                Memo::new(move |_| model.status(&id))
            };
            let ats = {
                let id = id.clone();
                move || {
                    model.state.with(|s| {
                        s.as_ref()
                            .and_then(|s| s.ats.iter().find(|a| a.id == id).map(|a| a.score.to_string()))
                            .unwrap_or_else(|| "…".into())
                    })
                }
            };
            let (thread, cancel_id) = (thread.clone(), id.clone());
            let label = candidate.label.clone();
            view! {
                <tr data-testid="batch-live-row" data-id=id.clone() data-status=move || status.get().id()>
                    <td>{candidate.label.clone()}</td>
                    <td data-testid="batch-live-status">{move || status.get().label(lang.get())}</td>
                    <td data-testid="batch-live-ats">{ats}</td>
                    <td>
                        <button
                            type="button"
                            class="button button--link"
                            data-testid="batch-cancel-row"
                            hidden=move || !(live() && status.get().cancellable())
                            aria-label=move || format!("{} {}", tr(lang.get(), "Cancel", "取消"), label)
                            on:click=move |_| {
                                cancel_candidate(&thread, &cancel_id);
                            }
                        >
                            {move || tr(lang.get(), "Cancel", "取消")}
                        </button>
                    </td>
                </tr>
            }
        })
        .collect_view();

    view! {
        <section class="run batch" aria-label=move || tr(lang.get(), "Batch run", "批量筛选运行") data-testid="batch-run-view">
            <div class="run__bar">
                <p class="run__phase" role="status" aria-live="polite" data-testid="batch-phase" data-phase=move || match phase.get() {
                    RunPhase::Running => "running",
                    RunPhase::Waiting => "waiting",
                    RunPhase::Finished if stopped_on_key() => "stopped",
                    RunPhase::Finished => "finished",
                    RunPhase::Stopped => "stopped",
                    RunPhase::Elsewhere => "elsewhere",
                    RunPhase::Failed(_) => "failed",
                }>
                    {move || {
                        let key_refused = model.key_pause.with(Option::is_some) || stopped_on_key();
                        let counts = (done(), rows_in(RowStatus::Failed), rows_in(RowStatus::Deferred), total);
                        phase_text(lang.get(), phase.get(), key_refused, counts)
                    }}
                </p>
                <StopButton testid="batch-stop" enabled=Signal::derive(live) on_stop=Callback::new(move |()| stop_run.stop()) label=("Stop all", "全部停止") />
                <button
                    type="button"
                    class="button"
                    data-testid="batch-retry"
                    hidden=move || live() || !failed()
                    on:click=move |_| retry.run(())
                >
                    {move || tr(lang.get(), "Retry failed", "重试失败项")}
                </button>
            </div>
            <CostCapDialog run=run.clone() />
            <KeyRefusedDialog run=run.clone() go_on=key_go_on />
            <table class="batch-table" data-testid="batch-live" hidden=move || model.result.with(Option::is_some)>
                    <thead>
                        <tr>
                            <th scope="col">{move || tr(lang.get(), "Candidate", "候选人")}</th>
                            <th scope="col">{move || tr(lang.get(), "Status", "状态")}</th>
                            <th scope="col">"ATS"</th>
                            <th scope="col"><span class="visually-hidden">{move || tr(lang.get(), "Actions", "操作")}</span></th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            {move || model.result.get().map(|state| view! {
                <BiasPanel state=state.clone() start=check_bias />
                <RankedTable state=state.clone() thread=audit_thread.clone() decide=decide />
                <ImpactSection state=state />
            })}
        </section>
    }
}
