//! The main graph's nodes except `human_review` (see `review.rs`) and the info-collection
//! subgraph (see `info_collection.rs`).
//!
//! Fact guard: a draft that adds facts (names, titles, dates, numbers, ...) the resume, master
//! resume and answers do not hold is kept, and those facts go to the user: the review lists them
//! and each stays only when the user keeps it; an undecided one is removed at finalization (see
//! `grounding`). Rejecting the whole draft for one invented number lost every good change with
//! it, and a rejection the user never saw could not be overruled. A draft that names a known
//! skill the master resume does not show is kept with a warning (a skill can be worded in ways
//! the list does not know; the user decides at the review). A failed agent call is a warning too,
//! with a deterministic fallback, so the run always reaches a result.

use crate::workflows::common::Envelope;
use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::domain::ats::{self, AtsReport};
use crate::domain::Language;
use crate::graph::{Command, NodeContext, NodeError};
use crate::workflows::common::{Agent, RunSettings};

use super::agents::{
    ResumeAnswer, ScreeningAnswer, StrategyAnswer, ATS_OPTIMIZER, JOB_ANALYZER, REFLEXION,
    RESUME_SCREENER, RESUME_TAILORER,
};
use super::prompts::user_message;
use super::state::{GraphState, GraphUpdate};
use super::Deps;

/// A node's warnings, plus the steps that failed (`failed_steps` of the state: the result must
/// show that it was made without them). Derefs to the warnings, so helpers that only
/// warn take it as `&mut Vec<String>`.
#[derive(Default)]
struct Notes {
    lines: Vec<String>,
    failed: Vec<String>,
}

impl std::ops::Deref for Notes {
    type Target = Vec<String>;
    fn deref(&self) -> &Vec<String> {
        &self.lines
    }
}

impl std::ops::DerefMut for Notes {
    fn deref_mut(&mut self) -> &mut Vec<String> {
        &mut self.lines
    }
}

/// Asks `agent`; a failure other than cancellation (and a refused key) becomes `Ok(None)` plus
/// an `agent_error` event, a warning and a failed step in `notes`.
async fn ask_or_warn<T: DeserializeOwned>(
    deps: &Deps,
    ctx: &NodeContext,
    agent: &Agent,
    iteration: u32,
    user: Envelope,
    notes: &mut Notes,
) -> Result<Option<T>, NodeError> {
    Ok(deps
        .try_ask::<T>(ctx, agent, iteration, user)
        .await?
        .map_err(|error| {
            notes.lines.push(format!(
                "{} failed ({error}); continuing without it",
                agent.node
            ));
            notes.failed.push(agent.node.to_string());
        })
        .ok())
}

/// Normalises the texts (line endings, BOM, trailing spaces) and checks they are not empty. A
/// missing text sets `error` and ends the run (routing: [`after_file_loader`]).
pub fn file_loader(state: &GraphState) -> GraphUpdate {
    let resume = normalize(&state.original_resume);
    let master = normalize(&state.master_resume);
    let job = normalize(&state.job_description);
    let mut update = GraphUpdate::default()
        .original_resume(resume.clone())
        .master_resume(if master.is_empty() {
            resume.clone()
        } else {
            master
        })
        .job_description(job.clone());
    if resume.is_empty() {
        update = update.error(Some("The resume is empty.".to_string()));
    } else if job.is_empty() {
        update = update.error(Some("The job description is empty.".to_string()));
    }
    update
}

pub fn after_file_loader(state: &GraphState) -> &'static str {
    if state.error.is_some() {
        crate::graph::END
    } else {
        "job_analyzer"
    }
}

