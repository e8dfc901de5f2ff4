//! One critic's card: while the critic writes, what has formed of its answer (score, then each
//! strength, issue and suggestion as it is finished, the one being written as plain text; never
//! the raw JSON), then score, strengths, issues and suggestions once its answer is parsed.

use leptos::prelude::*;

use super::model::{NodeStatus, RunModel};
use crate::domain::streamed_answer::{FeedbackSoFar, Shown};
use crate::domain::{Feedback, Issue, Language, Severity};
use crate::ui::components::clamp_note;
use crate::ui::i18n::{tr, use_language};

/// The severity's CSS modifier (always English) and its label in `lang`.
fn severity_name(severity: Severity, lang: Language) -> (&'static str, &'static str) {
    match severity {
        Severity::Low => ("low", tr(lang, "low", "低")),
        Severity::Medium => ("medium", tr(lang, "medium", "中")),
        Severity::High => ("high", tr(lang, "high", "高")),
    }
}

/// A critic's name in `lang`, as its workflow declares it.
fn critic_title(id: &str, lang: Language) -> String {
    crate::workflows::agent_name(
        <crate::session::ReviewWorkflow as crate::workflows::Workflow>::ID,
        id,
        lang,
    )
}

/// An issue's line: severity badge, section, description, the fix.
fn issue_line(issue: Issue, lang: Language) -> impl IntoView {
    let (severity, label) = severity_name(issue.severity, lang);
    view! {
        <span class=format!("badge badge--{severity}")>{label}</span>
        {(!issue.section.is_empty()).then(|| format!(" {} · ", issue.section))}
        {issue.description}
        {(!issue.suggestion.is_empty()).then(|| view! { <span class="card__fix">{format!(" → {}", issue.suggestion)}</span> })}
    }
}

fn feedback_view(feedback: Feedback, lang: Language) -> AnyView {
    if feedback.is_failure() {
        // No score: the critic did not answer, and the result leaves it out.
        return view! {
            <p class="card__score" data-testid="card-failed">
                <span class="badge badge--warn">{tr(lang, "no evaluation: this critic failed", "未评估：该评审失败")}</span>
            </p>
            <p class="card__text">
                {tr(lang, "Left out of the score. ", "未计入得分。")}
                {feedback.error.clone()}
            </p>
        }
        .into_any();
    }
    view! {
        <p class="card__score" data-testid="card-score">
            <span class="card__score-value">{format!("{:.1}", feedback.score)}</span>
            <span class="card__score-max">"/10"</span>
        </p>
        // A section with nothing in it is left out, heading and all.
        {(!feedback.strengths.is_empty()).then(|| view! {
            <h3 class="card__heading">{tr(lang, "Strengths", "优点")}</h3>
            <ul class="card__list">{feedback.strengths.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
        })}
        {(!feedback.issues.is_empty()).then(|| view! {
        <h3 class="card__heading">{tr(lang, "Issues", "问题")}</h3>
        <ul class="card__list">
            {feedback
                .issues
                .into_iter()
                .map(|issue| view! { <li>{issue_line(issue, lang)}</li> })
                .collect_view()}
        </ul>
        })}
        {(!feedback.suggestions.is_empty()).then(|| view! {
            <h3 class="card__heading">{tr(lang, "Suggestions", "建议")}</h3>
            <ul class="card__list">{feedback.suggestions.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
        })}
    }
    .into_any()
}

/// A list of finished items under its heading; nothing at all while the list is empty.
fn live_list<T: Clone + PartialEq + Send + Sync + 'static, V: IntoView + 'static>(
    items: Memo<Vec<T>>,
    heading: (&'static str, &'static str),
    lang: Signal<Language>,
    item: impl Fn(T, Language) -> V + Copy + Send + Sync + 'static,
) -> impl IntoView {
    move || {
        let items = items.get();
        let lang = lang.get();
        (!items.is_empty()).then(|| view! {
            <h3 class="card__heading">{tr(lang, heading.0, heading.1)}</h3>
            <ul class="card__list">{items.into_iter().map(|i| view! { <li data-testid="card-live-item">{item(i, lang)}</li> }).collect_view()}</ul>
        })
    }
}

/// One part of the formed answer, as its own memo (default while nothing has formed).
fn part<T: Clone + Default + PartialEq + Send + Sync + 'static>(
    live: Memo<Shown<FeedbackSoFar>>,
    pick: fn(&FeedbackSoFar) -> T,
) -> Memo<T> {
    Memo::new(move |_| {
        live.with(|l| match l {
            Shown::Formed(so_far) => pick(so_far),
            _ => T::default(),
        })
    })
}

/// The answer so far. Each part is its own memo, so a token that only extends the item being
/// written re-renders that line, not the finished lists.
#[component]
fn LiveAnswer(live: Memo<Shown<FeedbackSoFar>>) -> impl IntoView {
    let lang = use_language();
    let score = part(live, |f| f.score);
    let strengths = part(live, |f| f.strengths.clone());
    let issues = part(live, |f| f.issues.clone());
    let suggestions = part(live, |f| f.suggestions.clone());
    let writing = part(live, |f| f.writing.clone());
    let text = Memo::new(move |_| {
        live.with(|l| match l {
            Shown::Text(text) => Some(text.clone()),
            _ => None,
        })
    });
    let nothing = Memo::new(move |_| live.with(|l| *l == Shown::Nothing));
    view! {
        <div class="card__live" data-testid="card-stream">
            {move || score.get().map(|score| view! {
                <p class="card__score card__score--live" data-testid="card-live-score">
                    <span class="card__score-value">{format!("{score:.1}")}</span>
                    <span class="card__score-max">"/10"</span>
                </p>
            })}
            {live_list(strengths, ("Strengths", "优点"), lang, |s, _| s)}
            {live_list(issues, ("Issues", "问题"), lang, issue_line)}
            {live_list(suggestions, ("Suggestions", "建议"), lang, |s, _| s)}
            {move || writing.get().map(|w| view! { <p class="card__writing" data-testid="card-writing">{w}</p> })}
            {move || text.get().map(|t| view! { <p class="card__text" data-testid="card-text">{t}</p> })}
            {move || nothing.get().then(|| view! { <p class="card__waiting">{tr(lang.get(), "Writing…", "正在撰写…")}</p> })}
        </div>
    }
}

/// Which of its three faces a card shows; changes a few times per round, not per token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Face {
    Waiting,
    Live,
    Done,
}

