//! The finished review as a Markdown document, for the page's "Export Markdown" button. Built from
//! state only, so it holds nothing that is not in the run's result (no keys, no settings).

use std::fmt::Write;

use super::state::ReviewState;
use crate::domain::Feedback;

/// Readable agent names for headings.
fn agent_title(agent: &str) -> &str {
    match agent {
        "recruiter" => "Recruiter",
        "tech_writer" | "technical_writer" => "Technical writer",
        "copywriter" => "Copywriter",
        other => other,
    }
}

fn feedback_section(out: &mut String, feedback: &Feedback) {
    let _ = writeln!(
        out,
        "### {} — {:.1}/10\n",
        agent_title(&feedback.agent_name),
        feedback.score
    );
    if !feedback.strengths.is_empty() {
        let _ = writeln!(out, "**Strengths**\n");
        for s in &feedback.strengths {
            let _ = writeln!(out, "- {s}");
        }
        out.push('\n');
    }
    if !feedback.issues.is_empty() {
        let _ = writeln!(out, "**Issues**\n");
        for issue in &feedback.issues {
            let section = if issue.section.is_empty() {
                String::new()
            } else {
                format!(" ({})", issue.section)
            };
            let _ = writeln!(
                out,
                "- [{:?}]{section} {} — {}",
                issue.severity, issue.description, issue.suggestion
            );
        }
        out.push('\n');
    }
    if !feedback.suggestions.is_empty() {
        let _ = writeln!(out, "**Suggestions**\n");
        for s in &feedback.suggestions {
            let _ = writeln!(out, "- {s}");
        }
        out.push('\n');
    }
}

/// The report: score per round, the last round's feedback, warnings, advice and the final resume.
pub fn report_markdown(state: &ReviewState) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Resume review — {}\n",
        state.target_role.lines().next().unwrap_or_default()
    );
    let _ = writeln!(
        out,
        "Final score: **{:.1}/10** (threshold {:.1}, {} round{}).\n",
        state.final_score,
        state.threshold,
        state.current_iteration,
        if state.current_iteration == 1 {
            ""
        } else {
            "s"
        }
    );
    if state.feedback_history.len() > 1 {
        let _ = writeln!(out, "## Score per round\n");
        for (round, feedback) in state.feedback_history.iter().enumerate() {
            let scores: Vec<String> = feedback
                .iter()
                .map(|f| format!("{} {:.1}", agent_title(&f.agent_name), f.score))
                .collect();
            let _ = writeln!(out, "{}. {}", round + 1, scores.join(", "));
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## Feedback (last round)\n");
    for feedback in &state.current_feedback {
        feedback_section(&mut out, feedback);
    }
    if !state.warnings.is_empty() {
        let _ = writeln!(out, "## Warnings\n");
        for w in &state.warnings {
            let _ = writeln!(out, "- {w}");
        }
        out.push('\n');
    }
    if let Some(portfolio) = &state.portfolio_advice {
        let _ = writeln!(out, "## Portfolio\n\n{}\n", portfolio.summary);
        for piece in &portfolio.pieces {
            let _ = writeln!(
                out,
                "- **{}** — {} (shows: {})",
                piece.title, piece.description, piece.demonstrates
            );
        }
        out.push('\n');
    }
    if let Some(design) = &state.design_advice {
        let _ = writeln!(
            out,
            "## Design (readability {:.1}/10)\n",
            design.readability_score
        );
        for item in design.layout_issues.iter().chain(&design.recommendations) {
            let _ = writeln!(out, "- {item}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## Final resume\n\n{}", state.resume.text.trim_end());
    out
}
