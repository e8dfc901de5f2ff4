//! The hiring page (docs/workflows/hiring_pipeline.md): resume and job description in, the supervisor's routing as it
//! happens, then the candidate packet; the page's saved runs. Runs go through the shared run
//! controller (`ui::run`): a run a reload cut short goes on when the page comes back.

mod email;
mod model;
mod packet;
mod questions;
mod trail;

use leptos::prelude::*;

use crate::session::HiringWorkflow;
use crate::ui::components::{
    draft_signal, first_line, BlindSwitches, Field, InjectionWarning, PageShell, ResumeOutline,
    RunPanel, StopButton, TextBox,
};
use crate::ui::draft_review::{finished_text, result_verdict, VerdictNotice};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{elsewhere_text, ActiveRun, RunController, RunPhase};
use crate::ui::settings::Settings;
use crate::ui::streamed_text::streamed_text;
use crate::workflows::hiring::HiringRunInput;
use crate::workflows::sample::SAMPLE_JOB_DESCRIPTION;
use crate::workflows::sample::SAMPLE_RESUME;
use model::{agent_label, HiringModel};
use packet::Packet;
use trail::Trail;

const DRAFT_RESUME_KEY: &str = "careergraph.draft.hiring.resume";
const DRAFT_JD_KEY: &str = "careergraph.draft.hiring.jd";

/// A hiring run the page shows.
type HiringRunHandle = ActiveRun<HiringWorkflow, HiringModel>;

/// The page: the form, then the run.
#[component]
pub fn Page() -> impl IntoView {
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let job = draft_signal(DRAFT_JD_KEY, SAMPLE_JOB_DESCRIPTION);
    let settings = expect_context::<RwSignal<Settings>>();
    let runs = RunController::<HiringWorkflow, HiringModel>::new();
    // Blind by default; the dates that stand for age stay unless asked (the packet reads one
    // person's career, where its length matters).
    let blind = RwSignal::new(true);
    let mask_proxies = RwSignal::new(false);

    let start = move || {
        let job_description = job.get_untracked();
        let title = first_line(&job_description, "Hiring packet");
        let input = HiringRunInput {
            resume: resume.get_untracked(),
            job_description,
            language: settings.with_untracked(Settings::language),
            blind: Some(blind.get_untracked()),
            mask_proxies: Some(mask_proxies.get_untracked()),
            ..HiringRunInput::default()
        };
        runs.start(input, title);
    };

    view! {
        <PageShell runs=runs class="run-form" testid="hiring-form" start=start
            testid_prefix="hiring-" demo=("Demo: heuristic answers, no model is called", "演示模式：启发式结果，不调用模型")
            clamped=true run_view=move |run| view! { <HiringRun run=run /> }>
            <Field id="hiring-jd" label=("Job description", "职位描述")>
                <TextBox id="hiring-jd" class="field__input" testid="hiring-jd" rows=10 value=job />
            </Field>
            <Field id="hiring-resume" label=("Candidate's resume", "候选人简历")>
                <TextBox id="hiring-resume" class="field__input field__input--tall" testid="hiring-resume" rows=16 value=resume prose=false />
                <ResumeOutline text=resume field_id="hiring-resume" />
            </Field>
            <BlindSwitches blind=blind mask_proxies=mask_proxies testid_prefix="hiring-" />
        </PageShell>
    }
}

/// The result's name in the verdict's sentence.
const PACKET: (&str, &str) = ("The hiring packet", "招聘材料包");

#[component]
fn HiringRun(run: HiringRunHandle) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let stop_run = run.clone();
    let running = move || phase.with(|p| *p == RunPhase::Running);
    // Until the packet arrives the warning comes from the input; then the packet shows its own.
    let input_findings = run.input().injection_findings();
    let findings = Signal::derive(move || {
        if model.result.with(Option::is_none) {
            input_findings.clone()
        } else {
            Vec::new()
        }
    });
    // A packet that fails its check (an email that loops, an evaluation in the other language)
    // is not "ready": the check says why.
    let verdict = result_verdict::<HiringWorkflow>(model.result);
    view! {
        <RunPanel class="run hiring" label=("Hiring run", "招聘流程运行") testid="hiring-run-view" phase_testid="hiring-phase"
            phase_text=Signal::derive(move || {
                let lang = lang.get();
                match phase.get() {
                    RunPhase::Running | RunPhase::Waiting => match model.running.get() {
                        Some(node) => format!("{}{}…", tr(lang, "Running: ", "正在运行："), agent_label(lang, &node)),
                        None => tr(lang, "Starting…", "启动中…").to_string(),
                    },
                    RunPhase::Finished => finished_text(verdict.get().as_ref(), PACKET, lang, || {
                        tr(lang, "Hiring packet ready.", "招聘材料包已完成。").to_string()
                    }),
                    RunPhase::Elsewhere => elsewhere_text(lang).to_string(),
                    RunPhase::Stopped => tr(lang, "Stopped. Your inputs are kept; press Run to start again.", "已停止。输入内容已保留，按“运行”重新开始。").to_string(),
                    RunPhase::Failed(message) => format!("{}{message}", tr(lang, "The run failed: ", "运行失败：")),
                }
            })
            bar=move || view! { <StopButton testid="hiring-stop" enabled=Signal::derive(running) on_stop=Callback::new(move |()| stop_run.stop()) /> }>
            <InjectionWarning findings=findings />
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
                        {move || model.stream.with(|text| streamed_text(text, lang.get()))}
                    </div>
                })}
            </div>
            {move || verdict.get().map(|verdict| view! { <VerdictNotice verdict=verdict what=PACKET original=None testid="hiring-verdict" /> })}
            {move || model.result.get().map(|state| view! { <Packet state=state /> })}
        </RunPanel>
    }
}
