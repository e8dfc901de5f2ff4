//! The result check on the page (issue 42): a result that fails its workflow's check is never
//! called finished. The status line says what is wrong in one sentence ([`finished_text`]), and
//! the result opens with the problems listed and the user's own resume offered back
//! ([`VerdictNotice`]), since a rewrite that lost the name or every job is worse than the input.

use leptos::prelude::*;

use crate::domain::result_check::{Problem, Verdict};
use crate::domain::Language;
use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::Workflow;

/// The status line of a finished run: the verdict's sentence when the result is not usable
/// (`what` names the result: "The letter", "求职信"), else `finished` as the page words it.
pub fn finished_text(
    verdict: Option<&Verdict>,
    what: (&str, &str),
    lang: Language,
    finished: impl FnOnce() -> String,
) -> String {
    verdict
        .and_then(|v| v.summary(lang.pick(what.0, what.1), lang))
        .unwrap_or_else(finished)
}

/// One line per problem, by kind: what the summary says, whole.
fn problem_lines(problem: &Problem, lang: Language) -> Vec<String> {
    match problem {
        Problem::DroppedName { name } => vec![match lang {
            Language::En => format!("your name is gone: {name}"),
            Language::Zh => format!("你的姓名不见了：{name}"),
        }],
        Problem::Degenerate { why } => vec![match lang {
            Language::En => format!("the text {}", why.describe(lang)),
            Language::Zh => format!("文本{}", why.describe(lang)),
        }],
        Problem::Dropped { items } => items
            .iter()
            .map(|d| format!("{}: {}", d.kind.label(lang), d.text))
            .collect(),
        Problem::Invented { facts } => facts
            .iter()
            .map(|f| match lang {
                Language::En => format!("not in your texts: {}", f.text),
                Language::Zh => format!("你的材料中没有：{}", f.text),
            })
            .collect(),
    }
}

/// The problems of a result that is not usable, and the user's resume as they gave it (shown and
/// downloadable) when the result rewrote it; nothing when the result is usable.
#[component]
pub fn VerdictNotice(
    verdict: Verdict,
    /// The result's name in the sentence, in English and Chinese ("The tailored resume").
    what: (&'static str, &'static str),
    /// The resume the result rewrote, offered back; `None` when the result is not a resume.
    original: Option<String>,
    testid: &'static str,
) -> impl IntoView {
    let lang = use_language();
    (!verdict.usable()).then(|| {
        let error = RwSignal::new(None::<String>);
        let problems = verdict.problems.clone();
        view! {
            <div class="notice notice--error" role="alert" data-testid=testid>
                <p data-testid="verdict-summary">{move || verdict.summary(lang.get().pick(what.0, what.1), lang.get())}</p>
                <ul>
                    {problems.into_iter().map(|problem| {
                        let kind = problem.kind();
                        view! {
                            <li data-testid="verdict-problem" data-kind=kind>
                                {move || problem_lines(&problem, lang.get()).join("; ")}
                            </li>
                        }
                    }).collect_view()}
                </ul>
                {original.map(|text| {
                    let file = text.clone();
                    view! {
                        <details class="verdict__original" data-testid="verdict-original">
                            <summary>{move || tr(lang.get(), "Your resume as you gave it", "你提交的原始简历")}</summary>
                            <pre class="draft" tabindex="0">{text}</pre>
                        </details>
                        <button type="button" class="button" data-testid="verdict-download-original"
                            on:click=move |_| error.set(download("resume.md", "text/markdown", &file).err())>
                            {move || tr(lang.get(), "Download your resume as you gave it", "下载原始简历")}
                        </button>
                        <p class="field__warning" role="alert">{move || error.get()}</p>
                    }
                })}
            </div>
        }
    })
}

/// The result check's verdict on the run's result, once there is one.
pub fn result_verdict<W: Workflow>(result: RwSignal<Option<W::State>>) -> Memo<Option<Verdict>>
where
    W::State: Send + Sync + 'static,
{
    Memo::new(move |_| result.with(|r| r.as_ref().map(W::check_result)))
}

/// How a draft page words its finished run: `what` names the result in the result check's
/// sentence; `done`, or, when steps failed and the result was made without them,
/// `without_failed` with `{n}` standing for how many (English, Chinese each).
pub struct FinishedWords {
    pub what: (&'static str, &'static str),
    pub done: (&'static str, &'static str),
    pub without_failed: (&'static str, &'static str),
}

impl FinishedWords {
    /// The status line: the verdict's sentence when the result is not usable (it is never
    /// called finished then), else the finished words.
    pub fn status(&self, verdict: Option<&Verdict>, failed_steps: usize, lang: Language) -> String {
        finished_text(verdict, self.what, lang, || self.text(failed_steps, lang))
    }

    fn text(&self, failed_steps: usize, lang: Language) -> String {
        match failed_steps {
            0 => tr(lang, self.done.0, self.done.1).to_string(),
            n => tr(lang, self.without_failed.0, self.without_failed.1)
                .replace("{n}", &n.to_string()),
        }
    }
}
