//! Offline answers for every tailoring agent, plugged into the llm layer's `DemoModel`. Honest:
//! everything is derived from the request, and a draft only ever reorders or adds skill *names*
//! the resume or the user's own answers already evidence: no invented facts.
//!
//! Answers are written in the language the system prompt asks for
//! ([`Language::of_system_prompt`]); what they decide depends on the text only.

use std::rc::Rc;

use crate::domain::ats::{self, Importance, TermKind};
use crate::domain::Language;
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

fn language(request: &ChatRequest) -> Language {
    Language::of_system_prompt(&request.system)
}

/// A list as the language writes one: "a, b" or "a、b".
fn list(items: &[String], lang: Language) -> String {
    items.join(lang.pick(", ", "、"))
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
        let lang = language(request);
        let zh = lang == Language::Zh;
        let mut strategy = Vec::new();
        if !required.is_empty() {
            strategy.push(if zh {
                format!(
                    "优先突出你能拿出证据的必备技能：{}。",
                    list(&required, lang)
                )
            } else {
                format!(
                    "Lead with the required skills you can evidence: {}.",
                    list(&required, lang)
                )
            });
        }
        if !preferred.is_empty() {
            strategy.push(if zh {
                format!("加分技能只在属实时提及：{}。", list(&preferred, lang))
            } else {
                format!(
                    "Mention the nice-to-haves only where true: {}.",
                    list(&preferred, lang)
                )
            });
        }
        if !keywords.is_empty() {
            strategy.push(if zh {
                format!("沿用招聘启事自己的措辞：{}。", list(&keywords, lang))
            } else {
                format!("Echo the ad's own wording: {}.", list(&keywords, lang))
            });
        }
        if strategy.is_empty() {
            strategy.push(lang.pick(
                "The description names no known skills: mirror its responsibilities in your most relevant bullets.",
                "职位描述中没有已知的技能名称：请在最相关的要点里呼应它列出的职责。",
            ).to_string());
        }
        json(&StrategyAnswer {
            strategy: strategy.join(lang.pick(" ", "")),
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
        let lang = language(request);
        let total = shown.len() + missing.len();
        let mut feedback = match lang {
            Language::En => format!(
                "ATS match {}/100. The resume shows {} of {total} required skills",
                report.score,
                shown.len(),
            ),
            Language::Zh => format!(
                "ATS 匹配度 {}/100。简历体现了 {total} 项必备技能中的 {} 项",
                report.score,
                shown.len(),
            ),
        };
        if !shown.is_empty() {
            feedback.push_str(lang.pick(" (", "（"));
            feedback.push_str(&list(&shown, lang));
            feedback.push_str(lang.pick(")", "）"));
        }
        feedback.push_str(lang.pick(".", "。"));
        if !missing.is_empty() {
            feedback.push_str(&match lang {
                Language::En => format!(
                    " Not shown: {}. If you have this experience, say where; otherwise do not claim it.",
                    list(&missing, lang)
                ),
                Language::Zh => format!(
                    "未体现：{}。如果你有相关经验，请写明在哪里用过；没有的话不要声称具备。",
                    list(&missing, lang)
                ),
            });
        }
        json(&ScreeningAnswer { feedback })
    }
}

/// Labels of a Chinese skills line ("专业技能：Rust、Go") and words of a Chinese skills heading.
const SKILL_LABELS_ZH: &[&str] = &["专业技能", "技能", "技术栈"];

/// The skills line of a resume: a "Skills: a, b" line (or "专业技能：a、b"), or the first line
/// under a heading that mentions skills. Returns (line index, label prefix, items).
fn skills_line(resume: &str) -> Option<(usize, String, Vec<String>)> {
    let lines: Vec<&str> = resume.lines().collect();
    let mut index = lines.iter().position(|l| {
        let lower = l.trim().trim_start_matches(['-', '*', ' ']).to_lowercase();
        lower.starts_with("skills:")
            || lower.starts_with("technical skills:")
            || SKILL_LABELS_ZH
                .iter()
                .any(|label| lower.starts_with(&format!("{label}：")))
    });
    if index.is_none() {
        let heading = lines.iter().position(|l| {
            l.trim_start().starts_with('#')
                && (l.to_lowercase().contains("skill")
                    || SKILL_LABELS_ZH.iter().any(|label| l.contains(label)))
        })?;
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
        // A Chinese label keeps its full-width colon.
        _ => match line.split_once('：') {
            Some((label, rest)) if label.chars().count() <= 8 => {
                (format!("{label}："), rest.to_string())
            }
            _ => (String::new(), line.to_string()),
        },
    };
    let items = rest
        .split([',', ';', '、', '，', '；'])
        .map(|s| s.trim().trim_end_matches('.').to_string())
        .filter(|s| !s.is_empty())
        .collect();
    Some((index, prefix, items))
}

/// Rewrites the skills line: `front` items first (in their order), then `add` appended. The
/// list of changes is written in `lang`; a new section is headed "Skills" or "专业技能".
fn edit_skills(
    resume: &str,
    front: &[String],
    add: &[String],
    lang: Language,
) -> (String, Vec<String>) {
    let zh = lang == Language::Zh;
    let mut changes = Vec::new();
    let Some((index, prefix, items)) = skills_line(resume) else {
        if add.is_empty() {
            return (resume.to_string(), changes);
        }
        changes.push(if zh {
            format!("新增“专业技能”板块：{}", list(add, lang))
        } else {
            format!("Added a Skills section: {}", add.join(", "))
        });
        return (
            format!(
                "{}\n\n## {}\n{}\n",
                resume.trim_end(),
                lang.pick("Skills", "专业技能"),
                add.join(", ")
            ),
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
        changes.push(if zh {
            format!("移到技能列表最前：{}", list(&moved, lang))
        } else {
            format!("Moved to the front of Skills: {}", moved.join(", "))
        });
    }
    let line = items.join(", ");
    // A list written with Chinese enumeration commas stays so.
    let separator = if lines_at(resume, index).contains('、') {
        "、"
    } else {
        ", "
    };
    let added: Vec<String> = add
        .iter()
        .filter(|a| !ats::mentions(&line, a))
        .cloned()
        .collect();
    if !added.is_empty() {
        changes.push(if zh {
            format!(
                "加入技能列表（简历其他部分已有体现）：{}",
                list(&added, lang)
            )
        } else {
            format!(
                "Added to Skills (evidenced elsewhere in your resume): {}",
                added.join(", ")
            )
        });
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
        ordered.join(separator)
    );
    let mut text = lines.join("\n");
    if resume.ends_with('\n') {
        text.push('\n');
    }
    (text, changes)
}

fn lines_at(text: &str, index: usize) -> &str {
    text.lines().nth(index).unwrap_or("")
}

struct TailorerResponder;

impl DemoResponder for TailorerResponder {
    fn respond(&self, request: &ChatRequest) -> String {
        let resume = part(request, "resume");
        let job = ats::extract(&part(request, "job_description"));
        // Each alternative of a group ("Go / Python") by its own name: the skills line is
        // matched skill by skill.
        let job_skills: Vec<String> = job
            .skills()
            .flat_map(|t| t.names())
            .map(String::from)
            .collect();
        // Skills the user just confirmed ("- Redis: ...") join the skills line.
        let confirmed: Vec<String> = part(request, "collected_info")
            .lines()
            .filter_map(|l| l.strip_prefix("- ")?.split_once(':'))
            .map(|(item, _)| item.trim().to_string())
            .collect();
        let lang = language(request);
        let (tailored, mut changes) = edit_skills(&resume, &job_skills, &confirmed, lang);
        if changes.is_empty() {
            changes.push(
                lang.pick(
                    "Kept the resume as is: its skills already lead with the job's.",
                    "简历保持不变：技能列表已经以职位要求的技能开头。",
                )
                .into(),
            );
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
        let (resume, changes) =
            edit_skills(&part(request, "resume"), &[], &missing, language(request));
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
        let lang = language(request);
        let (revised, mut changes) = edit_skills(&resume, &named, &[], lang);
        if changes.is_empty() {
            changes.push(match lang {
                Language::En => format!(
                    "The offline demo cannot apply “{}”; the draft is unchanged. Use a real model for free-form revisions.",
                    feedback.trim()
                ),
                Language::Zh => format!(
                    "离线演示无法执行“{}”，草稿未作改动。自由修改请使用真实模型。",
                    feedback.trim()
                ),
            });
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
            Language::En,
        );
        assert_eq!(text, "# Ann\n## Skills\nDocker, Python, Rust, Redis\n");
        assert_eq!(changes.len(), 2);
        let (labelled, _) =
            edit_skills("Skills: Go, k8s", &["Kubernetes".into()], &[], Language::En);
        assert_eq!(labelled, "Skills: k8s, Go");
    }

    #[test]
    fn chinese_skills_lines_are_edited_and_described_in_chinese() {
        let resume = "# 林晓舟\n专业技能：Go、Rust、Docker\n";
        let (text, changes) = edit_skills(
            resume,
            &["Rust".into()],
            &["Kubernetes".into()],
            Language::Zh,
        );
        assert_eq!(text, "# 林晓舟\n专业技能：Rust、Go、Docker、Kubernetes\n");
        assert_eq!(
            changes,
            [
                "移到技能列表最前：Rust",
                "加入技能列表（简历其他部分已有体现）：Kubernetes"
            ]
        );
    }
}
