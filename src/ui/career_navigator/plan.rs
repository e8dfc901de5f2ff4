//! Goals by horizon, the plan's timeline and action items with dates, and the final-confirmation
//! dialog.

use leptos::prelude::*;

use crate::domain::calendar::CalendarDate;
use crate::domain::career_plan::{CareerGoal, CareerGoals, FinalPlan};
use crate::ui::components::{Field, Modal, TextBox};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::career_navigator::export::week_date;
use crate::workflows::career_navigator::{NavigatorAnswer, PlanConfirmation};

fn goal_list(title: &'static str, goals: Vec<CareerGoal>, testid: &'static str) -> impl IntoView {
    view! {
        <div class="nav-goals__column" data-testid=testid>
            <h3>{title}</h3>
            <ul>
                {goals.into_iter().map(|g| view! {
                    <li>
                        <strong>{g.title}</strong>
                        {(!g.timeframe.is_empty()).then(|| format!(" · {}", g.timeframe))}
                        {(!g.description.is_empty()).then(|| view! { <p>{g.description}</p> })}
                    </li>
                }).collect_view()}
            </ul>
        </div>
    }
}

#[component]
pub fn GoalsView(goals: CareerGoals) -> impl IntoView {
    let lang = use_language().get_untracked();
    view! {
        <section class="card nav-goals" data-testid="nav-goals">
            <h2>{tr(lang, "Goals", "目标")}</h2>
            <div class="nav-goals__grid">
                {goal_list(tr(lang, "Long term", "长期目标"), goals.long_term_goals, "goals-long")}
                {goal_list(tr(lang, "Medium term", "中期目标"), goals.medium_term_goals, "goals-medium")}
                {goal_list(tr(lang, "Short term", "短期目标"), goals.short_term_goals, "goals-short")}
            </div>
        </section>
    }
}

#[component]
pub fn PlanView(plan: FinalPlan, start: CalendarDate) -> impl IntoView {
    let lang = use_language().get_untracked();
    let total = plan
        .action_items
        .iter()
        .map(|i| i.start_week + i.duration_weeks)
        .chain(plan.timeline.iter().map(|p| p.end_week))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    // SVG geometry rather than inline styles: the page's CSP (style-src 'self') blocks those.
    let bar = move |start_week: u32, weeks: u32, class: &'static str| {
        let x = f64::from(start_week) / total * 100.0;
        let width = (f64::from(weeks.max(1)) / total * 100.0).max(1.0);
        view! {
            <svg class="nav-timeline__svg" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true">
                <rect class=class x=format!("{x:.2}") y="0" width=format!("{width:.2}") height="4" rx="1"></rect>
            </svg>
        }
    };
    let priority = move |p: &str| match p {
        "high" => tr(lang, "high", "高"),
        "medium" => tr(lang, "medium", "中"),
        "low" => tr(lang, "low", "低"),
        _ => "",
    };
    view! {
        <section class="card nav-plan" data-testid="nav-plan">
            <h2>{tr(lang, "Action plan", "行动计划")}</h2>
            <p>{plan.schedule_overview.clone()}</p>
            <h3>{tr(lang, "Timeline", "时间线")}</h3>
            <ol class="nav-timeline" data-testid="nav-timeline">
                {plan.timeline.iter().map(|p| view! {
                    <li class="nav-timeline__phase">
                        <span class="nav-timeline__label">
                            {format!("{} · {} – {}", p.name, week_date(start, p.start_week), week_date(start, p.end_week))}
                        </span>
                        {bar(p.start_week, p.end_week.saturating_sub(p.start_week), "nav-timeline__bar nav-timeline__bar--phase")}
                    </li>
                }).collect_view()}
            </ol>
            <h3>{tr(lang, "Action items", "行动项")}</h3>
            <ol class="nav-timeline" data-testid="nav-actions">
                {plan.action_items.iter().map(|i| view! {
                    <li class="nav-timeline__item" data-testid="nav-action">
                        <span class="nav-timeline__label">
                            <time datetime=week_date(start, i.start_week).to_string()>{week_date(start, i.start_week).to_string()}</time>
                            {format!(" · {} {} · {}", i.duration_weeks, tr(lang, "wk", "周"), i.title)}
                            " "
                            <span class=format!("badge badge--{}", i.priority)>{priority(&i.priority)}</span>
                        </span>
                        {bar(i.start_week, i.duration_weeks, "nav-timeline__bar")}
                    </li>
                }).collect_view()}
            </ol>
            {(!plan.resources.is_empty()).then(|| view! {
                <h3>{tr(lang, "Resources", "资源")}</h3>
                <ul>{plan.resources.iter().map(|r| view! { <li>{r.clone()}</li> }).collect_view()}</ul>
            })}
        </section>
    }
}

/// Confirm the plan, or send it back with feedback.
#[component]
pub fn ConfirmDialog(
    question: String,
    on_answer: Callback<NavigatorAnswer>,
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let feedback = RwSignal::new(String::new());
    let reply = move |confirm: bool| {
        let text = feedback.get_untracked();
        let feedback = (!confirm && !text.trim().is_empty()).then_some(text);
        on_answer.run(NavigatorAnswer::ConfirmPlan(PlanConfirmation {
            confirm,
            feedback,
        }));
    };
    // Ctrl/Cmd+Enter sends what was typed: feedback asks for a revision, nothing confirms.
    let send = Callback::new(move |()| reply(feedback.with_untracked(|f| f.trim().is_empty())));
    view! {
        <Modal labelled_by="nav-confirm-title" testid="nav-confirm" on_escape=on_close on_send=send>
            <h2 class="modal__title" id="nav-confirm-title">{move || tr(lang.get(), "Confirm the plan", "确认计划")}</h2>
            <p>{question}</p>
            <Field id="nav-plan-feedback" label=("What to change (if you do not confirm)", "需要修改的地方（如不确认）")>
                <TextBox id="nav-plan-feedback" class="field__input--short" testid="nav-plan-feedback" rows=2 value=feedback />
            </Field>
            <div class="run-form__actions">
                <button type="button" class="button button--primary" data-testid="nav-confirm-plan"
                    on:click=move |_| reply(true)>
                    {move || tr(lang.get(), "Confirm plan", "确认计划")}
                </button>
                <button type="button" class="button" data-testid="nav-revise-plan"
                    on:click=move |_| reply(false)>
                    {move || tr(lang.get(), "Revise plan", "修改计划")}
                </button>
            </div>
        </Modal>
    }
}
