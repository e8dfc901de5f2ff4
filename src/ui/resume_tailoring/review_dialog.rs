//! The human review: the draft (as changes against the original resume), its ATS score against
//! the target, matched and missing keywords, a feedback box, Approve / Request revision, and a
//! visible countdown. What decides comes first (countdown, score, the changed lines) and the
//! decision buttons stay in view at the dialog's bottom edge while it scrolls. The engine has no clock: when the countdown runs out the run view answers
//! `ReviewAnswer::Timeout` and the draft is finalized with a warning.

use leptos::prelude::*;

use super::diff_view::{DiffView, FactMarks};
use super::model::ReviewPrompt;
use super::question_dialog::AFTER_ANSWER_FOCUS;
use super::TailorRun;
use crate::ui::components::{FactDecisions, FactList, Modal};
use crate::ui::draft_review::{
    approve_with, revise_with, ReviewActions, ReviewHeading, ReviewNote, ReviewNoteIds,
    UnchangedNotice,
};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::resume_tailoring::{ReviewAnswer, TailorAnswer};

/// What the keys do, under the feedback box: hiding the dialog does not stop the countdown.
const KEYS: (&str, &str) = (
    "Ctrl+Enter (⌘+Enter) requests the revision · Escape hides this dialog; the countdown goes on.",
    "Ctrl+Enter（⌘+Enter）要求修改 · Esc 隐藏对话框，倒计时继续。",
);

/// What Request revision says when there is no feedback to send.
const EMPTY_FEEDBACK: (&str, &str) = (
    "Say what to change first, or approve the draft.",
    "请先写下要修改的内容，或批准这份草稿。",
);

/// Seconds left of a review shown at `paused_at_ms` with `timeout_seconds`, at `now_ms`.
pub fn seconds_left(paused_at_ms: f64, timeout_seconds: u32, now_ms: f64) -> u32 {
    let elapsed = ((now_ms - paused_at_ms) / 1000.0).max(0.0);
    (timeout_seconds as f64 - elapsed).ceil().max(0.0) as u32
}

/// "9:05" for 545 seconds.
pub fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn keyword_list(words: Vec<String>, class: &'static str, testid: &'static str) -> impl IntoView {
    view! {
        <ul class=format!("keywords {class}") data-testid=testid>
            {words.into_iter().map(|w| view! { <li class="keywords__item">{w}</li> }).collect_view()}
        </ul>
    }
}

#[component]
pub fn ReviewDialog(
    run: TailorRun,
    prompt: ReviewPrompt,
    /// Seconds until the review is answered with a timeout (the run view owns the timer, so it
    /// goes on while the dialog is hidden).
    left: Signal<u32>,
    on_escape: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let feedback = RwSignal::new(String::new());
    let hint = RwSignal::new(None::<&'static str>);
    let timeout = prompt.timeout_seconds;
    let original = run_original(&run);
    // Keep / Remove per ungrounded fact: part of the approve answer (undecided = not kept).
    let decisions: FactDecisions = RwSignal::new(Default::default());
    let facts = prompt.ungrounded_facts.clone();
    let revise_run = run.clone();
    let send_feedback =
        move |feedback| revise_run.answer(TailorAnswer::Review(ReviewAnswer::Revise { feedback }));
    let revise = revise_with(
        feedback,
        hint,
        EMPTY_FEEDBACK,
        AFTER_ANSWER_FOCUS,
        send_feedback,
    );
    let send_approval = move |kept_facts, removed_facts| {
        let text = feedback.get_untracked().trim().to_string();
        let feedback = (!text.is_empty()).then_some(text);
        run.answer(TailorAnswer::Review(ReviewAnswer::Approve {
            feedback,
            kept_facts,
            removed_facts,
        }));
    };
    let approve = approve_with(decisions, AFTER_ANSWER_FOCUS, send_approval);
    let met = prompt.ats_score >= prompt.target_score;
    let last_round = prompt.revision >= prompt.max_revisions;
    view! {
        <Modal labelled_by="review-title" described_by="review-question" testid="review-dialog" on_escape=on_escape on_send=revise>
            <ReviewHeading ids=("review-title", "review-question") title=("Review the tailored draft", "审阅定制草稿") />
            // A request that changed nothing is said first.
            <UnchangedNotice note=prompt.unchanged_note.clone() testid="review-unchanged" />
            <p class="countdown" role="timer" aria-live="off" data-testid="review-countdown">
                {move || tr(lang.get(), "Finalized as is in ", "未回应将在以下时间后按当前草稿定稿：")}
                <strong>{move || clock(left.get())}</strong>
                <progress class="countdown__bar" max=timeout.to_string() value=move || left.get().to_string()></progress>
            </p>
            <p class="ats-line" data-testid="review-ats">
                {move || tr(lang.get(), "ATS score ", "ATS 分数 ")}
                <strong class=if met { "ats-line__score ats-line__score--met" } else { "ats-line__score" }>{prompt.ats_score}</strong>
                {move || format!(" / 100 · {} {} · {}", tr(lang.get(), "target", "目标"), prompt.target_score,
                    if met { tr(lang.get(), "target met", "已达标") } else { tr(lang.get(), "below target", "未达标") })}
                // Requests, not revisions: a request may have left the draft as it was.
                {move || format!(" · {} {} / {}", tr(lang.get(), "revision requests", "修改请求"), prompt.revision, prompt.max_revisions)}
            </p>
            <h3 class="modal__subtitle">{move || tr(lang.get(), "Draft, as changes to your resume", "草稿（相对原简历的改动）")}</h3>
            <DiffView before=original after=prompt.draft.clone() testid="review-diff"
                marks=FactMarks { facts: facts.clone(), decisions } />
            <FactList facts=facts decisions=decisions testid="review-facts" />
            // A list with no keyword in it is left out, heading and all.
            <div class="keywords-pair">
                {(!prompt.matched.is_empty()).then(|| view! {
                    <div>
                        <h3 class="modal__subtitle">{move || tr(lang.get(), "Matched keywords", "已匹配关键词")}</h3>
                        {keyword_list(prompt.matched.clone(), "keywords--matched", "review-matched")}
                    </div>
                })}
                {(!prompt.missing.is_empty()).then(|| view! {
                    <div>
                        <h3 class="modal__subtitle">{move || tr(lang.get(), "Missing keywords", "缺失关键词")}</h3>
                        {keyword_list(prompt.missing.clone(), "keywords--missing", "review-missing")}
                    </div>
                })}
            </div>
            <details class="modal__draft">
                <summary>{move || tr(lang.get(), "The draft as plain text", "草稿纯文本")}</summary>
                <pre class="draft" data-testid="review-draft">{prompt.draft.clone()}</pre>
            </details>
            <ReviewNote note=feedback hint=hint last_round=last_round autofocus=true
                ids=ReviewNoteIds { note: "review-feedback", keys: "review-keys", last_round: "review-last-round" }
                keys=KEYS />
            <ReviewActions approve=approve revise=revise testids=("review-approve", "review-revise")
                revise_label=("Request revision", "要求修改") />
        </Modal>
    }
}

/// The text the draft is compared with: the resume the run started from.
fn run_original(run: &TailorRun) -> String {
    run.view
        .state
        .with_untracked(|s| s.as_ref().map(|s| s.original_resume.clone()))
        .filter(|r| !r.is_empty())
        .unwrap_or_else(|| run.input().resume.clone())
}
