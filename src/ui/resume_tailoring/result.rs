//! The end of a tailoring run: the tailored resume, its ATS score, what the user should know
//! (e.g. a review that timed out), the changes against the original, and the exports (Markdown,
//! JSON Resume, an HTML page, Print).

use leptos::prelude::*;

use super::diff_view::DiffView;
use crate::session::TailoringWorkflow;
use crate::ui::components::{ExportMenu, ImportedJsonResume};
use crate::ui::draft_review::{FactOutcome, FailedSteps, Warnings};
use crate::ui::i18n::{counted, tr, use_language};
use crate::workflows::resume_tailoring::{GraphState, HumanDecision};
use crate::workflows::Workflow;

#[component]
pub fn TailorResult(state: GraphState) -> impl IntoView {
    let lang = use_language();
    let final_text = state.tailored_resume.clone();
    let decision = match state.human_decision {
        Some(HumanDecision::Approved) => tr(lang.get_untracked(), "approved by you", "已由你批准"),
        Some(HumanDecision::Timeout) => tr(
            lang.get_untracked(),
            "finalized after the review timed out",
            "审阅超时后定稿",
        ),
        Some(HumanDecision::Revise) => tr(
            lang.get_untracked(),
            "finalized at the revision limit",
            "达到修改上限后定稿",
        ),
        Some(HumanDecision::Error) => tr(
            lang.get_untracked(),
            "finalized after an unreadable review answer",
            "审阅回答无法识别，已定稿",
        ),
        None => tr(
            lang.get_untracked(),
            "finalized without a review",
            "未经审阅直接定稿",
        ),
    };
    let met = state.ats_score >= state.target_ats_objective;
    let (kept, removed) = (state.ungrounded_kept.len(), state.ungrounded_removed.len());
    view! {
        <section class="results" aria-labelledby="tailor-result-title" data-testid="tailor-result">
            <h2 id="tailor-result-title">{move || tr(lang.get(), "Tailored resume", "定制后的简历")}</h2>
            <p class="results__score">
                {move || tr(lang.get(), "ATS score ", "ATS 分数 ")}
                <strong data-testid="final-ats">{state.ats_score}</strong>
                {move || format!(" / 100 · {} {} · {}", tr(lang.get(), "target", "目标"), state.target_ats_objective,
                    if met { tr(lang.get(), "target met", "已达标") } else { tr(lang.get(), "below target", "未达标") })}
                <span data-testid="final-decision">{format!(" · {decision}")}</span>
                // Requests, not revisions: a request the model could not apply left the draft as it
                // was (a warning below says so), and is not claimed as a revision.
                {(state.revision_count > 0).then(|| format!(" · {}", counted(lang.get_untracked(), state.revision_count as usize, "revision requested", "revisions requested", "次修改请求")))}
            </p>
            <div class="results__actions" data-testid="tailor-exports">
                // Markdown, JSON Resume, a standalone HTML page and Print (to PDF).
                <ExportMenu text=Signal::derive(move || final_text.clone()) file_name="tailored-resume" base=ImportedJsonResume::base() />
            </div>
            <FailedSteps workflow=TailoringWorkflow::ID steps=state.failed_steps.to_vec() testid="tailor-failed-steps"
                intro=("These steps failed and the result was made without them:", "以下步骤失败，结果是在缺少它们的情况下生成的：") />
            <Warnings warnings=state.warnings.to_vec() testid="tailor-warnings" />
            // What became of the draft's facts that are not in the resume.
            <FactOutcome kept=kept removed=removed testid="result-grounding" />
            {state.master_resume_updated.then(|| view! {
                <p class="notice" data-testid="master-updated">
                    {move || tr(lang.get(),
                        "Your answers were added to your master resume (section “Additional experience”), so the next run knows them.",
                        "你的回答已加入主简历（“Additional experience” 部分），下次运行即可使用。")}
                </p>
            })}
            <pre class="draft draft--final" data-testid="tailored-resume" tabindex="0">{state.tailored_resume.clone()}</pre>
            <details>
                <summary>{move || tr(lang.get(), "Changes against your resume", "相对原简历的改动")}</summary>
                <DiffView before=state.original_resume.clone() after=state.tailored_resume.clone() testid="result-diff" />
            </details>
        </section>
    }
}
