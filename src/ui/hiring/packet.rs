//! The finished hiring packet: profile, job analysis, match with score, research note, interview
//! questions in tabs, evaluation with recommendation, email draft, and the Markdown export.

use leptos::prelude::*;

use super::email::EmailCard;
use super::questions::QuestionTabs;
use crate::domain::Language;
use crate::ui::components::InjectionWarning;
use crate::ui::download::download;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::hiring::{packet_markdown, HiringState};

fn items(title: &'static str, list: Vec<String>) -> Option<impl IntoView> {
    (!list.is_empty()).then(|| {
        view! {
            <h4 class="packet__subheading">{title}</h4>
            <ul class="packet__list">{list.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
        }
    })
}

fn missing(lang: Language) -> AnyView {
    view! { <p class="packet__missing">{tr(lang, "Not produced in this run.", "本次运行未生成。")}</p> }
        .into_any()
}

#[component]
pub fn Packet(state: HiringState) -> impl IntoView {
    let lang = use_language();
    // The packet is drawn in the language of the moment; switching language redraws it.
    move || packet_view(state.clone(), lang.get())
}

fn packet_view(state: HiringState, lang: Language) -> impl IntoView {
    let state = state.for_person();
    let t = move |en, zh| tr(lang, en, zh);
    let export_error = RwSignal::new(None::<String>);
    let markdown = StoredValue::new(packet_markdown(&state));

    let profile = match state.candidate_profile.clone() {
        Some(p) => view! {
            <p class="packet__lead" data-testid="profile-name"><strong>{p.name}</strong>{(!p.headline.is_empty()).then(|| format!(" — {}", p.headline))}</p>
            <p>{p.summary}</p>
            <p>{t("Years of experience: ", "工作年限：")}{p.years_experience.to_string()}</p>
            {items(t("Skills", "技能"), p.skills)}
            {items(t("Experience", "工作经历"), p.experience.into_iter().map(|r| format!("{} — {} ({})", r.title, r.organization, r.period)).collect())}
            {items(t("Education", "教育背景"), p.education)}
        }.into_any(),
        None => missing(lang),
    };
    let jd = match state.jd_analysis.clone() {
        Some(j) => view! {
            <p class="packet__lead"><strong>{j.title}</strong>{format!(" · {}", j.seniority)}</p>
            <p>{j.summary}</p>
            {items(t("Must have", "必备要求"), j.must_have)}
            {items(t("Nice to have", "加分项"), j.nice_to_have)}
            {items(t("Responsibilities", "职责"), j.responsibilities)}
        }
        .into_any(),
        None => missing(lang),
    };
    let matching = match state.matching_analysis.clone() {
        Some(m) => view! {
            <p class="packet__score">
                <span class="packet__score-value" data-testid="match-score">{format!("{:.0}", m.score)}</span>
                <span class="packet__score-max">"/100"</span>
            </p>
            <p>{m.summary}</p>
            {items(t("Matched skills", "匹配的技能"), m.matched_skills)}
            {items(t("Missing skills", "缺失的技能"), m.missing_skills)}
            {items(t("Strengths", "优势"), m.strengths)}
            {items(t("Gaps", "差距"), m.gaps)}
        }.into_any(),
        None => missing(lang),
    };
    let research = match state.research_analysis.clone() {
        Some(r) => view! {
            <p class="notice" role="note" data-testid="research-limitations">{r.limitations}</p>
            <p>{r.summary}</p>
            {(!r.career_trajectory.is_empty()).then(|| view! { <p>{t("Trajectory: ", "职业轨迹：")}{r.career_trajectory}</p> })}
            {items(t("To verify", "待核实"), r.points_to_verify)}
        }.into_any(),
        None => missing(lang),
    };
    let evaluation = match state.evaluation.clone() {
        Some(e) => view! {
            <p class="packet__lead">
                <span class=format!("badge badge--rec badge--{}", e.recommendation.id()) data-testid="recommendation">
                    {e.recommendation.label(lang)}
                </span>
                {format!(" {:.0}/100", e.overall_score)}
            </p>
            <p>{e.summary}</p>
            {items(t("Strengths", "优势"), e.strengths)}
            {items(t("Concerns", "顾虑"), e.concerns)}
            {items(t("Next steps", "后续步骤"), e.next_steps)}
        }.into_any(),
        None => missing(lang),
    };
    let email = match state.email_content.clone() {
        Some(e) => view! { <EmailCard email=e /> }.into_any(),
        None => missing(lang),
    };

    view! {
        <section class="packet" aria-labelledby="packet-title" data-testid="packet">
            <div class="packet__header">
                <h2 id="packet-title">{t("Hiring packet", "招聘材料包")}</h2>
                <button type="button" class="button" data-testid="hiring-export"
                    on:click=move |_| export_error.set(download("hiring-packet.md", "text/markdown", &markdown.get_value()).err())>
                    {t("Export Markdown", "导出 Markdown")}
                </button>
                {move || export_error.get().map(|e| view! { <span role="alert">{e}</span> })}
            </div>
            {state.error.clone().map(|e| view! {
                <div class="notice notice--warn" role="note" data-testid="supervisor-error">
                    {t("The supervisor's answer could not be read once; the run continued in the default order. ", "调度员有一次回答无法解析，已按默认顺序继续。")}
                    <span>{e}</span>
                </div>
            })}
            // Part of the packet: the documents tried to steer the agents.
            <InjectionWarning findings=Signal::stored(state.injection_findings.clone()) />
            {(!state.warnings.is_empty()).then(|| view! {
                <div class="notice notice--warn" role="note" data-testid="hiring-warnings">
                    <ul>{state.warnings.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
                </div>
            })}
            <div class="packet__grid">
                <section class="packet__section" data-testid="packet-profile">
                    <h3>{t("Candidate profile", "候选人档案")}</h3>{profile}
                </section>
                <section class="packet__section" data-testid="packet-jd">
                    <h3>{t("Job analysis", "职位分析")}</h3>{jd}
                </section>
                <section class="packet__section" data-testid="packet-match">
                    <h3>{t("Match", "匹配分析")}</h3>{matching}
                </section>
                <section class="packet__section" data-testid="packet-research">
                    <h3>{t("Background research", "背景调研")}</h3>{research}
                </section>
            </div>
            <section class="packet__section" data-testid="packet-questions">
                <h3>{t("Interview questions", "面试问题")}</h3>
                <QuestionTabs hr=state.hr_questions.clone() technical=state.technical_questions.clone() ceo=state.ceo_questions.clone() />
            </section>
            <section class="packet__section" data-testid="packet-evaluation">
                <h3>{t("Evaluation", "评估")}</h3>{evaluation}
            </section>
            <section class="packet__section" data-testid="packet-email">
                <h3>{t("Email draft", "邮件草稿")}</h3>{email}
            </section>
        </section>
    }
}
