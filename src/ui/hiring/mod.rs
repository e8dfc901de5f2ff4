//! The hiring page (seed 002): resume and job description in, the supervisor's routing as it
//! happens, then the candidate packet. Runs go through `crate::session`, like the JS API.

mod email;
mod model;
mod packet;
mod questions;
mod trail;

use std::rc::Rc;

use leptos::prelude::*;
use serde_json::json;

use crate::graph::EventSink;
use crate::llm::http::fetch::FetchTransport;
use crate::session::{
    build_model, start_run, ErrorCode, RunHandle, SessionError, HIRING_WORKFLOW_ID,
};
use crate::ui::components::draft_signal;
use crate::ui::i18n::{tr, use_language};
use crate::ui::keys::Keys;
use crate::ui::settings::Settings;
use crate::workflows::hiring::sample::SAMPLE_JOB_DESCRIPTION;
use crate::workflows::sample::SAMPLE_RESUME;
use model::{agent_label, HiringModel, Phase};
use packet::Packet;
use trail::Trail;

const DRAFT_RESUME_KEY: &str = "careergraph.draft.hiring.resume";
const DRAFT_JD_KEY: &str = "careergraph.draft.hiring.jd";

/// A run the page shows and the handle that stops it.
#[derive(Clone)]
struct ActiveRun {
    model: HiringModel,
    handle: RunHandle,
}

fn start_hiring(
    settings: &Settings,
    api_key: Option<String>,
    resume: String,
    job_description: String,
) -> Result<ActiveRun, SessionError> {
    let config = settings.provider_config(api_key);
    let chat = build_model(&config, Rc::new(FetchTransport))?;
    let model = HiringModel::new();
    let events = EventSink::new(move |event| model.apply(event));
    let input = json!({
        "resume": resume,
        "jobDescription": job_description,
        "language": settings.language().id(),
    });
    let run = start_run(HIRING_WORKFLOW_ID, input, &config, chat, events)?;
    let outcome = run.outcome;
    leptos::task::spawn_local(async move {
        let phase = match outcome.await {
            Ok(_) => Phase::Finished,
            Err(error) if error.code == ErrorCode::Cancelled => Phase::Stopped,
            Err(error) => Phase::Failed(error.message),
        };
        model.running.set(None);
        model.phase.set(phase);
    });
    Ok(ActiveRun {
        model,
        handle: run.handle,
    })
}

/// The page: the form, then the run.
#[component]
pub fn HiringPage() -> impl IntoView {
    let lang = use_language();
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let job = draft_signal(DRAFT_JD_KEY, SAMPLE_JOB_DESCRIPTION);
    let status = RwSignal::new(String::new());
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    let active = RwSignal::new_local(None::<ActiveRun>);
    let running = move || {
        active.with(|run| {
            run.as_ref()
                .is_some_and(|r| r.model.phase.with(|p| *p == Phase::Running))
        })
    };
    let demo = move || settings.with(|s| s.provider == "demo");

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if running() {
            return;
        }
        let settings = settings.get();
        let key = keys.with(|k| k.get(&settings.provider).cloned());
        match start_hiring(&settings, key, resume.get(), job.get()) {
            Ok(run) => {
                status.set(String::new());
                active.set(Some(run));
            }
            Err(error) => status.set(error.message),
        }
    };

    view! {
        <form class="run-form" on:submit=on_submit data-testid="hiring-form">
            <div class="field">
                <label class="field__label" for="hiring-jd">{move || tr(lang.get(), "Job description", "职位描述")}</label>
                <textarea
                    id="hiring-jd"
                    class="field__input"
                    data-testid="hiring-jd"
                    rows="10"
                    prop:value=move || job.get()
                    on:input=move |ev| job.set(event_target_value(&ev))
                ></textarea>
            </div>
            <div class="field">
                <label class="field__label" for="hiring-resume">{move || tr(lang.get(), "Candidate's resume", "候选人简历")}</label>
                <textarea
                    id="hiring-resume"
                    class="field__input field__input--tall"
                    data-testid="hiring-resume"
                    rows="16"
                    spellcheck="false"
                    prop:value=move || resume.get()
                    on:input=move |ev| resume.set(event_target_value(&ev))
                ></textarea>
            </div>
            <div class="run-form__actions">
                <button type="submit" class="button button--primary" data-testid="hiring-run" disabled=running>
                    {move || if running() { tr(lang.get(), "Running…", "运行中…") } else { tr(lang.get(), "Run", "运行") }}
                </button>
                <span class="badge badge--info" hidden=move || !demo()>
                    {move || tr(lang.get(), "Demo: heuristic answers, no model is called", "演示模式：启发式结果，不调用模型")}
                </span>
                <p class="run-form__status" role="status" aria-live="polite" data-testid="hiring-status">
                    {move || status.get()}
                </p>
            </div>
        </form>
        {move || active.get().map(|run| view! { <HiringRun run=run /> })}
    }
}

#[component]
fn HiringRun(run: ActiveRun) -> impl IntoView {
    let lang = use_language();
    let model = run.model;
    let handle = run.handle.clone();
    let running = move || model.phase.with(|p| *p == Phase::Running);
    view! {
        <section class="run hiring" aria-label=move || tr(lang.get(), "Hiring run", "招聘流程运行") data-testid="hiring-run-view">
            <div class="run__bar">
                <p class="run__phase" role="status" aria-live="polite" data-testid="hiring-phase">
                    {move || {
                        let lang = lang.get();
                        match model.phase.get() {
                            Phase::Running => match model.running.get() {
                                Some(node) => format!("{}{}…", tr(lang, "Running: ", "正在运行："), agent_label(lang, &node)),
                                None => tr(lang, "Starting…", "启动中…").to_string(),
                            },
                            Phase::Finished => tr(lang, "Hiring packet ready.", "招聘材料包已完成。").to_string(),
                            Phase::Stopped => tr(lang, "Stopped. Your inputs are kept; press Run to start again.", "已停止。输入内容已保留，按“运行”重新开始。").to_string(),
                            Phase::Failed(message) => format!("{}{message}", tr(lang, "The run failed: ", "运行失败：")),
                        }
                    }}
                </p>
                <button
                    type="button"
                    class="button button--danger"
                    data-testid="hiring-stop"
                    disabled=move || !running()
                    on:click=move |_| handle.cancel()
                >
                    {move || tr(lang.get(), "Stop", "停止")}
                </button>
            </div>
            {move || {
                let errors = model.errors.get();
                (!errors.is_empty()).then(|| view! {
                    <div class="notice notice--error" role="alert" data-testid="hiring-errors">
                        {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                    </div>
                })
            }}
            <div class="hiring__live">
                <Trail trail=Signal::derive(move || model.trail.get()) />
                {move || running().then(|| view! {
                    <div class="hiring__stream" data-testid="hiring-stream">
                        <pre class="card__stream">{move || model.stream.get()}</pre>
                    </div>
                })}
            </div>
            {move || model.result.get().map(|state| view! { <Packet state=state /> })}
        </section>
    }
}
