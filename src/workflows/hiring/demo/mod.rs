//! Offline answers for every hiring agent, plugged into the llm layer's `DemoModel`. Honest: each
//! answer is derived from the request (the documents and earlier outputs), in the language the
//! system prompt asks for; the supervisor picks the first missing output in the natural order.

mod documents;
mod writing;

use std::rc::Rc;

use serde::Serialize;

use crate::domain::ats::{self, Importance, TermKind};
use crate::domain::hiring::{
    CandidateProfile, EmailDraft, Evaluation, JdAnalysis, MatchingAnalysis, ResearchAnalysis,
};
use crate::domain::Language;
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;

use super::agents::{self, Agent};
use super::nodes::no_web_access_note;
use super::prompts::{block, parse_block};
use super::routing::{agent_named, FINISHED};
use super::supervisor::SupervisorAnswer;

pub use documents::{jd_analysis as read_job_description, profile as read_resume, years};

/// The language the request's system prompt asks for.
fn language(request: &ChatRequest) -> Language {
    if request.system.contains(Language::Zh.prompt_instruction()) {
        Language::Zh
    } else {
        Language::En
    }
}

fn part(request: &ChatRequest, tag: &str) -> String {
    block(&request.user_text(), tag).unwrap_or("").to_string()
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// An earlier output from its block, or what the demo reads from the raw documents.
fn profile_of(request: &ChatRequest) -> CandidateProfile {
    parse_block(&request.user_text(), "candidate_profile")
        .unwrap_or_else(|| documents::profile(&part(request, "resume")))
}

fn jd_of(request: &ChatRequest) -> JdAnalysis {
    parse_block(&request.user_text(), "jd_analysis")
        .unwrap_or_else(|| documents::jd_analysis(&part(request, "job_description")))
}

/// What one agent answers, as a plain function of the request.
struct Responder(Answer);

impl DemoResponder for Responder {
    fn respond(&self, request: &ChatRequest) -> String {
        (self.0)(request)
    }
}

fn supervisor(request: &ChatRequest) -> String {
    let next = part(request, "missing_outputs")
        .lines()
        .find_map(agent_named)
        .unwrap_or(FINISHED);
    let reason = match language(request) {
        Language::En => format!("{next} is the first missing part of the packet."),
        Language::Zh => format!("{next} 是材料包中第一个缺失的部分。"),
    };
    json(&SupervisorAnswer {
        next_agent: next.to_string(),
        reason,
    })
}

fn resume_parser(request: &ChatRequest) -> String {
    let lang = language(request);
    let mut profile = documents::profile(&part(request, "resume"));
    if profile.summary.is_empty() {
        profile.summary = match lang {
            Language::En => format!(
                "{} years of experience shown; skills: {}.",
                profile.years_experience,
                profile.skills.join(", ")
            ),
            Language::Zh => format!(
                "简历显示 {} 年经验；技能：{}。",
                profile.years_experience,
                profile.skills.join("、")
            ),
        };
    }
    json(&profile)
}

fn jd_analysis(request: &ChatRequest) -> String {
    let lang = language(request);
    let mut analysis = documents::jd_analysis(&part(request, "job_description"));
    if analysis.summary.is_empty() {
        analysis.summary = match lang {
            Language::En => format!(
                "{} ({}); requires {}.",
                analysis.title,
                analysis.seniority,
                analysis.must_have.join(", ")
            ),
            Language::Zh => format!(
                "{}（{}）；要求：{}。",
                analysis.title,
                analysis.seniority,
                analysis.must_have.join("、")
            ),
        };
    }
    json(&analysis)
}

fn matching(request: &ChatRequest) -> String {
    let lang = language(request);
    let resume = part(request, "resume");
    let report = ats::score(&part(request, "job_description"), &resume);
    let skills = |terms: &[ats::AtsTerm], required_only: bool| -> Vec<String> {
        terms
            .iter()
            .filter(|t| t.kind == TermKind::Skill)
            .filter(|t| !required_only || t.importance == Importance::Required)
            .map(|t| t.term.clone())
            .collect()
    };
    let matched = skills(&report.matched, false);
    let missing = skills(&report.missing, true);
    let profile = profile_of(request);
    let mut strengths: Vec<String> = documents::quantified(&profile)
        .into_iter()
        .take(3)
        .collect();
    if profile.years_experience > 0.0 {
        strengths.push(match lang {
            Language::En => format!("{} years of relevant experience", profile.years_experience),
            Language::Zh => format!("{} 年相关经验", profile.years_experience),
        });
    }
    let gaps = missing
        .iter()
        .map(|skill| match lang {
            Language::En => format!("{skill} is required but not shown on the resume"),
            Language::Zh => format!("职位要求{skill}，但简历中未体现"),
        })
        .collect();
    let summary = match lang {
        Language::En => format!(
            "ATS match {}/100: the resume shows {} of the job's skills; {} required skills are not shown.",
            report.score,
            matched.len(),
            missing.len()
        ),
        Language::Zh => format!(
            "ATS 匹配度 {}/100：简历体现了职位要求中的 {} 项技能，另有 {} 项必备技能未体现。",
            report.score,
            matched.len(),
            missing.len()
        ),
    };
    json(&MatchingAnalysis {
        score: f64::from(report.score),
        summary,
        matched_skills: matched,
        missing_skills: missing,
        strengths,
        gaps,
    })
}

fn candidate_research(request: &ChatRequest) -> String {
    let lang = language(request);
    let profile = documents::profile(&part(request, "resume"));
    let arrow = " → ";
    let trajectory = profile
        .experience
        .iter()
        .rev()
        .map(|r| {
            let place = [r.organization.as_str(), r.period.as_str()]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(", ");
            if place.is_empty() {
                r.title.clone()
            } else {
                format!("{} ({place})", r.title)
            }
        })
        .collect::<Vec<_>>()
        .join(arrow);
    let points_to_verify = documents::quantified(&profile)
        .into_iter()
        .take(4)
        .map(|claim| match lang {
            Language::En => format!("Ask how this was measured: “{claim}”"),
            Language::Zh => format!("请候选人说明如何衡量：“{claim}”"),
        })
        .collect();
    let summary = match lang {
        Language::En => format!(
            "{} positions on the resume over about {} years; {} known skills named.",
            profile.experience.len(),
            profile.years_experience,
            profile.skills.len()
        ),
        Language::Zh => format!(
            "简历列出 {} 段工作经历，约 {} 年；提到 {} 项已知技能。",
            profile.experience.len(),
            profile.years_experience,
            profile.skills.len()
        ),
    };
    json(&ResearchAnalysis {
        web_access: false,
        sources: Vec::new(),
        summary,
        career_trajectory: trajectory,
        points_to_verify,
        limitations: no_web_access_note(lang).to_string(),
    })
}

fn matching_of(request: &ChatRequest) -> MatchingAnalysis {
    parse_block(&request.user_text(), "matching_analysis").unwrap_or_default()
}

fn hr_interview(request: &ChatRequest) -> String {
    let lang = language(request);
    json(&writing::hr(
        &profile_of(request),
        &jd_of(request),
        &matching_of(request),
        lang,
    ))
}

fn technical_interview(request: &ChatRequest) -> String {
    let lang = language(request);
    let profile = profile_of(request);
    let claims = documents::quantified(&profile);
    json(&writing::technical(
        &profile,
        &jd_of(request),
        &matching_of(request),
        &claims,
        lang,
    ))
}

fn ceo_interview(request: &ChatRequest) -> String {
    json(&writing::ceo(&jd_of(request), language(request)))
}

fn evaluation(request: &ChatRequest) -> String {
    let lang = language(request);
    json(&writing::evaluation(
        &profile_of(request),
        &matching_of(request),
        lang,
    ))
}

fn email(request: &ChatRequest) -> String {
    let lang = language(request);
    let evaluation: Evaluation =
        parse_block(&request.user_text(), "evaluation").unwrap_or_default();
    let draft: EmailDraft =
        writing::email(&profile_of(request), &jd_of(request), &evaluation, lang);
    json(&draft)
}

/// Every hiring agent and its offline answer.
/// One agent's offline answer, as a plain function of its request.
type Answer = fn(&ChatRequest) -> String;

const RESPONDERS: [(Agent, Answer); 10] = [
    (agents::SUPERVISOR, supervisor),
    (agents::RESUME_PARSER, resume_parser),
    (agents::JD_ANALYSIS, jd_analysis),
    (agents::MATCHING, matching),
    (agents::CANDIDATE_RESEARCH, candidate_research),
    (agents::HR_INTERVIEW, hr_interview),
    (agents::TECHNICAL_INTERVIEW, technical_interview),
    (agents::CEO_INTERVIEW, ceo_interview),
    (agents::EVALUATION, evaluation),
    (agents::EMAIL, email),
];

/// Registers the hiring responders on `model` (the session adds them to the shared demo model).
pub fn with_hiring_responders(model: DemoModel) -> DemoModel {
    RESPONDERS.iter().fold(model, |model, (agent, respond)| {
        model.with_responder(agent.node, Rc::new(Responder(*respond)))
    })
}

/// The offline model with every hiring agent answered from the input.
pub fn demo_model() -> DemoModel {
    with_hiring_responders(DemoModel::new())
}
