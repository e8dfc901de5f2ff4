//! The nodes except `human_review` (see `review.rs`).
//!
//! What each agent answers is checked before it is kept: ids the run does not know are dropped
//! (a requirement `R9` of a posting with five, a resume line `L40` of a resume with twenty), so
//! every citation of the letter resolves. A failed evidence or framing call is a warning and a
//! failed step, with a fallback (evidence by skill mention; no framing), so the letter is still
//! written. The writer has no honest fallback for a first draft: its failure stops the run with
//! [`CoverLetterError`]; a failed revision keeps the draft it was asked to revise.

use std::collections::BTreeSet;
use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::domain::ats::{self, Importance};
use crate::domain::Language;
use crate::graph::{NodeContext, NodeError};
use crate::llm::LlmError;
use crate::workflows::common::{Agent, Envelope, RunSettings};

use super::agents::{
    EvidenceAnswer, FramingAnswer, LetterAnswer, EVIDENCE, FRAMING, MAX_CITED_LINES, WRITER,
};
use super::grounding;
use super::letter::{self, tidy};
use super::settings::style_block;
use super::state::{
    CoverLetterState, CoverLetterUpdate, LetterEvidence, LetterFraming, LetterParagraph,
    LetterRequirement, LetterResumeLine,
};
use super::Deps;

/// Why a run stopped in the writer.
#[derive(Debug, thiserror::Error)]
pub enum CoverLetterError {
    /// The writer's call failed, or its answer did not fit the letter's format even after the
    /// repair round (the inner error says which).
    #[error("the cover letter writer failed: {0}")]
    Writer(#[source] LlmError),
    /// The writer answered a letter without a paragraph of text.
    #[error("the cover letter writer returned a letter without any paragraph")]
    EmptyLetter,
}

/// A node's warnings and the steps that failed (`warnings` and `failed_steps` of the state).
#[derive(Default)]
struct Notes {
    warnings: Vec<String>,
    failed: Vec<String>,
}

impl Notes {
    fn failed(&mut self, agent: &Agent, error: &LlmError, lang: Language) {
        self.warnings.push(match lang {
            Language::En => format!("{} failed ({error}); continuing without it", agent.node),
            Language::Zh => format!(
                "{} 未能完成（{error}），流程在没有它的情况下继续",
                agent.node
            ),
        });
        self.failed.push(agent.node.to_string());
    }

    /// `agent`'s answer, or `None` when its call failed (noted as a failed step): for the nodes
    /// with a fallback.
    async fn ask<T: DeserializeOwned>(
        &mut self,
        deps: &Deps,
        ctx: &NodeContext,
        agent: &Agent,
        user: Envelope,
    ) -> Result<Option<T>, NodeError> {
        match deps.try_ask::<T>(ctx, agent, 0, user).await? {
            Ok(answer) => Ok(Some(answer)),
            Err(error) => {
                self.failed(agent, &error, deps.settings.language());
                Ok(None)
            }
        }
    }

