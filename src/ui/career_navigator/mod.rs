//! The CareerNavigator page (docs/workflows/career_navigator.md): profile form, Run/Stop, progress (stage, the parallel
//! analysts), the report with a satisfaction dialog, goals, the plan timeline with the final
//! confirmation, a details panel (metrics, error log), exports as Markdown and .ics, and the
//! page's saved runs. Runs go through the shared run controller (`ui::run`): saved in IndexedDB,
//! and on load the newest paused run asks its question again.

mod details;
mod form;
mod model;
mod plan;
mod report;

use leptos::prelude::*;

use crate::domain::calendar::CalendarDate;
use crate::session::NavigatorWorkflow;
use crate::ui::components::{
    focus_later, Field, InjectionWarning, PageShell, RunPanel, StopButton, TextBox,
};
use crate::ui::download::download;
use crate::ui::draft_review::{finished_text, VerdictNotice};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{elsewhere_text, ActiveRun, RunController, RunPhase};
use crate::ui::settings::Settings;
use crate::ui::streamed_text::streamed_text;
use crate::workflows::agent_name;
use crate::workflows::career_navigator::{
    export, CareerNavigatorState, NavigatorAnswer, NavigatorPause,
};
use crate::workflows::Workflow;
use details::DetailsPanel;
use form::ProfileFields;
use model::NavModel;
use plan::{ConfirmDialog, GoalsView, PlanView};
use report::{ReportView, SatisfactionDialog};

/// A career plan run the page shows.
type NavRun = ActiveRun<NavigatorWorkflow, NavModel>;

const ANALYSTS: [(&str, &str, &str); 3] = [
    ("user_profiler", "Profile analysis", "个人分析"),
    ("industry_researcher", "Industry research", "行业研究"),
    ("job_analyzer", "Job analysis", "职业分析"),
];

#[component]
pub fn Page() -> impl IntoView {
    let lang = use_language();
    let settings = expect_context::<RwSignal<Settings>>();
    let fields = ProfileFields::load(lang.get_untracked());
    let runs = RunController::<NavigatorWorkflow, NavModel>::new();

    let start = move || {
        let settings = settings.get_untracked();
        let input = fields.input(settings.language(), settings.max_iterations);
        let title = form::title_of(&input);
        runs.start(input, title);
    };

    let text_field =
        move |id: &'static str, en: &'static str, zh: &'static str, signal: RwSignal<String>| {
            view! {
                <div class="field">
                    <label class="field__label" for=id>{move || tr(lang.get(), en, zh)}</label>
                    <input id=id class="field__input--short" type="text" data-testid=id
                        prop:value=move || signal.get()
                        on:input=move |ev| signal.set(event_target_value(&ev)) />
                </div>
            }
        };

    view! {
        <PageShell runs=runs class="run-form nav-form" testid="nav-form" start=start
            clamped=true run_view=move |run| view! { <NavigatorRun run=run /> }>
            <Field id="nav-goal" label=("Career goal", "职业目标")>
                <TextBox id="nav-goal" class="field__input--short" testid="nav-goal" rows=3 value=fields.goal />
            </Field>
            <div class="nav-form__grid">
                {text_field("nav-position", "Current position", "当前职位", fields.position)}
                {text_field("nav-years", "Years of experience", "工作年限", fields.years)}
                {text_field("nav-education", "Education", "教育背景", fields.education)}
                {text_field("nav-skills", "Skills (comma-separated)", "技能（用逗号分隔）", fields.skills)}
                {text_field("nav-interests", "Interests (comma-separated)", "兴趣（用逗号分隔）", fields.interests)}
                {text_field("nav-constraints", "Constraints (time, location…)", "限制条件（时间、地点等）", fields.constraints)}
                <div class="field">
                    <label class="field__label" for="nav-start">{move || tr(lang.get(), "Plan starts on", "计划开始日期")}</label>
                    <input id="nav-start" type="date" data-testid="nav-start"
                        prop:value=move || fields.start_date.get()
                        on:input=move |ev| fields.start_date.set(event_target_value(&ev)) />
                </div>
            </div>
        </PageShell>
    }
}

/// The result's name in the verdict's sentence.
const PLAN: (&str, &str) = ("The career plan", "职业规划");

