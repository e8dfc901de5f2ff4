//! The integrated report and the satisfaction dialog (five levels as a radio group, feedback).

use leptos::prelude::*;

use crate::domain::career_plan::{IntegratedReport, UserSatisfactionLevel};
use crate::domain::Language;
use crate::ui::components::{Field, Modal, TextBox};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::career_navigator::{NavigatorAnswer, SatisfactionRating};

fn list(title: &'static str, items: Vec<String>, testid: &'static str) -> impl IntoView {
    (!items.is_empty()).then(|| {
        view! {
            <h3>{title}</h3>
            <ul data-testid=testid>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
        }
    })
}

#[component]
pub fn ReportView(report: IntegratedReport, round: u32) -> impl IntoView {
    let lang = use_language().get_untracked();
    let t = move |en, zh| tr(lang, en, zh);
    view! {
        <section class="card nav-report" data-testid="nav-report" aria-labelledby="nav-report-title">
            <h2 id="nav-report-title">
                {format!("{} · {} {}", t("Integrated report", "综合报告"), t("round", "第"), round + 1)}
                {(lang == Language::Zh).then_some(" 轮")}
            </h2>
            {(!report.iteration_summary.trim().is_empty()).then(|| view! {
                <p class="notice" data-testid="nav-iteration-summary">{report.iteration_summary.clone()}</p>
            })}
            <p data-testid="nav-summary">{report.executive_summary.clone()}</p>
            {(!report.recommended_career.trim().is_empty()).then(|| view! {
                <p data-testid="nav-career">
                    <strong>{t("Recommended career: ", "推荐职业方向：")}</strong>
                    {format!("{} ({}/100)", report.recommended_career, report.match_score)}
                </p>
            })}
            {list(t("Strengths", "优势"), report.strengths.clone(), "nav-strengths")}
            {list(t("To develop", "待提升"), report.development_areas.clone(), "nav-development")}
            {list(t("Recommendations", "建议"), report.recommendations.clone(), "nav-recommendations")}
        </section>
    }
}

/// Asks how satisfied the user is; `on_answer` gets the level and the feedback.
#[component]
pub fn SatisfactionDialog(
    question: String,
    rounds_left: u32,
    error: Option<String>,
    on_answer: Callback<NavigatorAnswer>,
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_language();
    let level = RwSignal::new(None::<u8>);
    let feedback = RwSignal::new(String::new());
    let problem = RwSignal::new(error);
    let send = Callback::new(move |()| match level.get_untracked() {
        Some(level) => on_answer.run(NavigatorAnswer::Satisfaction(SatisfactionRating {
            level,
            feedback: feedback.get_untracked(),
        })),
        None => {
            problem.set(Some(
                tr(
                    lang.get_untracked(),
                    "Choose how satisfied you are.",
                    "请选择您的满意度。",
                )
                .to_string(),
            ));
        }
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        send.run(());
    };
    view! {
        <Modal labelled_by="nav-satisfaction-title" testid="nav-satisfaction" on_escape=on_close on_send=send>
            <h2 class="modal__title" id="nav-satisfaction-title">{move || tr(lang.get(), "Rate the report", "评价这份报告")}</h2>
            <form autocomplete="off" on:submit=submit>
                <p>{question}</p>
                <fieldset class="nav-levels">
                    <legend>{move || tr(lang.get(), "Satisfaction", "满意度")}</legend>
                    {UserSatisfactionLevel::ALL.into_iter().map(|l| {
                        let (en, zh) = l.label();
                        let value = l.level();
                        view! {
                            <label class="field--inline">
                                <input autocomplete="off"
                                    type="radio"
                                    name="nav-satisfaction-level"
                                    value=value.to_string()
                                    data-testid=format!("level-{}", l.id())
                                    on:change=move |_| { level.set(Some(value)); problem.set(None); }
                                />
                                <span>{move || tr(lang.get(), en, zh)}</span>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
                <Field id="nav-feedback" label=("Feedback (what to change)", "反馈（需要调整的地方）")>
                    <TextBox id="nav-feedback" class="field__input--short" testid="nav-feedback" rows=3 value=feedback />
                    <span class="field__hint">
                        {move || format!("{} {rounds_left}", tr(lang.get(), "Analysis rounds left if you are not satisfied:", "若不满意，剩余可重新分析轮次："))}
                    </span>
                </Field>
                {move || problem.get().map(|p| view! { <p class="notice notice--error" role="alert">{p}</p> })}
                <button type="submit" class="button button--primary" data-testid="nav-send-rating">
                    {move || tr(lang.get(), "Send", "提交")}
                </button>
            </form>
        </Modal>
    }
}
