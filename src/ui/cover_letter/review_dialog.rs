//! The review of a draft letter: the draft with every fact no source holds marked where it
//! stands, Keep / Remove per fact (plain buttons: Tab, then Enter or Space), what each paragraph
//! answers and rests on, a note box, Approve and "Request a revision". No countdown: the run
//! waits for the user. Escape hides the dialog without answering.

use leptos::prelude::*;

use super::model::ReviewPrompt;
use super::result::Citations;
use super::{LetterRun, AFTER_ANSWER_FOCUS};
use crate::domain::grounding::line_pieces;
use crate::ui::components::{marked_line, FactDecisions, FactList, Modal};
use crate::ui::draft_review::{
    approve_with, revise_with, ReviewActions, ReviewHeading, ReviewNote, ReviewNoteIds,
    UnchangedNotice,
};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::cover_letter::CoverLetterAnswer;

/// What the keys do, under the note box: the letter's run waits without a countdown.
const KEYS: (&str, &str) = (
    "Ctrl+Enter (⌘+Enter) requests the revision · Escape hides this dialog; the run waits.",
    "Ctrl+Enter（⌘+Enter）要求修改 · Esc 隐藏对话框，运行继续等待。",
);

/// What Request a revision says when there is no note to send.
const EMPTY_NOTE: (&str, &str) = (
    "Say what to change first, or approve the letter.",
    "请先写下要修改的内容，或批准这封信。",
);

#[component]
pub fn ReviewDialog(
    run: LetterRun,
    prompt: ReviewPrompt,
    on_escape: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let note = RwSignal::new(String::new());
    let hint = RwSignal::new(None::<&'static str>);
    // Keep / Remove per ungrounded fact: part of the approve answer (undecided = not kept).
    let decisions: FactDecisions = RwSignal::new(Default::default());
    let review = prompt.review;
    let facts = review.ungrounded_facts.clone();
    let revise_run = run.clone();
    let send_note = move |note| revise_run.answer(CoverLetterAnswer::Revise { note });
    let revise = revise_with(note, hint, EMPTY_NOTE, AFTER_ANSWER_FOCUS, send_note);
    let send_approval = move |kept_facts, removed_facts| {
        run.answer(CoverLetterAnswer::Approve {
            kept_facts,
            removed_facts,
        })
    };
    let approve = approve_with(decisions, AFTER_ANSWER_FOCUS, send_approval);
    let last_round = review.revision >= review.max_revisions;
    let lines = line_pieces(&review.letter, &facts);
    let marks_facts = facts.clone();
    let paragraphs = review.paragraphs.clone();
    view! {
        <Modal labelled_by="letter-review-title" described_by="letter-review-question" testid="letter-review-dialog" on_escape=on_escape on_send=revise>
            <ReviewHeading ids=("letter-review-title", "letter-review-question") title=("Review the draft letter", "审阅求职信草稿") />
            <UnchangedNotice note=review.unchanged_note.clone() testid="letter-review-unchanged" />
            <p class="ats-line" data-testid="letter-review-round">
                {move || format!("{} {} / {}", tr(lang.get(), "Revision requests", "修改请求"), review.revision, review.max_revisions)}
            </p>
            <h3 class="modal__subtitle">{move || tr(lang.get(), "Draft", "草稿")}</h3>
            <pre class="draft" data-testid="letter-review-draft" tabindex="0">
                {lines.into_iter().map(|pieces| view! { {marked_line(pieces, &marks_facts, decisions)} "\n" }).collect_view()}
            </pre>
            <FactList facts=facts decisions=decisions testid="letter-review-facts" />
            <details class="modal__draft">
                <summary>{move || tr(lang.get(), "What each paragraph answers and rests on", "每段回应的要求与依据的简历内容")}</summary>
                <Citations paragraphs=paragraphs testid="letter-review-citations" />
            </details>
            <ReviewNote note=note hint=hint last_round=last_round
                ids=ReviewNoteIds { note: "letter-review-note", keys: "letter-review-keys", last_round: "letter-review-last-round" }
                keys=KEYS />
            <ReviewActions approve=approve revise=revise testids=("letter-approve", "letter-revise")
                revise_label=("Request a revision", "要求修改") />
        </Modal>
    }
}