/// Whether the chosen provider answers one agent at a time (the model in this tab).
pub fn one_at_a_time() -> bool {
    use_context::<RwSignal<crate::ui::settings::Settings>>().is_some_and(|s| {
        s.with_untracked(|s| s.provider_kind() == crate::session::ProviderKind::InTab)
    })
}

#[component]
pub fn CriticCard(model: RunModel, id: &'static str) -> impl IntoView {
    let face = Memo::new(move |_| {
        model.cards.with(|c| match c.get(id) {
            Some(card) if card.feedback.is_some() => Face::Done,
            Some(card) if !card.streamed.is_empty() => Face::Live,
            _ => Face::Waiting,
        })
    });
    let live = Memo::new(move |_| {
        model
            .cards
            .with(|c| c.get(id).map(|card| card.live.clone()).unwrap_or_default())
    });
    let feedback = Memo::new(move |_| {
        model
            .cards
            .with(|c| c.get(id).and_then(|card| card.feedback.clone()))
    });
    let running = move || model.status(id) == NodeStatus::Running;
    let lang = use_language();
    let speed = Memo::new(move |_| {
        model
            .cards
            .with(|c| c.get(id).and_then(|card| card.speed.tokens_per_second()))
    });
    // One model in the tab answers one agent at a time: a critic waiting its turn says so.
    let one_at_a_time = one_at_a_time();
    let queued = move || model.waiting_turn(id, one_at_a_time);
    view! {
        <article class="card" data-testid=format!("card-{id}") aria-busy=move || running().to_string()>
            <header class="card__header">
                <h2 class="card__title">{move || critic_title(id, lang.get())}</h2>
                {move || running().then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
                {move || speed.get().map(|rate| view! {
                    <span class="card__speed" data-testid="card-speed" title=tr(lang.get(), "Tokens per second of this answer", "此回答每秒生成的 token 数")>
                        {format!("{rate:.1} tok/s")}
                    </span>
                })}
            </header>
            {move || match face.get() {
                Face::Done => feedback.get().map(|f| feedback_view(f, lang.get())).into_any(),
                Face::Live => view! { <LiveAnswer live=live /> }.into_any(),
                Face::Waiting => {
                    let waiting = if queued() {
                        tr(lang.get(), "Queued: the model in this tab answers one agent at a time.", "排队中：此标签页中的模型一次只回答一个智能体。")
                    } else if running() {
                        tr(lang.get(), "Reading the resume…", "正在阅读简历…")
                    } else {
                        tr(lang.get(), "Waiting", "等待中")
                    };
                    view! { <p class="card__waiting">{waiting}</p> }.into_any()
                }
            }}
            {move || {
                let lang = lang.get();
                let clamped = model.cards.with(|c| c.get(id).map(|card| card.clamped.clone()).unwrap_or_default());
                let done = face.get() == Face::Done;
                (done && !clamped.is_empty()).then(|| view! {
                    <p class="card__note" data-testid="card-clamped">
                        {clamped.iter().map(|c| clamp_note(lang, c)).collect::<Vec<_>>().join(" ")}
                    </p>
                })
            }}
            {move || model.cards.with(|c| c.get(id).and_then(|card| card.error.clone())).map(|e| view! { <p class="card__error" role="alert">{e}</p> })}
        </article>
    }
}
