//! Offline answers for every tailoring agent, plugged into the llm layer's `DemoModel`. Honest:
//! everything is derived from the request, and a draft only ever reorders or adds skill *names*
//! the resume or the user's own answers already evidence: no invented facts.

use std::rc::Rc;

use crate::domain::ats::{self, Importance, TermKind};
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;

use super::agents::{
    ResumeAnswer, ScreeningAnswer, StrategyAnswer, ATS_OPTIMIZER, JOB_ANALYZER, REFLEXION,
    RESUME_SCREENER, RESUME_TAILORER,
};
use super::prompts::block;

fn part(request: &ChatRequest, tag: &str) -> String {
    block(&request.user_text(), tag).unwrap_or("").to_string()
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

struct JobAnalyzerResponder;

impl DemoResponder for JobAnalyzerResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let job = ats::extract(&part(request, "job_description"));
        let names = |kind: TermKind, importance: Option<Importance>| -> Vec<String> {
            job.terms
                .iter()
                .filter(|t| t.kind == kind && importance.is_none_or(|i| t.importance == i))
                .map(|t| t.term.clone())
                .collect()
        };
        let required = names(TermKind::Skill, Some(Importance::Required));
        let preferred = names(TermKind::Skill, Some(Importance::Preferred));
        let keywords = names(TermKind::Keyword, None);
        let mut strategy = Vec::new();
        if !required.is_empty() {
            strategy.push(format!(
                "Lead with the required skills you can evidence: {}.",
                required.join(", ")
            ));
        }
        if !preferred.is_empty() {
            strategy.push(format!(
                "Mention the nice-to-haves only where true: {}.",
                preferred.join(", ")
            ));
        }
        if !keywords.is_empty() {
            strategy.push(format!(
                "Echo the ad's own wording: {}.",
                keywords.join(", ")
            ));
        }
        if strategy.is_empty() {
            strategy.push("The description names no known skills: mirror its responsibilities in your most relevant bullets.".into());
        }
        json(&StrategyAnswer {
            strategy: strategy.join(" "),
            key_requirements: required.into_iter().chain(preferred).collect(),
        })
    }
}

struct ScreenerResponder;

impl DemoResponder for ScreenerResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let report = ats::score(&part(request, "job_description"), &part(request, "resume"));
        let required = |matched: bool| -> Vec<String> {
            let terms = if matched {
                &report.matched
            } else {
                &report.missing
            };
            terms
                .iter()
                .filter(|t| t.kind == TermKind::Skill && t.importance == Importance::Required)
                .map(|t| t.term.clone())
                .collect()
        };
        let (shown, missing) = (required(true), required(false));
        let mut feedback = format!(
            "ATS match {}/100. The resume shows {} of {} required skills",
            report.score,
            shown.len(),
            shown.len() + missing.len()
        );
        if !shown.is_empty() {
            feedback.push_str(&format!(" ({})", shown.join(", ")));
        }
        feedback.push('.');
        if !missing.is_empty() {
            feedback.push_str(&format!(
                " Not shown: {}. If you have this experience, say where; otherwise do not claim it.",
                missing.join(", ")
            ));
        }
        json(&ScreeningAnswer { feedback })
    }
}

/// The skills line of a resume: a "Skills: a, b" line, or the first line under a heading that
/// mentions skills. Returns (line index, label prefix, items).
fn skills_line(resume: &str) -> Option<(usize, String, Vec<String>)> {
    let lines: Vec<&str> = resume.lines().collect();
    let mut index = lines.iter().position(|l| {
        let lower = l.trim().trim_start_matches(['-', '*', ' ']).to_lowercase();
        lower.starts_with("skills:") || lower.starts_with("technical skills:")
    });
    if index.is_none() {
        let heading = lines
            .iter()
            .position(|l| l.trim_start().starts_with('#') && l.to_lowercase().contains("skill"))?;
        index = (heading + 1..lines.len())
            .take_while(|&i| !lines[i].trim_start().starts_with('#'))
            .find(|&i| !lines[i].trim().is_empty());
    }
    let index = index?;
    let line = lines[index];
    let (prefix, rest) = match line.split_once(':') {
        Some((label, rest)) if label.split_whitespace().count() <= 3 => {
            (format!("{label}: "), rest.to_string())
        }
        _ => (String::new(), line.to_string()),
    };
    let items = rest
        .split([',', ';'])
        .map(|s| s.trim().trim_end_matches('.').to_string())
        .filter(|s| !s.is_empty())
        .collect();
    Some((index, prefix, items))
}

