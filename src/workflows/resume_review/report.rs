//! The finished review as a Markdown document, for the page's "Export Markdown" button. Built from
//! state only, so it holds nothing that is not in the run's result (no keys, no settings).

use std::fmt::Write;

use super::aggregate::{answered, score_is_meaningful};
use super::decisions::{dropped_report, final_resume_decided, Decisions};
use super::state::ReviewState;
use crate::domain::{Feedback, Language, Severity};

/// Readable agent names for headings.
fn agent_title(agent: &str, lang: Language) -> &str {
    match agent {
        "recruiter" => lang.pick("Recruiter", "招聘官"),
        "tech_writer" | "technical_writer" => lang.pick("Technical writer", "技术写作"),
        "copywriter" => lang.pick("Copywriter", "文案"),
        other => other,
    }
}

/// The severity tag of an issue line: "[High]" as before in English, "[高]" in Chinese.
fn severity_tag(severity: Severity, lang: Language) -> String {
    match lang {
        Language::En => format!("{severity:?}"),
        Language::Zh => match severity {
            Severity::Low => "低",
            Severity::Medium => "中",
            Severity::High => "高",
        }
        .to_string(),
    }
}

fn feedback_section(out: &mut String, feedback: &Feedback, lang: Language) {
    let t = |en, zh| lang.pick(en, zh);
    if feedback.is_failure() {
        // No score: it did not answer, and its stand-in counts for nothing.
        let _ = writeln!(
            out,
            "### {} — {}
",
            agent_title(&feedback.agent_name, lang),
            t("no evaluation (failed)", "未评估（失败）")
        );
        if let Some(error) = &feedback.error {
            let _ = writeln!(
                out,
                "{error}
"
            );
        }
        return;
    }
    let _ = writeln!(
        out,
        "### {} — {:.1}/10\n",
        agent_title(&feedback.agent_name, lang),
        feedback.score
    );
    if !feedback.strengths.is_empty() {
        let _ = writeln!(out, "**{}**\n", t("Strengths", "优点"));
        for s in &feedback.strengths {
            let _ = writeln!(out, "- {s}");
        }
        out.push('\n');
    }
    if !feedback.issues.is_empty() {
        let _ = writeln!(out, "**{}**\n", t("Issues", "问题"));
        for issue in &feedback.issues {
            let section = if issue.section.is_empty() {
                String::new()
            } else {
                format!(" ({})", issue.section)
            };
            let _ = writeln!(
                out,
                "- [{}]{section} {} — {}",
                severity_tag(issue.severity, lang),
                issue.description,
                issue.suggestion
            );
        }
        out.push('\n');
    }
    if !feedback.suggestions.is_empty() {
        let _ = writeln!(out, "**{}**\n", t("Suggestions", "建议"));
        for s in &feedback.suggestions {
            let _ = writeln!(out, "- {s}");
        }
        out.push('\n');
    }
}

/// "3 of 3 critics answered.", or when too few did, that the score is not meaningful: the
/// reader must not take one critic's view (or none) for the review's.
pub fn answered_line(feedback: &[Feedback], lang: Language) -> String {
    let (answered, asked) = answered(feedback);
    match (score_is_meaningful(feedback), lang) {
        (true, Language::En) => format!("{answered} of {asked} critics answered."),
        (true, Language::Zh) => format!("{asked} 位评审中有 {answered} 位给出了评估。"),
        (false, Language::En) => format!(
            "Only {answered} of {asked} critics answered: the score is not meaningful (it cannot meet the threshold). Run the review again."
        ),
        (false, Language::Zh) => format!(
            "{asked} 位评审中仅有 {answered} 位给出了评估：此得分没有参考意义（不会达到阈值）。请重新运行评审。"
        ),
    }
}

/// The report: score per round, the last round's feedback, warnings, advice and the final resume.
pub fn report_markdown(state: &ReviewState) -> String {
    report_markdown_in(state, Language::En)
}

/// [`report_markdown`] with its headings and labels in `lang` (the agents' text is as they wrote it).
/// No ungrounded fact is kept: see [`report_markdown_kept`].
pub fn report_markdown_in(state: &ReviewState, lang: Language) -> String {
    report_markdown_kept(state, lang, &[])
}

