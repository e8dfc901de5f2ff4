//! The hiring packet as Markdown, in the run's language: what the page exports.

use std::fmt::Write;

use crate::domain::hiring::InterviewQuestions;
use crate::domain::Language;

use super::state::HiringState;

fn list(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "**{title}**\n");
    for item in items {
        let _ = writeln!(out, "- {item}");
    }
    out.push('\n');
}

fn missing(out: &mut String, lang: Language) {
    let _ = writeln!(
        out,
        "_{}_\n",
        lang.pick("Not produced in this run.", "本次运行未生成。")
    );
}

fn questions(out: &mut String, title: &str, q: &Option<InterviewQuestions>, lang: Language) {
    let _ = writeln!(out, "### {title}\n");
    let Some(q) = q else {
        return missing(out, lang);
    };
    if !q.focus.is_empty() {
        let _ = writeln!(out, "{}\n", q.focus);
    }
    for (i, item) in q.questions.iter().enumerate() {
        let _ = writeln!(out, "{}. {}", i + 1, item.question);
        let _ = writeln!(
            out,
            "   - {}{}",
            lang.pick("Assesses: ", "考察："),
            item.purpose
        );
        let _ = writeln!(
            out,
            "   - {}{}",
            lang.pick("Listen for: ", "关注："),
            item.listen_for
        );
    }
    out.push('\n');
}

/// The whole packet: profile, job analysis, match, research, interview questions, evaluation,
/// email draft, and the supervisor's routing trail.
pub fn packet_markdown(state: &HiringState) -> String {
    let state = &state.for_person();
    let lang = state.language;
    let t = |en, zh| lang.pick(en, zh);
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", t("Hiring packet", "招聘材料包"));
    injection_warning(&mut out, state);

    let _ = writeln!(out, "## {}\n", t("Candidate profile", "候选人档案"));
    match &state.candidate_profile {
        Some(p) => {
            let _ = writeln!(out, "**{}** — {}\n", p.name, p.headline);
            if !p.summary.is_empty() {
                let _ = writeln!(out, "{}\n", p.summary);
            }
            let _ = writeln!(
                out,
                "{}{}\n",
                t("Years of experience: ", "工作年限："),
                p.years_experience
            );
            list(&mut out, t("Skills", "技能"), &p.skills);
            let roles: Vec<String> = p
                .experience
                .iter()
                .map(|r| format!("{} — {} ({})", r.title, r.organization, r.period))
                .collect();
            list(&mut out, t("Experience", "工作经历"), &roles);
            list(&mut out, t("Education", "教育背景"), &p.education);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Job analysis", "职位分析"));
    match &state.jd_analysis {
        Some(j) => {
            let _ = writeln!(out, "**{}** ({})\n\n{}\n", j.title, j.seniority, j.summary);
            list(&mut out, t("Must have", "必备要求"), &j.must_have);
            list(&mut out, t("Nice to have", "加分项"), &j.nice_to_have);
            list(&mut out, t("Responsibilities", "职责"), &j.responsibilities);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Match", "匹配分析"));
    match &state.matching_analysis {
        Some(m) => {
            let _ = writeln!(
                out,
                "{} **{:.0}/100**\n\n{}\n",
                t("Score:", "分数："),
                m.score,
                m.summary
            );
            list(
                &mut out,
                t("Matched skills", "匹配的技能"),
                &m.matched_skills,
            );
            list(
                &mut out,
                t("Missing skills", "缺失的技能"),
                &m.missing_skills,
            );
            list(&mut out, t("Strengths", "优势"), &m.strengths);
            list(&mut out, t("Gaps", "差距"), &m.gaps);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Background research", "背景调研"));
    match &state.research_analysis {
        Some(r) => {
            let _ = writeln!(out, "_{}_\n\n{}\n", r.limitations, r.summary);
            if !r.career_trajectory.is_empty() {
                let _ = writeln!(
                    out,
                    "{}{}\n",
                    t("Trajectory: ", "职业轨迹："),
                    r.career_trajectory
                );
            }
            list(&mut out, t("To verify", "待核实"), &r.points_to_verify);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Interview questions", "面试问题"));
    questions(&mut out, t("HR", "HR 面试"), &state.hr_questions, lang);
    questions(
        &mut out,
        t("Technical", "技术面试"),
        &state.technical_questions,
        lang,
    );
    questions(&mut out, t("CEO", "CEO 面试"), &state.ceo_questions, lang);

    let _ = writeln!(out, "## {}\n", t("Evaluation", "评估"));
    match &state.evaluation {
        Some(e) => {
            let _ = writeln!(
                out,
                "**{}** · {:.0}/100\n\n{}\n",
                e.recommendation.label(lang),
                e.overall_score,
                e.summary
            );
            list(&mut out, t("Strengths", "优势"), &e.strengths);
            list(&mut out, t("Concerns", "顾虑"), &e.concerns);
            list(&mut out, t("Next steps", "后续步骤"), &e.next_steps);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Email draft", "邮件草稿"));
    match &state.email_content {
        Some(e) => {
            let _ = writeln!(out, "{}{}\n", t("To: ", "收件人："), e.recipient);
            let _ = writeln!(out, "{}{}\n", t("Subject: ", "主题："), e.subject);
            let _ = writeln!(out, "{}\n", e.body);
        }
        None => missing(&mut out, lang),
    }

    let _ = writeln!(out, "## {}\n", t("Routing trail", "调度记录"));
    for step in &state.routing {
        let note = if step.note.is_empty() {
            String::new()
        } else {
            format!(" — {}", step.note)
        };
        let _ = writeln!(
            out,
            "{}. {} ({:?}){note}",
            step.step, step.next, step.reason
        );
    }
    if !state.warnings.is_empty() {
        out.push('\n');
        list(&mut out, t("Warnings", "提示"), &state.warnings);
    }
    out
}

/// The suspicious lines of the documents, first: whoever reads the packet should know the
/// candidate's resume (or the job description) tried to steer the agents.
fn injection_warning(out: &mut String, state: &HiringState) {
    if state.injection_findings.is_empty() {
        return;
    }
    let lang = state.language;
    let _ = writeln!(
        out,
        "> **{}** {}\n>",
        lang.pick("Warning:", "警告："),
        lang.pick(
            "these lines look like attempts to steer the AI (the agents were told to treat them as data). Check them before relying on the scores.",
            "以下内容疑似试图操纵 AI（已要求智能体仅将其视为数据）。依赖评分前请先核实。"
        )
    );
    for f in &state.injection_findings {
        let place = match lang {
            Language::Zh => format!("{} 第 {} 行", f.source, f.line),
            _ => format!("{} line {}", f.source, f.line),
        };
        let _ = writeln!(
            out,
            "> - {place}: {} — `{}`",
            f.kind.label(lang),
            f.excerpt.replace('`', "'")
        );
    }
    out.push('\n');
}