    fn into_update(self, update: CoverLetterUpdate) -> CoverLetterUpdate {
        update.warnings(self.warnings).failed_steps(self.failed)
    }
}

/// The resume's non-empty lines, numbered `L1`…, trimmed (line endings and a BOM tidied first).
pub fn resume_lines(resume: &str) -> Vec<LetterResumeLine> {
    resume
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .enumerate()
        .map(|(i, text)| LetterResumeLine {
            id: format!("L{}", i + 1),
            text: text.to_string(),
        })
        .collect()
}

/// The posting's requirements (deterministic ATS analysis, must-haves first) with ids, and the
/// resume's lines with ids. No model.
pub fn requirements(state: &CoverLetterState, lang: Language) -> CoverLetterUpdate {
    let terms = ats::extract(&state.job_description);
    let requirements: Vec<LetterRequirement> = terms
        .terms
        .iter()
        .enumerate()
        .map(|(i, term)| LetterRequirement {
            id: format!("R{}", i + 1),
            term: term.term.clone(),
            importance: term.importance,
            sentence: term.sentence.clone(),
            shown: ats::mentions_term(&state.resume, term),
            alternatives: term.alternatives.clone(),
        })
        .collect();
    let mut warnings = Vec::new();
    if requirements.is_empty() {
        warnings.push(
            lang.pick(
                "The posting names no requirement the analysis knows: the letter rests on the posting's framing and your resume only.",
                "职位描述中没有可识别的要求：求职信只依据职位的定位和你的简历撰写。",
            )
            .to_string(),
        );
    }
    CoverLetterUpdate::default()
        .resume_lines(resume_lines(&state.resume))
        .requirements(requirements)
        .warnings(warnings)
}

/// Requirements as the agents see them: `R1 [required] Kafka: sentence`.
pub fn requirements_block(requirements: &[LetterRequirement]) -> String {
    requirements
        .iter()
        .map(|r| {
            let importance = match r.importance {
                Importance::Required => "required",
                Importance::Preferred => "preferred",
            };
            format!("{} [{importance}] {}: {}", r.id, r.term, r.sentence)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Resume lines as the agents see them: `L1: text`.
pub fn lines_block(lines: &[LetterResumeLine]) -> String {
    lines
        .iter()
        .map(|l| format!("{}: {}", l.id, l.text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether a resume line is one that can show experience: not a heading, not a contact line.
fn is_evidence_line(text: &str) -> bool {
    !text.starts_with('#') && !text.contains('@')
}

/// Evidence found without a model: for each requirement (by its skill names), the resume lines
/// that mention it, list items first, at most two. What the offline demo answers too.
pub fn mentioned_evidence(
    requirements: &[(String, Vec<String>)],
    lines: &[LetterResumeLine],
) -> Vec<LetterEvidence> {
    let is_item = |l: &&LetterResumeLine| l.text.starts_with(['-', '*', '•']);
    let ordered: Vec<&LetterResumeLine> = lines
        .iter()
        .filter(|l| is_evidence_line(&l.text))
        .filter(is_item)
        .chain(
            lines
                .iter()
                .filter(|l| is_evidence_line(&l.text) && !is_item(l)),
        )
        .collect();
    requirements
        .iter()
        .filter_map(|(id, names)| {
            let found: Vec<String> = ordered
                .iter()
                .filter(|l| names.iter().any(|n| ats::mentions(&l.text, n)))
                .take(2)
                .map(|l| l.id.clone())
                .collect();
            (!found.is_empty()).then(|| LetterEvidence {
                requirement: id.clone(),
                lines: found,
                why: String::new(),
            })
        })
        .collect()
}

/// A requirement's skill names: its alternatives, or its term.
fn names(requirement: &LetterRequirement) -> Vec<String> {
    if requirement.alternatives.is_empty() {
        vec![requirement.term.clone()]
    } else {
        requirement.alternatives.clone()
    }
}

/// The evidence agent's answer with unknown ids dropped, duplicates merged, each requirement once.
fn checked_evidence(state: &CoverLetterState, answer: EvidenceAnswer) -> Vec<LetterEvidence> {
    let mut seen = BTreeSet::new();
    answer
        .matches
        .into_iter()
        .filter(|m| state.requirements.iter().any(|r| r.id == m.requirement))
        .filter(|m| seen.insert(m.requirement.clone()))
        .filter_map(|m| {
            let lines = known_lines(state, &m.lines);
            (!lines.is_empty()).then(|| LetterEvidence {
                requirement: m.requirement,
                lines,
                why: m.why.trim().to_string(),
            })
        })
        .collect()
}

/// `ids` that name a resume line, each once, at most [`MAX_CITED_LINES`].
fn known_lines(state: &CoverLetterState, ids: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        let id = id.trim();
        if state.resume_lines.iter().any(|l| l.id == id) && !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    out.truncate(MAX_CITED_LINES as usize);
    out
}

/// `ids` that name a requirement, each once.
fn known_requirements(state: &CoverLetterState, ids: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        let id = id.trim();
        if state.requirements.iter().any(|r| r.id == id) && !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    out
}

/// The blocks every agent of the run sends first, alike (the prefix a provider's cache serves).
fn shared(state: &CoverLetterState) -> Envelope {
    Envelope::new()
        .block("job_description", &state.job_description)
        .block("resume", &state.resume)
}

/// Which resume lines answer which requirement (model), checked; by skill mention when the call
/// fails.
pub async fn evidence(
    deps: Rc<Deps>,
    state: CoverLetterState,
    ctx: NodeContext,
) -> Result<CoverLetterUpdate, NodeError> {
    let mut notes = Notes::default();
    let user = shared(&state)
        .block("requirements", &requirements_block(&state.requirements))
        .block("resume_lines", &lines_block(&state.resume_lines));
    let found = match notes
        .ask::<EvidenceAnswer>(&deps, &ctx, &EVIDENCE, user)
        .await?
    {
        Some(answer) => checked_evidence(&state, answer),
        None => {
            let wanted: Vec<(String, Vec<String>)> = state
                .requirements
                .iter()
                .map(|r| (r.id.clone(), names(r)))
                .collect();
            mentioned_evidence(&wanted, &state.resume_lines)
        }
    };
    Ok(notes.into_update(CoverLetterUpdate::default().evidence(found)))
}

/// The company and role framing from the posting (model); none when the call fails.
pub async fn framing(
    deps: Rc<Deps>,
    state: CoverLetterState,
    ctx: NodeContext,
) -> Result<CoverLetterUpdate, NodeError> {
    let mut notes = Notes::default();
    let user = shared(&state)
        .block("company", &state.company)
        .block("role", &state.role);
    let framing = match notes
        .ask::<FramingAnswer>(&deps, &ctx, &FRAMING, user)
        .await?
    {
        Some(answer) => LetterFraming {
            company_focus: answer.company_focus.trim().to_string(),
            role_focus: answer.role_focus.trim().to_string(),
            themes: answer
                .themes
                .into_iter()
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect(),
        },
        None => LetterFraming::default(),
    };
    Ok(notes.into_update(CoverLetterUpdate::default().framing(framing)))
}

/// Evidence as the writer sees it: `R2 (Kafka): L4, L7: why`.
fn evidence_block(state: &CoverLetterState) -> String {
    state
        .evidence
        .iter()
        .map(|e| {
            let term = state
                .requirements
                .iter()
                .find(|r| r.id == e.requirement)
                .map_or("", |r| r.term.as_str());
            let why = if e.why.is_empty() {
                String::new()
            } else {
                format!(": {}", e.why)
            };
            format!("{} ({term}): {}{why}", e.requirement, e.lines.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn framing_block(framing: &LetterFraming) -> String {
    let mut out = Vec::new();
    if !framing.company_focus.is_empty() {
        out.push(format!("company: {}", framing.company_focus));
    }
    if !framing.role_focus.is_empty() {
        out.push(format!("role: {}", framing.role_focus));
    }
    out.extend(framing.themes.iter().map(|t| format!("- {t}")));
    out.join("\n")
}

/// The writer's paragraphs, tidied and with unknown ids dropped; empty paragraphs go.
fn checked_letter(state: &CoverLetterState, answer: LetterAnswer) -> Vec<LetterParagraph> {
    answer
        .paragraphs
        .into_iter()
        .map(|p| LetterParagraph {
            text: tidy(&p.text),
            requirements: known_requirements(state, &p.requirements),
            resume_lines: known_lines(state, &p.resume_lines),
        })
        .filter(|p| !p.text.is_empty())
        .collect()
}

/// Writes the letter (the first draft after the parallel pair joins), or revises it with the
/// last revision note (from `human_review`). See the module docs for failures.
pub async fn writer(
    deps: Rc<Deps>,
    state: CoverLetterState,
    ctx: NodeContext,
) -> Result<CoverLetterUpdate, NodeError> {
    let lang = deps.settings.language();
    let revising = !state.draft.is_empty();
    let round = if revising {
        state.revision_count + 1
    } else {
        0
    };
    let mut user = shared(&state)
        .block("company", &state.company)
        .block("role", &state.role)
        .block("resume_lines", &lines_block(&state.resume_lines))
        .block("requirements", &requirements_block(&state.requirements))
        .block("evidence", &evidence_block(&state))
        .block("framing", &framing_block(&state.framing))
        .block("notes", &state.notes)
        .block("style", &style_block(state.tone, state.length, lang));
    let feedback = state.revision_notes.last().cloned().unwrap_or_default();
    if revising {
        user = user
            .block("previous_draft", &letter::draft_text(&state.draft))
            .block("feedback", &feedback);
    }
    let mut notes = Notes::default();
    let answer = deps
        .try_ask::<LetterAnswer>(&ctx, &WRITER, round, user)
        .await?;
    let update = CoverLetterUpdate::default();
    if !revising {
        let answer = answer.map_err(CoverLetterError::Writer)?;
        let draft = checked_letter(&state, answer);
        if draft.is_empty() {
            return Err(CoverLetterError::EmptyLetter.into());
        }
        return Ok(update.draft(draft));
    }
    let (draft, changes) = match answer {
        Ok(answer) => {
            let changes = answer.changes.join(" ");
            let draft = checked_letter(&state, answer);
            if draft.is_empty() {
                notes.warnings.push(
                    lang.pick(
                        "The revision came back empty; the draft was kept.",
                        "修改结果为空，保留原稿。",
                    )
                    .to_string(),
                );
                (state.draft.clone(), String::new())
            } else {
                (draft, changes)
            }
        }
        Err(error) => {
            notes.failed(&WRITER, &error, lang);
            (state.draft.clone(), String::new())
        }
    };
    let unchanged = (draft == state.draft).then(|| {
        let why = if notes.warnings.is_empty() {
            changes.trim().to_string()
        } else {
            notes.warnings.join(" ")
        };
        unchanged_note(round, &why, lang)
    });
    if notes.warnings.is_empty() {
        notes.warnings.extend(unchanged.clone());
    }
    Ok(notes.into_update(
        update
            .draft(draft)
            .revision_count(round)
            .unchanged_note(unchanged),
    ))
}

/// "Revision request 2 left the letter unchanged: why", in `lang`.
pub fn unchanged_note(round: u32, why: &str, lang: Language) -> String {
    match (lang, why.is_empty()) {
        (Language::En, true) => format!("Revision request {round} left the letter unchanged."),
        (Language::En, false) => {
            format!("Revision request {round} left the letter unchanged: {why}")
        }
        (Language::Zh, true) => format!("第 {round} 次修改请求未改动求职信。"),
        (Language::Zh, false) => format!("第 {round} 次修改请求未改动求职信：{why}"),
    }
}

/// The draft's facts no source holds, and which of them the posting holds. No model.
pub fn grounding(state: &CoverLetterState) -> CoverLetterUpdate {
    let found = grounding::ungrounded(state, &state.draft);
    let from_posting = grounding::from_posting(state, &found);
    CoverLetterUpdate::default()
        .ungrounded(found)
        .from_posting(from_posting)
}

/// The final letter: the draft without the ungrounded facts the user did not keep, as
/// paragraphs with their citations, Markdown and HTML.
pub fn finalize(state: &CoverLetterState, lang: Language) -> CoverLetterUpdate {
    let (letter, kept, removed) = grounding::finalize(state);
    let warnings: Vec<String> = grounding::undecided_warning(state, &removed, lang)
        .into_iter()
        .collect();
    // Every paragraph rested on facts nobody kept: say so by name, not as an empty letter.
    let error = (letter.is_empty() && !removed.is_empty()).then(|| {
        let n = removed.len();
        match lang {
            Language::En => format!(
                "No letter is left: every paragraph of the draft rested on facts that are not in your resume or notes ({n} removed). Keep the facts that are true in the review, or add them to your notes, and run it again."
            ),
            Language::Zh => format!(
                "没有留下求职信：草稿的每一段都依赖你的简历和备注里没有的事实（已删去 {n} 项）。请在审阅中保留属实的事实，或把它们写进备注，然后重新运行。"
            ),
        }
    });
    let update = match error {
        // Set only when there is one: the review's own error (an answer not understood) stays.
        Some(error) => CoverLetterUpdate::default().error(Some(error)),
        None => CoverLetterUpdate::default(),
    };
    update
        .letter_markdown(letter::markdown(&letter))
        .letter_html(letter::html(&letter))
        .letter(letter)
        .ungrounded_kept(kept)
        .ungrounded_removed(removed)
        .warnings(warnings)
}
