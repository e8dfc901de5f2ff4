//! The end of a cover letter run: the letter, paragraph by paragraph with the requirements each
//! answers and the resume lines it rests on, what became of the facts no source held, and the
//! exports: Markdown, a standalone HTML page (`letter::print_page`), and Print.
//!
//! Print puts the letter's escaped HTML (`letter_html`) on the export menu's print sheet
//! (`components::print_sheet`).

use leptos::prelude::*;

use crate::ui::components::print_sheet;
use crate::ui::download::download;
use crate::ui::draft_review::{FactOutcome, FailedSteps, Warnings};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::cover_letter::letter::print_page;
use crate::workflows::cover_letter::{
    CitedParagraph, CoverLetterState, CoverLetterWorkflow, Decision,
};
use crate::workflows::Workflow;

/// What each paragraph answers (requirement terms) and rests on (resume lines).
#[component]
pub fn Citations(paragraphs: Vec<CitedParagraph>, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    view! {
        <ol class="letter-citations" data-testid=testid>
            {paragraphs.into_iter().map(|p| {
                let cites = !p.requirements.is_empty() || !p.resume_lines.is_empty();
                view! {
                    <li class="letter-citations__item" data-testid="letter-paragraph">
                        <p class="letter-citations__text" data-testid="letter-paragraph-text">
                            {p.text.lines().enumerate().map(|(i, line)| view! { {(i > 0).then(|| view! { <br /> })} {line.to_string()} }).collect_view()}
                        </p>
                        {cites.then(|| view! {
                            <dl class="letter-citations__sources">
                                {(!p.requirements.is_empty()).then(|| view! {
                                    <dt>{move || tr(lang.get(), "Answers", "回应的要求")}</dt>
                                    <dd data-testid="letter-paragraph-requirements">
                                        {p.requirements.iter().map(|r| format!("{} {}", r.id, r.term)).collect::<Vec<_>>().join(" · ")}
                                    </dd>
                                })}
                                {(!p.resume_lines.is_empty()).then(|| view! {
                                    <dt>{move || tr(lang.get(), "Rests on", "依据")}</dt>
                                    <dd>
                                        <ul class="letter-citations__lines" data-testid="letter-paragraph-lines">
                                            {p.resume_lines.iter().map(|l| view! { <li>{format!("{}: {}", l.id, l.text)}</li> }).collect_view()}
                                        </ul>
                                    </dd>
                                })}
                            </dl>
                        })}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

#[component]
pub fn LetterResult(state: CoverLetterState) -> impl IntoView {
    let lang = use_language();
    let decision = match state.decision {
        Some(Decision::Approved) => tr(lang.get_untracked(), "approved by you", "已由你批准"),
        Some(Decision::Revise) => tr(
            lang.get_untracked(),
            "finalized at the revision limit",
            "达到修改上限后定稿",
        ),
        Some(Decision::Error) => tr(
            lang.get_untracked(),
            "finalized after an unreadable review answer",
            "审阅回答无法识别，已定稿",
        ),
        None => tr(lang.get_untracked(), "finalized", "已定稿"),
    };
    let (kept, removed) = (state.ungrounded_kept.len(), state.ungrounded_removed.len());
    let error = RwSignal::new(None::<String>);
    let stem = file_stem(&state);
    let (markdown, html) = (state.letter_markdown.clone(), state.letter_html.clone());
    let (md_stem, html_stem) = (stem.clone(), stem.clone());
    let print_html = html.clone();
    let title = stem.clone();
    view! {
        <section class="results" aria-labelledby="letter-result-title" data-testid="letter-result">
            <h2 id="letter-result-title">{move || tr(lang.get(), "Your cover letter", "你的求职信")}</h2>
            <p class="results__score"><span data-testid="letter-decision">{decision}</span></p>
            <div class="results__actions export-menu" role="group" aria-label=move || tr(lang.get(), "Export the letter", "导出求职信") data-testid="letter-exports">
                <button type="button" class="button" data-testid="export-letter-markdown"
                    on:click=move |_| error.set(download(&format!("{md_stem}.md"), "text/markdown", &markdown).err())>
                    "Markdown"
                </button>
                <button type="button" class="button" data-testid="export-letter-html"
                    on:click=move |_| error.set(download(&format!("{html_stem}.html"), "text/html", &print_page(&html, &title)).err())>
                    "HTML"
                </button>
                <button type="button" class="button button--primary" data-testid="export-letter-print"
                    // Escaped by the workflow's `letter::html`: the letter's text never becomes markup.
                    on:click=move |_| error.set(print_sheet(&print_html).err())>
                    {move || tr(lang.get(), "Print / PDF", "打印 / PDF")}
                </button>
                <p class="field__warning" role="alert">{move || error.get()}</p>
            </div>
            <FailedSteps workflow=CoverLetterWorkflow::ID steps=state.failed_steps.to_vec() testid="letter-failed-steps"
                intro=("These steps failed and the letter was made without them:", "以下步骤失败，求职信是在缺少它们的情况下生成的：") />
            {state.error.clone().map(|e| view! { <div class="notice notice--error" role="alert" data-testid="letter-error"><p>{e}</p></div> })}
            <Warnings warnings=state.warnings.to_vec() testid="letter-warnings" />
            <FactOutcome kept=kept removed=removed testid="letter-grounding" />
            <Citations paragraphs=state.letter.clone() testid="cover-letter" />
        </section>
    }
}

/// "cover-letter-harbor-logistics": the file name of the exports.
fn file_stem(state: &CoverLetterState) -> String {
    let company: String = state
        .company
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let company = company
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if company.is_empty() {
        "cover-letter".to_string()
    } else {
        format!("cover-letter-{company}")
    }
}