fn normalize(text: &str) -> String {
    text.trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Terms as the agents see them: "Kubernetes (skill, required)".
fn terms_block(terms: &[ats::AtsTerm]) -> String {
    terms
        .iter()
        .map(|t| format!("- {} ({:?}, {:?})", t.term, t.kind, t.importance).to_lowercase())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Extracts the job's ATS terms (deterministic) and asks for a tailoring strategy.
pub async fn job_analyzer(
    deps: Rc<Deps>,
    state: GraphState,
    ctx: NodeContext,
) -> Result<GraphUpdate, NodeError> {
    let terms = ats::extract(&state.job_description);
    let user = user_message(&[
        ("job_description", &state.job_description),
        ("ats_terms", &terms_block(&terms.terms)),
    ]);
    let mut warnings = Notes::default();
    let answer: StrategyAnswer = ask_or_warn(&deps, &ctx, &JOB_ANALYZER, 0, user, &mut warnings)
        .await?
        .unwrap_or_else(|| StrategyAnswer {
            strategy: String::new(),
            key_requirements: terms.skills().map(|t| t.term.clone()).collect(),
        });
    Ok(GraphUpdate::default()
        .job_strategy(answer.strategy)
        .key_requirements(answer.key_requirements)
        .job_terms(terms)
        .warnings(warnings.lines)
        .failed_steps(warnings.failed))
}

/// Scores the master resume against the job (deterministic) and asks for recruiter feedback.
pub async fn resume_screener(
    deps: Rc<Deps>,
    state: GraphState,
    ctx: NodeContext,
) -> Result<GraphUpdate, NodeError> {
    let report = ats::analyze(&state.job_terms, &state.master_resume);
    let user = user_message(&[
        ("job_description", &state.job_description),
        ("ats_report", &report_block(&report)),
        ("resume", &state.master_resume),
    ]);
    let mut warnings = Notes::default();
    let feedback =
        ask_or_warn::<ScreeningAnswer>(&deps, &ctx, &RESUME_SCREENER, 0, user, &mut warnings)
            .await?
            .map(|a| a.feedback)
            .unwrap_or_default();
    Ok(GraphUpdate::default()
        .recruiter_feedback(feedback)
        .warnings(warnings.lines)
        .failed_steps(warnings.failed))
}

fn report_block(report: &AtsReport) -> String {
    format!(
        "score: {}/100\nmatched:\n{}\nmissing:\n{}",
        report.score,
        terms_block(&report.matched),
        terms_block(&report.missing)
    )
}

/// The gap analysis: must-have then nice-to-have skills the master resume does not show (things
/// one uses or holds, not soft skills or degrees), at most `max_questions`.
pub fn missing_info(state: &GraphState) -> Vec<String> {
    let mut missing = ats::analyze(&state.job_terms, &state.master_resume).missing_to_ask();
    missing.truncate(state.max_questions as usize);
    missing
}

/// Gap analysis, then either the info-collection subgraph (missing information, not yet asked;
/// `missing_info` is written for it) or the tailored draft (→ `ats_optimizer`). Returns a
/// `Command`.
pub async fn resume_tailorer(
    deps: Rc<Deps>,
    state: GraphState,
    ctx: NodeContext,
) -> Result<Command<GraphState>, NodeError> {
    if !state.info_collection_done {
        let missing = missing_info(&state);
        if !missing.is_empty() {
            return Ok(Command::goto("info_collection")
                .with_update(GraphUpdate::default().missing_info(missing)));
        }
    }
    let user = user_message(&[
        ("job_description", &state.job_description),
        ("job_strategy", &state.job_strategy),
        ("recruiter_feedback", &state.recruiter_feedback),
        ("collected_info", &state.collected_info),
        ("resume", &state.master_resume),
    ]);
    let mut warnings = Notes::default();
    let answer =
        ask_or_warn::<ResumeAnswer>(&deps, &ctx, &RESUME_TAILORER, 0, user, &mut warnings).await?;
    // Without an accepted draft the master resume is the draft: untailored but true.
    let draft = guarded(
        &state,
        "the tailored draft",
        answer,
        &state.master_resume,
        &mut warnings,
    );
    Ok(Command::goto("ats_optimizer").with_update(
        GraphUpdate::default()
            .current_draft(draft)
            .warnings(warnings.lines)
            .failed_steps(warnings.failed),
    ))
}

/// Applies the fact guard of the module docs; returns the text to use.
fn guarded(
    state: &GraphState,
    what: &str,
    answer: Option<ResumeAnswer>,
    fallback: &str,
    warnings: &mut Vec<String>,
) -> String {
    let Some(answer) = answer else {
        return fallback.to_string();
    };
    if answer.resume.trim().is_empty() {
        warnings.push(format!("{what} was empty and was not used"));
        return fallback.to_string();
    }
    let known: std::collections::BTreeSet<String> = ats::skill_mentions(&state.master_resume)
        .into_iter()
        .map(|m| m.skill)
        .collect();
    let new_skills: Vec<String> = ats::skill_mentions(&answer.resume)
        .into_iter()
        .filter(|m| !known.contains(&m.skill))
        .map(|m| m.written)
        .collect();
    if !new_skills.is_empty() {
        warnings.push(format!(
            "{what} mentions skills your resume does not show: {}. Keep them only if true.",
            new_skills.join(", ")
        ));
    }
    answer.resume
}

/// Terms the draft misses although the master resume shows them: what the optimizer may add.
fn evidenced_missing(state: &GraphState, report: &AtsReport) -> Vec<String> {
    report
        .missing
        .iter()
        .filter(|t| ats::mentions_term(&state.master_resume, t))
        .map(|t| t.term.clone())
        .collect()
}

/// Works evidenced missing terms into the draft (an LLM call only when there are some), then
/// scores the draft deterministically.
pub async fn ats_optimizer(
    deps: Rc<Deps>,
    state: GraphState,
    ctx: NodeContext,
) -> Result<GraphUpdate, NodeError> {
    let mut draft = state.current_draft.clone();
    let mut warnings = Notes::default();
    let before = ats::analyze(&state.job_terms, &draft);
    let addable = evidenced_missing(&state, &before);
    if !addable.is_empty() {
        let user = user_message(&[
            ("job_description", &state.job_description),
            ("missing_keywords", &addable.join("\n")),
            ("master_resume", &state.master_resume),
            ("resume", &draft),
        ]);
        let answer = ask_or_warn::<ResumeAnswer>(
            &deps,
            &ctx,
            &ATS_OPTIMIZER,
            state.revision_count,
            user,
            &mut warnings,
        )
        .await?;
        draft = guarded(
            &state,
            "the ATS optimisation",
            answer,
            &draft,
            &mut warnings,
        );
    }
    let report = ats::analyze(&state.job_terms, &draft);
    Ok(GraphUpdate::default()
        .current_draft(draft)
        .ats_score(report.score)
        .keywords_matched(report.matched_names())
        .keywords_missing(report.missing_names())
        .ats_report(report)
        .warnings(warnings.lines)
        .failed_steps(warnings.failed))
}

pub fn after_ats_optimizer(state: &GraphState) -> &'static str {
    if state.human_review_enabled {
        "human_review"
    } else {
        "finalization_agent"
    }
}

/// Revises the draft with the reviewer's feedback (→ `ats_optimizer`, then review again).
pub async fn reflexion_agent(
    deps: Rc<Deps>,
    state: GraphState,
    ctx: NodeContext,
) -> Result<GraphUpdate, NodeError> {
    let round = state.revision_count + 1;
    let feedback = state.human_feedback.clone().unwrap_or_default();
    let user = user_message(&[
        ("feedback", &feedback),
        ("master_resume", &state.master_resume),
        ("resume", &state.current_draft),
    ]);
    let mut warnings = Notes::default();
    let answer =
        ask_or_warn::<ResumeAnswer>(&deps, &ctx, &REFLEXION, round, user, &mut warnings).await?;
    let changes = answer.as_ref().map(|a| a.changes.join(" "));
    let draft = guarded(
        &state,
        &format!("revision {round}"),
        answer,
        &state.current_draft,
        &mut warnings,
    );
    // A request that changed nothing (e.g. the offline demo cannot apply free-form feedback, or
    // the answer was rejected) is said so, with the reason, instead of passing for a revision
    // that happened: as a warning of the result and as a note of the next review.
    let lang = deps.settings.language();
    let note = (draft == state.current_draft).then(|| {
        let why = if warnings.is_empty() {
            changes.unwrap_or_default()
        } else {
            warnings.join(" ")
        };
        unchanged_note(round, why.trim(), lang)
    });
    if warnings.is_empty() {
        warnings.extend(note.clone());
    }
    Ok(GraphUpdate::default()
        .current_draft(draft)
        .revision_count(round)
        .unchanged_note(note)
        .warnings(warnings.lines)
        .failed_steps(warnings.failed))
}

/// "Revision request 2 left the draft unchanged: why", in `lang`.
pub fn unchanged_note(round: u32, why: &str, lang: Language) -> String {
    match (lang, why.is_empty()) {
        (Language::En, true) => format!("Revision request {round} left the draft unchanged."),
        (Language::En, false) => {
            format!("Revision request {round} left the draft unchanged: {why}")
        }
        (Language::Zh, true) => format!("第 {round} 次修改请求未改动草稿。"),
        (Language::Zh, false) => format!("第 {round} 次修改请求未改动草稿：{why}"),
    }
}

/// The final resume is the current draft without the ungrounded facts the user did not keep; a
/// timed-out review is finalized with a warning.
pub fn finalization_agent(state: &GraphState, lang: Language) -> GraphUpdate {
    let mut warnings = Vec::new();
    let (text, kept, removed) = super::grounding::finalize(state);
    warnings.extend(super::grounding::undecided_warning(state, &removed, lang));
    if state.human_decision == Some(super::HumanDecision::Timeout) {
        warnings.push(format!(
            "Human review timed out after {} s: the current draft was finalized without your approval.",
            state.review_timeout_seconds
        ));
    }
    if state.ats_score < state.target_ats_objective {
        warnings.push(format!(
            "ATS score {} is below the target {}; missing: {}",
            state.ats_score,
            state.target_ats_objective,
            state.keywords_missing.join(", ")
        ));
    }
    GraphUpdate::default()
        .tailored_resume(text)
        .ungrounded_kept(kept)
        .ungrounded_removed(removed)
        .warnings(warnings)
}