/// Rewrites the skills line: `front` items first (in their order), then `add` appended.
fn edit_skills(resume: &str, front: &[String], add: &[String]) -> (String, Vec<String>) {
    let mut changes = Vec::new();
    let Some((index, prefix, items)) = skills_line(resume) else {
        if add.is_empty() {
            return (resume.to_string(), changes);
        }
        changes.push(format!("Added a Skills section: {}", add.join(", ")));
        return (
            format!("{}\n\n## Skills\n{}\n", resume.trim_end(), add.join(", ")),
            changes,
        );
    };
    let is_front = |item: &String| front.iter().any(|f| ats::mentions(item, f));
    let mut ordered: Vec<String> = front
        .iter()
        .filter_map(|f| items.iter().find(|i| ats::mentions(i, f)).cloned())
        .collect();
    ordered.dedup();
    let moved = ordered.clone();
    ordered.extend(items.iter().filter(|i| !is_front(i)).cloned());
    if moved.iter().zip(&items).any(|(a, b)| a != b) {
        changes.push(format!(
            "Moved to the front of Skills: {}",
            moved.join(", ")
        ));
    }
    let line = items.join(", ");
    let added: Vec<String> = add
        .iter()
        .filter(|a| !ats::mentions(&line, a))
        .cloned()
        .collect();
    if !added.is_empty() {
        changes.push(format!(
            "Added to Skills (evidenced elsewhere in your resume): {}",
            added.join(", ")
        ));
    }
    ordered.extend(added);
    let mut lines: Vec<String> = resume.lines().map(str::to_string).collect();
    let indent: String = lines[index]
        .chars()
        .take_while(|c| c.is_whitespace() || matches!(c, '-' | '*'))
        .collect();
    lines[index] = format!(
        "{indent}{}{}",
        prefix.trim_start_matches(['-', '*', ' ']),
        ordered.join(", ")
    );
    let mut text = lines.join("\n");
    if resume.ends_with('\n') {
        text.push('\n');
    }
    (text, changes)
}

struct TailorerResponder;

impl DemoResponder for TailorerResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let resume = part(request, "resume");
        let job = ats::extract(&part(request, "job_description"));
        let job_skills: Vec<String> = job.skills().map(|t| t.term.clone()).collect();
        // Skills the user just confirmed ("- Redis: ...") join the skills line.
        let confirmed: Vec<String> = part(request, "collected_info")
            .lines()
            .filter_map(|l| l.strip_prefix("- ")?.split_once(':'))
            .map(|(item, _)| item.trim().to_string())
            .collect();
        let (tailored, mut changes) = edit_skills(&resume, &job_skills, &confirmed);
        if changes.is_empty() {
            changes.push("Kept the resume as is: its skills already lead with the job's.".into());
        }
        json(&ResumeAnswer {
            resume: tailored,
            changes,
        })
    }
}

struct AtsOptimizerResponder;

impl DemoResponder for AtsOptimizerResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let missing: Vec<String> = part(request, "missing_keywords")
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        let (resume, changes) = edit_skills(&part(request, "resume"), &[], &missing);
        json(&ResumeAnswer { resume, changes })
    }
}

struct ReflexionResponder;

impl DemoResponder for ReflexionResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let feedback = part(request, "feedback");
        let resume = part(request, "resume");
        let named: Vec<String> = ats::skill_mentions(&feedback)
            .into_iter()
            .map(|m| m.skill)
            .collect();
        let (revised, mut changes) = edit_skills(&resume, &named, &[]);
        if changes.is_empty() {
            changes.push(format!(
                "The offline demo cannot apply “{}”; the draft is unchanged. Use a real model for free-form revisions.",
                feedback.trim()
            ));
        }
        json(&ResumeAnswer {
            resume: revised,
            changes,
        })
    }
}

/// Registers the tailoring responders on `model`.
pub fn with_tailoring_responders(model: DemoModel) -> DemoModel {
    model
        .with_responder(JOB_ANALYZER.node, Rc::new(JobAnalyzerResponder))
        .with_responder(RESUME_SCREENER.node, Rc::new(ScreenerResponder))
        .with_responder(RESUME_TAILORER.node, Rc::new(TailorerResponder))
        .with_responder(ATS_OPTIMIZER.node, Rc::new(AtsOptimizerResponder))
        .with_responder(REFLEXION.node, Rc::new(ReflexionResponder))
}

/// The offline model with every tailoring agent answered from the input.
pub fn demo_model() -> DemoModel {
    with_tailoring_responders(DemoModel::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_line_is_reordered_and_extended_without_new_facts() {
        let resume = "# Ann\n## Skills\nRust, Python, Docker\n";
        let (text, changes) = edit_skills(
            resume,
            &["Docker".into(), "Python".into()],
            &["Redis".into()],
        );
        assert_eq!(text, "# Ann\n## Skills\nDocker, Python, Rust, Redis\n");
        assert_eq!(changes.len(), 2);
        let (labelled, _) = edit_skills("Skills: Go, k8s", &["Kubernetes".into()], &[]);
        assert_eq!(labelled, "Skills: k8s, Go");
    }
}
