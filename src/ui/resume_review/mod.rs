//! The review page. Its form, [`Page`], is `components::RunForm` (the app's default page, in the
//! first module); here is its run view: live graph, one card per critic, the score timeline, then
//! results. Runs go through the shared run controller (`ui::run`), like every page's.

mod critic_card;
mod graph_view;
mod model;
mod results;
mod score_timeline;

use leptos::prelude::*;

use crate::session::ReviewWorkflow;
pub use crate::ui::components::RunForm as Page;
use crate::ui::components::{InjectionWarning, RunPanel, StopButton};
use crate::ui::draft_review::{finished_text, result_verdict, VerdictNotice};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{elsewhere_text, ActiveRun, RunEngine, RunPhase};
use crate::ui::streamed_text::streamed_text;
use crate::workflows::{agent_name, Workflow};
use critic_card::CriticCard;
use graph_view::GraphView;
pub use model::RunModel;
use model::CRITICS;
use results::Results;
use score_timeline::ScoreTimeline;

/// The result's name in the result check's sentence ("The revised resume dropped your name.").
const REVISED: (&str, &str) = ("The revised resume", "修改后的简历");

/// A review run the page shows.
pub type ReviewRunHandle = ActiveRun<ReviewWorkflow, RunModel>;

/// The run view as a lazily loaded chunk in the split app (`split` feature, see `ui::pages`):
/// the first paint shows the form only; the view's code loads when a run is shown (its view
/// model, created with the run, gathers the events meanwhile).
/// `retry`: the page's "Retry failed critics" (the controller's follow-up of the shown run).
#[cfg_attr(feature = "split", leptos::lazy)]
pub async fn review_run_view(run: ReviewRunHandle, retry: Callback<()>) -> AnyView {
    view! { <ReviewRun run=run retry=retry /> }.into_any()
}

/// The review page's run engine: what starts, drives, re-opens and stops review runs (the graph
/// engine, the providers, the review workflow and its demo answers, the checkpoint reads). A
/// lazily loaded chunk in the split app: the first paint needs the form and a Run button only.
/// The run view's chunk is fetched alongside, since a started run shows it at once.
pub fn load_review_engine(
) -> futures::future::LocalBoxFuture<'static, RunEngine<ReviewWorkflow, RunModel>> {
    Box::pin(async {
        #[cfg(feature = "split")]
        let (engine, ()) = futures::join!(review_engine(), __preload_review_run_view());
        #[cfg(not(feature = "split"))]
        let engine = review_engine().await;
        engine
    })
}

#[cfg_attr(feature = "split", leptos::lazy)]
async fn review_engine() -> RunEngine<ReviewWorkflow, RunModel> {
    RunEngine::new()
}

#[component]
fn ReviewRun(run: ReviewRunHandle, retry: Callback<()>) -> impl IntoView {
    let model = run.view;
    let phase = run.phase;
    let (threshold, max_iterations) = (run.input().threshold, run.input().max_iterations);
    let stop_run = run.clone();
    let findings = run.input().injection_findings();
    let running = move || phase.with(|p| *p == RunPhase::Running);
    let lang = use_language();
    let verdict = result_verdict::<ReviewWorkflow>(model.result);
    // Errors that several agents hit (a bad key, a rate limit) are worth one message at the top.
    let agent_errors = move || {
        let mut errors: Vec<String> = model
            .cards
            .with(|c| c.values().filter_map(|card| card.error.clone()).collect());
        errors.dedup();
        errors
    };
    view! {
        <RunPanel class="run" label=("Review run", "评审运行") testid="run" phase_testid="phase"
            phase_text=Signal::derive(move || {
                let lang = lang.get();
                match phase.get() {
                    RunPhase::Running | RunPhase::Waiting => tr(lang, "Reviewing…", "评审中…").to_string(),
                    // A revision that fails its result check is not "finished": the check says why.
                    RunPhase::Finished => finished_text(verdict.get().as_ref(), REVISED, lang, || {
                        tr(lang, "Review finished.", "评审完成。").to_string()
                    }),
                    RunPhase::Elsewhere => elsewhere_text(lang).to_string(),
                    RunPhase::Stopped => tr(
                        lang,
                        "Stopped. Your inputs are kept; press Run to start again.",
                        "已停止。你的输入已保留，点击“运行”可重新开始。",
                    )
                    .to_string(),
                    RunPhase::Failed(message) => {
                        format!("{}{message}", tr(lang, "The review failed: ", "评审失败："))
                    }
                }
            })
            bar=move || view! { <StopButton testid="stop" enabled=Signal::derive(running) on_stop=Callback::new(move |()| stop_run.stop()) /> }>
            <InjectionWarning findings=Signal::stored(findings) />
            {move || {
                let errors = agent_errors();
                (!errors.is_empty()).then(|| view! {
                    <div class="notice notice--error" role="alert" data-testid="run-error">
                        {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                    </div>
                })
            }}
            {move || match phase.get() {
                RunPhase::Failed(message) => Some(view! { <div class="notice notice--error" role="alert">{message}</div> }),
                _ => None,
            }}
            <div class="run__live">
                <GraphView model=model max_iterations=max_iterations />
                <ScoreTimeline model=model threshold=threshold />
            </div>
            <div class="cards">
                {CRITICS.iter().map(|(id, _)| view! { <CriticCard model=model id=*id /> }).collect_view()}
            </div>
            {move || {
                let activity = model.activity.get();
                (running() && !activity.is_empty()).then(|| view! {
                    <div class="activity" data-testid="activity">
                        {activity.into_iter().map(|(agent, text)| view! {
                            <details open>
                                <summary>{agent_name(ReviewWorkflow::ID, &agent, lang.get())}</summary>
                                {streamed_text(&text, lang.get())}
                            </details>
                        }).collect_view()}
                    </div>
                })
            }}
            {move || verdict.get().zip(model.result.get()).map(|(verdict, state)| view! {
                <VerdictNotice verdict=verdict what=REVISED original=Some(state.original_resume.text) testid="review-verdict" />
            })}
            {move || model.result.get().map(|state| view! { <Results model=model state=state phase=phase retry=retry /> })}
        </RunPanel>
    }
}