/// The final resume as exported: `state.resume` without the ungrounded facts whose keys are not
/// in `kept` (an undecided fact is not kept), with every dropped item restored (no deletion kept).
pub fn final_resume_kept(state: &ReviewState, kept: &[String]) -> String {
    final_resume_decided(state, &kept_facts_only(kept))
}

fn kept_facts_only(kept: &[String]) -> Decisions {
    Decisions {
        kept_facts: kept.to_vec(),
        kept_deletions: Vec::new(),
    }
}

/// [`report_markdown_in`] whose final resume keeps the ungrounded facts with keys in `kept`.
pub fn report_markdown_kept(state: &ReviewState, lang: Language, kept: &[String]) -> String {
    report_markdown_decided(state, lang, &kept_facts_only(kept))
}

/// [`report_markdown_in`] under the user's `decisions` on added and dropped facts.
pub fn report_markdown_decided(
    state: &ReviewState,
    lang: Language,
    decisions: &Decisions,
) -> String {
    let t = |en, zh| lang.pick(en, zh);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} — {}\n",
        t("Resume review", "简历评审"),
        state.target_role.lines().next().unwrap_or_default()
    );
    let rounds = state.current_iteration;
    let _ = match lang {
        Language::En => writeln!(
            out,
            "Final score: **{:.1}/10** (threshold {:.1}, {} round{}).\n",
            state.final_score,
            state.threshold,
            rounds,
            if rounds == 1 { "" } else { "s" }
        ),
        Language::Zh => writeln!(
            out,
            "最终得分：**{:.1}/10**（阈值 {:.1}，共 {} 轮）。\n",
            state.final_score, state.threshold, rounds
        ),
    };
    let _ = writeln!(out, "{}\n", answered_line(&state.current_feedback, lang));
    if state.feedback_history.len() > 1 {
        let _ = writeln!(out, "## {}\n", t("Score per round", "每轮得分"));
        for (round, feedback) in state.feedback_history.iter().enumerate() {
            let scores: Vec<String> = feedback
                .iter()
                .map(|f| match f.is_failure() {
                    true => format!(
                        "{} {}",
                        agent_title(&f.agent_name, lang),
                        t("failed", "失败")
                    ),
                    false => format!("{} {:.1}", agent_title(&f.agent_name, lang), f.score),
                })
                .collect();
            let _ = writeln!(out, "{}. {}", round + 1, scores.join(t(", ", "，")));
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "## {}\n",
        t("Feedback (last round)", "反馈（最后一轮）")
    );
    for feedback in &state.current_feedback {
        feedback_section(&mut out, feedback, lang);
    }
    if !state.warnings.is_empty() {
        let _ = writeln!(out, "## {}\n", t("Warnings", "注意事项"));
        for w in &state.warnings {
            let _ = writeln!(out, "- {w}");
        }
        out.push('\n');
    }
    if let Some(portfolio) = &state.portfolio_advice {
        let _ = writeln!(
            out,
            "## {}\n\n{}\n",
            t("Portfolio", "作品集"),
            portfolio.summary
        );
        for piece in &portfolio.pieces {
            let _ = writeln!(
                out,
                "- **{}** — {} ({}{})",
                piece.title,
                piece.description,
                t("shows: ", "体现："),
                piece.demonstrates
            );
        }
        out.push('\n');
    }
    if let Some(design) = &state.design_advice {
        let _ = match lang {
            Language::En => writeln!(
                out,
                "## Design (readability {:.1}/10)\n",
                design.readability_score
            ),
            Language::Zh => writeln!(
                out,
                "## 版式设计（可读性 {:.1}/10）\n",
                design.readability_score
            ),
        };
        for item in design.layout_issues.iter().chain(&design.recommendations) {
            let _ = writeln!(out, "- {item}");
        }
        out.push('\n');
    }
    dropped_report(&mut out, state, lang, decisions);
    let _ = writeln!(
        out,
        "## {}\n\n{}",
        t("Final resume", "最终简历"),
        final_resume_decided(state, decisions).trim_end()
    );
    out
}