#[component]
fn NavigatorRun(run: NavRun) -> impl IntoView {
    let lang = use_language();
    let model = run.view;
    let phase = run.phase;
    let dialog_open = RwSignal::new(true);
    let findings = run.input().injection_findings();
    let running = move || phase.get().is_live();
    let waiting = move || phase.get() == RunPhase::Waiting;
    let on_answer = {
        let run = run.clone();
        Callback::new(move |answer: NavigatorAnswer| {
            dialog_open.set(true);
            run.answer(answer);
        })
    };
    let on_close = Callback::new(move |_| {
        dialog_open.set(false);
        focus_later("[data-testid=nav-open-dialog]");
    });
    let stop_run = run.clone();
    let state = move || model.state.get();
    let start_date = move || {
        state()
            .and_then(|s| CalendarDate::parse(&s.start_date))
            .unwrap_or_else(|| CalendarDate::from_unix_ms(js_sys::Date::now()))
    };
    // A plan that fails its check (a report that loops, a schedule in the other language) is
    // not "ready": the check says why.
    let verdict = Memo::new(move |_| {
        (phase.get() == RunPhase::Finished)
            .then(|| {
                model
                    .state
                    .with(|s| s.as_ref().map(NavigatorWorkflow::check_result))
            })
            .flatten()
    });
    let phase_text = move || {
        let l = lang.get();
        match phase.get() {
            RunPhase::Running => {
                let (en, zh) = model.stage.get().label();
                format!("{}…", tr(l, en, zh))
            }
            RunPhase::Waiting => match model.pending.get() {
                Some(NavigatorPause::ConfirmPlan(_)) => tr(
                    l,
                    "Waiting for you to confirm the plan.",
                    "等待您确认计划。",
                )
                .to_string(),
                _ => tr(
                    l,
                    "Waiting for your rating of the report.",
                    "等待您评价报告。",
                )
                .to_string(),
            },
            RunPhase::Finished => finished_text(verdict.get().as_ref(), PLAN, l, || {
                tr(l, "Plan ready.", "计划已完成。").to_string()
            }),
            RunPhase::Elsewhere => elsewhere_text(l).to_string(),
            RunPhase::Stopped => tr(
                l,
                "Stopped. Your inputs are kept; press Run to start again.",
                "已停止。您的输入已保留，可再次运行。",
            )
            .to_string(),
            RunPhase::Failed(message) => {
                format!("{} {message}", tr(l, "The run failed:", "运行失败："))
            }
        }
    };
    let export_markdown = move |_| {
        if let Some(state) = model.state.get_untracked() {
            let _ = download(
                "career-plan.md",
                "text/markdown",
                &export::markdown(&state, start_date()),
            );
        }
    };
    let export_ics = move |_| {
        if let Some(state) = model.state.get_untracked() {
            let text = export::calendar(&state, start_date(), js_sys::Date::now());
            let _ = download("career-plan.ics", "text/calendar", &text);
        }
    };

    view! {
        <RunPanel class="run nav-run" label=("Career plan run", "职业规划运行") testid="nav-run" phase_testid="nav-phase" phase_text=Signal::derive(phase_text)
            bar=move || view! { <StopButton testid="stop" enabled=Signal::derive(running) on_stop=Callback::new(move |()| stop_run.stop()) /> }>
            <InjectionWarning findings=Signal::stored(findings) />
            {move || match phase.get() {
                RunPhase::Failed(message) => Some(view! { <div class="notice notice--error" role="alert" data-testid="run-error">{message}</div> }),
                _ => None,
            }}
            <ul class="nav-analysts" aria-label=move || tr(lang.get(), "Parallel analysts", "并行分析")>
                {ANALYSTS.into_iter().map(|(id, en, zh)| view! {
                    <li class="gnode" data-testid=format!("nav-node-{id}")
                        class:gnode--running=move || model.is_running(id)
                        data-status=move || if model.is_running(id) { "running" } else { "idle" }>
                        {move || tr(lang.get(), en, zh)}
                    </li>
                }).collect_view()}
            </ul>
            {move || {
                let (agent, text) = model.streaming.get();
                (phase.get() == RunPhase::Running && !text.is_empty()).then(|| view! {
                    <details class="activity" open><summary>{agent_name(NavigatorWorkflow::ID, &agent, lang.get())}</summary>{streamed_text(&text, lang.get())}</details>
                })
            }}
            {move || state().and_then(|s| s.integrated_report.clone()).map(|r| {
                let round = r.iteration_count;
                view! { <ReportView report=r round=round /> }
            })}
            {move || state().filter(|s| s.iteration_limit_reached).map(|_| view! {
                <p class="notice notice--warn" data-testid="nav-limit">
                    {tr(lang.get(), "The maximum number of analysis rounds was reached: the plan builds on the last report.", "已达到最大分析轮次：计划基于最新一版报告。")}
                </p>
            })}
            {move || state().and_then(|s| s.career_goals.clone()).map(|g| view! { <GoalsView goals=g /> })}
            {move || state().and_then(|s| s.final_plan.clone()).map(|p| view! { <PlanView plan=p start=start_date() /> })}
            {move || model.pending.get().filter(|_| waiting()).map(|pending| {
                let confirming = matches!(pending, NavigatorPause::ConfirmPlan(_));
                if !dialog_open.get() {
                    let label = if confirming { tr(lang.get(), "Confirm the plan…", "确认计划…") } else { tr(lang.get(), "Rate the report…", "评价报告…") };
                    return view! { <button type="button" class="button button--primary" data-testid="nav-open-dialog" on:click=move |_| dialog_open.set(true)>{label}</button> }.into_any();
                }
                match pending {
                    NavigatorPause::ConfirmPlan(p) => view! {
                        <ConfirmDialog question=p.question on_answer=on_answer on_close=on_close />
                    }.into_any(),
                    NavigatorPause::Satisfaction(p) => view! {
                        <SatisfactionDialog question=p.question rounds_left=p.rounds_left error=p.error on_answer=on_answer on_close=on_close />
                    }.into_any(),
                }
            })}
            {move || verdict.get().map(|verdict| view! { <VerdictNotice verdict=verdict what=PLAN original=None testid="nav-verdict" /> })}
            {move || (phase.get() == RunPhase::Finished).then(|| {
                let confirmed = state().is_some_and(|s: CareerNavigatorState| s.plan_confirmed);
                view! {
                    <p class="notice" data-testid="nav-confirmed">
                        {if confirmed { tr(lang.get(), "You confirmed this plan.", "您已确认此计划。") } else { tr(lang.get(), "The plan was not confirmed.", "计划未被确认。") }}
                    </p>
                    <div class="results__actions">
                        <button type="button" class="button" data-testid="nav-export-markdown" on:click=export_markdown>
                            {tr(lang.get(), "Export Markdown", "导出 Markdown")}
                        </button>
                        <button type="button" class="button" data-testid="nav-export-ics" on:click=export_ics>
                            {tr(lang.get(), "Export calendar (.ics)", "导出日历（.ics）")}
                        </button>
                    </div>
                }
            })}
            {move || state().map(|s| view! { <DetailsPanel metrics=s.system_metrics errors=s.error_log.into_inner() /> })}
        </RunPanel>
    }
}
