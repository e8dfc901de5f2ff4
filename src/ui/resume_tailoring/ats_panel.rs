//! Live ATS analysis of the resume against the job description, recomputed as the user types:
//! deterministic (`domain::ats`), no model, nothing sent anywhere.

use leptos::prelude::*;

use crate::domain::ats::{self, AtsReport, AtsTerm, Importance, TermKind};
use crate::ui::i18n::{tr, use_language};

fn term_label(term: &AtsTerm) -> String {
    match (term.kind, term.importance) {
        (TermKind::Skill, Importance::Required) => format!("{} ★", term.term),
        _ => term.term.clone(),
    }
}

fn terms(list: Vec<AtsTerm>, class: &'static str, testid: &'static str) -> impl IntoView {
    view! {
        <ul class=format!("keywords {class}") data-testid=testid>
            // The tooltip is the requirement the term came from, so the user sees why it counts.
            {list.iter().map(|t| view! { <li class="keywords__item" title=t.sentence.clone()>{term_label(t)}</li> }).collect_view()}
        </ul>
    }
}

#[component]
pub fn AtsPanel(
    resume: RwSignal<String>,
    job: RwSignal<String>,
    target: Signal<u32>,
) -> impl IntoView {
    let lang = use_language();
    // Memoised: the view reads the report in several places, the analysis runs once per change.
    let report = Memo::new(move |_| {
        job.with(|job| {
            resume.with(|resume| (!job.trim().is_empty()).then(|| ats::score(job, resume)))
        })
    });
    let show = move |report: AtsReport| {
        let met = report.score >= target.get();
        view! {
            <p class="ats-panel__score">
                <strong class=if met { "ats-line__score ats-line__score--met" } else { "ats-line__score" } data-testid="ats-score">
                    {report.score}
                </strong>
                {move || format!(" / 100 · {} {}", tr(lang.get(), "target", "目标"), target.get())}
            </p>
            // An empty list is left out, heading and all.
            {(!report.matched.is_empty()).then(|| view! {
                <h3 class="modal__subtitle">{move || tr(lang.get(), "Matched", "已匹配")}</h3>
                {terms(report.matched.clone(), "keywords--matched", "ats-matched")}
            })}
            {(!report.missing.is_empty()).then(|| view! {
                <h3 class="modal__subtitle">{move || tr(lang.get(), "Missing", "缺失")}</h3>
                {terms(report.missing.clone(), "keywords--missing", "ats-missing")}
            })}
            <p class="field__hint">{move || tr(lang.get(), "★ must-have skill (\"Go / Rust ★\": either one meets it); the others are nice to have or the ad's own wording. Only the ad's requirements count, not its company blurb or perks.", "★ 必备技能（“Go / Rust ★”：任一即可）；其余为加分项或招聘启事中的措辞。只计入职位要求，不计公司介绍和福利。")}</p>
        }
    };
    view! {
        <section class="ats-panel" aria-labelledby="ats-title" data-testid="ats-panel">
            <h2 id="ats-title" class="ats-panel__title">{move || tr(lang.get(), "ATS match (live, no AI)", "ATS 匹配（实时，不调用 AI）")}</h2>
            <div>
                {move || match report.get() {
                    Some(report) => show(report).into_any(),
                    None => view! {
                        <p class="field__hint">{move || tr(lang.get(), "Paste a job description to see the match.", "粘贴职位描述以查看匹配情况。")}</p>
                    }.into_any(),
                }}
            </div>
        </section>
    }
}
