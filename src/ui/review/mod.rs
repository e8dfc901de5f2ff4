//! The review page's run view: live graph, one card per critic, the score timeline, then results.
//! Runs go through `crate::session`, the same path the JS API uses.

mod critic_card;
mod graph_view;
mod model;
mod results;
mod score_timeline;

use std::rc::Rc;

use leptos::prelude::*;
use serde_json::json;

use crate::graph::EventSink;
use crate::llm::http::fetch::FetchTransport;
use crate::session::{build_model, start_run, ErrorCode, RunHandle, SessionError};
use crate::ui::i18n::{tr, use_language};
use crate::ui::settings::Settings;
use critic_card::CriticCard;
use graph_view::GraphView;
pub use model::Phase;
use model::{RunModel, CRITICS};
use results::Results;
use score_timeline::ScoreTimeline;

/// A run the page shows: its signals, the handle that stops it, and the settings it started with.
#[derive(Clone)]
pub struct ActiveRun {
    pub model: RunModel,
    pub handle: RunHandle,
    pub threshold: f64,
    pub max_iterations: u32,
}

/// Starts a review with the user's settings and key. Errors (missing key, empty resume) come back
/// before anything is sent.
pub fn start_review(
    settings: &Settings,
    api_key: Option<String>,
    resume: String,
    target_role: String,
) -> Result<ActiveRun, SessionError> {
    let config = settings.provider_config(api_key);
    let chat = build_model(&config, Rc::new(FetchTransport))?;
    let model = RunModel::new();
    let events = EventSink::new(move |event| model.apply(event));
    let input = json!({
        "resume": resume,
        "targetRole": target_role,
        "threshold": settings.threshold,
        "maxIterations": settings.max_iterations,
        "designReview": settings.design_review,
        "language": settings.language().id(),
    });
    let run = start_run("resume_review", input, &config, chat, events)?;
    model.mermaid.set(run.mermaid);
    let outcome = run.outcome;
    leptos::task::spawn_local(async move {
        let phase = match outcome.await {
            Ok(_) => Phase::Finished,
            Err(error) if error.code == ErrorCode::Cancelled => Phase::Stopped,
            Err(error) => Phase::Failed(error.message),
        };
        model.phase.set(phase);
    });
    Ok(ActiveRun {
        model,
        handle: run.handle,
        threshold: settings.threshold,
        max_iterations: settings.max_iterations,
    })
}

#[component]
pub fn ReviewRun(run: ActiveRun) -> impl IntoView {
    let model = run.model;
    let handle = run.handle.clone();
    let running = move || model.phase.with(|p| *p == Phase::Running);
    let lang = use_language();
    // Errors that several agents hit (a bad key, a rate limit) are worth one message at the top.
    let agent_errors = move || {
        let mut errors: Vec<String> = model
            .cards
            .with(|c| c.values().filter_map(|card| card.error.clone()).collect());
        errors.dedup();
        errors
    };
    view! {
        <section class="run" aria-label=move || tr(lang.get(), "Review run", "评审运行") data-testid="run">
            <div class="run__bar">
                <p class="run__phase" role="status" aria-live="polite" data-testid="phase">
                    {move || {
                        let lang = lang.get();
                        match model.phase.get() {
                            Phase::Running => tr(lang, "Reviewing…", "评审中…").to_string(),
                            Phase::Finished => tr(lang, "Review finished.", "评审完成。").to_string(),
                            Phase::Stopped => tr(
                                lang,
                                "Stopped. Your inputs are kept; press Run to start again.",
                                "已停止。你的输入已保留，点击“运行”可重新开始。",
                            )
                            .to_string(),
                            Phase::Failed(message) => {
                                format!("{}{message}", tr(lang, "The review failed: ", "评审失败："))
                            }
                        }
                    }}
                </p>
                <button
                    type="button"
                    class="button button--danger"
                    data-testid="stop"
                    disabled=move || !running()
                    on:click=move |_| handle.cancel()
                >
                    {move || tr(lang.get(), "Stop", "停止")}
                </button>
            </div>
            {move || {
                let errors = agent_errors();
                (!errors.is_empty()).then(|| view! {
                    <div class="notice notice--error" role="alert" data-testid="run-error">
                        {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                    </div>
                })
            }}
            {move || match model.phase.get() {
                Phase::Failed(message) => Some(view! { <div class="notice notice--error" role="alert">{message}</div> }),
                _ => None,
            }}
            <div class="run__live">
                <GraphView model=model max_iterations=run.max_iterations />
                <ScoreTimeline model=model threshold=run.threshold />
            </div>
            <div class="cards">
                {CRITICS.iter().map(|(id, title)| view! { <CriticCard model=model id=*id title=*title /> }).collect_view()}
            </div>
            {move || {
                let activity = model.activity.get();
                (running() && !activity.is_empty()).then(|| view! {
                    <div class="activity" data-testid="activity">
                        {activity.into_iter().map(|(agent, text)| view! {
                            <details open>
                                <summary>{agent}</summary>
                                <pre class="card__stream">{text}</pre>
                            </details>
                        }).collect_view()}
                    </div>
                })
            }}
            {move || model.result.get().map(|state| view! { <Results model=model state=state /> })}
        </section>
    }
}
